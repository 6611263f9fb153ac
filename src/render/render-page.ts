import { renderToString } from 'react-dom/server';
import { renderBody } from '../../theme/index.tsx';
import type { SiteConfig } from '../config/index.ts';
import { ISLAND_ATTR, type RouteData } from '../shared/index.ts';
import { renderHead } from './head.ts';
import type { AssetManifest } from './types.ts';

const ISLAND_NAMES = new RegExp(`${ISLAND_ATTR}="([^"]+)"`, 'g');

export interface PageShell {
  config: SiteConfig;
  inlineScript: string;
  csp: string;
  assets: AssetManifest;
  feeds: readonly ('rss' | 'atom' | 'json')[];
}

/** One complete HTML document; the scripts are chosen by the islands the page actually contains. */
export function renderPage(route: RouteData, shell: PageShell): string {
  return assemblePage(route, renderPageBody(route), shell);
}

/** The costly part of a page, a pure function of its route data: it may run in a worker thread. */
export function renderPageBody(route: RouteData): string {
  return renderToString(renderBody(route));
}

/** The document around a rendered body. */
export function assemblePage(route: RouteData, body: string, shell: PageShell): string {
  const islands = [...new Set([...body.matchAll(ISLAND_NAMES)].map((m) => m[1]))];
  const head = renderHead({
    route,
    config: shell.config,
    inlineScript: shell.inlineScript,
    csp: shell.csp,
    stylesheets: shell.assets.css,
    extraHeadTags: shell.assets.headTags,
    feeds: shell.feeds,
  });
  return `<!doctype html>
<html lang="${route.site.lang}" dir="ltr" data-theme="${route.site.colorMode.defaultMode}">
<head>
${head}
${shell.assets.scriptTags(islands, { analytics: route.site.analytics })}
</head>
<body>
${body}
</body>
</html>
`;
}
