import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/**
 * A full garbage collection, now. After a phase that leaves the heap mostly garbage, V8 would keep that memory,
 * counted in the process's, until it next needs the space, and size the heap's next growth by it: collecting at the
 * phase's end keeps the build's peak down. `--expose-gc` set at run time gives the function without a flag on the
 * command line, in a worker or in the main thread.
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
