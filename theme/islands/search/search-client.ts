// Browser side of search: one backend interface over the local sharded index (its entry, then the chunks and page
// details each query needs, with the query code loaded as a separate chunk) and the hosted service. Used by the
// SearchModal and SearchPage islands.

import type { ExtractiveResult } from '../../../src/search-engine/answer.ts';
import { hostedSearch } from '../../../src/search-engine/hosted.ts';
import type { SearchFilter, SearchOutcome } from '../../../src/search-engine/results.ts';
import type { ShardedScope } from '../../../src/search-engine/sharded-search.ts';
import type { PageDetails, PageText, SearchEntry, TermChunk, TermDirectory } from '../../../src/search-engine/shards.ts';
import type { SearchData } from '../../../src/shared/types.ts';

export interface QueryOptions {
  filter?: SearchFilter;
  maxGroups?: number;
  maxHitsPerGroup?: number;
  excerptLength?: number;
  /** Local: excerpts around the match in the whole text of the sections shown (fetches the pages' text files). */
  fullText?: boolean;
  /** Hosted: how many hits to ask for. */
  hitsPerPage?: number;
  signal?: AbortSignal;
}

export interface SearchBackend {
  kind: 'local' | 'hosted';
  /**
   * Starts loading what the first query needs (the local index's entry) and, given the query being typed (and the
   * options it will be asked with), what it will need; safe to call often.
   */
  prefetch(query?: string, options?: QueryOptions): void;
  query(q: string, options?: QueryOptions): Promise<SearchOutcome>;
  /** Page titles for "Try searching for". */
  suggestions(): Promise<string[]>;
}

// One cache per page for the whole browser session of that page: the modal and the search page share fetched files
// (both islands load this module from the same shared chunk). Failed loads are dropped so a later attempt retries.
const cache = new Map<string, Promise<unknown>>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

const engine = () => cached('engine', () => import('../../../src/search-engine/sharded-search.ts'));
const entryFile = (url: string) => cached(`file:${url}`, () => fetchJson<SearchEntry>(url));

/** A scope whose chunks and page details are fetched on demand, each once. */
function scopeOf(entry: SearchEntry): ShardedScope {
  return {
    entry,
    file: (name) => cached(`file:${entry.assets}${name}`, () => fetchJson<TermDirectory | TermChunk>(entry.assets + name)),
    details: (page) => cached(`file:${entry.pages}${page}.json`, () => fetchJson<PageDetails>(`${entry.pages}${page}.json`)),
    text: (page) => cached(`file:${entry.pages}${page}.text.json`, () => fetchJson<PageText>(`${entry.pages}${page}.text.json`)),
  };
}

/** The scopes for the current page: the main one, plus an older docs version's when the reader is in it. */
function localScopes(indexUrl: string, pathname: string): Promise<{ scopes: ShardedScope[]; activeVersion?: string }> {
  return cached(`scopes:${indexUrl}:${pathname}`, async () => {
    const [mod, main] = await Promise.all([engine(), entryFile(indexUrl)]);
    const version = mod.versionScopeFor(main, pathname);
    if (!version) return { scopes: [scopeOf(main)] };
    return { scopes: [scopeOf(main), scopeOf(await entryFile(version.url))], activeVersion: version.name };
  });
}

function localBackend(indexUrl: string): SearchBackend {
  const load = () => localScopes(indexUrl, window.location.pathname);
  return {
    kind: 'local',
    prefetch: (query, options) =>
      void Promise.all([load(), engine()]).then(([{ scopes, activeVersion }, mod]) => query && mod.prefetchQuery(scopes, query, options && { ...options, activeVersion }), () => {}),
    async query(q, options = {}) {
      const [{ scopes, activeVersion }, mod] = await Promise.all([load(), engine()]);
      return mod.searchShards(scopes, q, { ...options, activeVersion });
    },
    async suggestions() {
      return (await entryFile(indexUrl)).suggestions;
    },
  };
}

function hostedBackend(search: SearchData): SearchBackend {
  const hosted = search.hosted!;
  return {
    kind: 'hosted',
    prefetch: () => {},
    query: (q, options = {}) =>
      hostedSearch(
        hosted,
        { query: q, language: search.language, docsTags: search.docsTags, hitsPerPage: options.hitsPerPage },
        { signal: options.signal, filter: options.filter, maxHitsPerGroup: options.maxHitsPerGroup },
      ),
    // The hosted service has no "popular pages"; the local index's entry (when built) names a few good first queries.
    suggestions: async () => (search.indexUrl ? (await entryFile(search.indexUrl)).suggestions : []),
  };
}

export type Answerer = (question: string) => Promise<ExtractiveResult>;

/** How many pages AI mode reads passages from, and how many sections of each. */
const ANSWER_PAGES = 8;
const ANSWER_SECTIONS_PER_PAGE = 2;

/**
 * AI mode without an answer endpoint (a static host): the ask handler's extractive answer, computed here. The index
 * finds the sections that match any word of the question; their pages' details give the passages to quote. The code
 * and the entry load as AI mode opens, while the reader types.
 */
export function localAnswerer(indexUrl: string): Promise<Answerer> {
  return cached(`answerer:${indexUrl}:${window.location.pathname}`, async () => {
    const [mod, answer, { scopes, activeVersion }] = await Promise.all([engine(), import('../../../src/search-engine/answer.ts'), localScopes(indexUrl, window.location.pathname)]);
    return async (question) => {
      const request = { combineWith: 'OR', activeVersion, maxGroups: ANSWER_PAGES, maxHitsPerGroup: ANSWER_SECTIONS_PER_PAGE } as const;
      const { found: shown } = await mod.rankSections(scopes, answer.questionWords(question), request);
      const passages = await Promise.all(
        shown.map(async (found) => {
          const [details, text] = await Promise.all([mod.detailsOf(found), mod.sectionText(found)]);
          const [anchor, hierarchy] = mod.sectionOf(details, found.section);
          return { title: details.title, hierarchy, text, url: anchor ? `${details.url}#${anchor}` : details.url, pageUrl: details.url, tags: details.tags };
        }),
      );
      return answer.createExtractiveAnswerer(passages)(question);
    };
  });
}

/** The backend for the site's search settings, or undefined when search is unavailable (no index, no service). */
export function searchBackend(search: SearchData): SearchBackend | undefined {
  if (search.hosted) return hostedBackend(search);
  if (search.indexUrl) return localBackend(search.indexUrl);
  return undefined;
}
