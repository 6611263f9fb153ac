import { createHash } from 'node:crypto';
import {
  encodeNumbers,
  FIELD_BOOST,
  normalizeTerm,
  PREVIEW_LENGTH,
  sectionKey,
  shorten,
  SHARDED_FORMAT,
  STOP_WORDS,
  tokenize,
  type PageDetails,
  type PageText,
  type ScopeVersion,
  type SearchEntry,
  type SearchPageType,
  type TermChunk,
  type TermDirectory,
  type CappedPostings,
} from '../search-engine/index.ts';
import { postingsSize, termPostings } from './postings-cap.ts';
import { withBase } from '../shared/index.ts';
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
/** How many chunks a directory lists, about: the entry lists the directories. */
export const CHUNKS_PER_DIRECTORY = 64;

export interface SearchIndexFiles {
  /** Output path (relative to the output root) → JSON text. */
  files: Map<string, string>;
  /** URL of the main entry (with the base URL), for SiteChrome.search.indexUrl. */
  indexUrl: string;
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
export function buildSearchIndexFiles(
  records: readonly SearchRecord[],
  options: {
    baseUrl: string;
    /** Takes each file as soon as it is made, which then stays out of `files`. */
    write?: (rel: string, json: string) => void;
  },
): SearchIndexFiles {
  const files = new Map<string, string>();
  const emit = (rel: string, json: string) => (options.write ? options.write(rel, json) : files.set(rel, json));
  const versions = new Map<string, SearchRecordVersion>();
  for (const r of records) if (r.version && !versions.has(r.version.name)) versions.set(r.version.name, r.version);
  const language = records[0]?.language ?? 'en';

  const scopeVersions: ScopeVersion[] = [];
  for (const version of versions.values()) {
    const entry: ScopeVersion = { name: version.name, label: version.label, path: version.path, current: version.current };
    if (!version.current) {
      const own = records.filter((r) => r.type === 'docs' && r.version?.name === version.name);
      entry.url = writeScope(own, version.name, language, [], [], options.baseUrl, emit);
    }
    scopeVersions.push(entry);
  }
  const main = records.filter((r) => r.type !== 'docs' || !r.version || r.version.current);
  const indexUrl = writeScope(main, 'main', language, suggestionsFor(main), scopeVersions, options.baseUrl, emit);
  return { files, indexUrl };
}

/** Top-level docs first (fewest path segments, in route order), then the rest: their titles are good first queries. */
function suggestionsFor(records: readonly SearchRecord[]): string[] {
  const pages = new Map<string, { title: string; depth: number; order: number; docs: boolean }>();
  for (const r of records) {
    if (!pages.has(r.pageUrl)) {
      pages.set(r.pageUrl, { title: r.title, depth: r.pageUrl.split('/').filter(Boolean).length, order: pages.size, docs: r.type === 'docs' });
    }
  }
  const titles = [...pages.values()]
    .sort((a, b) => Number(b.docs) - Number(a.docs) || a.depth - b.depth || a.order - b.order)
    .map((p) => p.title);
  return [...new Set(titles)].slice(0, SUGGESTIONS);
}

const FIELDS = ['title', 'headings', 'text', 'tags'] as const;
const BOOSTS = FIELDS.map((f) => FIELD_BOOST[f]);
/** MiniSearch's BM25+ parameters and its boost of the top of a page (engine.ts boosted it by 1.15 too). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const TOP_OF_PAGE_BOOST = 1.15;

/** Rounded to one of eight steps per doubling: site-wide statistics that most edits leave where they were. */
function steady(value: number): number {
  return value > 0 ? 2 ** (Math.round(Math.log2(value) * 8) / 8) : value;
}

/** Per term, per field: `[section, term frequency, section, …]`, sections in order. */
type TermFields = (number[] | undefined)[];

interface ScopeIndex {
  keys: number[];
  /** Per field, each section's length in distinct words (as MiniSearch counts it). */
  lengths: number[][];
  terms: Map<string, TermFields>;
  topOfPage: boolean[];
}

/** The scope's terms; `keys[i]` names `records[i]`'s section. */
function indexSections(records: readonly SearchRecord[], keys: number[]): ScopeIndex {
  const index: ScopeIndex = { keys, lengths: FIELDS.map(() => []), terms: new Map(), topOfPage: [] };
  const counts = new Map<string, number>();
  for (let section = 0; section < records.length; section++) {
    const r = records[section];
    index.topOfPage.push(!r.anchor);
    const values = [r.title, r.hierarchy.join(' '), r.text, r.tags.join(' ')];
    for (let f = 0; f < FIELDS.length; f++) {
      const tokens = tokenize(values[f]);
      index.lengths[f].push(new Set(tokens).size);
      counts.clear();
      for (const token of tokens) {
        const term = normalizeTerm(token);
        if (term === '' || STOP_WORDS.has(term)) continue;
        counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, tf] of counts) {
        let fields = index.terms.get(term);
        if (!fields) index.terms.set(term, (fields = []));
        (fields[f] ??= []).push(section, tf);
      }
    }
  }
  return index;
}

/** Each section's score for the term, as MiniSearch computes it: BM25+ per field, field boosts, top-of-page boost. */
function postingsOf(fields: TermFields, index: ScopeIndex, n: number, averages: number[]): [number, number][] {
  const scores = new Map<number, number>();
  for (let f = 0; f < FIELDS.length; f++) {
    const list = fields[f];
    if (!list) continue;
    const df = list.length / 2;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (let i = 0; i < list.length; i += 2) {
      const section = list[i];
      const tf = list[i + 1];
      const norm = 1 - BM25.b + (BM25.b * index.lengths[f][section]) / averages[f];
      const raw = idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * norm));
      const score = BOOSTS[f] * raw * (index.topOfPage[section] ? TOP_OF_PAGE_BOOST : 1);
      scores.set(section, (scores.get(section) ?? 0) + score);
    }
  }
  return [...scores].sort((a, b) => a[0] - b[0]).map(([section, score]) => [index.keys[section], score]);
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

/** Writes one scope's files; returns its entry's URL. */
function writeScope(
  records: readonly SearchRecord[],
  scope: string,
  language: string,
  suggestions: string[],
  versions: ScopeVersion[],
  baseUrl: string,
  emit: (rel: string, json: string) => void,
): string {
  const folder = `${SEARCH_INDEX_DIR}/${scopeFolder(scope)}`;
  const pages = new Map<string, number>();
  const keys: number[] = [];
  let pageTypes = '';
  const tags = new Map<string, number[]>();
  let details: PageDetails | undefined;
  let text: PageText | undefined;
  let page = -1;
  const flush = () => {
    if (details) emit(`${folder}/pages/${page}.json`, JSON.stringify(details));
    if (text) emit(`${folder}/pages/${page}.text.json`, JSON.stringify(text));
  };
  for (const r of records) {
    // A page's sections are consecutive records.
    if (r.pageUrl !== details?.url) {
      flush();
      page = pages.size;
      pages.set(r.pageUrl, page);
      pageTypes += TYPE_LETTER[r.type];
      for (const tag of r.tags) {
        const list = tags.get(tag) ?? [];
        list.push(page);
        tags.set(tag, list);
      }
      details = { format: SHARDED_FORMAT, title: r.title, url: r.pageUrl, type: r.type, version: r.type === 'docs' ? r.version?.name ?? '' : '', tags: r.tags, category: r.category ?? '', sections: [] };
      text = { format: SHARDED_FORMAT, texts: [] };
    }
    keys.push(sectionKey(page, details!.sections.length));
    details!.sections.push([r.anchor ?? '', r.hierarchy, shorten(r.text, PREVIEW_LENGTH)]);
    text!.texts.push(r.text);
  }
  flush();

  const index = indexSections(records, keys);
  const n = steady(index.keys.length);
  const averages = index.lengths.map((lengths) => steady(lengths.reduce((sum, l) => sum + l, 0) / Math.max(1, lengths.length)) || 1);
  // Each file is named by its content: `<scope>.<hash>.json` in the assets folder.
  const put = (json: string): string => {
    const name = `${scopeFolder(scope)}.${hashOf(json)}.json`;
    emit(`${SEARCH_ASSETS_DIR}/${name}`, json);
    return name;
  };
  const terms = [...index.terms.keys()].sort().map((term): [string, string | CappedPostings] => [term, termPostings(postingsOf(index.terms.get(term)!, index, n, averages), put)]);
  index.terms.clear();
  const chunks: TermDirectory['chunks'] = cutRuns(terms, ([term, postings]) => term.length + postingsSize(postings) + 6, CHUNK_BYTES).map((run) => {
    const chunk: TermChunk = { format: SHARDED_FORMAT, terms: Object.fromEntries(run) };
    return run.length === 1 ? [run[0][0], put(JSON.stringify(chunk)), 1] : [run[0][0], put(JSON.stringify(chunk))];
  });
  const directories: [string, string][] = cutRuns(chunks, () => 1, CHUNKS_PER_DIRECTORY).map((run) => {
    const directory: TermDirectory = { format: SHARDED_FORMAT, chunks: run };
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
  emit(`${folder}/entry.json`, JSON.stringify(entry));
  return withBase(baseUrl, `/${folder}/entry.json`);
}

const TYPE_LETTER: Record<SearchPageType, string> = { docs: 'd', blog: 'b', page: 'p' };

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
