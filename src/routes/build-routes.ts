import type { SiteConfig } from '../config/index.ts';
import type { BlogFile, ContentSet, DocFile, PageFile } from '../content/index.ts';
import { problem, type Diagnostic, type Diagnostics } from '../errors/index.ts';
import { normalizeRoutePath, routeToFile } from '../shared/index.ts';
import { buildBlogRoutes } from './blog.ts';
import { buildDocsRoutes } from './docs.ts';
import type { PageEntry, ParsedSummary, RouteEntry, RouteTable } from './types.ts';

function pageUrl(relPath: string): string {
  return normalizeRoutePath('/' + relPath.replace(/(^|\/)index$/, ''));
}

/** Where a route's URL was chosen: its frontmatter `slug:` or `id:` line, if the author wrote one. */
function urlKeyPosition(route: RouteEntry): { line: number; column: number } | undefined {
  const file = route.kind === 'doc' ? route.doc.file : route.kind === 'blog-post' ? route.post.file : route.kind === 'page' ? route.page.file : undefined;
  return file?.positions.slug ?? file?.positions.id;
}

/** A collision is reported where it was made: at the `slug:` that moved a page onto another, whichever came first. */
function collision(route: RouteEntry, existing: RouteEntry): Diagnostic {
  const [blamed, other] = !urlKeyPosition(route) && urlKeyPosition(existing) && existing.source ? [existing, route] : [route, existing];
  const at = urlKeyPosition(blamed) ?? { line: 1, column: 1 };
  return problem('PD4002', { url: route.url, other: other.source }, { file: blamed.source ?? other.source, ...at });
}

/** One route table from content and config; every URL is claimed by exactly one file (PD4002). */
export function buildRoutes(
  config: SiteConfig,
  content: ContentSet,
  parsed: Map<string, ParsedSummary>,
  diagnostics: Diagnostics,
): RouteTable {
  const docFiles: { file: DocFile; parsed: ParsedSummary }[] = [];
  const blogFiles: { file: BlogFile; parsed: ParsedSummary }[] = [];
  const pageFiles: { file: PageFile; parsed: ParsedSummary }[] = [];
  for (const file of content.files) {
    if (file.kind === 'page-module') continue;
    const p = parsed.get(file.file);
    if (!p) continue;
    if (file.kind === 'doc') docFiles.push({ file, parsed: p });
    else if (file.kind === 'blog') blogFiles.push({ file, parsed: p });
    else pageFiles.push({ file, parsed: p });
  }

  const docs = buildDocsRoutes(config, docFiles, content.versionedSidebars, diagnostics);
  const blog = buildBlogRoutes(config, blogFiles, content, diagnostics);

  const pages: PageEntry[] = pageFiles.map(({ file, parsed: p }) => ({
    file,
    parsed: p,
    url: pageUrl(file.relPath),
    title: file.frontmatter.title ?? p.h1 ?? file.relPath,
    description: file.frontmatter.description,
  }));

  const routes: RouteEntry[] = [
    ...docs.routes,
    ...blog.routes,
    ...pages.map((page): RouteEntry => ({ kind: 'page', url: page.url, page, source: page.file.file })),
    ...content.files
      .filter((f) => f.kind === 'page-module')
      .map((module): RouteEntry => ({ kind: 'page-module', url: pageUrl(module.relPath), module, title: '', source: module.file })),
    { kind: 'search', url: '/search/' },
    { kind: 'not-found', url: '/404.html' },
  ];

  const byUrl = new Map<string, RouteEntry>();
  const bySource = new Map<string, string>();
  const kept: RouteEntry[] = [];
  for (const route of routes) {
    const existing = byUrl.get(route.url);
    if (existing) {
      // The version-root alias of the main doc yields to any real page at that URL.
      if (route.kind === 'doc' && route.canonicalUrl) continue;
      if (existing.kind === 'doc' && existing.canonicalUrl) {
        kept.splice(kept.indexOf(existing), 1);
      } else {
        diagnostics.add(collision(route, existing));
        continue;
      }
    }
    byUrl.set(route.url, route);
    kept.push(route);
    if (route.source && !bySource.has(route.source) && !(route.kind === 'doc' && route.canonicalUrl)) bySource.set(route.source, route.url);
  }
  // Fix bySource for files whose alias came first.
  for (const doc of docs.docs) bySource.set(doc.file.file, doc.url);

  const staticFiles = new Map<string, string>();
  for (const [rel, abs] of content.publicFiles) {
    // A public file where a page is written would silently replace that page.
    const page = byUrl.get('/' + rel.replace(/(^|\/)index\.html$/, '$1'));
    if (page && routeToFile(page.url) === rel) {
      diagnostics.add(problem('PD4021', { rel, url: page.url, source: page.source }, { file: `content/public/${rel}` }));
      continue;
    }
    staticFiles.set('/' + rel, abs);
  }
  for (const [name, schema] of content.schemas) staticFiles.set(`/schemas/${name}.json`, config.root + '/' + schema.file);

  return {
    routes: kept,
    byUrl,
    bySource,
    docs: docs.docs,
    docsById: docs.docsById,
    posts: blog.posts,
    pages,
    versions: docs.versions,
    sidebars: docs.sidebars,
    tags: blog.tags,
    authors: blog.authors,
    staticFiles,
  };
}
