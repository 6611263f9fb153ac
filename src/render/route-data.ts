import { absoluteUrl, type SiteConfig } from '../config/index.ts';
import type { DocumentHtml } from '../markdown/index.ts';
import type { DocEntry, PostEntry, RouteEntry, RouteTable, SidebarTreeItem } from '../routes/index.ts';
import {
  escapeHtml,
  isExternalUrl,
  withBase,
  type Author,
  type BlogPostSummary,
  type BlogSidebarData,
  type HeadData,
  type NavLink,
  type RouteData,
  type SidebarNode,
  type SiteChrome,
  type TagLink,
  type TocItem,
  lazyField,
} from '../shared/index.ts';

export interface RouteDataContext {
  config: SiteConfig;
  table: RouteTable;
  chrome: SiteChrome;
  /** Rendered markdown by source file. */
  html: Map<string, DocumentHtml>;
  /** Rendered page modules by source file. */
  moduleHtml: Map<string, { html: string; title?: string; description?: string }>;
  blogSidebar: BlogSidebarData;
  /** The document whose HTML a page's `html` is (see withDocumentHtml). */
  documentOf: WeakMap<RouteData, DocumentHtml>;
  /** While set, the sidebar items that pages share (see SharedSidebarNodes); unset, each page makes its own. */
  sidebarNodes?: SharedSidebarNodes;
  /** While set, the source file of every document a page's data reads is added to it (see page-reads.ts). */
  reading?: string[];
}

/** A rendered document, as route data reads it: every read goes through here, so that a page's reads are known. */
function documentFor(ctx: RouteDataContext, file: string): DocumentHtml | undefined {
  ctx.reading?.push(file);
  return ctx.html.get(file);
}

/** The context of a build's route data; the blog sidebar, the same on every blog page, is made once here. */
export function createRouteDataContext(parts: Omit<RouteDataContext, 'blogSidebar' | 'documentOf'>): RouteDataContext {
  const { config, table } = parts;
  return { ...parts, blogSidebar: blogSidebarData(table.posts, config.blog.sidebarTitle, config.baseUrl), documentOf: new WeakMap() };
}

/**
 * A page's two big parts are made when first read, not with its data: a page taken from an earlier build never reads
 * them (its key names them instead, see page-output.ts), and a cached document's HTML is not even in memory until then.
 * Its table of contents neither (see HEAVY in markdown-cache.ts): the key names it by the document too.
 */
function withDocumentHtml<D extends RouteData & { html: string; toc: TocItem[] }>(ctx: RouteDataContext, data: D, doc: DocumentHtml | undefined, hideToc: boolean | undefined): D {
  if (doc) {
    lazyField(data, 'html', () => doc.html);
    if (!hideToc) lazyField(data, 'toc', () => doc.toc);
    ctx.documentOf.set(data, doc);
  }
  return data;
}

function withSidebar<D extends RouteData & { sidebar: SidebarNode[] }>(ctx: RouteDataContext, data: D, source: { tree: readonly SidebarTreeItem[]; activeUrl: string }): D {
  lazyField(data, 'sidebar', () => sidebarNodes(source.tree, ctx.config.baseUrl, source.activeUrl, ctx.sidebarNodes).nodes);
  return data;
}

const WORDS_PER_MINUTE = 200;
// Made on first use: the first Intl formatter of a process costs ~7 ms (ICU's data), and an edit that re-renders
// one undated doc formats no date at all.
let dateFormat: Intl.DateTimeFormat | undefined;

export function formatDate(date: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

export function readingTime(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE));
}

/**
 * The node of each sidebar item that holds no page's URL is the same on every page of its sidebar: it is made once per
 * run over the pages (see writePages) and shared by those pages' data (which nothing changes). Pages go to a worker in batches, and a structured
 * clone copies an object that its message holds many times only once: a batch of pages of one sidebar sends its items
 * once, not once per page, and the worker receives them so.
 */
export interface SharedSidebarNodes {
  /** Item → the URLs of its pages (docs and category pages), itself and all below it. */
  urls: WeakMap<SidebarTreeItem, Set<string>>;
  /** Item → its node on a page it does not hold. */
  inactive: WeakMap<SidebarTreeItem, SidebarNode>;
}

export function sharedSidebarNodes(): SharedSidebarNodes {
  return { urls: new WeakMap(), inactive: new WeakMap() };
}

function urlsUnder(item: SidebarTreeItem, shared: SharedSidebarNodes): ReadonlySet<string> {
  let urls = shared.urls.get(item);
  if (urls === undefined) {
    urls = new Set();
    if (item.type === 'doc') urls.add(item.url);
    else if (item.type === 'category') {
      if (item.url !== undefined) urls.add(item.url);
      for (const child of item.items) for (const url of urlsUnder(child, shared)) urls.add(url);
    }
    shared.urls.set(item, urls);
  }
  return urls;
}

function sidebarNodes(items: readonly SidebarTreeItem[], base: string, activeUrl: string, shared: SharedSidebarNodes | undefined): { nodes: SidebarNode[]; active: boolean } {
  let anyActive = false;
  const nodes = items.map((item): SidebarNode => {
    if (shared && !urlsUnder(item, shared).has(activeUrl)) {
      let node = shared.inactive.get(item);
      if (node === undefined) shared.inactive.set(item, (node = sidebarNode(item, base, activeUrl, shared).node));
      return node;
    }
    const made = sidebarNode(item, base, activeUrl, shared);
    anyActive ||= made.active;
    return made.node;
  });
  return { nodes, active: anyActive };
}

function sidebarNode(item: SidebarTreeItem, base: string, activeUrl: string, shared: SharedSidebarNodes | undefined): { node: SidebarNode; active: boolean } {
  if (item.type === 'doc') {
    const active = item.url === activeUrl;
    return { node: { type: 'doc', label: item.label, href: withBase(base, item.url), docId: item.docId, active }, active };
  }
  if (item.type === 'link') {
    const external = isExternalUrl(item.href);
    return { node: { type: 'link', label: item.label, href: external ? item.href : withBase(base, item.href), external }, active: false };
  }
  const inner = sidebarNodes(item.items, base, activeUrl, shared);
  const active = inner.active || item.url === activeUrl;
  const node: SidebarNode = {
    type: 'category',
    label: item.label,
    href: item.url ? withBase(base, item.url) : undefined,
    collapsed: item.collapsed && !active,
    active,
    items: inner.nodes,
  };
  return { node, active };
}

export function blogSidebarData(posts: readonly PostEntry[], title: string, base: string): BlogSidebarData {
  const years = new Map<string, { title: string; href: string; active: boolean }[]>();
  for (const post of posts) {
    const year = post.date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), { title: post.title, href: withBase(base, post.url), active: false }]);
  }
  return { title, years: [...years].map(([year, list]) => ({ year, posts: list })) };
}

function authorData(author: PostEntry['authors'][number], table: RouteTable, base: string, blogBase: string): Author {
  const withPage = table.authors.get(author.key);
  return {
    key: author.key,
    name: author.name,
    title: author.title,
    url: author.url,
    imageUrl: author.imageUrl && !isExternalUrl(author.imageUrl) ? withBase(base, author.imageUrl) : author.imageUrl,
    page: withPage?.pageSlug ? withBase(base, `${blogBase}authors/${withPage.pageSlug}/`) : undefined,
  };
}

function tagLink(tag: { label: string; permalink: string; description?: string }, base: string, blogBase: string, count?: number): TagLink {
  return { label: tag.label, href: withBase(base, `${blogBase}tags/${tag.permalink}/`), count, description: tag.description };
}

export function postSummary(post: PostEntry, ctx: RouteDataContext): BlogPostSummary {
  const base = ctx.config.baseUrl;
  const blogBase = ctx.config.blogPath;
  const html = documentFor(ctx, post.file.file);
  return {
    title: post.title,
    href: withBase(base, post.url),
    date: post.date,
    formattedDate: formatDate(post.date),
    readingTime: readingTime(html?.wordCount ?? 0),
    authors: post.authors.map((a) => authorData(a, ctx.table, base, blogBase)),
    tags: post.tags.map((t) => tagLink(t, base, blogBase)),
    excerptHtml: html?.excerptHtml ?? html?.html ?? '',
    truncated: html?.excerptHtml !== undefined,
    description: post.description ?? html?.description,
  };
}

function head(ctx: RouteDataContext, url: string, title: string, description: string | undefined, ogType: HeadData['ogType'], canonicalUrl = url): HeadData {
  const { config } = ctx;
  const fullTitle = url === '/' && title === config.title ? `${config.title} ${config.titleDelimiter} ${config.tagline}` : `${title} ${config.titleDelimiter} ${config.title}`;
  return {
    title: fullTitle,
    // Never empty: a page without prose on a site without a tagline is still described (search engines flag an empty one).
    description: description ?? (config.tagline || fullTitle),
    canonical: absoluteUrl(config, canonicalUrl),
    image: config.image ? absoluteUrl(config, config.image) : undefined,
    ogType,
    noindex: url === '/404.html',
  };
}

function chromeFor(ctx: RouteDataContext, route: RouteEntry, doc?: DocEntry): SiteChrome {
  const base = ctx.config.baseUrl;
  const blogBase = ctx.config.blogPath;
  const items = ctx.chrome.navbar.items.map((item) => {
    if (item.type === 'docSidebar') return { ...item, active: doc?.sidebarId === item.sidebarId };
    if (item.type === 'link' && !item.external) {
      const path = item.href.slice(base.length - 1);
      return { ...item, active: route.url === path || (path !== '/' && route.url.startsWith(path.endsWith('/') ? path : path + '/')) || (path.replace(/\/$/, '') + '/' === blogBase && route.url.startsWith(blogBase)) };
    }
    return item;
  });
  const versions = doc
    ? ctx.chrome.versions.map((v) => {
        const same = ctx.table.docsById.get(v.name)?.get(doc.id);
        return { ...v, href: same ? withBase(base, same.url) : v.href, current: v.name === doc.version };
      })
    : ctx.chrome.versions;
  return { ...ctx.chrome, navbar: { ...ctx.chrome.navbar, items }, versions };
}

/**
 * The sidebar a page shows, and the URL it marks: the page's `sidebar` data is `sidebarNodes` of exactly these (page
 * keys rely on that to name the sidebar by its tree instead of serialising it for every page). Undefined: no sidebar.
 */
export function sidebarSource(route: RouteEntry, table: RouteTable): { tree: readonly SidebarTreeItem[]; activeUrl: string } | undefined {
  if (route.kind === 'doc') {
    const { doc } = route;
    return { tree: doc.sidebarId ? table.sidebars.get(doc.version)?.get(doc.sidebarId) ?? [] : [], activeUrl: doc.url };
  }
  if (route.kind === 'generated-index') return { tree: table.sidebars.get(route.version)?.get(route.sidebarId) ?? [], activeUrl: route.url };
  return undefined;
}

function docRouteData(ctx: RouteDataContext, route: Extract<RouteEntry, { kind: 'doc' }>): RouteData {
  const { doc } = route;
  const base = ctx.config.baseUrl;
  const html = documentFor(ctx, doc.file.file);
  const sidebar = sidebarSource(route, ctx.table)!;
  const version = ctx.table.versions.find((v) => v.name === doc.version)!;
  const link = (l?: { label: string; url: string }): NavLink | undefined => (l ? { label: l.label, href: withBase(base, l.url) } : undefined);
  const relSource = doc.file.file;
  const description = doc.description ?? html?.description;
  const data = {
    kind: 'doc' as const,
    url: route.url,
    title: doc.title,
    description,
    site: chromeFor(ctx, route, doc),
    head: head(ctx, route.url, doc.title, description, 'article', route.canonicalUrl ?? route.url),
    html: '',
    toc: [] as TocItem[],
    sidebarId: doc.sidebarId,
    sidebar: [] as SidebarNode[],
    breadcrumbs: [
      ...doc.breadcrumbs.map((b) => ({ label: b.label, href: b.url ? withBase(base, b.url) : '' })),
      { label: doc.sidebarLabel, href: withBase(base, doc.url), active: true },
    ],
    prev: link(doc.prev),
    next: link(doc.next),
    editUrl: ctx.config.editUrl ? ctx.config.editUrl.replace(/\/?$/, '/') + relSource : undefined,
    version: { name: version.name, label: version.label, current: version.current },
    tags: doc.tags.map((t) => ({ label: t, href: withBase(base, `/search/?q=${encodeURIComponent(t)}`) })),
    hasH1: doc.parsed.h1 !== undefined,
  };
  return withSidebar(ctx, withDocumentHtml(ctx, data, html, doc.file.frontmatter.hide_table_of_contents), sidebar);
}

/** The single source of page data: layouts only read it. */
export function buildRouteData(route: RouteEntry, ctx: RouteDataContext): RouteData {
  const { config, table } = ctx;
  const base = config.baseUrl;
  const blogBase = config.blogPath;
  switch (route.kind) {
    case 'doc':
      return docRouteData(ctx, route);
    case 'generated-index': {
      const links = route.items
        .map((item) => (item.type === 'doc' || (item.type === 'category' && item.url) ? `<li><a href="${escapeHtml(withBase(base, item.url!))}">${escapeHtml(item.label)}</a></li>` : ''))
        .join('');
      const sidebar = sidebarSource(route, table)!;
      const version = table.versions.find((v) => v.name === route.version)!;
      const data = {
        kind: 'doc' as const,
        url: route.url,
        title: route.title,
        description: route.description,
        site: ctx.chrome,
        head: head(ctx, route.url, route.title, route.description, 'website'),
        html: `${route.description ? `<p>${escapeHtml(route.description)}</p>` : ''}<ul class="generated-index">${links}</ul>`,
        toc: [],
        sidebarId: route.sidebarId,
        sidebar: [] as SidebarNode[],
        breadcrumbs: [{ label: route.title, href: withBase(base, route.url), active: true }],
        version: { name: version.name, label: version.label, current: version.current },
        tags: [],
        hasH1: false,
      };
      return withSidebar(ctx, data, sidebar);
    }
    case 'blog-post': {
      const { post } = route;
      const html = documentFor(ctx, post.file.file);
      const description = post.description ?? html?.description;
      const link = (p?: PostEntry): NavLink | undefined => (p ? { label: p.title, href: withBase(base, p.url) } : undefined);
      const sidebar: BlogSidebarData = {
        ...ctx.blogSidebar,
        years: ctx.blogSidebar.years.map((y) => ({ ...y, posts: y.posts.map((p) => ({ ...p, active: p.href === withBase(base, post.url) })) })),
      };
      const data = {
        kind: 'blog-post' as const,
        url: route.url,
        title: post.title,
        description,
        site: chromeFor(ctx, route),
        head: head(ctx, route.url, post.title, description, 'article'),
        html: '',
        toc: [] as TocItem[],
        post: postSummary(post, ctx),
        prev: link(route.newer),
        next: link(route.older),
        blogSidebar: sidebar,
        editUrl: config.editUrl ? config.editUrl.replace(/\/?$/, '/') + post.file.file : undefined,
      };
      return withDocumentHtml(ctx, data, html, post.file.frontmatter.hide_table_of_contents);
    }
    case 'blog-list': {
      const title = route.tag ? `Posts tagged "${route.tag.label}"` : route.author ? route.author.name : config.blog.title;
      const description = route.tag?.description ?? (route.author ? `Posts by ${route.author.name}` : config.blog.description || undefined);
      const pageTitle = route.page > 1 ? `${title} (page ${route.page})` : title;
      return {
        kind: 'blog-list',
        url: route.url,
        title: pageTitle,
        description,
        site: chromeFor(ctx, route),
        head: head(ctx, route.url, pageTitle, description, 'website'),
        heading: route.heading,
        intro: route.tag ? route.tag.description : route.author ? undefined : config.blog.description || undefined,
        author: route.author
          ? {
              ...authorData(route.author, table, base, blogBase),
              count: route.author.count,
              allPostsHref: withBase(base, `${blogBase}authors/${route.author.pageSlug}/`),
            }
          : undefined,
        tag: route.tag ? tagLink(route.tag, base, blogBase, route.tag.count) : undefined,
        posts: route.posts.map((p) => postSummary(p, ctx)),
        pagination: {
          page: route.page,
          totalPages: route.totalPages,
          prev: route.prevUrl ? { label: 'Newer posts', href: withBase(base, route.prevUrl) } : undefined,
          next: route.nextUrl ? { label: 'Older posts', href: withBase(base, route.nextUrl) } : undefined,
        },
        blogSidebar: ctx.blogSidebar,
      };
    }
    case 'blog-archive': {
      const years = new Map<string, { title: string; href: string; date: string; formattedDate: string }[]>();
      for (const post of table.posts) {
        const year = post.date.slice(0, 4);
        years.set(year, [...(years.get(year) ?? []), { title: post.title, href: withBase(base, post.url), date: post.date, formattedDate: formatDate(post.date) }]);
      }
      return {
        kind: 'blog-archive',
        url: route.url,
        title: 'Archive',
        description: `Every post of the ${config.blog.title}, by year.`,
        site: chromeFor(ctx, route),
        head: head(ctx, route.url, 'Archive', `Every post of the ${config.blog.title}, by year.`, 'website'),
        years: [...years].map(([year, posts]) => ({ year, posts })),
      };
    }
    case 'blog-tags':
      return {
        kind: 'blog-tags',
        url: route.url,
        title: 'Tags',
        description: `Topics of the ${config.blog.title}.`,
        site: chromeFor(ctx, route),
        head: head(ctx, route.url, 'Tags', `Topics of the ${config.blog.title}.`, 'website'),
        tags: [...table.tags.values()].sort((a, b) => a.label.localeCompare(b.label)).map((t) => tagLink(t, base, blogBase, t.count)),
      };
    case 'blog-authors':
      return {
        kind: 'blog-authors',
        url: route.url,
        title: 'Authors',
        description: `The people who write the ${config.blog.title}.`,
        site: chromeFor(ctx, route),
        head: head(ctx, route.url, 'Authors', `The people who write the ${config.blog.title}.`, 'website'),
        authors: [...table.authors.values()].map((a) => ({
          ...authorData(a, table, base, blogBase),
          count: a.count,
          allPostsHref: withBase(base, `${blogBase}authors/${a.pageSlug}/`),
        })),
      };
    case 'page': {
      const html = documentFor(ctx, route.page.file.file);
      const description = route.page.description ?? html?.description;
      const data = {
        kind: 'page' as const,
        url: route.url,
        title: route.page.title,
        description,
        site: chromeFor(ctx, route),
        head: head(ctx, route.url, route.page.title, description, 'website'),
        html: '',
        toc: [] as TocItem[],
        hasH1: route.page.parsed.h1 !== undefined,
      };
      return withDocumentHtml(ctx, data, html, route.page.file.frontmatter.hide_table_of_contents);
    }
    case 'page-module': {
      const rendered = ctx.moduleHtml.get(route.module.file);
      const title = rendered?.title ?? config.title;
      return {
        kind: 'page-module',
        url: route.url,
        title,
        description: rendered?.description,
        site: chromeFor(ctx, route),
        head: head(ctx, route.url, title, rendered?.description, 'website'),
        html: rendered?.html ?? '',
      };
    }
    case 'search':
      return {
        kind: 'search',
        url: route.url,
        title: 'Search',
        description: `Search the ${config.title} documentation and blog.`,
        site: chromeFor(ctx, route),
        head: { ...head(ctx, route.url, 'Search', `Search the ${config.title} documentation and blog.`, 'website'), noindex: true },
        docsTags: [...new Set(table.docs.flatMap((d) => d.tags))].sort(),
      };
    case 'not-found': {
      const suggestions: NavLink[] = [
        { label: 'Home', href: withBase(base, '/') },
        ...table.versions.slice(0, 1).map((v) => ({ label: 'Documentation', href: withBase(base, v.mainDocUrl) })),
        ...(table.posts.length ? [{ label: 'Blog', href: withBase(base, blogBase) }] : []),
        { label: 'Search', href: withBase(base, '/search/') },
      ];
      return {
        kind: 'not-found',
        url: route.url,
        title: 'Page not found',
        description: 'We could not find what you were looking for.',
        site: chromeFor(ctx, route),
        head: head(ctx, route.url, 'Page not found', 'We could not find what you were looking for.', 'website'),
        suggestions,
      };
    }
  }
}
