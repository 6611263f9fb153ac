// Client of a hosted, Algolia-compatible search REST API (DocSearch-style records), shared by the search islands and
// tests. Pure apart from the `fetch` it is given.

import type { HostedSearchData } from '../shared/types.ts';
import { groupByPage, type FlatHit, type SearchFilter, type SearchOutcome, type SearchPageType } from './results.ts';
import { REMOTE_POST_TAG, REMOTE_PRE_TAG, remoteHighlight, stripRemoteHighlight } from './text.ts';
import { escapeHtml } from '../shared/url.ts';

export const HIERARCHY_LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type HierarchyLevel = (typeof HIERARCHY_LEVELS)[number];
export type Hierarchy = Partial<Record<HierarchyLevel, string | null>>;

/** A hit as the service returns it: a record (see src/search/hosted-export.ts) plus highlight data. */
export interface HostedHit {
  objectID: string;
  url: string;
  hierarchy: Hierarchy;
  content?: string | null;
  /** "lvl1".."lvl6" for a heading record, "content" for text. */
  type?: string;
  /** Extra attributes of records exported by `protodocs search export`. */
  page_type?: SearchPageType;
  tags?: string[];
  docusaurus_tag?: string | string[];
  _highlightResult?: {
    hierarchy?: Partial<Record<HierarchyLevel, { value: string }>>;
    content?: { value: string };
  };
  _snippetResult?: { content?: { value: string } };
}

export interface HostedResponse {
  hits: HostedHit[];
  nbHits?: number;
  query?: string;
}

export interface HostedQuery {
  query: string;
  /** SearchData.language → facet `language:<lang>`. */
  language: string;
  /** SearchData.docsTags → facets `docusaurus_tag:default` or `docusaurus_tag:<tag>`. */
  docsTags: readonly string[];
  hitsPerPage?: number;
}

/** The facet filters: the current language AND (any page OR the docs of the current version). */
export function hostedFacetFilters(language: string, docsTags: readonly string[]): string[][] {
  return [[`language:${language}`], ['docusaurus_tag:default', ...docsTags.map((t) => `docusaurus_tag:${t}`)]];
}

/** The request the service expects: `POST {host}/1/indexes/{indexName}/query`. */
export function hostedRequest(hosted: HostedSearchData, q: HostedQuery): { url: string; init: RequestInit } {
  const host = hosted.host.replace(/\/+$/, '');
  return {
    url: `${host}/1/indexes/${encodeURIComponent(hosted.indexName)}/query`,
    init: {
      method: 'POST',
      headers: {
        'X-Algolia-Application-Id': hosted.appId,
        'X-Algolia-API-Key': hosted.apiKey,
        // The service reads the JSON body whatever the declared type; this is the type its own clients send.
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: JSON.stringify({
        query: q.query,
        facetFilters: hostedFacetFilters(q.language, q.docsTags),
        hitsPerPage: q.hitsPerPage ?? 20,
        highlightPreTag: REMOTE_PRE_TAG,
        highlightPostTag: REMOTE_POST_TAG,
        attributesToSnippet: ['content:24'],
        snippetEllipsisText: '…',
      }),
    },
  };
}

/** Sends a query and turns the hits into grouped, safely highlighted results. Throws on network or HTTP failure. */
export async function hostedSearch(
  hosted: HostedSearchData,
  q: HostedQuery,
  options: { fetch?: typeof fetch; signal?: AbortSignal; filter?: SearchFilter; maxHitsPerGroup?: number } = {},
): Promise<SearchOutcome> {
  const { url, init } = hostedRequest(hosted, q);
  const response = await (options.fetch ?? fetch)(url, { ...init, signal: options.signal });
  if (!response.ok) throw new Error(`Search service answered ${response.status}`);
  const data = (await response.json()) as HostedResponse;
  return hostedOutcome(data, q.query, options.filter, options.maxHitsPerGroup);
}

/** Local path of a hit URL: hits carry the production URL; the site may be served from elsewhere (a preview). */
function localUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search + u.hash;
  } catch {
    return url;
  }
}

function hitType(hit: HostedHit): SearchPageType | undefined {
  if (hit.page_type) return hit.page_type;
  const tags = Array.isArray(hit.docusaurus_tag) ? hit.docusaurus_tag : hit.docusaurus_tag ? [hit.docusaurus_tag] : [];
  if (tags.some((t) => t.startsWith('docs-'))) return 'docs';
  return undefined;
}

function levelValue(hit: HostedHit, level: HierarchyLevel): { text: string; html: string } | undefined {
  const raw = hit.hierarchy?.[level];
  if (!raw) return undefined;
  const highlighted = hit._highlightResult?.hierarchy?.[level]?.value;
  return { text: raw, html: highlighted !== undefined ? remoteHighlight(highlighted) : escapeHtml(raw) };
}

/** Converts the service's hits (best first) into grouped results; optional filters apply to the returned hits. */
export function hostedOutcome(data: HostedResponse, query: string, filter?: SearchFilter, maxHitsPerGroup?: number): SearchOutcome {
  const flat: FlatHit[] = [];
  for (const hit of data.hits ?? []) {
    const type = hitType(hit);
    if (filter?.type && type !== filter.type) continue;
    if (filter?.tags?.length && !filter.tags.some((t) => hit.tags?.includes(t))) continue;
    const url = localUrl(hit.url);
    const pageUrl = url.replace(/#.*$/, '');
    const levels = HIERARCHY_LEVELS.map((l) => levelValue(hit, l));
    const title = levels[1] ?? levels[0] ?? { text: pageUrl, html: escapeHtml(pageUrl) };
    const below = levels.slice(2).filter((l): l is { text: string; html: string } => l !== undefined);
    const deepest = below[below.length - 1];
    const snippet = hit._snippetResult?.content?.value ?? hit._highlightResult?.content?.value;
    flat.push({
      pageUrl,
      pageTitle: stripRemoteHighlight(title.text),
      pageTitleHtml: title.html,
      type,
      category: levels[1] && levels[0] ? levels[0].text : undefined,
      hit: {
        url,
        headings: below.map((l) => l.text),
        headingHtml: deepest ? deepest.html : title.html,
        textHtml: snippet !== undefined ? remoteHighlight(snippet) : escapeHtml(hit.content ?? ''),
        score: 0,
      },
    });
  }
  const filtered = filter?.type || filter?.tags?.length;
  return { query, total: filtered ? flat.length : data.nbHits ?? flat.length, groups: groupByPage(flat, maxHitsPerGroup) };
}
