import type { SiteConfig } from '../config/index.ts';
import type { DocumentHtml } from '../markdown/index.ts';
import type { RouteTable } from '../routes/index.ts';
import { atomFeed, jsonFeed, robotsTxt, rssFeed, sitemap } from './feeds.ts';
import { hostHeaders } from './host-headers.ts';
import { llmsFileKeys, llmsFiles, llmsFullSegments } from './llms.ts';
import type { PageOutput } from './page-output.ts';
import { postSummary, type RouteDataContext } from './route-data.ts';
import { siteIconFiles } from './site-icon.ts';

/** Feeds a site with posts publishes. */
export function siteFeeds(config: SiteConfig, table: RouteTable): readonly ('rss' | 'atom' | 'json')[] {
  return table.posts.length ? config.blog.feeds : [];
}

export interface SiteFilesInput {
  config: SiteConfig;
  table: RouteTable;
  html: ReadonlyMap<string, DocumentHtml>;
  context: RouteDataContext;
  csp: string;
  /** Give the llms files keys (see llmsFileKeys): only a build that can keep files uses them. */
  keyed?: boolean;
}

/**
 * A site file: output path, text (or what makes it, for a file a build may keep by its key), and where known, a key
 * naming what the text is made from, and the keyed parts the text is made of (a build may copy unchanged ones).
 */
export type SiteFile = [rel: string, text: string | (() => string), key?: string, segments?: [key: string, make: () => string][]];

/**
 * The files of the site besides its pages, its assets and the two that list its pages (pageListFiles), by output path:
 * feeds of the newest 20 posts, robots.txt, the host headers with the CSP, llms.txt, llms-full.txt and the markdown
 * twins, and the icon: nothing in them comes of what writing the pages gives.
 */
export function siteFiles(input: SiteFilesInput): SiteFile[] {
  const { config, table } = input;
  const files: SiteFile[] = [];
  const feeds = siteFeeds(config, table);
  if (feeds.length) {
    const blogBase = config.blogPath;
    const posts = table.posts.slice(0, 20).map((p) => ({ ...postSummary(p, input.context), contentHtml: input.html.get(p.file.file)?.html ?? '' }));
    if (feeds.includes('rss')) files.push([`${blogBase.slice(1)}rss.xml`, rssFeed(config, posts)]);
    if (feeds.includes('atom')) files.push([`${blogBase.slice(1)}atom.xml`, atomFeed(config, posts)]);
    if (feeds.includes('json')) files.push([`${blogBase.slice(1)}feed.json`, jsonFeed(config, posts)]);
  }
  files.push(['robots.txt', robotsTxt(config)]);
  files.push(['_headers', hostHeaders(input.csp, config.baseUrl)]);
  const llmsKeys = input.keyed ? llmsFileKeys(config, table) : new Map<string, string>();
  for (const [rel, make] of llmsFiles(config, table)) {
    files.push(input.keyed && rel === 'llms-full.txt' ? [rel, make, llmsKeys.get(rel), llmsFullSegments(config, table, llmsKeys)] : [rel, make, llmsKeys.get(rel)]);
  }
  files.push(...siteIconFiles(config, table.staticFiles));
  return files;
}

/**
 * The files made of what writing the pages gave: the sitemap of their URLs, and the manifest that maps pages to their
 * sources (`check` uses it; its presence also marks the folder as protodocs' own).
 */
export function pageListFiles(config: SiteConfig, pages: Pick<PageOutput, 'sitemapUrls' | 'manifest'>): SiteFile[] {
  return [
    ['sitemap.xml', sitemap(config, pages.sitemapUrls)],
    ['protodocs-manifest.json', JSON.stringify(pages.manifest, null, 1)],
  ];
}
