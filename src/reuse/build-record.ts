import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileBelow, walkFiles, type ListedFiles } from '../files/index.ts';
import type { Diagnostic } from '../errors/index.ts';
import { CLIENT_SOURCES, hashText, packageFiles, statsKey } from './keys.ts';
import { cacheFolder } from './cache-folder.ts';

/**
 * What the last successful build read and wrote. When every input still has the bytes it had then, and the output
 * folder still holds exactly the files that build wrote, a new build would write the same bytes again: the build
 * reports the same result without redoing it (the way make or Bazel skip an up-to-date target).
 */
export interface BuildRecord {
  format: string;
  /** The options and protodocs code the build ran with. */
  key: string;
  /** Files under content/, as walked: an added or removed file is a change even when nothing references it. */
  contentFiles: string[];
  /**
   * Every file the build read (content, config and its imports, page modules and theirs, images) → sha1 of its bytes,
   * size and mtime. The stats only order the check: a changed size fails it at once, a changed mtime is hashed first.
   */
  inputs: Record<string, [string, number, number]>;
  outDir: string;
  /** Every output file: path relative to outDir, size, mtime. */
  outputs: [string, number, number][];
  pages: number;
  /** Warnings are part of the result: an unchanged build prints them again. */
  warnings: Diagnostic[];
  /** Each page's output file → a hash of everything that shaped it. */
  pageKeys: Record<string, string>;
  /** A file written in segments (llms-full.txt) → each segment's key and length in bytes, in order. */
  segments: Record<string, SegmentLayout>;
}

/** A file's segments, in order: the key of what each was made from, and its length in bytes. */
export type SegmentLayout = [key: string, bytes: number][];

const FORMAT = 'protodocs-build-record-5';

export interface RecordOptions {
  root: string;
  outDir?: string;
  baseUrl?: string;
  analyticsId?: string;
  minify?: boolean;
  nodeEnv?: string;
}

function recordFile(root: string): string {
  return path.join(cacheFolder(root), 'build-record.json');
}

/**
 * The options, plus the protodocs code: the compiled CLI (its chunk names carry content hashes) and the sources the
 * client bundle is built from at build time. Stats suffice here: these are protodocs' own files, not the author's.
 */
export function recordKey(options: RecordOptions): string {
  const codeFiles = packageFiles(['dist', ...CLIENT_SOURCES]).filter((f) => !f.endsWith('.map'));
  return hashText(
    FORMAT,
    path.resolve(options.root),
    options.outDir ?? '',
    options.baseUrl ?? '',
    options.analyticsId ?? '',
    String(options.minify),
    options.nodeEnv ?? '',
    statsKey(codeFiles),
  );
}

export function hashFile(abs: string): string | undefined {
  try {
    return createHash('sha1').update(readFileSync(abs)).digest('hex');
  } catch {
    return undefined;
  }
}

export function readRecord(root: string): BuildRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(recordFile(root), 'utf8')) as BuildRecord;
    return record.format === FORMAT ? record : undefined;
  } catch {
    return undefined;
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * True when a build now would write exactly what the output folder already holds. Checks are ordered cheapest first.
 * `content`: the content folder's files with their stats, listed already (they are not statted again).
 */
export function isUpToDate(record: BuildRecord, key: string, root: string, content?: ListedFiles): boolean {
  if (record.key !== key) return false;
  const contentDir = path.join(root, 'content');
  if (!sameList(content ? [...content.keys()] : walkFiles(contentDir), record.contentFiles)) return false;
  const listedStats = (abs: string) => {
    if (!content || !abs.startsWith(contentDir + path.sep)) return undefined;
    const found = content.get(abs.slice(contentDir.length + 1).split(path.sep).join('/'));
    return found && { size: found[0], mtimeMs: found[1] };
  };
  // An edited input usually shows in its stats: found here, before the output folder is walked or anything hashed.
  const touched: [string, string][] = [];
  const untouched: [string, string][] = [];
  for (const [abs, [hash, size, mtimeMs]] of Object.entries(record.inputs)) {
    const st = listedStats(abs) ?? statSync(abs, { throwIfNoEntry: false });
    if (!st || st.size !== size) return false;
    (st.mtimeMs === mtimeMs ? untouched : touched).push([abs, hash]);
  }
  if (!existsSync(record.outDir)) return false;
  const outputs = walkFiles(record.outDir);
  if (!sameList(outputs, record.outputs.map(([rel]) => rel))) return false;
  for (const [rel, size, mtimeMs] of record.outputs) {
    const st = statSync(path.join(record.outDir, rel), { throwIfNoEntry: false });
    if (!st || st.size !== size || st.mtimeMs !== mtimeMs) return false;
  }
  for (const [abs, hash] of [...touched, ...untouched]) if (hashFile(abs) !== hash) return false;
  return true;
}

export interface RecordedBuild {
  key: string;
  /** When the build started (Date.now()): an input modified since may not be what the build read. */
  startedAt: number;
  root: string;
  outDir: string;
  inputs: readonly string[];
  /** The output folder's files as the writer left them (sorted); walked when not given. */
  outputs?: readonly string[];
  /** An output file's size and mtime as the previous record has them, when the build left the file as it was. */
  untouched?: (rel: string) => readonly [number, number] | undefined;
  pages: number;
  warnings: Diagnostic[];
  pageKeys: Record<string, string>;
  segments: Record<string, SegmentLayout>;
}

/**
 * Written after the output folder is in place. Any failure only means the next build does the work again. An input
 * with the size and modification time it had in `previous` keeps the hash recorded there instead of being read again
 * (0.4 s at 10,000 pages). If its bytes did change behind unchanged stats, the next build's hash check finds the
 * recorded hash wrong and builds: a stale hash can cost work, never skip it.
 */
export function writeRecord(build: RecordedBuild, previous?: BuildRecord, recorded?: RecordedInputs): void {
  const file = recordFile(build.root);
  try {
    const { contentFiles, inputs } = recorded ?? recordInputsSync(build, previous) ?? {};
    // An input edited while the build ran: the output may hold the older bytes, so the next build must not trust it.
    if (!contentFiles || !inputs) return;
    // At 10,000 pages the folder holds 40,000 files in 20,000 folders: walking it again took 0.4 s.
    // And an edit leaves all but a few of them as they were: statting 20,000 files took 0.13 s.
    const outputs = (build.outputs ?? walkFiles(build.outDir)).map((rel): [string, number, number] => {
      const known = build.untouched?.(rel);
      if (known) return [rel, known[0], known[1]];
      const st = statSync(path.join(build.outDir, rel));
      return [rel, st.size, st.mtimeMs];
    });
    const record: BuildRecord = {
      format: FORMAT,
      key: build.key,
      contentFiles,
      inputs,
      outDir: build.outDir,
      outputs,
      pages: build.pages,
      warnings: build.warnings,
      pageKeys: build.pageKeys,
      segments: build.segments,
    };
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(record));
    renameSync(temp, file);
  } catch {
    // A read-only or full disk only costs speed next time.
  }
}

/** What the record says of the inputs: the files under content/, and each input's hash, size and mtime. */
export interface RecordedInputs {
  contentFiles: string[];
  inputs: BuildRecord['inputs'];
}

type InputsOf = Pick<RecordedBuild, 'root' | 'inputs' | 'startedAt'> & {
  /** The files under content/ as the build listed them before its scan (`walkFilesAside`); walked when not given. */
  contentFiles?: Iterable<string>;
};

function inputPaths(build: InputsOf): { contentFiles: string[]; paths: string[] } {
  const contentDir = path.join(build.root, 'content');
  // What the scan saw: a file added since makes the next build's walk differ from the record, so that build runs.
  const contentFiles = build.contentFiles ? Array.from(build.contentFiles) : walkFiles(contentDir);
  return { contentFiles, paths: [...new Set([...build.inputs, ...contentFiles.map((f) => fileBelow(contentDir, f))])] };
}

/**
 * An input's entry from its stats: the hash the previous record has for the same size and mtime, else its bytes'.
 * Undefined when it is gone or was modified after the build started (it may not be what the build read).
 */
function inputEntry(abs: string, st: { size: number; mtimeMs: number } | undefined, startedAt: number, previous?: BuildRecord): [string, number, number] | undefined {
  const known = previous?.inputs[abs];
  const hash = st && known && known[1] === st.size && known[2] === st.mtimeMs ? known[0] : hashFile(abs);
  if (!st || hash === undefined || st.mtimeMs >= startedAt) return undefined;
  return [hash, st.size, st.mtimeMs];
}

function recordInputsSync(build: InputsOf, previous?: BuildRecord): RecordedInputs | undefined {
  const { contentFiles, paths } = inputPaths(build);
  const inputs: BuildRecord['inputs'] = {};
  for (const abs of paths) {
    const entry = inputEntry(abs, statSync(abs, { throwIfNoEntry: false }), build.startedAt, previous);
    if (!entry) return undefined;
    inputs[abs] = entry;
  }
  return { contentFiles, inputs };
}

/** Inputs statted at a time: libuv's threads do the stats while the output commits, this thread the few hashes. */
const STAT_BATCH = 256;

/** Stats a build took of an input before it read it (the scan's), if it did. */
export type StattedBefore = (abs: string) => { size: number; mtimeMs: number } | undefined;

/**
 * The record's inputs, statted by libuv's threads (at 10,000 pages, 10,000 stats took 0.1 s of this thread), for a
 * build to start before it commits its output and await after. Undefined as recordInputsSync's.
 *
 * `before`: an input the build statted before reading it, with the stats the previous record has, keeps that entry
 * unstatted (10,000 markdown files at 10,000 pages, where an edit changes one). That is the file the build read: one
 * edited since the scan has other stats now, which the next build finds and hashes, as it would a file edited after
 * this build.
 */
export async function recordInputs(build: InputsOf, previous?: BuildRecord, before?: StattedBefore): Promise<RecordedInputs | undefined> {
  const { contentFiles, paths } = inputPaths(build);
  const entries = new Map<string, [string, number, number]>();
  const toStat = paths.filter((abs) => {
    const entry = previous?.inputs[abs];
    const st = entry && before?.(abs);
    if (st && st.size === entry![1] && st.mtimeMs === entry![2]) entries.set(abs, entry!);
    return !entries.has(abs);
  });
  for (let start = 0; start < toStat.length; start += STAT_BATCH) {
    const batch = toStat.slice(start, start + STAT_BATCH);
    const stats = await Promise.all(batch.map((abs) => stat(abs).catch(() => undefined)));
    for (const [i, abs] of batch.entries()) {
      const entry = inputEntry(abs, stats[i], build.startedAt, previous);
      if (!entry) return undefined;
      entries.set(abs, entry);
    }
  }
  // In the inputs' order, as the record's own stats give them.
  const inputs: BuildRecord['inputs'] = {};
  for (const abs of paths) inputs[abs] = entries.get(abs)!;
  return { contentFiles, inputs };
}

/**
 * The previous build's output file for a page, when that build ran with the same options and code, wrote this page
 * from the same key, and the file is still exactly as it was written. Else undefined: render the page.
 */
export function reusablePage(
  record: BuildRecord | undefined,
  key: string,
  outDir: string,
  outFile: string,
  pageKey: string,
  /** The previous build's output files with the size and mtime it left each with: the same shape as a listing. */
  outputs: ListedFiles,
  /** The output folder's files with their size and mtime, where already listed (`walkFilesAside`); else it is statted. */
  listed?: ListedFiles,
): string | undefined {
  if (record?.pageKeys[outFile] !== pageKey) return undefined;
  return intactOutput(record, key, outDir, outFile, outputs, listed);
}

/**
 * The previous build's output file `outFile`, when that build ran with the same options and code and the file is
 * still exactly as it was written (its size and mtime are the ones recorded). Else undefined.
 */
export function intactOutput(record: BuildRecord | undefined, key: string, outDir: string, outFile: string, outputs: ListedFiles, listed?: ListedFiles): string | undefined {
  if (!record || record.key !== key || record.outDir !== outDir) return undefined;
  const expected = outputs.get(outFile);
  if (!expected) return undefined;
  const abs = fileBelow(outDir, outFile);
  const found = listed ? listed.get(outFile) : statsNow(abs);
  return found && found[0] === expected[0] && found[1] === expected[1] ? abs : undefined;
}

function statsNow(abs: string): readonly [number, number] | undefined {
  const st = statSync(abs, { throwIfNoEntry: false });
  return st && [st.size, st.mtimeMs];
}
