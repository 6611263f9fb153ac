import { useEffect, useState } from 'react';
import type { SearchData } from '../../src/shared/types.ts';
import { withBase } from '../../src/shared/url.ts';
import { SearchIcon } from '../components/Icons.tsx';

export interface SearchPageProps {
  baseUrl: string;
  /** Docs tags offered as filters. */
  docsTags: string[];
  search: SearchData;
}

interface Query {
  q: string;
  type: string;
  tags: string[];
}

const EMPTY: Query = { q: '', type: '', tags: [] };

/**
 * Body of the /search page: a plain GET form (q, type, tag) that works without JavaScript. Placeholder until the full
 * search UI lands; once hydrated it fills the fields from the URL (React escapes the values).
 */
export default function SearchPage({ baseUrl, docsTags }: SearchPageProps) {
  const [query, setQuery] = useState<Query>(EMPTY);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setQuery({ q: params.get('q') ?? '', type: params.get('type') ?? '', tags: params.getAll('tag') });
  }, []);

  return (
    <form className="search-page__form" action={withBase(baseUrl, '/search')} method="get" role="search">
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
          onChange={(event) => setQuery({ ...query, q: event.target.value })}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </div>
      <div className="search-page__filters">
        <div className="search-page__filter">
          <label htmlFor="search-page-type">Show</label>
          <select
            id="search-page-type"
            name="type"
            value={query.type}
            onChange={(event) => setQuery({ ...query, type: event.target.value })}
          >
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
                    setQuery({
                      ...query,
                      tags: event.target.checked ? [...query.tags, tag] : query.tags.filter((t) => t !== tag),
                    })
                  }
                />
                {tag}
              </label>
            ))}
          </fieldset>
        )}
      </div>
    </form>
  );
}
