// Pure helpers that turn the chrome of a route into the props of the navbar and its mobile menu.

import type { NavLink, NavbarItem, RouteData, SiteChrome } from '../../src/shared/types.ts';
import { withBase } from '../../src/shared/url.ts';
import type { NavbarMenuProps } from '../islands/NavbarMenu.tsx';
import { BLOG_SIDEBAR_LABEL, DOCS_SIDEBAR_LABEL } from './Sidebar.tsx';
import { repoHostName } from './url-utils.ts';

/** Whether the navbar items already link to the source-hosting project. */
export function repoLinkInItems(site: SiteChrome): boolean {
  const repo = site.repoUrl;
  if (!repo) return false;
  const norm = (href: string) => href.replace(/\/+$/, '');
  return site.navbar.items.some((item) => item.type === 'link' && norm(item.href) === norm(repo));
}

function itemLink(item: NavbarItem): NavLink | undefined {
  if (item.type === 'link') return { label: item.label, href: item.href, external: item.external, active: item.active };
  if (item.type === 'docSidebar') return { label: item.label, href: item.href, active: item.active };
  return undefined;
}

/** The navbar's links in order (left, then right), plus the source-hosting project when no item links to it. */
export function navbarLinks(site: SiteChrome): NavLink[] {
  const ordered = [
    ...site.navbar.items.filter((item) => item.position === 'left'),
    ...site.navbar.items.filter((item) => item.position === 'right'),
  ];
  const links = ordered.map(itemLink).filter((link): link is NavLink => link !== undefined);
  if (site.repoUrl && !repoLinkInItems(site)) {
    links.push({ label: repoHostName(site.repoUrl), href: site.repoUrl, external: true });
  }
  return links;
}

/**
 * The mobile menu's secondary menu: the current docs sidebar, or the blog's recent posts. Only its title and the
 * aria-label of the sidebar <nav> the layout renders (DocPage, BlogSidebar); the menu shows that very sidebar.
 */
export function secondaryMenu(route: RouteData): NavbarMenuProps['secondary'] {
  if (route.kind === 'doc') {
    if (route.sidebar.length === 0) return undefined;
    const owner = route.site.navbar.items.find(
      (item) => item.type === 'docSidebar' && route.sidebarId !== undefined && item.sidebarId === route.sidebarId,
    );
    return { title: owner && 'label' in owner ? owner.label : 'Docs', label: DOCS_SIDEBAR_LABEL };
  }
  if (route.kind === 'blog-post' || route.kind === 'blog-list') {
    const sidebar = route.blogSidebar;
    if (sidebar.years.length === 0) return undefined;
    return { title: sidebar.title, label: BLOG_SIDEBAR_LABEL };
  }
  return undefined;
}

export function navbarMenuProps(route: RouteData): NavbarMenuProps {
  const { site } = route;
  const hasVersionItem = site.navbar.items.some((item) => item.type === 'docsVersionDropdown');
  return {
    title: site.navbar.title,
    homeHref: withBase(site.baseUrl, '/'),
    logo: site.navbar.logo,
    items: navbarLinks(site),
    versions: hasVersionItem ? site.versions : [],
    locales: site.locales,
    storageKeySuffix: site.storageKeySuffix,
    secondary: secondaryMenu(route),
  };
}
