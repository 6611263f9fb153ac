// Browser side of search: one backend interface over the local index (lazily fetched, with the engine loaded as a
// separate chunk) and the hosted service. Used by the SearchModal and SearchPage islands.

import type { AskPassage, ExtractiveResult } from '../../../src/search-engine/answer.ts';
import type { LoadedSearchIndex, SearchFullIndexFile, SearchIndexFile, SearchTextsFile } from '../../../src/search-engine/engine.ts';
import { hostedSearch } from '../../../src/search-engine/hosted.ts';
import type { SearchFilter, SearchOutcome } from '../../../src/search-engine/results.ts';
import type { SearchData } from '../../../src/shared/types.ts';

export interface QueryOptions {
  filter?: SearchFilter;
  maxGroups?: number;
  maxHitsPerGroup?: number;
  excerptLength?: number;
  /** Hosted: how many hits to ask for. */
  hitsPerPage?: number;
  signal?: AbortSignal;
}

export interface SearchBackend {
  kind: 'local' | 'hosted';
  /** Starts loading what the first query needs (the local index); safe to call often. */
  prefetch(): void;
  query(q: string, options?: QueryOptions): Promise<SearchOutcome>;
  /** Page titles for "Try searching for". */
  suggestions(): Promise<string[]>;
  /** Local only: loads the full section texts so excerpts show the match in context. */
  loadTexts(): Promise<void>;
  /** Calls `listener` whenever better data arrived (the full-text index, the texts): re-run the query then. */
  subscribe(listener: () => void): () => void;
}

// One cache per page for the whole browser session of that page: the modal and the search page share a fetched index
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

// Fired when a loaded index got better (full-text index or texts arrived).
const upgrades = new EventTarget();

const engine = () => cached('engine', () => import('../../../src/search-engine/engine.ts'));
const indexFile = (url: string) => cached(`file:${url}`, () => fetchJson<SearchIndexFile>(url));

/**
 * A revived index file. Its first-query index (titles, headings) answers at once; the full-text index is fetched in
 * the background and swapped in when it arrives (if that fails, the first one keeps answering).
 */
function loadedIndex(url: string): Promise<LoadedSearchIndex> {
  return cached(`loaded:${url}`, async () => {
    const [mod, file] = await Promise.all([engine(), indexFile(url)]);
    const loaded = mod.loadSearchIndex(file);
    fetchJson<SearchFullIndexFile>(file.fullUrl).then(
      (full) => {
        mod.upgradeSearchIndex(loaded, full);
        upgrades.dispatchEvent(new Event('upgrade'));
      },
      (error: unknown) => {
        loaded.fullUnavailable = true;
        upgrades.dispatchEvent(new Event('upgrade'));
        console.warn(`[protodocs] The full-text search index did not load; searching titles and headings only. ${String(error)}`);
      },
    );
    return loaded;
  });
}

/** The loaded indexes for the current page: the main one, plus an older docs version's when the reader is in it. */
function localIndexes(indexUrl: string, pathname: string): Promise<{ indexes: LoadedSearchIndex[]; activeVersion?: string }> {
  return cached(`indexes:${indexUrl}:${pathname}`, async () => {
    const [mod, main] = await Promise.all([engine(), indexFile(indexUrl)]);
    const version = mod.versionForPath(main, pathname);
    const loadedMain = await loadedIndex(indexUrl);
    if (!version) return { indexes: [loadedMain] };
    return { indexes: [loadedMain, await loadedIndex(version.url)], activeVersion: version.name };
  });
}

function subscribe(listener: () => void): () => void {
  upgrades.addEventListener('upgrade', listener);
  return () => upgrades.removeEventListener('upgrade', listener);
}

function localBackend(indexUrl: string): SearchBackend {
  const load = () => localIndexes(indexUrl, window.location.pathname);
  return {
    kind: 'local',
    prefetch: () => void load().catch(() => {}),
    async query(q, options = {}) {
      const [{ indexes, activeVersion }, mod] = await Promise.all([load(), engine()]);
      return mod.searchIndexes(indexes, q, { ...options, activeVersion });
    },
    async suggestions() {
      return (await indexFile(indexUrl)).suggestions;
    },
    async loadTexts() {
      const { indexes } = await load();
      await Promise.all(
        indexes.map(async (index) => {
          if (index.texts) return;
          const texts = await cached(`texts:${index.file.textsUrl}`, () => fetchJson<SearchTextsFile>(index.file.textsUrl));
          index.texts = texts.texts;
          upgrades.dispatchEvent(new Event('upgrade'));
        }),
      );
    },
    subscribe,
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
    // The hosted service has no "popular pages"; the local index file (when built) names a few good first queries.
    suggestions: async () => (search.indexUrl ? (await indexFile(search.indexUrl)).suggestions : []),
    loadTexts: async () => {},
    subscribe: () => () => {},
  };
}

/**
 * Every section the reader's page can search (the main index, or an older docs version's for its docs when the reader
 * is in that version), with its full text: what AI mode quotes on a site without an answer endpoint.
 */
export async function localPassages(indexUrl: string): Promise<AskPassage[]> {
  const { indexes, activeVersion } = await localIndexes(indexUrl, window.location.pathname);
  const passages: AskPassage[] = [];
  for (const index of indexes) {
    const texts = index.texts ?? (await cached(`texts:${index.file.textsUrl}`, () => fetchJson<SearchTextsFile>(index.file.textsUrl))).texts;
    index.texts ??= texts;
    const docsElsewhere = index.file.scope === 'main' && activeVersion !== undefined;
    index.file.sections.forEach(([pageIndex, anchor, headings, short], i) => {
      const [title, pageUrl, type, , tags] = index.file.pages[pageIndex];
      if (docsElsewhere && type === 'docs') return;
      passages.push({ title, hierarchy: headings, text: texts[i] ?? short, url: anchor ? `${pageUrl}#${anchor}` : pageUrl, pageUrl, tags });
    });
  }
  return passages;
}

export type Answerer = (question: string) => ExtractiveResult;

/**
 * AI mode without an answer endpoint (a static host): the ask handler's extractive answer, computed here over the
 * local index's passages. The engine and the passages load on first use, which AI mode opening triggers.
 */
export function localAnswerer(indexUrl: string): Promise<Answerer> {
  // An older docs version quotes its own docs: the passages depend on the page the reader is on.
  return cached(`answerer:${indexUrl}:${window.location.pathname}`, async () => {
    const [mod, passages] = await Promise.all([import('../../../src/search-engine/answer.ts'), localPassages(indexUrl)]);
    return mod.createExtractiveAnswerer(passages);
  });
}

/** The backend for the site's search settings, or undefined when search is unavailable (no index, no service). */
export function searchBackend(search: SearchData): SearchBackend | undefined {
  if (search.hosted) return hostedBackend(search);
  if (search.indexUrl) return localBackend(search.indexUrl);
  return undefined;
}
