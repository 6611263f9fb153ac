import type { PageRouteData } from '../../src/shared/types.ts';
import { Main } from '../components/Main.tsx';
import { MarkdownArticle, TocAside } from '../components/MarkdownArticle.tsx';
import { TocCollapsible } from '../components/Toc.tsx';

/** A standalone markdown page. */
export function Page({ route }: { route: PageRouteData }) {
  return (
    <Main className="page-main">
      <div className="container doc-layout">
        <div className="doc-content">
          <TocCollapsible items={route.toc} />
          <MarkdownArticle className="page-article" title={route.title} hasH1={route.hasH1} html={route.html} />
        </div>
        <TocAside items={route.toc} />
      </div>
    </Main>
  );
}
