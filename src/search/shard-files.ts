import { createHash } from 'node:crypto';
import {
  encodeNumbers,
  PAGE_TYPE_LETTER,
  PREVIEW_LENGTH,
  shorten,
  SHARDED_FORMAT,
  type CappedPostings,
  type PageDetails,
  type PageText,
  type ScopeVersion,
  type SearchEntry,
  type TermChunk,
  type TermDirectory,
} from '../search-engine/index.ts';
import { withBase } from '../shared/index.ts';
import { capPostings, levelListOf, patchCapped, tailFiles, type LevelList, type PatchedList } from './postings-cap.ts';
import type { ScopeState } from './index-state.ts';
import { pagesOf } from './records.ts';
import { indexScope, updateScope, type TermTable } from './term-table.ts';
import type { SearchRecord, SearchRecordVersion } from './types.ts';

/** Content-hashed term chunks, cached for good like every asset. */
export const SEARCH_ASSETS_DIR = 'assets/search';
/** Entries and page details, at stable URLs: hosts revalidate them (see `_headers`). */
export const SEARCH_INDEX_DIR = 'search-index';

/** How many page titles the "Try searching for" list offers. */
const SUGGESTIONS = 4;

/**
 * The size a term chunk aims at, in bytes of JSON. A query fetches one chunk per term (more for a word that starts many
 * others), so smaller chunks cost a query less; there are then more of them to list in the directories.
 */
export const CHUNK_BYTES = 4_000;

/**
 * The chunk size for a scope of `pages` pages: CHUNK_BYTES up to 2,000 pages, doubled there and at every fourfold
 * growth after (8,000, 32,000…). A word's family (the words it starts, its typos) grows with the site and would take
 * ever more chunks, each one a request.
 */
function chunkBytes(pages: number): number {
  return CHUNK_BYTES * 2 ** Math.max(0, Math.round(Math.log2(pages / 1000) / 2));
}
/** How many chunks a directory lists, about: the entry lists the directories. */
export const CHUNKS_PER_DIRECTORY = 64;

export interface SearchIndexFiles {
  /** Output path (relative to the output root) → JSON text. */
  files: Map<string, string>;
  /** URL of the main entry (with the base URL), for SiteChrome.search.indexUrl. */
  indexUrl: string;
}

export interface SearchIndexOptions {
  baseUrl: string;
  /** Takes each file as soon as it is made, which then stays out of `files`. */
  write?: (rel: string, json: string) => void;
  /** Each page's records' hash, by page URL (`hashPages`): given, the result has the index's state for the next build. */
  pageHashes?: ReadonlyMap<string, string>;
  /**
   * The last build's state (its scopes) and the output it describes: `read` gives a file of that output, `keep` takes
   * one that this index has as it is there (it is then not emitted).
   */
  previous?: { scopes: Readonly<Record<string, ScopeState>>; read: (rel: string) => string | undefined; keep: (rel: string) => void };
}

/** The stable URL of the main scope's entry: pages link it whatever the content. */
export function searchIndexUrl(baseUrl: string): string {
  return withBase(baseUrl, `/${SEARCH_INDEX_DIR}/main/entry.json`);
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

function scopeFolder(scope: string): string {
  return scope === 'main' ? 'main' : 'version-' + (scope.replace(/[^A-Za-z0-9._-]+/g, '-') || 'version');
}

/**
 * Writes the sharded index (format in search-engine/shards.ts) for the records: per scope (the main one: current docs
 * version, blog and pages; then one per older docs version, fetched only by readers of that version) an entry at
 * `search-index/<scope>/entry.json`, term chunks and the directories that list them at
 * `assets/search/<scope>.<hash>.json`, and two files per page: its details at `search-index/<scope>/pages/<n>.json`
 * and its text at `…/pages/<n>.text.json`.
 *
 * Every file depends only on what it holds, so an edit changes few of them: scores use the scope's size and average
 * field lengths rounded to a few steps per doubling (an edit rarely moves them), sections are named by page and place
 * in the page, and chunks are cut where a term's hash says so (an edit moves no cut but near the terms it touches).
 * An edited section changes the chunks of its words (their scores there depend on its length), and no others.
 */
export function buildSearchIndexFiles(records: readonly SearchRecord[], options: SearchIndexOptions): SearchIndexFiles & { scopes?: Record<string, ScopeState> } {
  const files = new Map<string, string>();
  const emit = (rel: string, json: string) => (options.write ? options.write(rel, json) : files.set(rel, json));
  const versions = new Map<string, SearchRecordVersion>();
  for (const r of records) if (r.version && !versions.has(r.version.name)) versions.set(r.version.name, r.version);
  const language = records[0]?.language ?? 'en';
  const scopes: Record<string, ScopeState> = {};
  const write = (own: readonly SearchRecord[], scope: string, suggestions: string[], scopeVersions: ScopeVersion[]): string => {
    const state = options.previous?.scopes[scope];
    const read = options.previous?.read;
    // The state describes the output only while the output's entry is the one that state wrote.
    const previous = state && read?.(`${SEARCH_INDEX_DIR}/${scopeFolder(scope)}/entry.json`) === state.entry ? { ...options.previous!, state } : undefined;
    const written = writeScope(own, scope, language, suggestions, scopeVersions, { baseUrl: options.baseUrl, emit, hashes: options.pageHashes, previous });
    if (written.state) scopes[scope] = written.state;
    return written.url;
  };

  const scopeVersions: ScopeVersion[] = [];
  for (const version of versions.values()) {
    const entry: ScopeVersion = { name: version.name, label: version.label, path: version.path, current: version.current };
    if (!version.current) entry.url = write(records.filter((r) => r.type === 'docs' && r.version?.name === version.name), version.name, [], []);
    scopeVersions.push(entry);
  }
  const main = records.filter((r) => r.type !== 'docs' || !r.version || r.version.current);
  const indexUrl = write(main, 'main', suggestionsFor(main), scopeVersions);
  return { files, indexUrl, ...(options.pageHashes ? { scopes } : {}) };
}

/** Top-level docs first (fewest path segments, in route order), then the rest: their titles are good first queries. */
export function suggestionsFor(records: readonly SearchRecord[]): string[] {
  // The best pages by that order, one per title, kept as the records go by: at 10,000 pages, ranking every page
  // took the index's worker 30 ms of a one-doc edit. A page's records all have its title, so only its first counts.
  type Ranked = { title: string; docs: boolean; depth: number; order: number };
  const before = (a: Ranked, b: Ranked) => (a.docs !== b.docs ? a.docs : a.depth !== b.depth ? a.depth < b.depth : a.order < b.order);
  const best: Ranked[] = [];
  let lastUrl: string | undefined;
  for (const [order, r] of records.entries()) {
    if (r.pageUrl === lastUrl) continue;
    lastUrl = r.pageUrl;
    const page: Ranked = { title: r.title, docs: r.type === 'docs', depth: segments(r.pageUrl), order };
    const held = best.findIndex((b) => b.title === page.title);
    if (held >= 0) {
      if (!before(page, best[held])) continue;
      best.splice(held, 1);
    } else if (best.length === SUGGESTIONS && !before(page, best[SUGGESTIONS - 1])) continue;
    const at = best.findIndex((b) => before(page, b));
    best.splice(at < 0 ? best.length : at, 0, page);
    if (best.length > SUGGESTIONS) best.pop();
  }
  return best.map((b) => b.title);
}

/** How many non-empty segments a URL path has. */
function segments(url: string): number {
  let count = 0;
  for (let i = 0; i < url.length; i++) if (url[i] !== '/' && (i === 0 || url[i - 1] === '/')) count++;
  return count;
}

/** A fixed, fast hash of a term, to decide where runs are cut: FNV-1a, then MurmurHash3's finaliser to mix its bits. */
function termHash(term: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Cuts sorted items (keyed by their first element) into runs of about `target` in `size`. A run ends before an item
 * whose key's hash falls under a threshold, once the run has a quarter of the target: the cuts depend on the keys
 * (content-defined), so an inserted item moves no cut but the nearest. A run is also cut at four times the target.
 */
export function cutRuns<T extends readonly [string, ...unknown[]]>(items: readonly T[], size: (item: T) => number, target: number): T[][] {
  let total = 0;
  for (const item of items) total += size(item);
  // The share of keys that start a run, rounded to a power of two so that it too stays put.
  const share = items.length === 0 ? 1 : Math.min(1, 2 ** Math.round(Math.log2(total / items.length / target)));
  const threshold = share * 2 ** 32;
  const runs: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const itemSize = size(item);
    if (current.length > 0 && ((bytes >= target / 4 && termHash(item[0]) < threshold) || bytes + itemSize > target * 4)) {
      runs.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += itemSize;
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

/**
 * Thrown when the index cannot be updated from the last build's (there is none, or it does not fit) and some pages were
 * given as `unchanged` records: the caller gives every page's records and asks again.
 */
export class IndexNeedsRecords extends Error {
  constructor() {
    super('the search index must be made whole, from every page\'s records');
  }
}

/**
 * The term chunks' file names, in term order, emitting those that changed; undefined when a chunk it would keep a
 * term's postings from is missing from the previous output. A chunk with the same terms as before, none of them
 * re-scored, is the same file, which the previous output already holds.
 */
function writeChunks(
  table: TermTable,
  previous: ScopeContext['previous'],
  put: (json: string) => string,
  keep: (name: string) => void,
  chunksBefore: PreviousChunks | undefined,
): [first: string, name: string, count: number, tails: string[]][] | undefined {
  const items = table.terms.map((term, i) => [term, i] as const);
  const runs = cutRuns(items, ([, i]) => table.sizes[i], chunkBytes(table.stats.length));
  // The previous chunks by first term.
  const before = new Map<string, { name: string; count: number; last: string; tails: string[] }>();
  if (previous) {
    let start = 0;
    for (const [name, count, tails] of previous.state.chunks) {
      before.set(previous.state.terms[start], { name, count, last: previous.state.terms[start + count - 1], tails });
      start += count;
    }
  }
  const same = (run: readonly (readonly [string, number])[]) => {
    const old = before.get(run[0][0]);
    return old && old.count === run.length && old.last === run[run.length - 1][0] && run.every(([, i]) => table.fresh[i] === undefined) ? old : undefined;
  };
  const kept = runs.map(same);
  // Postings this build did not score come from the chunks that hold them.
  const postingsAt = (i: number) => chunksBefore?.value(table.previousIndex[i]);
  const made: TermChunk[] = [];
  for (const [r, run] of runs.entries()) {
    if (kept[r]) continue;
    const terms: TermChunk['terms'] = {};
    for (const [term, i] of run) {
      const mine = table.fresh[i];
      if (mine !== undefined) {
        // A long list is capped as it is written (postings-cap.ts).
        terms[term] = capPostings(mine, put, keep, (counts) => table.counts.set(term, counts));
        continue;
      }
      // One kept from a previous chunk keeps its tail files.
      const postings = postingsAt(i);
      if (postings === undefined) return undefined;
      terms[term] = postings;
      tailFiles(postings).forEach(keep);
    }
    made[r] = { format: SHARDED_FORMAT, terms };
  }
  return runs.map((run, r) => {
    const old = kept[r];
    if (old) [old.name, ...old.tails].forEach(keep);
    return [run[0][0], old?.name ?? put(JSON.stringify(made[r])), run.length, old?.tails ?? Object.values(made[r].terms).flatMap(tailFiles)];
  });
}

/** The last build's chunks of a scope, each read from its output when first needed, and once. */
class PreviousChunks {
  /** The chunk that holds each of the last build's terms, by the term's number. */
  private holder?: string[];
  private readonly chunks = new Map<string, TermChunk['terms'] | undefined>();

  constructor(
    private readonly state: ScopeState,
    private readonly read: (rel: string) => string | undefined,
  ) {}

  /** The chunk value of the last build's term `at`; undefined when its chunk is missing from the output. */
  value(at: number): string | CappedPostings | undefined {
    if (!this.holder) {
      this.holder = [];
      for (const [name, count] of this.state.chunks) for (let i = 0; i < count; i++) this.holder.push(name);
    }
    const name = this.holder[at];
    if (!this.chunks.has(name)) {
      const json = this.read(`${SEARCH_ASSETS_DIR}/${name}`);
      this.chunks.set(name, json === undefined ? undefined : (JSON.parse(json) as TermChunk).terms);
    }
    return this.chunks.get(name)?.[this.state.terms[at]];
  }

  /** The term's whole list with its levels, as the last build wrote it (see levelListOf). */
  levels(at: number): LevelList | undefined {
    const value = this.value(at);
    return value === undefined ? undefined : levelListOf(value, (name) => this.read(`${SEARCH_ASSETS_DIR}/${name}`));
  }

  /** The term's capped list with `moved`'s levels in its tail, when the last build capped it (see patchCapped). */
  patch(at: number, term: string, moved: LevelList): PatchedList | undefined {
    const counts = this.state.counts.get(term);
    const value = counts && this.value(at);
    return value && typeof value !== 'string' ? patchCapped(value, counts, moved, (name) => this.read(`${SEARCH_ASSETS_DIR}/${name}`)) : undefined;
  }
}

interface ScopeContext {
  baseUrl: string;
  emit: (rel: string, json: string) => void;
  /** Each page's records' hash by page URL: given, the scope's state is returned for the next build. */
  hashes?: ReadonlyMap<string, string>;
  /** The last build's state of the scope, the output it describes, and how to keep one of its files as it is. */
  previous?: { state: ScopeState; read: (rel: string) => string | undefined; keep: (rel: string) => void };
}

/** Writes one scope's files; returns its entry's URL, and its state when the context has the pages' hashes. */
function writeScope(
  records: readonly SearchRecord[],
  scope: string,
  language: string,
  suggestions: string[],
  versions: ScopeVersion[],
  context: ScopeContext,
): { url: string; state?: ScopeState } {
  const { emit, baseUrl } = context;
  const folder = `${SEARCH_INDEX_DIR}/${scopeFolder(scope)}`;
  const pages = pagesOf(records);
  const hashes = context.hashes && pages.map((page) => context.hashes!.get(page[0].pageUrl) ?? '');
  // The previous state is of use while the scope has the same pages in the same order: page numbers are unchanged.
  const previous =
    hashes && context.previous && context.previous.state.pages.length === pages.length && pages.every((page, p) => page[0].pageUrl === context.previous!.state.pages[p])
      ? context.previous
      : undefined;
  const changed = new Set<number>();
  for (let p = 0; p < pages.length; p++) if (!previous || !hashes![p] || previous.state.hashes[p] !== hashes![p]) changed.add(p);
  // A page given without its sections can only be one the previous index holds as it is.
  const whole = () => {
    if (pages.some((page) => page[0].unchanged)) throw new IndexNeedsRecords();
    return indexScope(pages);
  };
  for (const p of changed) if (pages[p][0].unchanged) throw new IndexNeedsRecords();
  const chunksBefore = previous && new PreviousChunks(previous.state, previous.read);
  const update =
    previous &&
    updateScope(
      previous.state,
      pages,
      changed,
      previous.read,
      folder,
      (at) => chunksBefore!.levels(at),
      (at, term, moved) => chunksBefore!.patch(at, term, moved),
    );
  let table = update ?? whole();

  let pageTypes = '';
  const tags = new Map<string, number[]>();
  for (const [p, page] of pages.entries()) {
    const r = page[0];
    pageTypes += PAGE_TYPE_LETTER[r.type];
    for (const tag of r.tags) {
      const list = tags.get(tag) ?? [];
      list.push(p);
      tags.set(tag, list);
    }
    if (!changed.has(p)) {
      previous!.keep(`${folder}/pages/${p}.json`);
      previous!.keep(`${folder}/pages/${p}.text.json`);
      continue;
    }
    const details: PageDetails = { format: SHARDED_FORMAT, title: r.title, url: r.pageUrl, type: r.type, version: r.type === 'docs' ? r.version?.name ?? '' : '', tags: r.tags, category: r.category ?? '', sections: [] };
    const text: PageText = { format: SHARDED_FORMAT, texts: [] };
    for (const section of page) {
      details.sections.push([section.anchor ?? '', section.hierarchy, shorten(section.text, PREVIEW_LENGTH)]);
      text.texts.push(section.text);
    }
    emit(`${folder}/pages/${p}.json`, JSON.stringify(details));
    emit(`${folder}/pages/${p}.text.json`, JSON.stringify(text));
  }

  // Each file is named by its content: `<scope>.<hash>.json` in the assets folder. One the previous output holds (its
  // state lists it) is kept there, not written again.
  const known = new Set(previous ? [...previous.state.chunks.flatMap(([name, , tails]) => [name, ...tails]), ...(JSON.parse(previous.state.entry) as SearchEntry).directories.map(([, name]) => name)] : []);
  const keep = (name: string) => previous!.keep(`${SEARCH_ASSETS_DIR}/${name}`);
  const put = (json: string): string => {
    const name = `${scopeFolder(scope)}.${hashOf(json)}.json`;
    if (known.has(name)) keep(name);
    else emit(`${SEARCH_ASSETS_DIR}/${name}`, json);
    return name;
  };
  let chunks = writeChunks(table, update && previous, put, keep, update && chunksBefore);
  if (!chunks) {
    // The previous output lacks a chunk its state names: none of its index is taken as there.
    known.clear();
    table = whole();
    chunks = writeChunks(table, undefined, put, keep, undefined)!;
  }
  const directories: [string, string][] = cutRuns(chunks, () => 1, CHUNKS_PER_DIRECTORY).map((run) => {
    const directory: TermDirectory = { format: SHARDED_FORMAT, chunks: run.map(([first, name, count]) => (count === 1 ? [first, name, 1] : [first, name])) };
    return [run[0][0], put(JSON.stringify(directory))];
  });

  const entry: SearchEntry = {
    format: SHARDED_FORMAT,
    scope,
    language,
    pageTypes,
    tags: Object.fromEntries([...tags].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([tag, list]) => [tag, encodeNumbers(list)])),
    assets: withBase(baseUrl, `/${SEARCH_ASSETS_DIR}/`),
    directories,
    pages: withBase(baseUrl, `/${folder}/pages/`),
    suggestions,
    versions,
  };
  const entryJson = JSON.stringify(entry);
  if (previous?.state.entry === entryJson) previous.keep(`${folder}/entry.json`);
  else emit(`${folder}/entry.json`, entryJson);
  const url = withBase(baseUrl, `/${folder}/entry.json`);
  if (!hashes) return { url };
  return {
    url,
    state: {
      pages: pages.map((page) => page[0].pageUrl),
      hashes,
      stats: table.stats,
      statistics: table.statistics,
      terms: table.terms,
      offsets: table.offsets,
      fields: table.fields,
      sizes: table.sizes,
      chunks: chunks.map(([, name, count, tails]) => [name, count, tails]),
      counts: table.counts,
      entry: entryJson,
    },
  };
}


/**
 * The records back from built index files (for the ask handler and the hosted-search export). `read` returns a
 * file's text by its output path (relative to the output root), or undefined. Reads every scope's entry among `paths`
 * (the main one first) and its pages' details.
 */
export function recordsFromIndexFiles(paths: Iterable<string>, read: (rel: string) => string | undefined): SearchRecord[] {
  const entryPaths = [...paths]
    .filter((p) => p.startsWith(`${SEARCH_INDEX_DIR}/`) && p.endsWith('/entry.json'))
    .sort((a, b) => Number(a !== `${SEARCH_INDEX_DIR}/main/entry.json`) - Number(b !== `${SEARCH_INDEX_DIR}/main/entry.json`) || a.localeCompare(b));
  const entries = entryPaths
    .map((p) => ({ folder: p.slice(0, -'entry.json'.length), entry: JSON.parse(read(p) ?? 'null') as SearchEntry | null }))
    .filter((e): e is { folder: string; entry: SearchEntry } => e.entry?.format === SHARDED_FORMAT);
  const versionOf = new Map(entries.flatMap((e) => e.entry.versions).map((v) => [v.name, { name: v.name, label: v.label, path: v.path, current: v.current }]));
  const records: SearchRecord[] = [];
  for (const { folder, entry } of entries) {
    for (let page = 0; page < entry.pageTypes.length; page++) {
      const json = read(`${folder}pages/${page}.json`);
      if (!json) continue;
      const details = JSON.parse(json) as PageDetails;
      const texts = (JSON.parse(read(`${folder}pages/${page}.text.json`) ?? 'null') as PageText | null)?.texts ?? [];
      const v = details.version ? versionOf.get(details.version) : undefined;
      for (const [i, [anchor, hierarchy, preview]] of details.sections.entries()) {
        const text = texts[i] ?? preview;
        records.push({
          url: anchor ? `${details.url}#${anchor}` : details.url,
          pageUrl: details.url,
          ...(anchor ? { anchor } : {}),
          title: details.title,
          hierarchy,
          text,
          type: details.type,
          ...(v ? { version: v } : {}),
          tags: details.tags,
          language: entry.language,
          ...(details.category ? { category: details.category } : {}),
        });
      }
    }
  }
  return records;
}
