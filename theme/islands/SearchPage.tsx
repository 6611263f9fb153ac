import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { SearchFilter, SearchGroup, SearchPageType } from '../../src/search-engine/results.ts';
import type { SearchData } from '../../src/shared/types.ts';
import { withBase } from '../../src/shared/url.ts';
import { SearchIcon } from '../components/Icons.tsx';
import { searchBackend } from './search/search-client.ts';
import { NoResults, SearchError } from './search/SearchMessages.tsx';
import { useSearchResults } from './search/use-search-results.ts';

export interface SearchPageProps {
  baseUrl: string;
  /** Docs tags offered as filters. */
  docsTags: string[];
  search: SearchData;
}

interface Query {
  q: string;
  /** '' (docs and blog), 'docs' or 'blog'. */
  type: string;
  tags: string[];
}

const EMPTY: Query = { q: '', type: '', tags: [] };
const PAGE_GROUPS = 20;
const HOSTED_DEBOUNCE_MS = 150;

/** Reads the search state from the URL (`q`, `type`, repeated `tag`). */
export function queryFromUrl(search: string): Query {
  const params = new URLSearchParams(search);
  const type = params.get('type') ?? '';
  return { q: params.get('q') ?? '', type: type === 'docs' || type === 'blog' ? type : '', tags: params.getAll('tag').filter(Boolean) };
}

/** The URL for a search state: every empty value removes its parameter; other parameters and the hash are kept. */
export function urlForQuery(href: string, query: Query): string {
  const url = new URL(href);
  const set = (name: string, value: string) => (value ? url.searchParams.set(name, value) : url.searchParams.delete(name));
  set('q', query.q);
  set('type', query.type);
  url.searchParams.delete('tag');
  for (const tag of query.tags) if (tag) url.searchParams.append('tag', tag);
  return url.pathname + url.search + url.hash;
}

function filterOf(query: Query): SearchFilter {
  return { type: (query.type || undefined) as SearchPageType | undefined, tags: query.tags.length ? query.tags : undefined };
}

/**
 * Body of the /search page. Server-rendered it is a plain GET form (q, type, tag) that works without JavaScript.
 * Hydrated, it reads the query from the URL, shows results as you type, and keeps the URL in step with
 * history.replaceState (an empty value removes its parameter), so the page can be bookmarked and shared.
 */
export default function SearchPage({ baseUrl, docsTags, search }: SearchPageProps) {
  const [query, setQuery] = useState<Query>(EMPTY);
  const [mounted, setMounted] = useState(false);
  const [shown, setShown] = useState(PAGE_GROUPS);
  const backend = useMemo(() => searchBackend(search), [search]);

  useEffect(() => {
    setQuery(queryFromUrl(window.location.search));
    setMounted(true);
    backend?.prefetch();
  }, [backend]);

  const update = (next: Query) => {
    setQuery(next);
    setShown(PAGE_GROUPS);
    window.history.replaceState(window.history.state, '', urlForQuery(window.location.href, next));
  };

  const { status, outcome, suggestions } = useSearchResults({
    backend,
    query: query.q,
    enabled: mounted,
    options: { filter: filterOf(query), maxGroups: shown + 1, maxHitsPerGroup: 4, excerptLength: 220, fullText: true, hitsPerPage: 50 },
    hostedDebounceMs: HOSTED_DEBOUNCE_MS,
  });

  const onSubmit = (event: FormEvent) => {
    // Results are already live; without JavaScript the form submits as a GET.
    event.preventDefault();
  };

  const q = query.q.trim();
  return (
    <>
      <form className="search-page__form" action={withBase(baseUrl, '/search/')} method="get" role="search" onSubmit={onSubmit}>
        <div className="search-page__bar">
          <label className="sr-only" htmlFor="search-page-q">
            Search the documentation
          </label>
          <SearchIcon className="search-page__icon" size={20} />
          <input
            id="search-page-q"
            className="search-page__input"
            type="search"
            name="q"
            placeholder="Search the docs and blog"
            autoComplete="off"
            value={query.q}
            onChange={(event) => update({ ...query, q: event.target.value })}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
        <div className="search-page__filters">
          <div className="search-page__filter">
            <label htmlFor="search-page-type">Show</label>
            <select id="search-page-type" name="type" value={query.type} onChange={(event) => update({ ...query, type: event.target.value })}>
              <option value="">Docs and blog</option>
              <option value="docs">Docs</option>
              <option value="blog">Blog</option>
            </select>
          </div>
          {docsTags.length > 0 && (
            <fieldset className="search-page__filter search-page__tags">
              <legend>Docs tags</legend>
              {docsTags.map((tag) => (
                <label key={tag} className="search-page__tag">
                  <input
                    type="checkbox"
                    name="tag"
                    value={tag}
                    checked={query.tags.includes(tag)}
                    onChange={(event) =>
                      update({ ...query, tags: event.target.checked ? [...query.tags, tag] : query.tags.filter((t) => t !== tag) })
                    }
                  />
                  {tag}
                </label>
              ))}
            </fieldset>
          )}
        </div>
      </form>
      <noscript>
        <p className="search-page__hint">Search results need JavaScript. The documentation's sidebar and the blog archive list every page.</p>
      </noscript>
      <div className="search-page__results-live" data-results={outcome ? 'complete' : undefined}>
        {mounted && !backend && <p className="search-page__hint">Search is not available on this site.</p>}
        {q !== '' && status === 'loading' && <p className="search-page__hint">Loading results…</p>}
        {q !== '' && status === 'error' && <SearchError />}
        {q !== '' && status === 'ready' && outcome && (
          <>
            <p className="search-page__count" role="status">
              {outcome.total} {outcome.total === 1 ? 'result' : 'results'}
            </p>
            {outcome.total === 0 ? (
              <NoResults query={outcome.query} suggestions={suggestions} issuesUrl={search.issuesUrl} onSuggestion={(s) => update({ ...query, q: s })} />
            ) : (
              <ResultList groups={outcome.groups.slice(0, shown)} />
            )}
            {outcome.groups.length > shown && (
              <button type="button" className="button button--secondary search-page__more" onClick={() => setShown((n) => n + PAGE_GROUPS)}>
                Show more results
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}

function ResultList({ groups }: { groups: SearchGroup[] }) {
  return (
    <ol className="search-page__list">
      {groups.map((group) => (
        <li key={group.url} className="search-page__result">
          <h2 className="search-page__result-title">
            <a href={group.url} dangerouslySetInnerHTML={{ __html: group.titleHtml }} />
          </h2>
          {(group.category || group.type) && (
            <p className="search-page__result-meta">{group.category ?? (group.type === 'docs' ? 'Documentation' : group.type === 'blog' ? 'Blog' : 'Page')}</p>
          )}
          <ul className="search-page__hits">
            {group.hits.map((hit) => (
              <li key={hit.url} className="search-page__hit">
                {hit.headings.length > 0 && (
                  <a className="search-page__hit-heading" href={hit.url}>
                    {hit.headings.length > 1 && <span className="search-hit__path">{hit.headings.slice(0, -1).join(' › ')} › </span>}
                    <span dangerouslySetInnerHTML={{ __html: hit.headingHtml }} />
                  </a>
                )}
                {hit.textHtml && <p className="search-page__hit-text" dangerouslySetInnerHTML={{ __html: hit.textHtml }} />}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
