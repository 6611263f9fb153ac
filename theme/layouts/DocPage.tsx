import type { DocRouteData } from '../../src/shared/types.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ArticleFooter } from '../components/ArticleFooter.tsx';
import { Main } from '../components/Main.tsx';
import { Markup } from '../components/Markup.tsx';
import { PrevNext } from '../components/Pagination.tsx';
import { Sidebar } from '../components/Sidebar.tsx';
import { Toc, TocCollapsible } from '../components/Toc.tsx';

/** A doc: sidebar on the left, breadcrumbs, version badge, article, prev/next; table of contents on the right. */
export function DocPage({ route }: { route: DocRouteData }) {
  const { site } = route;
  return (
    <div className="doc-page">
      {route.sidebar.length > 0 && (
        <aside className="doc-sidebar">
          <Sidebar items={route.sidebar} label="Docs sidebar" className="doc-sidebar__menu" />
        </aside>
      )}
      <Main className="doc-main">
        <div className="doc-layout">
          <div className="doc-content">
            <div className="doc-meta">
              <Breadcrumbs items={route.breadcrumbs} baseUrl={site.baseUrl} url={route.url} />
              <span className="badge doc-version">Version: {route.version.label}</span>
            </div>
            <TocCollapsible items={route.toc} />
            <article className="doc-article">
              {!route.hasH1 && (
                <header className="doc-article__header">
                  <h1>{route.title}</h1>
                </header>
              )}
              <Markup html={route.html} />
              <ArticleFooter tags={route.tags} editUrl={route.editUrl} />
            </article>
            <PrevNext prev={route.prev} next={route.next} label="Docs pages" />
          </div>
          {route.toc.length > 0 && (
            <div className="doc-toc">
              <Toc items={route.toc} />
            </div>
          )}
        </div>
      </Main>
    </div>
  );
}
