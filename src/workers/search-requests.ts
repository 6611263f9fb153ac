import type { SearchIndexJob } from '../search/index.ts';
import type { PreloadedState } from './search-job.ts';

// The search index's requests, handled the same in a build worker (worker-tasks.ts) and in the index's own small
// worker (search-worker.ts): the index's code loads when first asked for, so a parse worker never loads it.

export type SearchWorkerRequest =
  /** Read the last build's index state now, for the search job this worker gets next. */
  | { id: number; type: 'searchState'; file: string; key: string; outDir: string }
  | ({ id: number; type: 'search' } & SearchIndexJob);

export interface SearchWorkerState {
  /** The last build's index state, read ahead of the search job that takes it. */
  searchState?: Promise<PreloadedState>;
}

export async function handleSearchRequest(request: SearchWorkerRequest, state: SearchWorkerState): Promise<unknown> {
  if (request.type === 'searchState') {
    // Held as a promise: a search job that comes while it is read waits for it rather than reading it again.
    const reading = import('./search-job.ts').then((job) => job.preloadSearchState(request.file, request.key, request.outDir));
    state.searchState = reading;
    await reading;
    return undefined;
  }
  const preloaded = await state.searchState;
  state.searchState = undefined;
  return (await import('./search-job.ts')).makeSearchIndex(request, preloaded);
}
