import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/index.ts';
import { escapeHtml, withBase, type RouteData } from '../shared/index.ts';
import { baseUrlBannerScript } from '../../theme/head/base-url-banner.ts';
import { colorModeScript } from '../../theme/head/color-mode.ts';
import { jsonLdScript, structuredData } from './structured-data.ts';

export function sha256Base64(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

export const GTAG_SCRIPT_SOURCES = ['https://*.googletagmanager.com'];
export const GTAG_CONNECT_SOURCES = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];

/** The CSP allows only our own files plus the one hashed inline head script. */
export function contentSecurityPolicy(config: SiteConfig, inlineScriptHash: string, hostedSearchHost?: string): string {
  const connect = ["'self'"];
  const scripts = ["'self'", `'sha256-${inlineScriptHash}'`];
  if (hostedSearchHost) connect.push(hostedSearchHost);
  const askEndpoint = config.search.ai.endpoint;
  if (askEndpoint && /^https?:/.test(askEndpoint)) connect.push(new URL(askEndpoint).origin);
  if (config.analytics?.provider === 'gtag') {
    // Google's policy for Google Analytics 4 (images already allow any https: origin). Without a tracking id there
    // is no analytics config here, so none of these hosts is allowed.
    scripts.push(...GTAG_SCRIPT_SOURCES);
    connect.push(...GTAG_CONNECT_SOURCES);
  } else if (config.analytics?.provider === 'beacon' && /^https?:/.test(config.analytics.endpoint)) {
    connect.push(new URL(config.analytics.endpoint).origin);
  }
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export interface HeadInput {
  route: RouteData;
  config: SiteConfig;
  inlineScript: string;
  csp: string;
  stylesheets: readonly string[];
  extraHeadTags: string;
  /** Feeds actually written (none on a site without posts). */
  feeds: readonly ('rss' | 'atom' | 'json')[];
}

/** Everything inside <head>. The theme never renders head tags: they are data, not layout. */
export function renderHead({ route, config, inlineScript, csp, stylesheets, extraHeadTags, feeds }: HeadInput): string {
  const { head, site } = route;
  const base = config.baseUrl;
  const e = escapeHtml;
  const tags: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="${e(csp)}">`,
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    `<link rel="canonical" href="${e(head.canonical)}">`,
    // The site has one language: the page is its own alternate, and the one for every other language too.
    `<link rel="alternate" hreflang="${e(site.lang)}" href="${e(head.canonical)}">`,
    `<link rel="alternate" hreflang="x-default" href="${e(head.canonical)}">`,
    `<meta property="og:title" content="${e(head.title)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:url" content="${e(head.canonical)}">`,
    `<meta property="og:site_name" content="${e(site.title)}">`,
    `<meta property="og:locale" content="${e(site.lang.replace('-', '_'))}">`,
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(head.title)}">`,
    `<meta name="twitter:description" content="${e(head.description)}">`,
    '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff">',
    '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1b1b1d">',
    '<meta name="color-scheme" content="light dark">',
  ];
  if (head.image) tags.push(`<meta property="og:image" content="${e(head.image)}">`, `<meta name="twitter:image" content="${e(head.image)}">`);
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  if (site.favicon) tags.push(`<link rel="icon" href="${e(site.favicon.href)}"${site.favicon.type ? ` type="${e(site.favicon.type)}"` : ''}>`);
  const blog = config.blogPath;
  if (feeds.includes('rss')) tags.push(`<link rel="alternate" type="application/rss+xml" href="${e(withBase(base, blog + 'rss.xml'))}" title="${e(config.blog.title)} RSS Feed">`);
  if (feeds.includes('atom')) tags.push(`<link rel="alternate" type="application/atom+xml" href="${e(withBase(base, blog + 'atom.xml'))}" title="${e(config.blog.title)} Atom Feed">`);
  if (feeds.includes('json')) tags.push(`<link rel="alternate" type="application/feed+json" href="${e(withBase(base, blog + 'feed.json'))}" title="${e(config.blog.title)} JSON Feed">`);
  if (site.search.hosted) tags.push(`<link rel="preconnect" href="${e(site.search.hosted.host)}" crossorigin>`);
  const structured = structuredData(route);
  if (structured) tags.push(jsonLdScript(structured));
  tags.push(`<script>${inlineScript}</script>`);
  for (const href of stylesheets) tags.push(`<link rel="stylesheet" href="${e(href)}">`);
  if (extraHeadTags) tags.push(extraHeadTags);
  return tags.join('\n');
}

/** The page's one inline script (hashed into the CSP): colour mode before first paint, and the wrong-base banner. */
export function inlineHeadScript(config: SiteConfig): string {
  return (
    colorModeScript({
      storageKeySuffix: config.storage.keySuffix,
      defaultMode: config.colorMode.defaultMode,
      respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme,
      announcementBarId: config.announcementBar?.id,
    }) + baseUrlBannerScript(config.baseUrl)
  );
}
