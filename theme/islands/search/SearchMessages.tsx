// The texts shown when search fails or finds nothing (SPEC §8), shared by the modal and the search page.

export const FETCH_ERROR_TITLE = 'Unable to fetch results';
export const FETCH_ERROR_HELP = 'You might want to check your network connection.';

export function SearchError() {
  return (
    <div className="search-message search-message--error" role="alert">
      <p className="search-message__title">{FETCH_ERROR_TITLE}</p>
      <p className="search-message__help">{FETCH_ERROR_HELP}</p>
    </div>
  );
}

export interface NoResultsProps {
  query: string;
  suggestions: readonly string[];
  issuesUrl?: string;
  /** Runs a suggested query. */
  onSuggestion: (query: string) => void;
}

export function NoResults({ query, suggestions, issuesUrl, onSuggestion }: NoResultsProps) {
  return (
    <div className="search-message search-message--empty" role="status">
      <p className="search-message__title">
        No results found for "<strong>{query}</strong>"
      </p>
      {suggestions.length > 0 && (
        <div className="search-message__suggestions">
          <p className="search-message__help">Try searching for</p>
          <ul>
            {suggestions.map((s) => (
              <li key={s}>
                <button type="button" className="search-message__suggestion" onClick={() => onSuggestion(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {issuesUrl && (
        <p className="search-message__help">
          Believe this query should return results?{' '}
          <a href={issuesUrl} target="_blank" rel="noopener noreferrer">
            Let us know.
          </a>
        </p>
      )}
    </div>
  );
}
