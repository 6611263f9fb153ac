export { buildSiteChrome } from './site-chrome.ts';
export { buildRouteData, blogSidebarData, postSummary, formatDate, readingTime, type RouteDataContext } from './route-data.ts';
export { contentSecurityPolicy, sha256Base64, renderHead } from './head.ts';
export { hostHeaders } from './host-headers.ts';
export { assemblePage, renderPage, renderPageBody, type PageShell } from './render-page.ts';
export { rssFeed, atomFeed, jsonFeed, sitemap, robotsTxt } from './feeds.ts';
export { llmsFiles, markdownFileOf } from './llms.ts';
export { loadComponentModule, renderPageModule, renderComponentHtml, type LoadedModule } from './modules.ts';
export type { AssetManifest, RenderedPage } from './types.ts';
