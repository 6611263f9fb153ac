// The local search engine, shared by the build (which creates and serialises the index) and the browser (which loads
// it lazily and queries it). Pure: no DOM, no Node APIs. Imports only the minisearch package and search-text.ts.

import MiniSearch, { type AsPlainObject, type Options, type SearchOptions, type SearchResult } from 'minisearch';
import { groupByPage, type FlatHit, type SearchFilter, type SearchOutcome, type SearchPageType } from './results.ts';
import { excerpt, highlight, normalizeTerm, STOP_WORDS, tokenize } from './text.ts';

export * from './results.ts';

/** One page of an index file: `[title, url, type, docs version name ('' outside docs), tags, category ('' = none)]`. */
export type IndexedPage = [title: string, url: string, type: SearchPageType, version: string, tags: string[], category: string];

/**
 * One section (heading) of an index file: `[page index, anchor ('' = top of the page), heading path below the page
 * title, the first characters of its text]`. The full texts are in the texts file, loaded only when wanted.
 */
export type IndexedSection = [page: number, anchor: string, headings: string[], text: string];

export const INDEX_FORMAT = 'protodocs-search/1';
export const FULL_INDEX_FORMAT = 'protodocs-search-full/1';
export const TEXTS_FORMAT = 'protodocs-search-texts/1';

/** A docs version. Older versions have an index file of their own (`url`); the current one is in the main file. */
export interface IndexedVersion {
  name: string;
  label: string;
  /** Path prefix of its docs, with the base URL: "/docs/", "/docs/1.0/". */
  path: string;
  current: boolean;
  url?: string;
}

/**
 * The JSON file at `SearchData.indexUrl` (scope "main") and the per-version files it lists: what a first query
 * downloads. Its MiniSearch index covers titles, headings and tags only; the full-text index (`fullUrl`) over the same
 * sections is fetched right after it, in the background, and replaces it once it arrives.
 */
export interface SearchIndexFile {
  format: typeof INDEX_FORMAT;
  /** "main": the current docs version, the blog and the pages. Otherwise the name of an older docs version. */
  scope: string;
  language: string;
  /** SearchFullIndexFile: the index over the full text. */
  fullUrl: string;
  /** SearchTextsFile: the full section texts, same order as `sections` (for excerpts around the match). */
  textsUrl: string;
  pages: IndexedPage[];
  sections: IndexedSection[];
  /** A few page titles offered as "Try searching for" queries. */
  suggestions: string[];
  /** Only in the main file: every docs version. */
  versions: IndexedVersion[];
  /** `MiniSearch#toJSON()` over title, headings and tags; document ids are section indexes. */
  index: AsPlainObject;
}

export interface SearchFullIndexFile {
  format: typeof FULL_INDEX_FORMAT;
  /** `MiniSearch#toJSON()` over title, headings, text and tags; the same document ids. */
  index: AsPlainObject;
}

export interface SearchTextsFile {
  format: typeof TEXTS_FORMAT;
  texts: string[];
}

/** What MiniSearch indexes per section. */
export interface IndexDocument {
  id: number;
  /** The page title (on every section of the page, so a title match finds the page from any of them). */
  title: string;
  /** The heading path, joined. */
  headings: string;
  text: string;
  tags: string;
}

/** Relative field weights: titles above headings above body text. */
export const FIELD_BOOST = { title: 4, headings: 2.5, tags: 1.5, text: 1 } as const;

/** Typo tolerance by term length: none up to 3 letters, one edit up to 7, two from 8. */
export function fuzziness(term: string): number | false {
  if (term.length <= 3) return false;
  return term.length <= 7 ? 1 : 2;
}

export const SEARCH_OPTIONS: SearchOptions = {
  boost: { ...FIELD_BOOST },
  prefix: true,
  fuzzy: (term) => fuzziness(term),
  combineWith: 'AND',
  // Stop words are removed from the query beforehand (see queryTerms); a stop word left as the last term is kept.
  processTerm: (term) => normalizeTerm(term) || null,
};

function indexOptions(fields: string[]): Options<IndexDocument> {
  return {
    idField: 'id',
    fields,
    storeFields: [],
    tokenize: (text) => tokenize(text),
    processTerm: (term) => {
      const t = normalizeTerm(term);
      return t === '' || STOP_WORDS.has(t) ? null : t;
    },
    searchOptions: SEARCH_OPTIONS,
  };
}

/** The first-query index: titles, headings and tags. */
export const LITE_INDEX_OPTIONS = indexOptions(['title', 'headings', 'tags']);
/** The full index: the text too. */
export const FULL_INDEX_OPTIONS = indexOptions(['title', 'headings', 'text', 'tags']);

/** Build side (and the ask handler): a MiniSearch index over the given sections. */
export function createMiniSearch(documents: readonly IndexDocument[], options: 'lite' | 'full' = 'full'): MiniSearch<IndexDocument> {
  const mini = new MiniSearch<IndexDocument>(options === 'lite' ? LITE_INDEX_OPTIONS : FULL_INDEX_OPTIONS);
  mini.addAll(documents);
  return mini;
}

/** The query terms MiniSearch gets: normalised, stop words dropped except in the last place (it may be a prefix). */
export function queryTerms(query: string): string[] {
  const words = tokenize(query).map(normalizeTerm).filter(Boolean);
  return words.filter((w, i) => i === words.length - 1 || !STOP_WORDS.has(w));
}

export interface LoadedSearchIndex {
  file: SearchIndexFile;
  mini: MiniSearch<IndexDocument>;
  /** True once the full-text index replaced the first-query one. */
  full: boolean;
  /** The full-text index failed to load: the first-query one is all there will be. */
  fullUnavailable?: boolean;
  /** Full section texts, once the texts file is loaded; the short stored texts are used until then. */
  texts?: readonly string[];
}

/** Browser side: revives a fetched index file. */
export function loadSearchIndex(file: SearchIndexFile): LoadedSearchIndex {
  if (file.format !== INDEX_FORMAT) throw new Error(`Unknown search index format ${String(file.format)}`);
  return { file, mini: MiniSearch.loadJS<IndexDocument>(file.index, LITE_INDEX_OPTIONS), full: false };
}

/** Swaps in the full-text index once it has arrived. */
export function upgradeSearchIndex(loaded: LoadedSearchIndex, full: SearchFullIndexFile): void {
  if (full.format !== FULL_INDEX_FORMAT) throw new Error(`Unknown search index format ${String(full.format)}`);
  loaded.mini = MiniSearch.loadJS<IndexDocument>(full.index, FULL_INDEX_OPTIONS);
  loaded.full = true;
}

export interface SearchRequest {
  filter?: SearchFilter;
  /** Name of the older docs version the reader is in: its index answers for docs, the main one for the rest. */
  activeVersion?: string;
  maxGroups?: number;
  maxHitsPerGroup?: number;
  /** Characters of text shown per hit. */
  excerptLength?: number;
}

/**
 * Queries one or more loaded indexes: prefix and typo-tolerant matching, all terms required (falling back to any term
 * when that finds nothing), hits highlighted and grouped by page.
 */
export function searchIndexes(indexes: readonly LoadedSearchIndex[], query: string, request: SearchRequest = {}): SearchOutcome {
  const q = query.trim();
  const terms = queryTerms(q);
  const partial = indexes.some((i) => !i.full && !i.fullUnavailable);
  if (terms.length === 0 || indexes.length === 0) return { query: q, total: 0, groups: [], ...(partial ? { partial } : {}) };
  const text = terms.join(' ');
  const run = (combineWith: 'AND' | 'OR') => {
    const found: { index: LoadedSearchIndex; result: SearchResult }[] = [];
    for (const index of indexes) {
      const isMain = index.file.scope === 'main';
      const docsElsewhere = isMain && request.activeVersion !== undefined && indexes.some((i) => i.file.scope === request.activeVersion);
      const results = index.mini.search(text, {
        combineWith,
        filter: (r) => accepts(index.file, r.id as number, request.filter, docsElsewhere),
        // The top of a page leads its group when it matches about as well as a section.
        boostDocument: (id) => (index.file.sections[id as number]?.[1] === '' ? 1.15 : 1),
      });
      for (const result of results) found.push({ index, result });
    }
    return found;
  };
  let found = run('AND');
  if (found.length === 0 && terms.length > 1) found = run('OR');
  found.sort((a, b) => b.result.score - a.result.score);

  const length = request.excerptLength ?? 160;
  const maxGroups = request.maxGroups ?? Infinity;
  const maxHits = request.maxHitsPerGroup ?? 5;
  const flat: FlatHit[] = [];
  // Hits per page, in order of the pages' best hit; only the hits that will be shown are highlighted.
  const perPage = new Map<string, number>();
  for (const { index, result } of found) {
    const section = index.file.sections[result.id as number];
    if (!section) continue;
    const page = index.file.pages[section[0]];
    const pageUrl = page[1];
    const count = perPage.get(pageUrl);
    if (count === undefined && perPage.size >= maxGroups) continue;
    if (count !== undefined && count >= maxHits) continue;
    perPage.set(pageUrl, (count ?? 0) + 1);
    const matched = [...result.terms, ...result.queryTerms];
    const body = index.texts?.[result.id as number] ?? section[3];
    const heading = section[2].length ? section[2][section[2].length - 1] : page[0];
    flat.push({
      pageUrl,
      pageTitle: page[0],
      pageTitleHtml: highlight(page[0], matched),
      type: page[2],
      category: page[5] || undefined,
      hit: {
        url: section[1] ? `${pageUrl}#${section[1]}` : pageUrl,
        headings: section[2],
        headingHtml: highlight(heading, matched),
        textHtml: highlight(excerpt(body, matched, length), matched),
        score: result.score,
      },
    });
  }
  return { query: q, total: found.length, groups: groupByPage(flat, maxHits), ...(partial ? { partial } : {}) };
}

function accepts(file: SearchIndexFile, id: number, filter: SearchFilter | undefined, excludeDocs: boolean): boolean {
  const section = file.sections[id];
  if (!section) return false;
  const page = file.pages[section[0]];
  if (excludeDocs && page[2] === 'docs') return false;
  if (!filter) return true;
  if (filter.type && page[2] !== filter.type) return false;
  if (filter.tags && filter.tags.length > 0 && !filter.tags.some((t) => page[4].includes(t))) return false;
  return true;
}

/** The older docs version (with an index file of its own) whose docs contain `pathname`, if any. */
export function versionForPath(file: SearchIndexFile, pathname: string): (IndexedVersion & { url: string }) | undefined {
  return file.versions.find((v): v is IndexedVersion & { url: string } => !v.current && v.url !== undefined && pathname.startsWith(v.path));
}
