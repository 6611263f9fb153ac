import type { PageRouteData } from '../../src/shared/types.ts';
import { Main } from '../components/Main.tsx';
import { Markup } from '../components/Markup.tsx';
import { Toc, TocCollapsible } from '../components/Toc.tsx';

/** A standalone markdown page. */
export function Page({ route }: { route: PageRouteData }) {
  return (
    <Main className="page-main">
      <div className="container doc-layout">
        <div className="doc-content">
          <TocCollapsible items={route.toc} />
          <article className="page-article">
            {!route.hasH1 && (
              <header className="doc-article__header">
                <h1>{route.title}</h1>
              </header>
            )}
            <Markup html={route.html} />
          </article>
        </div>
        {route.toc.length > 0 && (
          <div className="doc-toc">
            <Toc items={route.toc} />
          </div>
        )}
      </div>
    </Main>
  );
}
