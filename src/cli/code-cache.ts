import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

/**
 * V8 flags protodocs sets while it runs, with the values a process starts with. V8 keys a code cache by its flags, so
 * a cache made after one of them changed would be refused by every later run: they are put back before the cache is
 * made (the process is ending then). src/workers/collect-garbage.ts sets --expose-gc; src/cli/build-setup.ts sets
 * --heap-growing-percent for large sites. code-cache.test.ts fails when a flag that is neither here nor in LAUNCH_FLAGS
 * is set somewhere in src/.
 */
export const RUNTIME_FLAG_DEFAULTS = ['--no-expose-gc', '--heap-growing-percent=0'];

/**
 * V8 flags every run sets before the CLI's code is compiled, so that every cache is made and read with them: unlike
 * RUNTIME_FLAG_DEFAULTS, they are never put back.
 *
 * With this, a function is optimized by TurboFan once it has run four times as much bytecode as V8's default budget
 * (67,584 bytes). A build lasts seconds: V8's threads spent ~0.8 s of a one-doc edit of 10,000 pages optimizing
 * functions that had little left to run (`perf record`: half the CPU of its four platform threads). With the flag, that
 * edit made 140–146 optimized compiles instead of 254–257 (`--trace-opt`), and took 2,446–2,501 ms against 2,649–2,736,
 * with 4,070–4,190 ms of CPU in all threads against 4,500–4,610 (gen corpus, three runs of 7–10 edits in turns on two
 * copies, medians); on the project corpus, 2,526–2,544 ms against 2,714–2,786. At 1,000 pages, cold builds and edits
 * differed by less than the noise between runs, and so did the first edit after a cold build of 10,000 pages (2
 * samples each way, not enough to settle it).
 */
export const LAUNCH_FLAGS = ['--interrupt-budget=270336'];

/** How the code came to run: from the cache, compiled because there was none, or compiled because V8 refused it. */
export type CodeCacheUse = 'cached' | 'none' | 'refused';

export interface CachedScript<T> {
  exports: T;
  use: CodeCacheUse;
  /**
   * Writes the cache after a run of this kind succeeded, unless the cache this run used already saw one: the functions
   * a run compiles depend on what it did (an edit parses a page in this thread; a full build leaves that to workers),
   * and the cache holds those compiled by the run that made it.
   */
  save(kind: string): void;
}

interface Header {
  /** The script file the cache was made from: a rebuilt bundle with the same length must not get the old code. */
  source: string;
  node: string;
  kinds: string[];
}

/**
 * Runs a CommonJS script (`file`) with V8's code cache in `cacheFile`: Node 20 caches no compiled code of its own, and
 * compiling the CLI's 3.7 MB, then the functions a build calls, took 100 to 150 ms of every run. The cache file is a
 * JSON header line, then V8's data. A missing, stale or refused cache only costs the compile.
 *
 * The script must be ASCII (the CLI bundle is: esbuild escapes the rest), so that it is read without decoding.
 */
export function runCached<T>(file: string, cacheFile: string): CachedScript<T> {
  for (const flag of LAUNCH_FLAGS) setFlagsFromString(flag);
  const stat = statSync(file);
  const source = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  const code = readFileSync(file, 'latin1');
  let header: Header | undefined;
  let cachedData: Buffer | undefined;
  try {
    const bytes = readFileSync(cacheFile);
    const end = bytes.indexOf(0x0a);
    const read = JSON.parse(bytes.subarray(0, end).toString('utf8')) as Header;
    if (read.source === source && read.node === process.version && Array.isArray(read.kinds)) {
      header = read;
      cachedData = bytes.subarray(end + 1);
    }
  } catch {
    // No cache yet, or not one of ours.
  }
  // Node's own wrapper, on the script's first line, so that line numbers in stack traces stay the file's.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: file, cachedData });
  const use: CodeCacheUse = !cachedData ? 'none' : script.cachedDataRejected ? 'refused' : 'cached';
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return {
    exports: module.exports,
    use,
    save(kind) {
      const kinds = use === 'cached' ? header!.kinds : [];
      if (kinds.includes(kind)) return;
      for (const flag of RUNTIME_FLAG_DEFAULTS) setFlagsFromString(flag);
      const temp = `${cacheFile}.${process.pid}.tmp`;
      try {
        mkdirSync(path.dirname(cacheFile), { recursive: true });
        const head = JSON.stringify({ source, node: process.version, kinds: [...kinds, kind] } satisfies Header);
        writeFileSync(temp, Buffer.concat([Buffer.from(`${head}\n`), script.createCachedData()]));
        renameSync(temp, cacheFile);
      } catch {
        // A read-only install only runs slower.
        try {
          rmSync(temp, { force: true });
        } catch {
          /* nothing was written */
        }
      }
    },
  };
}
