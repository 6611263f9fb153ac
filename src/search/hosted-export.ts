import type { Hierarchy } from '../search-engine/index.ts';
import type { SearchPageType } from '../search-engine/index.ts';
import type { SearchRecord } from './types.ts';
import { createHash } from 'node:crypto';

/**
 * A record in the format of DocSearch-style hosted indexes (as written by their crawler for Docusaurus sites), so an
 * index filled with `protodocs search export` answers the same queries as one filled by the crawler:
 * `hierarchy.lvl0` is the category, `lvl1` the page title, `lvl2`.. the headings; `type` is the deepest level that
 * the record stands for ("lvl1".."lvl6") or "content" when it has text.
 *
 * Index settings to use: attributesForFaceting ["language", "docusaurus_tag", "page_type", "tags", "version"],
 * searchableAttributes ["unordered(hierarchy.lvl0)", "unordered(hierarchy.lvl1)", … "content"],
 * customRanking ["desc(weight.pageRank)", "desc(weight.level)", "asc(weight.position)"], distinct on url_without_anchor.
 */
export interface HostedRecord {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  hierarchy: Required<Hierarchy>;
  content: string | null;
  type: 'content' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
  language: string;
  lang: string;
  /** "docs-default-<version>" for docs, "default" for everything else (the facet the search client filters by). */
  docusaurus_tag: string[];
  version: string[];
  page_type: SearchPageType;
  tags: string[];
  weight: { pageRank: number; level: number; position: number };
}

/** Converts section records into hosted-index records with absolute URLs on `siteUrl` (e.g. https://docs.example.org). */
export function toHostedRecords(records: readonly SearchRecord[], options: { siteUrl: string }): HostedRecord[] {
  const origin = options.siteUrl.replace(/\/+$/, '');
  const positions = new Map<string, number>();
  return records.map((r) => {
    const position = positions.get(r.pageUrl) ?? 0;
    positions.set(r.pageUrl, position + 1);
    const levels = [r.category ?? categoryOf(r.type), r.title, ...r.hierarchy].slice(0, 7);
    const hierarchy = {} as Required<Hierarchy>;
    for (let i = 0; i <= 6; i++) hierarchy[`lvl${i}` as keyof Hierarchy] = levels[i] ?? null;
    const deepest = Math.max(1, levels.length - 1);
    const url = origin + r.url;
    return {
      objectID: createHash('sha1').update(url).digest('hex').slice(0, 16),
      url,
      url_without_anchor: origin + r.pageUrl,
      anchor: r.anchor ?? null,
      hierarchy,
      content: r.text || null,
      type: r.text ? 'content' : (`lvl${deepest}` as HostedRecord['type']),
      language: r.language,
      lang: r.language,
      docusaurus_tag: r.type === 'docs' && r.version ? [`docs-default-${r.version.name}`] : ['default'],
      version: r.version ? [r.version.name] : [],
      page_type: r.type,
      tags: r.tags,
      weight: { pageRank: r.type === 'docs' ? 1 : 0, level: r.hierarchy.length === 0 ? 100 : Math.max(0, 100 - 10 * r.hierarchy.length), position },
    };
  });
}

function categoryOf(type: SearchPageType): string {
  return type === 'docs' ? 'Documentation' : type === 'blog' ? 'Blog' : 'Pages';
}
