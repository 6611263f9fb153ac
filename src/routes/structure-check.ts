import { findValuePosition, type SiteConfig } from '../config/index.ts';
import type { ContentSet, DocFile } from '../content/index.ts';
import { Diagnostics, problem, type Diagnostic } from '../errors/index.ts';
import { buildDocsRoutes } from './docs.ts';
import type { ParsedSummary } from './types.ts';

/**
 * The site's structure checked from the config and the scanned files alone, before any markdown is parsed: the navbar
 * names defined sidebars, the sidebars name docs that exist, every docs version has its main doc. These mistakes then
 * show in a fraction of a second at any site size, instead of after every page is parsed. (The route stage finds them
 * again with the parsed titles; one run lists each once.)
 */
export function checkStructure(config: SiteConfig, content: ContentSet, configSource = ''): Diagnostic[] {
  const diagnostics = new Diagnostics();
  config.navbar.items.forEach((item, index) => {
    if ('sidebarId' in item && !(item.sidebarId in config.sidebars)) {
      diagnostics.add(problem('PD1006', { kind: 'sidebar', index, sidebar: item.sidebarId, defined: Object.keys(config.sidebars) }, { file: 'site.config.ts', ...findValuePosition(configSource, item.sidebarId) }));
    }
  });
  // Titles come from the parse; the ids, versions and sidebars do not need them.
  const untitled: ParsedSummary = { h1: 'untitled', links: [], mdxImports: {}, diagnostics: [] };
  const docs = content.files.filter((file): file is DocFile => file.kind === 'doc').map((file) => ({ file, parsed: untitled }));
  buildDocsRoutes(config, docs, content.versionedSidebars, diagnostics);
  return diagnostics.items;
}
