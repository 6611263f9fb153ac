// The stages that load the heavy libraries (React, micromark, MiniSearch, esbuild), gathered so that build.ts can load
// them in the background while the config compiles, and not at all when the build record says nothing changed.
export { scanContent } from '../content/index.ts';
export { buildRoutes, checkStructure, linkIndexOf, routeInputsText } from '../routes/index.ts';
export { checkConfigLinks, checkInternalLinks } from '../checks/index.ts';
export {
  blogSidebarData,
  buildSiteChrome,
  contentSecurityPolicy,
  inlineHeadScript,
  renderComponentHtml,
  renderPageModule,
  sha256Base64,
  siteFeeds,
  siteFiles,
  writePages,
} from '../render/index.ts';
export { MarkdownStage, renderDocuments } from './markdown-stage.ts';
export { configSource, renderSite, siteCopies, siteInputs, writeSearch } from './site-stage.ts';
export { loadModules, moduleInputs } from './modules-stage.ts';
export { startBundle } from './bundle-stage.ts';
export { keptPages, preloadSearch, prepareSearch, searchSummary, searchesInWorker, startSearch, indexSearch, searchIndexUrl } from './search-stage.ts';
export { collectGarbage } from '../workers/index.ts';
