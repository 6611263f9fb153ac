// Environment-neutral data shapes shared by the compiler, the theme and the browser runtime.
// Everything here is plain JSON-compatible data: it crosses worker threads and lands in HTML attributes.

/** A link as the theme draws it. `href` is already joined with the base URL. */
export interface NavLink {
  label: string;
  href: string;
  /** Opens in a new tab with rel="noopener noreferrer" (decided at build time). */
  external?: boolean;
  /** The link points at the current page or one of its ancestors. */
  active?: boolean;
}

export type NavbarItem =
  | { type: 'link'; label: string; href: string; external?: boolean; active?: boolean; position: 'left' | 'right' }
  /** A link to the first doc of a sidebar; active when the current doc belongs to that sidebar. */
  | { type: 'docSidebar'; label: string; href: string; sidebarId: string; active?: boolean; position: 'left' | 'right' }
  | { type: 'docsVersionDropdown'; position: 'left' | 'right' }
  | { type: 'localeDropdown'; position: 'left' | 'right' }
  | { type: 'search'; position: 'left' | 'right' };

export interface FooterGroup {
  title: string;
  items: NavLink[];
}

export interface AnnouncementBarData {
  id: string;
  /** Trusted HTML from the site config. */
  content: string;
  closable: boolean;
}

export interface ColorModeData {
  defaultMode: 'light' | 'dark';
  respectPrefersColorScheme: boolean;
  disableSwitch: boolean;
}

/** One entry of the docs version menu. `href` is the same doc in that version when it exists, else its main doc. */
export interface VersionLink {
  name: string;
  label: string;
  href: string;
  current: boolean;
}

export interface LocaleLink {
  code: string;
  label: string;
  href: string;
  current: boolean;
}

export interface HostedSearchData {
  appId: string;
  apiKey: string;
  indexName: string;
  /** Origin of the Algolia-compatible REST API, e.g. https://APPID-dsn.algolia.net */
  host: string;
}

export interface SearchData {
  /** URL of the serialised local index for the current docs version (content-hashed), when the local engine is used. */
  indexUrl?: string;
  hosted?: HostedSearchData;
  /**
   * The "Ask AI" mode, when the site has one: questions go to `endpoint` when there is one, and are otherwise answered
   * in the browser from the local search index (quoting its best passages).
   */
  ai?: { endpoint?: string };
  /** Where "Let us know." points when nothing matches. */
  issuesUrl?: string;
  /** Facets the hosted backend filters by. */
  language: string;
  docsTags: string[];
}

export type AnalyticsData =
  | { provider: 'gtag'; trackingId: string; anonymizeIp: boolean }
  | { provider: 'beacon'; endpoint: string };

/** The page icon a `<link rel="icon">` names. */
export interface SiteIcon {
  /** With the base URL (or an external URL). */
  href: string;
  /** MIME type, when the file name tells it. */
  type?: string;
}

/** Everything a page needs that does not depend on the page itself. Computed once per build. */
export interface SiteChrome {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  titleDelimiter: string;
  lang: string;
  locales: LocaleLink[];
  colorMode: ColorModeData;
  /** Appended to every localStorage key (`theme` + suffix, ...). */
  storageKeySuffix: string;
  announcementBar?: AnnouncementBarData;
  navbar: { title: string; logo?: { src: string; alt: string }; items: NavbarItem[] };
  footer: { groups: FooterGroup[]; copyright: string };
  versions: VersionLink[];
  search: SearchData;
  analytics?: AnalyticsData;
  /** Source-hosting project, for the navbar link and "Let us know.". */
  repoUrl?: string;
  /** The tab icon (the head links it); absent only in hand-made test data. */
  favicon?: SiteIcon;
}

export interface TocItem {
  id: string;
  /** Plain text of the heading. */
  text: string;
  depth: number;
  children: TocItem[];
}

export type SidebarNode =
  | { type: 'doc'; label: string; href: string; docId: string; active: boolean }
  | { type: 'link'; label: string; href: string; external: boolean }
  | {
      type: 'category';
      label: string;
      /** Category landing page (a doc or a generated index), if any. */
      href?: string;
      collapsed: boolean;
      /** True when the current doc is inside; the theme keeps such a category open. */
      active: boolean;
      items: SidebarNode[];
    };

export interface Author {
  key: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  /** Author page, when the author is declared in authors.yml. */
  page?: string;
}

export interface TagLink {
  label: string;
  href: string;
  count?: number;
  description?: string;
}

export interface BlogPostSummary {
  title: string;
  href: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  formattedDate: string;
  readingTime: number;
  authors: Author[];
  tags: TagLink[];
  /** HTML of the excerpt (up to `<!-- truncate -->`). */
  excerptHtml: string;
  /** True when the excerpt is shorter than the post, so the list shows "Read more". */
  truncated: boolean;
  description?: string;
}

export interface BlogSidebarData {
  title: string;
  years: { year: string; posts: { title: string; href: string; active: boolean }[] }[];
}

export interface Pagination {
  page: number;
  totalPages: number;
  prev?: NavLink;
  next?: NavLink;
}

/** Tags in <head> besides title/description; rendered by render/, listed here so the theme can read them. */
export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  image?: string;
  /** Set for blog posts, docs: og:type article. */
  ogType: 'website' | 'article';
  noindex?: boolean;
}

interface RouteBase {
  url: string;
  title: string;
  description?: string;
  site: SiteChrome;
  head: HeadData;
}

export interface DocRouteData extends RouteBase {
  kind: 'doc';
  html: string;
  toc: TocItem[];
  sidebarId?: string;
  sidebar: SidebarNode[];
  breadcrumbs: NavLink[];
  prev?: NavLink;
  next?: NavLink;
  editUrl?: string;
  version: { name: string; label: string; current: boolean };
  tags: TagLink[];
  /** When set, the doc's own headings render; otherwise the layout renders the title as h1. */
  hasH1: boolean;
}

export interface BlogPostRouteData extends RouteBase {
  kind: 'blog-post';
  html: string;
  toc: TocItem[];
  post: BlogPostSummary;
  prev?: NavLink;
  next?: NavLink;
  blogSidebar: BlogSidebarData;
  editUrl?: string;
}

export interface BlogListRouteData extends RouteBase {
  kind: 'blog-list';
  /** "Blog", "Posts tagged hello", "Posts by Alice" ... */
  heading: string;
  intro?: string;
  author?: Author & { count: number; allPostsHref: string };
  tag?: TagLink;
  posts: BlogPostSummary[];
  pagination: Pagination;
  blogSidebar: BlogSidebarData;
}

export interface BlogArchiveRouteData extends RouteBase {
  kind: 'blog-archive';
  years: { year: string; posts: { title: string; href: string; date: string; formattedDate: string }[] }[];
}

export interface BlogTagsRouteData extends RouteBase {
  kind: 'blog-tags';
  tags: TagLink[];
}

export interface BlogAuthorsRouteData extends RouteBase {
  kind: 'blog-authors';
  authors: (Author & { count: number; allPostsHref: string })[];
}

export interface PageRouteData extends RouteBase {
  kind: 'page';
  html: string;
  toc: TocItem[];
  hasH1: boolean;
}

/** A React page module; `html` is the module's component rendered at build time. */
export interface PageModuleRouteData extends RouteBase {
  kind: 'page-module';
  html: string;
}

export interface SearchRouteData extends RouteBase {
  kind: 'search';
  /** Docs tags offered as filters on the search page. */
  docsTags: string[];
}

export interface NotFoundRouteData extends RouteBase {
  kind: 'not-found';
  suggestions: NavLink[];
}

export type RouteData =
  | DocRouteData
  | BlogPostRouteData
  | BlogListRouteData
  | BlogArchiveRouteData
  | BlogTagsRouteData
  | BlogAuthorsRouteData
  | PageRouteData
  | PageModuleRouteData
  | SearchRouteData
  | NotFoundRouteData;

export type RouteKind = RouteData['kind'];

/** Props of a `.tsx` page module's default export. */
export interface PageModuleProps {
  site: SiteChrome;
}

/** Island markers: `<div data-pd-island={name} data-pd-props={JSON}>`; props must be JSON. */
export const ISLAND_ATTR = 'data-pd-island';
export const ISLAND_PROPS_ATTR = 'data-pd-props';
