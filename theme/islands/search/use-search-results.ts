import { useEffect, useRef, useState } from 'react';
import type { SearchOutcome } from '../../../src/search-engine/results.ts';
import type { QueryOptions, SearchBackend } from './search-client.ts';

/**
 * The local index fetches the chunks a query's words fall in: a short wait lets fast typing skip the words' first
 * letters (whose chunks would be fetched for nothing) and stays under what a reader notices.
 */
const LOCAL_DEBOUNCE_MS = 60;

export type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SearchResultsRequest {
  backend: SearchBackend | undefined;
  /** The query as typed; blank means no search. */
  query: string;
  /** False while the widget is closed, in another mode or not mounted yet. */
  enabled: boolean;
  options: Omit<QueryOptions, 'signal'>;
  /** Wait this long before asking a hosted backend, so typing is one request, not one per key. */
  hostedDebounceMs: number;
  onResult?: (outcome: SearchOutcome) => void;
}

/**
 * Results as you type, shared by the modal and the search page. Every answer is checked against the latest
 * request, so a slow answer never overwrites a newer one; an aborted request is not an error.
 */
export function useSearchResults(request: SearchResultsRequest) {
  const { backend, query, enabled, options, hostedDebounceMs } = request;
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [outcome, setOutcome] = useState<SearchOutcome | undefined>();
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const latest = useRef(0);
  const onResult = useRef(request.onResult);
  onResult.current = request.onResult;
  const optionsKey = JSON.stringify(options);

  useEffect(() => {
    const q = query.trim();
    const id = ++latest.current;
    if (!enabled || q === '' || !backend) {
      setStatus('idle');
      setOutcome(undefined);
      return;
    }
    const abort = new AbortController();
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    // The options as the effect's key names them (the object itself changes on every render).
    const queryOptions = JSON.parse(optionsKey) as QueryOptions;
    backend.prefetch(query, queryOptions);
    const run = () =>
      backend.query(q, { ...queryOptions, signal: abort.signal }).then(
        (result) => {
          if (id !== latest.current) return;
          setOutcome(result);
          setStatus('ready');
          onResult.current?.(result);
          if (result.total === 0) backend.suggestions().then(setSuggestions, () => setSuggestions([]));
        },
        (error: unknown) => {
          if (id !== latest.current || (error as Error)?.name === 'AbortError') return;
          setOutcome(undefined);
          setStatus('error');
        },
      );
    const timer = setTimeout(run, backend.kind === 'hosted' ? hostedDebounceMs : LOCAL_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query, enabled, backend, optionsKey, hostedDebounceMs]);

  return { status, outcome, suggestions };
}
