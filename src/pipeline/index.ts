// The build: the stages in order (build.ts), and the search stage on its own for serve to schedule.
import type { Reuse } from '../reuse/index.ts';
import type { BuildPool } from '../workers/index.ts';
import type { IndexFiles, SearchTask } from './search-stage.ts';

export { build } from './build.ts';
export type { BuildOptions, BuildResult } from './types.ts';
export type { BuildProgress } from './run.ts';
export type { IndexFiles, SearchTask } from './search-stage.ts';

/** The search stage on its own (serve runs it after telling the tabs to reload); loads the indexer on first use. */
export async function indexSearch(task: SearchTask, reuse: Reuse, pool?: BuildPool): Promise<IndexFiles> {
  return (await import('./search-stage.ts')).indexSearch(task, reuse, pool);
}
