// Shared by unit tests only: what the markdown stage hands the render stage, made in memory, and the context route
// data is built from.
import type { SiteConfig } from '../config/index.ts';
import type { DocumentHtml } from '../markdown/index.ts';
import type { RouteTable } from '../routes/index.ts';
import { createRouteDataContext, type RouteDataContext } from './route-data.ts';
import { buildSiteChrome } from './site-chrome.ts';

/** A rendered markdown file: its HTML and what was found in it. */
export function documentHtml(html: string, extra: Partial<DocumentHtml> = {}): DocumentHtml {
  return { html, toc: [], anchors: [], links: [], sections: [], wordCount: 0, diagnostics: [], ...extra };
}

export function routeDataContext(
  config: SiteConfig,
  table: RouteTable,
  html: Map<string, DocumentHtml>,
  moduleHtml: RouteDataContext['moduleHtml'] = new Map(),
  searchIndexUrl?: string,
): RouteDataContext {
  return createRouteDataContext({ config, table, chrome: buildSiteChrome(config, table, searchIndexUrl), html, moduleHtml });
}
