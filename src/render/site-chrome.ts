import type { SiteConfig } from '../config/index.ts';
import type { RouteTable, SidebarTreeItem } from '../routes/index.ts';
import { isExternalUrl, withBase, type NavbarItem, type SearchData, type SiteChrome } from '../shared/index.ts';
import { siteIcon } from './site-icon.ts';

const LOCALE_LABELS: Record<string, string> = { en: 'English' };

/**
 * The page-independent part of every page, computed once per build. `askEndpoint`: where the server that will serve
 * these pages answers questions (`protodocs serve`), used when the config names no endpoint. A static build has none:
 * its readers get answers from the search index, in the browser.
 */
export function buildSiteChrome(config: SiteConfig, table: RouteTable, searchIndexUrl?: string, askEndpoint?: string): SiteChrome {
  const base = config.baseUrl;
  const current = table.versions[0];
  const sidebarFirstUrl = (sidebarId: string): string => {
    const find = (items: readonly SidebarTreeItem[]): string | undefined => {
      for (const item of items) {
        if (item.type === 'doc') return item.url;
        if (item.type === 'category') {
          if (item.url) return item.url;
          const inner = find(item.items);
          if (inner) return inner;
        }
      }
      return undefined;
    };
    return find(table.sidebars.get(current?.name ?? '')?.get(sidebarId) ?? []) ?? current?.basePath ?? '/';
  };

  const items: NavbarItem[] = config.navbar.items.map((item): NavbarItem => {
    if ('type' in item && item.type === 'docSidebar') {
      return { type: 'docSidebar', label: item.label, sidebarId: item.sidebarId, href: withBase(base, sidebarFirstUrl(item.sidebarId)), position: item.position };
    }
    if ('type' in item && (item.type === 'docsVersionDropdown' || item.type === 'localeDropdown' || item.type === 'search')) {
      return { type: item.type, position: item.position };
    }
    const link = item as { label: string; to?: string; href?: string; position: 'left' | 'right' };
    const href = link.href ?? link.to ?? '/';
    const external = isExternalUrl(href);
    return { type: 'link', label: link.label, href: external ? href : withBase(base, href), external, position: link.position };
  });

  return {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: base,
    titleDelimiter: config.titleDelimiter,
    lang: config.i18n.defaultLocale,
    locales: config.i18n.locales.map((code) => ({
      code,
      label: config.i18n.localeConfigs[code]?.label ?? LOCALE_LABELS[code] ?? code,
      href: withBase(base, '/'),
      current: code === config.i18n.defaultLocale,
    })),
    colorMode: config.colorMode,
    storageKeySuffix: config.storage.keySuffix,
    announcementBar: config.announcementBar,
    navbar: {
      title: config.navbar.title ?? config.title,
      logo: config.navbar.logo ? { src: withBase(base, config.navbar.logo.src), alt: config.navbar.logo.alt } : undefined,
      items,
    },
    footer: {
      groups: config.footer.links.map((group) => ({
        title: group.title,
        items: group.items.map((item) => {
          const href = item.href ?? item.to ?? '/';
          const external = isExternalUrl(href);
          return { label: item.label, href: external ? href : withBase(base, href), external };
        }),
      })),
      copyright: config.footer.copyright,
    },
    versions: table.versions.map((v) => ({ name: v.name, label: v.label, href: withBase(base, v.mainDocUrl), current: v.current })),
    search: {
      indexUrl: searchIndexUrl,
      hosted:
        config.hostedSearchEnabled && config.search.hosted
          ? {
              appId: config.search.hosted.appId,
              apiKey: config.search.hosted.apiKey,
              indexName: config.search.hosted.indexName,
              host: config.search.hosted.host ?? `https://${config.search.hosted.appId}-dsn.algolia.net`,
            }
          : undefined,
      ai: askData(config, searchIndexUrl, askEndpoint),
      issuesUrl: config.repoUrl ? `${config.repoUrl.replace(/\/$/, '')}/issues` : undefined,
      language: config.i18n.defaultLocale,
      docsTags: [`docs-default-${current?.name ?? 'current'}`],
    },
    analytics: config.analytics,
    repoUrl: config.repoUrl,
    favicon: siteIcon(config, table.staticFiles),
  };
}

function askData(config: SiteConfig, searchIndexUrl: string | undefined, askEndpoint: string | undefined): SearchData['ai'] {
  const configured = config.search.ai.endpoint;
  if (configured !== undefined) return { endpoint: configured.startsWith('/') ? withBase(config.baseUrl, configured) : configured };
  if (askEndpoint !== undefined) return { endpoint: askEndpoint };
  // Without an endpoint the answer comes from the index; without either there is no AI mode (never a dead button).
  return searchIndexUrl ? {} : undefined;
}
