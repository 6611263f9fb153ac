import { parentPort } from 'node:worker_threads';
import type { ParsedMarkdown } from '../markdown/types.ts';
import { parseJob, prepareRender, renderJob, summarize, type ParseJob, type RenderContextData, type RenderJob } from './markdown-jobs.ts';

// A markdown worker keeps the syntax trees it parsed, so phase 2 (render) never ships a tree across threads.

export type WorkerRequest =
  | { id: number; type: 'parse'; jobs: ParseJob[] }
  | { id: number; type: 'render'; context: RenderContextData; jobs: RenderJob[] };

const trees = new Map<string, ParsedMarkdown>();

parentPort?.on('message', (request: WorkerRequest) => {
  try {
    if (request.type === 'parse') {
      const out = request.jobs.map((job) => {
        const parsed = parseJob(job);
        trees.set(job.file, parsed);
        return summarize(parsed);
      });
      parentPort!.postMessage({ id: request.id, ok: true, result: out });
    } else {
      const prepared = prepareRender(request.context);
      const out = request.jobs.map((job) => renderJob(trees.get(job.file)!, job, prepared));
      trees.clear();
      parentPort!.postMessage({ id: request.id, ok: true, result: out });
    }
  } catch (error) {
    parentPort!.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) });
  }
});
