import { existsSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PACKAGE_ROOT } from '../config/index.ts';
import { threadPools, type PoolFactory } from '../workers/index.ts';

/**
 * From this many content files on, V8 grows its heaps by half between full collections instead of by up to four
 * times. A 10,000-page build keeps ~500 MB live in the main thread while it renders, and V8 let garbage pile up to
 * 2 GB above that before collecting: peak 2.3–2.9 GiB, 1.6 GiB with this (gen corpus, `/usr/bin/time`, 2 runs each).
 * It costs more collections: about 7% at 1,000 pages for 100 MB saved, which is why smaller sites keep V8's default.
 */
export const LARGE_SITE_FILES = 3_000;
const LARGE_SITE_HEAP_GROWTH = '--heap-growing-percent=50';

/**
 * Worker threads for the commands: the compiled worker entry, one thread per core. Without a compiled protodocs
 * (dist/), builds run in one thread.
 */
export function cliWorkers(setV8Flags: (flags: string) => void = setFlagsFromString): PoolFactory | undefined {
  const workerFile = path.join(PACKAGE_ROOT, 'dist', 'build-worker.js');
  if (!existsSync(workerFile)) return undefined;
  const pools = threadPools(workerFile);
  return (work) => {
    // Read by V8 at each collection, in every thread: setting it before the heavy stages is enough.
    if (work >= LARGE_SITE_FILES) setV8Flags(LARGE_SITE_HEAP_GROWTH);
    return pools(work);
  };
}
