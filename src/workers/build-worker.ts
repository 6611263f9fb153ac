import { answerRequests } from './answer-requests.ts';
import { collectGarbage } from './collect-garbage.ts';
import { createWorkerState, handleRequest, type WorkerRequest } from './worker-tasks.ts';

// The thread entry of a build worker (dist/build-worker.js): it passes messages to worker-tasks.ts. The search
// indexer and the page renderer load only when first asked for: small sites never start workers at all.

// After a phase, a worker's heap is mostly garbage (parsing allocates far more than the trees it keeps) that V8 would
// keep around, counted in the process's memory, until it next needs the space: a full collection gives it back.
const state = createWorkerState(collectGarbage);

answerRequests((request: WorkerRequest) => handleRequest(request, state));
