import path from 'node:path';
import { withBase, type AnalyticsData } from '../shared/index.ts';
import type { SidebarItemConfig, SiteConfigData } from './schema.ts';

// Values derived from the config, computed once when it is loaded (load.ts) and read everywhere else, as VitePress
// turns its UserConfig into a SiteConfig: no stage normalises a route base or the site URL on its own.

/** A route base as written (`docs`, `/blog/`, `guide/v2`) as a site path: one leading and one trailing slash. */
export function routeBase(written: string): string {
  return `/${written.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
}

/** The site's URL without a trailing slash: what absolute URLs start with. */
export function siteOrigin(url: string): string {
  return url.replace(/\/+$/, '');
}

/** An absolute URL for a site path (base URL added), or `href` itself when it already is one. */
export function absoluteUrl(config: { origin: string; baseUrl: string }, href: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(href) ? href : config.origin + withBase(config.baseUrl, href);
}

export interface SiteConfig extends Omit<SiteConfigData, 'analytics'> {
  /** Analytics with its tracking id resolved; absent when there is nothing to send to. */
  analytics?: AnalyticsData;
  /** Absolute site root. */
  root: string;
  /** Absolute output folder. */
  outDirAbs: string;
  contentDir: string;
  sidebars: Record<string, SidebarItemConfig[]>;
  /** Relative path of the sidebars module, for diagnostics. */
  sidebarsFile: string;
  /** Every file the config and sidebars were built from (watch these). */
  configDeps: string[];
  /** Search uses the hosted backend only with real credentials. */
  hostedSearchEnabled: boolean;
  /** The site's URL without a trailing slash. */
  origin: string;
  /** Site paths of the docs and the blog, with one leading and one trailing slash ("/docs/"), base URL not included. */
  docsPath: string;
  blogPath: string;
}

/** What the config file alone does not say: where the site is, and what the CLI and the sidebars module add. */
export interface ResolveContext {
  root: string;
  /** --out, which wins over the config's outDir. */
  outDir?: string;
  /** A gtag tracking id given at build time; it wins over `analytics.trackingId`. */
  analyticsId?: string;
  sidebars?: Record<string, SidebarItemConfig[]>;
  sidebarsFile?: string;
  configDeps?: string[];
}

/** The SPEC's "{key}", "your-api-key" and the like: a value not filled in yet. */
const PLACEHOLDER = /^\{[^}]*\}$|^(?:x+|placeholder|your[-_ \w]*|changeme)$/i;

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value);
}

/** The site's content folder (SiteConfig.contentDir), known from its root before the config loads. */
export function contentFolder(root: string): string {
  return path.join(path.resolve(root), 'content');
}

/** The validated config with every derived value computed: the one SiteConfig every stage reads. */
export function resolveConfig(data: SiteConfigData, context: ResolveContext): SiteConfig {
  const root = path.resolve(context.root);
  const hosted = data.search.hosted;
  return Object.freeze({
    ...data,
    analytics: resolveAnalytics(data.analytics, context.analyticsId),
    root,
    outDirAbs: path.resolve(root, context.outDir ?? data.outDir),
    contentDir: contentFolder(root),
    sidebars: context.sidebars ?? {},
    sidebarsFile: context.sidebarsFile ?? data.docs.sidebarPath,
    configDeps: context.configDeps ?? [],
    hostedSearchEnabled: hosted !== undefined && data.search.engine !== 'local' && !isPlaceholder(hosted.appId) && !isPlaceholder(hosted.apiKey),
    origin: siteOrigin(data.url),
    docsPath: routeBase(data.docs.routeBasePath),
    blogPath: routeBase(data.blog.routeBasePath),
  });
}

/** The analytics a built page uses: gtag needs a real tracking id (from the build or the config), or sends nothing. */
function resolveAnalytics(analytics: SiteConfigData['analytics'], analyticsId: string | undefined): AnalyticsData | undefined {
  if (analytics?.provider === 'beacon') return analytics;
  const id = analyticsId?.trim() || analytics?.trackingId?.trim();
  if (!id || isPlaceholder(id)) return undefined;
  return { provider: 'gtag', trackingId: id, anonymizeIp: analytics?.anonymizeIp ?? true };
}
