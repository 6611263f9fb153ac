// Result shapes shared by the local engine and the hosted client, and the grouping of hits by page.
// No dependencies, so the hosted path and the islands never pull the index engine in.

export type SearchPageType = 'docs' | 'blog' | 'page';

export interface SearchFilter {
  type?: SearchPageType;
  /** Docs tags: a section matches when its page has any of them. */
  tags?: readonly string[];
}

/** One matching section. Every `*Html` field is escaped text with `<mark>` around the matches. */
export interface SearchHit {
  url: string;
  /** Headings from below the page title down to the section; empty for the top of the page. */
  headings: string[];
  headingHtml: string;
  textHtml: string;
  score: number;
}

/** The hits of one page. */
export interface SearchGroup {
  url: string;
  title: string;
  titleHtml: string;
  type?: SearchPageType;
  category?: string;
  hits: SearchHit[];
}

export interface SearchOutcome {
  query: string;
  /** Matching sections (before grouping and before any display limit). */
  total: number;
  groups: SearchGroup[];
}

/** A hit with its page, before grouping (the hosted backend produces these too). */
export interface FlatHit {
  pageUrl: string;
  pageTitle: string;
  pageTitleHtml: string;
  type?: SearchPageType;
  category?: string;
  hit: SearchHit;
}

/**
 * Groups hits by page. Pages come in the order of their best hit (the input is sorted best first); inside a page the
 * hits keep that order, at most `maxHitsPerGroup` of them.
 */
/** How many hits of one page a result list shows, unless asked otherwise. */
export const DEFAULT_MAX_HITS_PER_GROUP = 5;

export function groupByPage(flat: readonly FlatHit[], maxHitsPerGroup = DEFAULT_MAX_HITS_PER_GROUP): SearchGroup[] {
  const groups = new Map<string, SearchGroup>();
  for (const item of flat) {
    let group = groups.get(item.pageUrl);
    if (!group) {
      group = { url: item.pageUrl, title: item.pageTitle, titleHtml: item.pageTitleHtml, type: item.type, category: item.category, hits: [] };
      groups.set(item.pageUrl, group);
    }
    if (group.hits.length < maxHitsPerGroup) group.hits.push(item.hit);
  }
  return [...groups.values()];
}
