import type { AuthorEntry, BlogFile, DocFile, PageFile, PageModuleFile, TagEntry } from '../content/index.ts';
import type { ParsedMarkdown } from '../markdown/index.ts';

/**
 * What routes need of a parsed file: neither the syntax tree (which may live in a worker) nor the headings, which only
 * its render reads, from the tree. Summaries are sent from the workers and held in the cache's entries.
 */
export type ParsedSummary = Omit<ParsedMarkdown, 'mdast' | 'headings'>;
import type { RouteKind } from '../shared/index.ts';

export interface DocEntry {
  file: DocFile;
  parsed: ParsedSummary;
  /** Id within its version: "api/receipts". */
  id: string;
  version: string;
  title: string;
  sidebarLabel: string;
  description?: string;
  /** Route path without base URL: "/docs/api/receipts/". */
  url: string;
  sidebarId?: string;
  /** Category labels (and links) from the sidebar root down to the doc. */
  breadcrumbs: { label: string; url?: string }[];
  prev?: { label: string; url: string };
  next?: { label: string; url: string };
  tags: string[];
}

export interface PostEntry {
  file: BlogFile;
  parsed: ParsedSummary;
  slug: string;
  url: string;
  title: string;
  description?: string;
  /** YYYY-MM-DD */
  date: string;
  authors: (AuthorEntry & { inline?: boolean })[];
  tags: TagEntry[];
}

export interface PageEntry {
  file: PageFile;
  parsed: ParsedSummary;
  url: string;
  title: string;
  description?: string;
}

/** A normalised sidebar item: doc ids resolved, categories with their children. */
export type SidebarTreeItem =
  | { type: 'doc'; docId: string; label: string; url: string }
  | { type: 'link'; label: string; href: string }
  | { type: 'category'; label: string; url?: string; collapsed: boolean; items: SidebarTreeItem[]; generatedIndex?: { title: string; description?: string } };

export interface VersionInfo {
  name: string;
  label: string;
  /** "/docs/" for the first (current) version, "/docs/<path>/" for others. */
  basePath: string;
  mainDocUrl: string;
  current: boolean;
}

interface RouteBase {
  /** Path without the base URL: "/docs/intro/", "/404.html". */
  url: string;
  kind: RouteKind | 'generated-index';
  /** Source file that produced the route, for diagnostics and the manifest. */
  source?: string;
}

export type RouteEntry =
  | (RouteBase & { kind: 'doc'; doc: DocEntry; /** Set on the version root alias of the main doc. */ canonicalUrl?: string })
  | (RouteBase & { kind: 'blog-post'; post: PostEntry; newer?: PostEntry; older?: PostEntry })
  | (RouteBase & {
      kind: 'blog-list';
      heading: string;
      posts: PostEntry[];
      page: number;
      totalPages: number;
      prevUrl?: string;
      nextUrl?: string;
      tag?: TagEntry & { count: number };
      author?: AuthorEntry & { count: number };
    })
  | (RouteBase & { kind: 'blog-archive' })
  | (RouteBase & { kind: 'blog-tags' })
  | (RouteBase & { kind: 'blog-authors' })
  | (RouteBase & { kind: 'page'; page: PageEntry })
  | (RouteBase & { kind: 'page-module'; module: PageModuleFile; title: string; description?: string })
  | (RouteBase & { kind: 'search' })
  | (RouteBase & { kind: 'not-found' })
  | (RouteBase & { kind: 'generated-index'; title: string; description?: string; items: SidebarTreeItem[]; sidebarId: string; version: string });

export interface RouteTable {
  routes: RouteEntry[];
  byUrl: Map<string, RouteEntry>;
  /** Relative source file → route path (first route of that file). */
  bySource: Map<string, string>;
  docs: DocEntry[];
  /** version → doc id → doc */
  docsById: Map<string, Map<string, DocEntry>>;
  posts: PostEntry[];
  pages: PageEntry[];
  versions: VersionInfo[];
  /** version → sidebar id → tree */
  sidebars: Map<string, Map<string, SidebarTreeItem[]>>;
  tags: Map<string, TagEntry & { count: number; posts: PostEntry[] }>;
  authors: Map<string, AuthorEntry & { count: number; posts: PostEntry[] }>;
  /** Static files published as is (public/, schemas/): route path → absolute source. */
  staticFiles: Map<string, string>;
}
