import type { SearchRouteData } from '../../src/shared/types.ts';
import { Island } from '../components/Island.tsx';
import { Main } from '../components/Main.tsx';

/** The /search page: a plain GET form (query in `q`) that the SearchPage island enhances. */
export function SearchPage({ route }: { route: SearchRouteData }) {
  const { site } = route;
  return (
    <Main className="page-main">
      <div className="container container--narrow search-page">
        <header className="page-header">
          <h1>Search the documentation</h1>
        </header>
        <Island name="SearchPage" props={{ baseUrl: site.baseUrl, docsTags: route.docsTags, search: site.search }} />
      </div>
    </Main>
  );
}
