import type { SearchPageType } from '../search-engine/index.ts';

/** A docs version as the search index knows it. */
export interface SearchRecordVersion {
  name: string;
  label: string;
  /** Path prefix of the version's docs, with the base URL: "/docs/", "/docs/1.0/". */
  path: string;
  current: boolean;
}

/** One heading section of a page: the unit of the search index, of AI answers and of the hosted-search export. */
export interface SearchRecord {
  /** Anchor URL with the base URL: "/docs/intro/#overview"; the page URL for the top of a page. */
  url: string;
  /** Page URL with the base URL: "/docs/intro/". */
  pageUrl: string;
  /** Heading id; undefined for the top of the page. */
  anchor?: string;
  /** Page title. */
  title: string;
  /** Headings from below the page title down to this section: [] (top of page), ["Setup"], ["Setup", "Linux"]. */
  hierarchy: string[];
  /** Plain text of the section. */
  text: string;
  /** Page type. */
  type: SearchPageType;
  /** Docs version (docs only). */
  version?: SearchRecordVersion;
  /** Docs tags (docs) or tag labels (blog posts). */
  tags: string[];
  language: string;
  /** Top sidebar category of a doc ("Protocol"), or "Blog" for posts; used as the hosted record's lvl0. */
  category?: string;
  /**
   * Set on the one record that stands for a page the last build indexed from the same sources: it carries the page's
   * facts but none of its sections, which the index it updates already holds.
   */
  unchanged?: true;
}
