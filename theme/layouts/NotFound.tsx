import type { NotFoundRouteData } from '../../src/shared/types.ts';
import { withBase } from '../../src/shared/url.ts';
import { SearchIcon } from '../components/Icons.tsx';
import { Link } from '../components/Link.tsx';
import { Main } from '../components/Main.tsx';

/** The 404 page: what happened, helpful links and a search box. */
export function NotFound({ route }: { route: NotFoundRouteData }) {
  const { site } = route;
  return (
    <Main className="page-main">
      <div className="container container--narrow not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p className="not-found__lead">
          We could not find what you were looking for. The page may have moved, or the link you followed may be out of
          date.
        </p>
        <form className="not-found__search" action={withBase(site.baseUrl, '/search/')} method="get" role="search">
          <label className="sr-only" htmlFor="not-found-q">
            Search the documentation
          </label>
          <SearchIcon className="search-page__icon" size={20} />
          <input id="not-found-q" className="search-page__input" type="search" name="q" placeholder="Search the docs" />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </form>
        {route.suggestions.length > 0 && (
          <section className="not-found__suggestions" aria-labelledby="not-found-suggestions">
            <h2 id="not-found-suggestions">Maybe you were looking for</h2>
            <ul className="link-list">
              {route.suggestions.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} external={link.external}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <p className="not-found__home">
          <a className="button button--secondary" href={withBase(site.baseUrl, '/')}>
            Go to the home page
          </a>
        </p>
      </div>
    </Main>
  );
}
