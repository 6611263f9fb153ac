import { parentPort } from 'node:worker_threads';

/** A worker thread's message loop: each request's result, or its error's stack, goes back with the request's id. */
export function answerRequests<R extends { id: number }>(handle: (request: R) => Promise<unknown>): void {
  parentPort?.on('message', (request: R) => {
    handle(request).then(
      (result) => parentPort!.postMessage({ id: request.id, ok: true, result }),
      (error: unknown) => parentPort!.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) }),
    );
  });
}
