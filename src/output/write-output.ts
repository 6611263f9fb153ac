import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { copyFile, link, mkdir, open, readFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ProtodocsError, problem } from '../errors/index.ts';
import { fileBelow, walkFiles, type ListedFiles } from '../files/index.ts';
import { OLD_PREFIX, TEMP_PREFIX, fileSystemProblem } from './output-folder.ts';

const WRITE_CONCURRENCY = 64;

async function step(operation: string, target: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw new ProtodocsError(fileSystemProblem(error, target, operation));
  }
}

/** True when the file at `abs` holds exactly `content`. */
async function sameBytes(abs: string, content: string | Uint8Array): Promise<boolean> {
  const size = typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
  const st = await stat(abs).catch(() => undefined);
  if (!st?.isFile() || st.size !== size) return false;
  const bytes = await readFile(abs);
  return typeof content === 'string' ? bytes.equals(Buffer.from(content)) : bytes.equals(content);
}

async function sameFiles(a: string, b: string): Promise<boolean> {
  const st = await stat(b).catch(() => undefined);
  if (!st?.isFile()) return false;
  return sameBytes(b, await readFile(a));
}

/**
 * The parts, in order, as the file `target`: in one write where the system takes them all at once, not writeFile's
 * 512 KiB ones, each of which waits for the main thread (busy rendering pages while llms-full.txt, 66 MB at 10,000
 * pages, is written).
 */
async function writeAll(target: string, parts: readonly Uint8Array[]): Promise<void> {
  const handle = await open(target, 'w');
  try {
    let rest = parts.filter((part) => part.byteLength > 0);
    while (rest.length) {
      const { bytesWritten } = await handle.writev(rest as Uint8Array[]);
      if (bytesWritten === 0) throw new Error('nothing was written');
      rest = after(rest, bytesWritten);
    }
  } finally {
    await handle.close();
  }
}

/** The parts less their first `bytes`. */
function after(parts: readonly Uint8Array[], bytes: number): Uint8Array[] {
  let i = 0;
  for (; i < parts.length && bytes >= parts[i].byteLength; i++) bytes -= parts[i].byteLength;
  const rest = parts.slice(i);
  if (bytes > 0) rest[0] = rest[0].subarray(bytes);
  return rest;
}

/** Removes the folders of `rels` (deepest first, up to `root`) that have become empty. */
async function removeEmptyFolders(root: string, rels: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  for (const rel of rels) for (let dir = path.posix.dirname(rel); dir !== '.'; dir = path.posix.dirname(dir)) folders.add(dir);
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) {
    const abs = path.join(root, dir);
    if ((await readdir(abs).catch(() => ['?'])).length === 0) await rmdir(abs).catch(() => {});
  }
}

/**
 * `fn` over the items, `size` at a time. After a failure it starts no more, and it rejects (with the first error) only
 * once every call it started has settled: each caller then removes or undoes what was done, and nothing started before
 * the failure lands after that.
 */
async function inBatches<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: { error: unknown } | undefined;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length && !failed) {
      try {
        await fn(items[next++]);
      } catch (error) {
        failed ??= { error };
      }
    }
  });
  await Promise.all(workers);
  if (failed) throw failed.error;
}

/** Where rendered files go: kept in memory (write: false), or streamed to disk as they are made. */
export interface OutputSink {
  write(rel: string, content: string | Uint8Array): Promise<void>;
  /** A file given as its parts, in order, written one after another (never joined into one buffer). */
  writeParts?(rel: string, parts: readonly Uint8Array[]): Promise<void>;
  /** A file of the previous output as it is, without reading it (a hard link); only where the output is a folder. */
  reuse?(rel: string, source: string): Promise<void>;
  /** Files another thread wrote into the folder (or found there unchanged): they are part of the output. */
  addMade?(rels: Iterable<string>): void;
}

export class MemoryOutput implements OutputSink {
  constructor(private readonly files: Map<string, string | Uint8Array>) {}

  async write(rel: string, content: string | Uint8Array): Promise<void> {
    // Served from memory, but held to the same rule as a folder on disk.
    insideFolder('/output', rel);
    this.files.set(rel, content);
  }
}

/**
 * Streams files into a sibling temp folder while the build renders, so pages never pile up in memory; `abort` deletes
 * it. Either way the previous output is untouched until `commit`.
 *
 * A fresh output is swapped in whole. An earlier build's output is patched (`open` with `patch`): a file whose bytes
 * are already there is not written at all, and `commit` moves in only the files that changed and takes out the ones
 * no longer made, keeping each replaced file aside until every move has succeeded (and moving them back if one fails).
 * So an edit writes what it changed, however large the site.
 */
export class StreamingOutput implements OutputSink {
  private readonly pending = new Set<Promise<void>>();
  /** One mkdir per folder, shared: a second file must wait for the folder, not merely for mkdir to start. */
  private readonly dirs = new Map<string, Promise<unknown>>();
  private failure: unknown;
  /** The temp folder has become the output folder. */
  private committed = false;
  /** Every file of the new output, written, kept or copied. */
  private readonly made = new Set<string>();
  /** The files a patch moved into place: every other file of the output is as the previous build left it. */
  private moved?: ReadonlySet<string>;

  private constructor(
    private readonly outDir: string,
    private readonly temp: string,
    /**
     * Patch mode: the files of the previous output, once listed. Awaited where a file is written, not by `open`: an
     * edit's search index is updated while another thread lists the folder.
     */
    private readonly previousFiles: Promise<ReadonlySet<string>> | undefined,
  ) {
    previousFiles?.catch(() => {});
  }

  /** `listed`: the output folder's files (`walkFiles`), when the caller had them walked while it did other work. */
  static async open(outDir: string, options: { patch?: boolean; listed?: Promise<ListedFiles> } = {}): Promise<StreamingOutput> {
    const temp = path.join(path.dirname(outDir), `${TEMP_PREFIX}${process.pid}-${Date.now()}`);
    await mkdir(temp, { recursive: true }).catch((error: unknown) => {
      throw new ProtodocsError(fileSystemProblem(error, temp, 'create the temporary output folder'));
    });
    const previous = options.patch && existsSync(outDir) ? (options.listed ? options.listed.then((listed) => new Set(listed.keys())) : Promise.resolve(new Set(walkFiles(outDir)))) : undefined;
    return new StreamingOutput(outDir, temp, previous);
  }

  /**
   * After a commit, every file of the output folder (sorted as `walkFiles` sorts), without walking it: 40,000 files in
   * 20,000 folders at 10,000 pages, a fifth of a second to walk again for the build record.
   */
  get files(): string[] | undefined {
    return this.committed ? [...this.made].sort() : undefined;
  }

  /** After a commit in patch mode, the files that changed; undefined: every file is new. */
  get written(): ReadonlySet<string> | undefined {
    return this.committed ? this.moved : undefined;
  }

  /** The previous output, in patch mode: a writer in another thread leaves out what it already holds. */
  get previousDirectory(): string | undefined {
    return this.previousFiles ? this.outDir : undefined;
  }

  /** The temp folder, for a writer in another thread (it must finish before `commit` or `abort`). */
  get directory(): string {
    return this.temp;
  }

  async write(rel: string, content: string | Uint8Array): Promise<void> {
    this.made.add(rel);
    const previous = await this.previousFiles;
    if (previous) {
      // Encoded once, for the comparison and the write (llms-full.txt is 60 MB at 10,000 pages).
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      if (previous.has(rel) && (await sameBytes(insideFolder(this.outDir, rel), bytes))) return;
      return this.put(rel, (target) => writeFile(target, bytes));
    }
    await this.put(rel, (target) => writeFile(target, content));
  }

  async writeParts(rel: string, parts: readonly Uint8Array[]): Promise<void> {
    let size = 0;
    for (const part of parts) size += part.byteLength;
    const abs = insideFolder(this.outDir, rel);
    // Only a file of the same size can hold the same bytes: then, and only then, the parts are joined to compare.
    if ((await this.previousFiles)?.has(rel) && (await stat(abs).catch(() => undefined))?.size === size) return this.write(rel, Buffer.concat(parts));
    this.made.add(rel);
    await this.put(rel, (target) => writeAll(target, parts));
  }

  /**
   * The file `source` (in the previous output) as `rel`: in patch mode it is already there; otherwise a hard link
   * costs no copy, and the old folder's deletion leaves it intact. Where links are not possible, a copy.
   */
  async reuse(rel: string, source: string): Promise<void> {
    this.made.add(rel);
    const previous = await this.previousFiles;
    if (previous) {
      // A kept page is named by its path in the output. `rel` is one of the folder's own files, so a plain join names
      // it: resolving both paths for 20,000 files at 10,000 pages was a tenth of an edit's main thread.
      if (previous.has(rel) && source === fileBelow(this.outDir, rel)) return;
    }
    await this.put(rel, (target) => link(source, target).catch(() => copyFile(source, target)));
  }

  /** Files that another thread wrote into `directory`, or found unchanged in `previousDirectory`. */
  addMade(rels: Iterable<string>): void {
    for (const rel of rels) this.made.add(rel);
  }

  private async put(rel: string, make: (target: string) => Promise<void>): Promise<void> {
    if (this.pending.size >= WRITE_CONCURRENCY) await Promise.race(this.pending);
    const target = insideFolder(this.temp, rel);
    const dir = path.dirname(target);
    const job = (async () => {
      let ready = this.dirs.get(dir);
      if (!ready) {
        ready = mkdir(dir, { recursive: true });
        this.dirs.set(dir, ready);
      }
      await ready;
      await make(target);
    })().catch((error: unknown) => {
      this.failure ??= new ProtodocsError(fileSystemProblem(error, path.join(this.outDir, rel), 'write'));
    });
    const tracked = job.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  async commit(copies: ReadonlyMap<string, string>): Promise<void> {
    await Promise.all(this.pending);
    if (this.failure) {
      await this.abort();
      throw this.failure;
    }
    const previous = await this.previousFiles;
    if (previous) return this.commitPatch(previous, copies);
    try {
      for (const dir of new Set([...copies.keys()].map((rel) => path.dirname(insideFolder(this.temp, rel))))) {
        await step('create the folder', dir, () => mkdir(dir, { recursive: true }));
      }
      await inBatches([...copies], WRITE_CONCURRENCY, ([rel, src]) => step(`copy ${src} to`, path.join(this.outDir, rel), () => copyFile(src, insideFolder(this.temp, rel))));
      for (const rel of copies.keys()) this.made.add(rel);
    } catch (error) {
      await this.abort();
      throw error;
    }
    const old = path.join(path.dirname(this.outDir), `${OLD_PREFIX}${process.pid}-${Date.now()}`);
    const hadOutput = existsSync(this.outDir);
    try {
      if (hadOutput) await step('move aside the previous output', this.outDir, () => rename(this.outDir, old));
      try {
        await step('move the new output into place at', this.outDir, () => rename(this.temp, this.outDir));
      } catch (error) {
        // The previous output goes back where it was: a failed build never leaves the site without one.
        if (hadOutput) await rename(old, this.outDir);
        throw error;
      }
    } catch (error) {
      await this.abort();
      throw error;
    }
    this.committed = true;
    // What cannot be removed now (another program holds a file) is removed at the start of the next build.
    if (hadOutput) await rm(old, { recursive: true, force: true }).catch(() => {});
  }

  private async commitPatch(previous: ReadonlySet<string>, copies: ReadonlyMap<string, string>): Promise<void> {
    try {
      await inBatches([...copies], WRITE_CONCURRENCY, async ([rel, src]) => {
        this.made.add(rel);
        if (previous.has(rel) && (await sameFiles(src, insideFolder(this.outDir, rel)))) return;
        const target = insideFolder(this.temp, rel);
        await step('create the folder', path.dirname(target), () => mkdir(path.dirname(target), { recursive: true }));
        await step(`copy ${src} to`, path.join(this.outDir, rel), () => copyFile(src, target));
      });
    } catch (error) {
      await this.abort();
      throw error;
    }
    const changed = walkFiles(this.temp);
    const stale = [...previous].filter((rel) => !this.made.has(rel));
    const aside = path.join(path.dirname(this.outDir), `${OLD_PREFIX}${process.pid}-${Date.now()}`);
    // Every move made, in the order each ended, so that a failure can put the previous output back exactly. The files
    // move many at a time (each its own, one after another: aside, then in): one at a time, the seventy files of an
    // edit took 40 ms of round trips to libuv's threads.
    const moves: [from: string, to: string][] = [];
    const move = async (from: string, to: string) => {
      await mkdir(path.dirname(to), { recursive: true });
      await rename(from, to);
      moves.push([from, to]);
    };
    try {
      await inBatches(stale, WRITE_CONCURRENCY, (rel) => step('move aside', path.join(this.outDir, rel), () => move(insideFolder(this.outDir, rel), insideFolder(aside, rel))));
      // A folder emptied here may be where a file now goes.
      await removeEmptyFolders(this.outDir, stale);
      await inBatches(changed, WRITE_CONCURRENCY, async (rel) => {
        const target = insideFolder(this.outDir, rel);
        if (previous.has(rel)) await step('move aside', target, () => move(target, insideFolder(aside, rel)));
        await step('move the new file into place at', target, () => move(insideFolder(this.temp, rel), target));
      });
    } catch (error) {
      for (const [from, to] of moves.reverse()) await mkdir(path.dirname(from), { recursive: true }).then(() => rename(to, from)).catch(() => {});
      await rm(aside, { recursive: true, force: true }).catch(() => {});
      await this.abort();
      throw error;
    }
    this.committed = true;
    this.moved = new Set(changed);
    await rm(this.temp, { recursive: true, force: true }).catch(() => {});
    await rm(aside, { recursive: true, force: true }).catch(() => {});
  }

  /** Deletes the temp folder; after a commit, does nothing. */
  async abort(): Promise<void> {
    if (this.committed) return;
    await Promise.allSettled(this.pending);
    await rm(this.temp, { recursive: true, force: true });
  }
}

/** How much text a background writer holds in flight before it writes as it goes (an edit's update: tens of small files). */
const BACKGROUND_CHARS = 4_000_000;

/**
 * A writer for another thread that streams into a `StreamingOutput`'s temp folder (`directory`): writes each file
 * there, unless the previous output (`previousDirectory`, patch mode) already holds the same bytes. Returns the
 * function, one for a file known to be there already (`keep`), the list of every file it was given, for `addMade`, and
 * one that removes what it wrote. Files named by their content's hash (under `assets/`) are the same whenever the name
 * is.
 *
 * `background`: the files are written by libuv's threads while the caller goes on, and `settled` waits for them. For
 * the few files of an update, whose caller (the main thread, in an edit's build) has pages to render meanwhile. A file
 * written so is held in memory until its write ends, so past BACKGROUND_CHARS the writer writes as it goes: an update
 * that turns into a whole index (tens of MB at 10,000 pages) holds no more than that.
 */
export function outputFileWriter(
  directory: string,
  previousDirectory: string | undefined,
  options: { background?: boolean } = {},
): { write: (rel: string, text: string) => void; keep: (rel: string) => void; made: string[]; settled: () => Promise<void>; discard: () => Promise<void> } {
  const made: string[] = [];
  const written: string[] = [];
  const pending: Promise<unknown>[] = [];
  // Each folder made once: an update writes its files into two or three folders.
  const folders = new Map<string, Promise<unknown>>();
  const madeFolders = new Set<string>();
  let queued = 0;
  const write = (rel: string, text: string) => {
    made.push(rel);
    if (previousDirectory !== undefined) {
      const before = insideFolder(previousDirectory, rel);
      if (rel.startsWith('assets/') ? existsSync(before) : sameBytesSync(before, text)) return;
    }
    const target = insideFolder(directory, rel);
    written.push(target);
    const folder = path.dirname(target);
    if (!options.background || queued > BACKGROUND_CHARS) {
      // A whole index writes 20,000 files into one folder at 10,000 pages: a mkdir each was 0.3 s of the worker.
      if (!madeFolders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        madeFolders.add(folder);
      }
      writeFileSync(target, text);
      return;
    }
    queued += text.length;
    let ready = folders.get(folder);
    if (!ready) folders.set(folder, (ready = mkdir(folder, { recursive: true })));
    const writing = ready.then(() => writeFile(target, text));
    // Its failure is reported by `settled`; a caller that failed first and never asks must not crash the process.
    writing.catch(() => {});
    pending.push(writing);
  };
  // A file the caller knows the previous output holds as it should be: listed, neither read nor written.
  const keep = (rel: string) => {
    made.push(rel);
  };
  const settled = async () => {
    await Promise.all(pending);
  };
  // Takes back every file written, for a caller that starts over.
  const discard = async () => {
    await Promise.allSettled(pending);
    for (const target of written.splice(0)) rmSync(target, { force: true });
    made.length = 0;
  };
  return { write, keep, made, settled, discard };
}

function sameBytesSync(abs: string, text: string): boolean {
  const st = statSync(abs, { throwIfNoEntry: false });
  return st !== undefined && st.isFile() && st.size === Buffer.byteLength(text) && readFileSync(abs).equals(Buffer.from(text));
}

/**
 * The absolute path of an output file, refusing any that would land outside the folder. Route checks stop such paths
 * with a positioned error first; this guard keeps a missed case from ever writing elsewhere.
 */
export function insideFolder(folder: string, rel: string): string {
  const target = path.resolve(folder, rel);
  const back = path.relative(folder, target);
  if (back === '' || back.startsWith('..') || path.isAbsolute(back)) {
    throw new ProtodocsError(problem('PD8007', { rel }));
  }
  return target;
}
