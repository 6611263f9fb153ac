// The build: the stages in order (build.ts), and the search stage on its own for serve to schedule.
import type { Reuse } from '../reuse/index.ts';
import type { BuildPool } from '../workers/index.ts';
import type { IndexFiles, SearchTask } from './search-stage.ts';
import { stageLine } from './run.ts';

export { build } from './build.ts';
export type { BuildOptions, BuildResult } from './types.ts';
export type { BuildProgress } from './run.ts';
export type { IndexFiles, SearchTask } from './search-stage.ts';

/**
 * The search stage on its own (serve runs it after telling the tabs to reload); loads the indexer on first use. `log`
 * takes its stage line.
 */
export async function indexSearch(task: SearchTask, reuse: Reuse, pool?: BuildPool, log?: (line: string) => void): Promise<IndexFiles> {
  const stage = await import('./search-stage.ts');
  const started = performance.now();
  const summary = stage.searchSummary(task.records);
  const index = await stage.indexSearch(task, reuse, pool);
  log?.(stageLine('index', index.updated ? `${summary}, updated` : summary, Math.round(performance.now() - started)));
  return index;
}
