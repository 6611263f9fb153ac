import { answerRequests } from './answer-requests.ts';
import { handleSearchRequest, type SearchWorkerRequest, type SearchWorkerState } from './search-requests.ts';

// The thread entry of the search index's own worker (dist/search-worker.js): it loads the index's code alone, not the
// markdown and page renderers a build worker loads before its first message. An edit updates the last build's index
// in it while the pages render: it answers ~40 ms after it is started, a build worker ~150 ms (1.9 MB of code to
// compile, measured on this 2-core machine).

const state: SearchWorkerState = {};

answerRequests((request: SearchWorkerRequest) => handleSearchRequest(request, state));
