import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { LevelCounts } from './postings-cap.ts';
import type { PageStats, ScopeStatistics } from './term-index.ts';
import type { SearchRecord } from './types.ts';

// What a build keeps of its search index for the next one to update instead of remaking: per scope, the inverted
// index (terms and their fields, as bytes) and how the term chunks were cut. The chunks' postings themselves are read
// back from the output they were written to, only for the chunks an edit touches.

/** Bump when the state's shape or meaning changes. */
const FORMAT = 'protodocs-search-state-3';

export interface ScopeState {
  /** Each page's URL and the hash of its records, by page number. */
  pages: string[];
  hashes: string[];
  stats: PageStats[];
  statistics: ScopeStatistics;
  /** Every term, sorted; `fields` holds each one's encoded fields at `offsets[i]` to `offsets[i + 1]`. */
  terms: string[];
  offsets: Uint32Array;
  fields: Uint8Array;
  /** Each term's size in a chunk, as `cutRuns` weighs it. */
  sizes: Uint32Array;
  /** The chunks in term order: file name, how many terms each holds, and the tail files of its capped lists. */
  chunks: [name: string, count: number, tails: string[]][];
  /** Each capped term's level counts (postings-cap.ts LevelCounts), by term. */
  counts: Map<string, LevelCounts>;
  /** The scope's entry as written: the output still holds this index only while its entry is this text. */
  entry: string;
}

export interface SearchIndexState {
  /** What the index depends on besides its records (the code and the base URL): a state for another key is useless. */
  key: string;
  /** The output folder it describes. */
  outDir: string;
  scopes: Record<string, ScopeState>;
}

/**
 * An index kept in memory with its state (serve): the next index updates it, taking the files it keeps from `files`
 * instead of from an output folder.
 */
export interface SearchInMemory {
  scopes: Record<string, ScopeState>;
  files: ReadonlyMap<string, string>;
}

/** Each indexed page's hash by URL, across the scopes. */
export function indexedPagesOf(scopes: Readonly<Record<string, ScopeState>>): [string, string][] {
  return Object.values(scopes).flatMap((scope) => scope.pages.map((url, p): [string, string] => [url, scope.hashes[p]]));
}

/** Where a build finds the last build's state and leaves its own (the caller moves it into place once the build is in). */
export interface SearchStatePaths {
  previous?: string;
  next: string;
}

export function readSearchState(file: string, key: string, outDir: string): SearchIndexState | undefined {
  try {
    const [format, state] = deserialize(readFileSync(file)) as [string, SearchIndexState];
    return format === FORMAT && state.key === key && state.outDir === outDir ? state : undefined;
  } catch {
    // Missing or unreadable: the index is made whole, as on a first build.
    return undefined;
  }
}

/**
 * Beside the state, each page's hash by URL, for the main thread: a page whose sources hash the same need not have its
 * records made. A small file of its own, so that reading it costs nothing like reading the state.
 */
export function indexedPagesFile(stateFile: string): string {
  return `${stateFile}.pages.json`;
}

/**
 * Writes the state and its pages file by libuv's threads, while the caller waits for its other writes (an edit's few
 * index files): at 10,000 pages the state is 18 MB, whose write was 60 ms of the index's critical path. Resolves once
 * both are written, or removed after a failure: a read-only or full disk only costs the next build its head start.
 */
export async function writeSearchState(file: string, state: SearchIndexState): Promise<void> {
  try {
    const bytes = serialize([FORMAT, state]);
    const pages = JSON.stringify({ format: FORMAT, key: state.key, outDir: state.outDir, hashes: indexedPagesOf(state.scopes) });
    await mkdir(path.dirname(file), { recursive: true });
    await Promise.all([writeFile(file, bytes), writeFile(indexedPagesFile(file), pages)]);
  } catch {
    await Promise.all([rm(file, { force: true }), rm(indexedPagesFile(file), { force: true })]).catch(() => {
      /* nothing was written */
    });
  }
}

/** The page hashes of the state at `file`, if it was made for this key and output folder. */
export function readIndexedPages(file: string, key: string, outDir: string): Map<string, string> | undefined {
  try {
    const saved = JSON.parse(readFileSync(indexedPagesFile(file), 'utf8')) as { format: string; key: string; outDir: string; hashes: [string, string][] };
    return saved.format === FORMAT && saved.key === key && saved.outDir === outDir ? new Map(saved.hashes) : undefined;
  } catch {
    return undefined;
  }
}

/** What a worker needs to make a search index: the records, and where its files and state go. */
export interface SearchIndexJob {
  records: SearchRecord[];
  baseUrl: string;
  /** Each page's records' hash (`hashPages`): with them and `state`, the index is updated from the last build's. */
  pageHashes?: ReadonlyMap<string, string>;
  /**
   * The output's temp folder the files go straight into (they are then left out of the reply, which lists them), and
   * the output folder being patched, if any: an unchanged file is not written.
   */
  writeTo?: { directory: string; previous?: string };
  /** The state files, and the key and output folder a state must have been made for. */
  state?: { key: string; outDir: string; paths: SearchStatePaths };
  /** Reply with the index's state too (serve keeps it in memory, to update it after the next edit). */
  returnState?: boolean;
}
