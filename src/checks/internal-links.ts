import { findValuePosition, type SiteConfig } from '../config/index.ts';
import { didYouMean, problem, type Diagnostic } from '../errors/index.ts';
import type { DocumentHtml } from '../markdown/index.ts';
import { routePathOf, type RouteTable } from '../routes/index.ts';
import { isExternalUrl, normalizeRoutePath } from '../shared/index.ts';

/**
 * Checks fragments of every internal link against the anchors of its target page. Missing pages were already
 * reported by the markdown stage (PD5001) at the link; here only PD5002 (missing heading anchor) is added.
 */
export function checkInternalLinks(table: RouteTable, html: ReadonlyMap<string, DocumentHtml>, baseUrl: string): Diagnostic[] {
  // Only the pages some link names a fragment of: a cached page's anchors are read from disk when first used.
  const anchorsByUrl = new Map<string, Set<string> | undefined>();
  const anchorsOf = (url: string): Set<string> | undefined => {
    if (!anchorsByUrl.has(url)) {
      // A route's source is its markdown file for the kinds that have one; no other source has HTML here.
      const source = table.byUrl.get(url)?.source;
      const doc = source ? html.get(source) : undefined;
      anchorsByUrl.set(url, doc && new Set(doc.anchors));
    }
    return anchorsByUrl.get(url);
  };
  const out: Diagnostic[] = [];
  for (const [file, doc] of html) {
    const ownUrl = table.bySource.get(file);
    for (const link of doc.links) {
      const target = link.url === '' ? ownUrl : routePathOf(link.url, baseUrl);
      if (!target) continue;
      const anchors = anchorsOf(target);
      // Fragments arrive decoded from the markdown stage, as anchors are.
      if (!anchors || anchors.has(link.fragment)) continue;
      out.push(problem('PD5002', { target, fragment: link.fragment, suggestion: didYouMean(link.fragment, anchors) }, { file, line: link.line, column: link.column }));
    }
  }
  return out;
}

/** Navbar and footer links written in the config must point at real pages, and the files it names must exist. */
export function checkConfigLinks(config: SiteConfig, table: RouteTable, configSource = ''): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (value: string) => ({ file: 'site.config.ts', ...findValuePosition(configSource, value) });
  const check = (to: string | undefined, where: string) => {
    if (!to || isExternalUrl(to)) return;
    const p = normalizeRoutePath(to.split('#')[0]);
    if (table.byUrl.has(p) || table.staticFiles.has(to)) return;
    out.push(problem('PD1006', { kind: 'link', where, to }, at(to)));
  };
  config.navbar.items.forEach((item, i) => {
    if ('to' in item) check(item.to, `navbar.items[${i}]`);
  });
  config.footer.links.forEach((group, g) => group.items.forEach((item, i) => check(item.to, `footer.links[${g}].items[${i}]`)));
  // `check` would fail on every page's link to the home page; the build says so first, as a warning.
  if (!table.byUrl.has('/')) out.push(problem('PD4022', { title: config.title }, at(config.title)));
  // Files every page links from its head or navbar: a missing one is a failed request on every page.
  const files: [string, string | undefined][] = [['favicon', config.favicon], ['image', config.image], ['navbar.logo.src', config.navbar.logo?.src]];
  for (const [key, file] of files) {
    if (!file || isExternalUrl(file)) continue;
    const sitePath = '/' + file.split(/[?#]/)[0].replace(/^\//, '');
    if (table.staticFiles.has(sitePath)) continue;
    out.push(problem('PD6050', { key, file, sitePath }, at(file)));
  }
  return out;
}
