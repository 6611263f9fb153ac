import * as fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The walk, given the modules it uses and nothing else from this file: a worker runs this same function from its
 * source text (`walkFilesAside`).
 */
function walk(files: typeof fs, paths: typeof path, dir: string): string[] {
  if (!files.existsSync(dir)) return [];
  // Each folder's relative path made once, and each file's path by concatenation: joining and relativising every
  // one of 40,000 paths allocated 130 MB of strings on an edit of a 10,000-page site.
  const base = paths.resolve(dir);
  const start = base.endsWith(paths.sep) ? base.length : base.length + 1;
  const prefixes = new Map<string, string>();
  const prefix = (parent: string): string => {
    let known = prefixes.get(parent);
    if (known === undefined) {
      known = parent.length <= base.length ? '' : `${parent.slice(start).split(paths.sep).join('/')}/`;
      prefixes.set(parent, known);
    }
    return known;
  };
  const listed: string[] = [];
  for (const entry of files.readdirSync(base, { recursive: true, withFileTypes: true }) as fs.Dirent[]) {
    if (entry.isFile()) listed.push(prefix(entry.parentPath) + entry.name);
  }
  return listed.sort();
}

/** Every file below `dir` (sorted, forward-slash relative paths); nothing when it does not exist. */
export function walkFiles(dir: string): string[] {
  return walk(fs, path, dir);
}

/**
 * What `walkFilesAside` gives: each file below the folder (in `walkFiles` order) with its size, modification time and,
 * from a walk, its status change time (a record of stats taken earlier may leave that out).
 */
export type ListedFiles = ReadonlyMap<string, readonly [size: number, mtimeMs: number, ctimeMs?: number]>;

/** `walk`, each file with its stats: also run from its source text, beside `walk`'s. */
function walkWithStats(files: typeof fs, paths: typeof path, dir: string): [string, number, number, number][] {
  const listed: [string, number, number, number][] = [];
  for (const rel of walk(files, paths, dir)) {
    const st = files.statSync(paths.join(dir, rel), { throwIfNoEntry: false });
    if (st) listed.push([rel, st.size, st.mtimeMs, st.ctimeMs]);
  }
  return listed;
}

/**
 * `walkFilesAside`'s listing made in this thread: for a small folder (an edit of a 1,000-page site's content/) it takes
 * less than another thread takes to start, which the build otherwise waited for.
 */
export function walkFilesWithStats(dir: string): ListedFiles {
  return mapped(walkWithStats(fs, path, dir));
}

function mapped(listed: [string, number, number, number][]): ListedFiles {
  return new Map(listed.map(([rel, size, mtimeMs, ctimeMs]) => [rel, [size, mtimeMs, ctimeMs]]));
}

const WALKER = `const { parentPort, workerData } = require('node:worker_threads');
${walk.toString()}
parentPort.postMessage((${walkWithStats.toString()})(require('node:fs'), require('node:path'), workerData));`;

/**
 * The files below a folder and their stats, listed in another thread, for a folder this thread needs listed later:
 * a build's previous output, 40,000 files in 20,000 folders at 10,000 pages, which took this thread half a second of
 * an edit to walk and stat; the site's content/, whose 10,000 stats took the scan 0.13 s. Listed here instead if the
 * thread cannot start or fails. `signal` stops the walk (the promise then rejects).
 */
export function walkFilesAside(dir: string, signal?: AbortSignal): Promise<ListedFiles> {
  return new Promise((resolve, reject) => {
    // Settled once: by the worker's message, or by a walk here if it fails first ('error' is followed by 'exit').
    let settled = false;
    const here = () => {
      if (settled) return;
      settled = true;
      try {
        resolve(walkFilesWithStats(dir));
      } catch (error) {
        reject(error);
      }
    };
    let worker: Worker;
    try {
      worker = new Worker(WALKER, { eval: true, workerData: dir });
    } catch {
      here();
      return;
    }
    // A build that stops early (a config mistake) ends the walk: a running thread would hold the process open.
    signal?.addEventListener(
      'abort',
      () => {
        if (settled) return;
        settled = true;
        reject(new Error('the listing was stopped'));
        void worker.terminate();
      },
      { once: true },
    );
    worker.once('message', (files: [string, number, number, number][]) => {
      if (settled) return;
      settled = true;
      resolve(mapped(files));
      void worker.terminate();
    });
    worker.once('error', here);
    worker.once('exit', here);
  });
}
