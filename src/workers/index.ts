// Worker threads for the build: the pool (with a factory per kind of worker) and the per-file markdown work that
// runs in any thread.
export { BuildPool, PARALLEL_THRESHOLD, inProcessPools, threadPools, type PoolFactory } from './worker-pool.ts';
export { createMarkdownJobs, renderJob, summarize, type MarkdownJobs, type ParseJob, type RenderContextData, type RenderJob, type RenderOutput } from './markdown-jobs.ts';
export type { BodyResult } from './worker-tasks.ts';
export { makeSearchIndex, updateSearchIndexInMemory, type MadeSearchIndex } from './search-job.ts';
export { collectGarbage } from './collect-garbage.ts';
export type { PageResult, PageShellData, PagesWriteTo } from './page-job.ts';
