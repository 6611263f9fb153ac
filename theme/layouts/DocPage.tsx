import type { DocRouteData } from '../../src/shared/types.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ArticleFooter } from '../components/ArticleFooter.tsx';
import { Main } from '../components/Main.tsx';
import { MarkdownArticle, TocAside } from '../components/MarkdownArticle.tsx';
import { PrevNext } from '../components/Pagination.tsx';
import { DOCS_SIDEBAR_LABEL, Sidebar } from '../components/Sidebar.tsx';
import { TocCollapsible } from '../components/Toc.tsx';

/**
 * A doc: sidebar on the left, breadcrumbs, version badge, article, prev/next; table of contents on the right.
 * The sidebar is also the mobile menu's secondary menu (shown by mobile.css without JavaScript, cloned by NavbarMenu).
 */
export function DocPage({ route }: { route: DocRouteData }) {
  const { site } = route;
  return (
    <div className="doc-page">
      {route.sidebar.length > 0 && (
        <aside className="doc-sidebar">
          <Sidebar items={route.sidebar} label={DOCS_SIDEBAR_LABEL} className="doc-sidebar__menu" />
        </aside>
      )}
      <Main className="doc-main">
        <div className="doc-layout">
          <div className="doc-content">
            <div className="doc-meta">
              <Breadcrumbs items={route.breadcrumbs} baseUrl={site.baseUrl} url={route.url} />
              {site.versions.length > 1 && <span className="badge doc-version">Version: {route.version.label}</span>}
            </div>
            <TocCollapsible items={route.toc} />
            <MarkdownArticle className="doc-article" title={route.title} hasH1={route.hasH1} html={route.html}>
              <ArticleFooter tags={route.tags} editUrl={route.editUrl} />
            </MarkdownArticle>
            <PrevNext prev={route.prev} next={route.next} label="Docs pages" />
          </div>
          <TocAside items={route.toc} />
        </div>
      </Main>
    </div>
  );
}
