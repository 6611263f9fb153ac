// Entry point of the theme: everything inside <body> for one route. Pure: the output depends on `route` only.

import type { ReactElement } from 'react';
import type { RouteData } from '../src/shared/types.ts';
import { Footer } from './components/Footer.tsx';
import { Island } from './components/Island.tsx';
import { Navbar } from './components/Navbar.tsx';
import { SkipLink } from './components/SkipLink.tsx';
import { prerenderSidebar } from './components/sidebar-prerender.tsx';
import { BlogArchive } from './layouts/BlogArchive.tsx';
import { BlogAuthors } from './layouts/BlogAuthors.tsx';
import { BlogList } from './layouts/BlogList.tsx';
import { BlogPost } from './layouts/BlogPost.tsx';
import { BlogTags } from './layouts/BlogTags.tsx';
import { DocPage } from './layouts/DocPage.tsx';
import { NotFound } from './layouts/NotFound.tsx';
import { Page } from './layouts/Page.tsx';
import { PageModule } from './layouts/PageModule.tsx';
import { SearchPage } from './layouts/SearchPage.tsx';

export { colorModeScript, type ColorModeScriptOptions } from './head/color-mode.ts';
export { storageKeys, type StorageKeys } from './head/storage-keys.ts';
export { Island, IslandRoot } from './components/Island.tsx';
export { islands, islandNames, getIsland, isIslandName, type IslandName, type IslandProps } from './islands/registry.ts';
export { MOBILE_MAX_WIDTH } from './components/breakpoint.ts';

/** Id of the element wrapping everything between the navbar and the footer (sidebar + <main>). */
export const PAGE_REGION_ID = 'pd-page';

export function Layout({ route }: { route: RouteData }): ReactElement {
  switch (route.kind) {
    case 'doc':
      return <DocPage route={route} />;
    case 'blog-post':
      return <BlogPost route={route} />;
    case 'blog-list':
      return <BlogList route={route} />;
    case 'blog-archive':
      return <BlogArchive route={route} />;
    case 'blog-tags':
      return <BlogTags route={route} />;
    case 'blog-authors':
      return <BlogAuthors route={route} />;
    case 'page':
      return <Page route={route} />;
    case 'page-module':
      return <PageModule route={route} />;
    case 'search':
      return <SearchPage route={route} />;
    case 'not-found':
      return <NotFound route={route} />;
  }
}

/**
 * Everything inside <body>: skip link, announcement bar, navbar, the page region (`#pd-page`, holding the sidebar
 * if any and `<main id="main">`), footer. The compiler appends the island scripts after it.
 */
export function renderBody(route: RouteData): ReactElement {
  const { site } = route;
  if (route.kind === 'doc') prerenderSidebar(route.sidebar);
  const bar = site.announcementBar;
  return (
    <>
      <SkipLink />
      {bar && (
        <Island
          name="AnnouncementBar"
          props={{ id: bar.id, content: bar.content, closable: bar.closable, storageKeySuffix: site.storageKeySuffix }}
        />
      )}
      <Navbar route={route} />
      <div id={PAGE_REGION_ID} className={`page-region page-region--${route.kind}`} data-pd-kind={route.kind}>
        <Layout route={route} />
      </div>
      <Footer site={site} />
    </>
  );
}
