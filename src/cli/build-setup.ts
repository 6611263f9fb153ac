import { existsSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PACKAGE_ROOT } from '../config/index.ts';
import type { BuildResult } from '../pipeline/index.ts';
import { threadPools, type PoolFactory } from '../workers/index.ts';
import type { CodeCacheUse } from './code-cache.ts';

/**
 * From this many pages parsed or rendered anew in one build's workers, V8 grows its heaps by half between full
 * collections instead of by up to four times. A cold 10,000-page build keeps ~500 MB live in the main thread while it
 * renders, and V8 let garbage pile up to 2 GB above that before collecting: peak 2.3–2.9 GiB, 1.6 GiB with this (gen
 * corpus, `/usr/bin/time`, 2 runs each). It costs more collections: about 7% at 1,000 pages for 100 MB saved, and a
 * sixth of a one-doc edit of 10,000 pages (4.5–4.8 s against 3.8–3.9 s, the same 555 MB peak) when it was set by the
 * site's size; so smaller builds, and edits of large sites, keep V8's default.
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
  // Read by V8 at each collection, in every thread: set as the heavy work starts is soon enough.
  // Built beside it by bin/build-dist.mjs: the search index's own worker entry.
  const searchWorkerFile = path.join(PACKAGE_ROOT, 'dist', 'search-worker.js');
  return threadPools(
    workerFile,
    undefined,
    (pages) => {
      if (pages >= LARGE_SITE_FILES) setV8Flags(LARGE_SITE_HEAP_GROWTH);
    },
    searchWorkerFile,
  );
}

/** What the build and check commands take from the CLI's loader (src/cli/launch.ts). */
export interface LoadedCode {
  /** How the CLI's code was loaded: --verbose says so. */
  codeCache?: CodeCacheUse;
  /** Told the kind of run once it succeeded (runKind), so that the loader keeps the code the run compiled. */
  succeeded?: (kind: string) => void;
}

const CODE_CACHE_NOTE: Record<CodeCacheUse, string> = {
  cached: 'from the code cache',
  none: 'compiled (no code cache yet)',
  refused: 'compiled (the code cache was refused)',
};

/** The --verbose line saying how the CLI's code was loaded. */
export function codeCacheLine(use: CodeCacheUse): string {
  return `· code ${CODE_CACHE_NOTE[use]}`;
}

/**
 * Which kind of run a successful build was: one that wrote nothing, one that rendered every page, or one that kept
 * some (an edit). Each runs other code in this thread, and so leaves other functions compiled.
 */
export function runKind(result: BuildResult): string {
  if (result.unchanged) return 'unchanged';
  return result.freshPages && result.freshPages.size < result.pages ? 'incremental' : 'full';
}
