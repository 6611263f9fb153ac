// The search dialog of the SearchModal island, loaded on first open (or when the pointer or focus reaches the navbar
// button). A native <dialog> opened with showModal(): it sits in the top layer (above the navbar even while the
// navbar is transformed), makes the page inert behind it and keeps focus inside.

import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent as ReactMouseEvent } from 'react';
import type { SearchGroup, SearchHit } from '../../../src/search-engine/results.ts';
import type { SearchData } from '../../../src/shared/types.ts';
import { withBase } from '../../../src/shared/url.ts';
import { requestNavigation } from '../../../src/client/events.ts';
import { CloseIcon, SearchIcon } from '../../components/Icons.tsx';
import { AskPanel } from './AskPanel.tsx';
import { addRecent, clearRecent, readRecent, type RecentSearch } from './recent.ts';
import { localAnswerer, searchBackend, type SearchBackend } from './search-client.ts';
import { NoResults, SearchError } from './SearchMessages.tsx';
import { useSearchResults } from './use-search-results.ts';

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  baseUrl: string;
  search: SearchData;
  storageKeySuffix: string;
}

/** Backends by settings object, so the trigger's prefetch and the dialog share one (and its loaded index). */
const backends = new WeakMap<SearchData, SearchBackend | undefined>();
function backendFor(search: SearchData): SearchBackend | undefined {
  if (!backends.has(search)) backends.set(search, searchBackend(search));
  return backends.get(search);
}

/** Called by the island when the pointer or focus reaches the search button: start fetching the index. */
export function prefetchSearch(search: SearchData): void {
  backendFor(search)?.prefetch();
}


interface Option {
  id: string;
  url: string;
  /** What a chosen option adds to the recent searches. */
  recent: RecentSearch;
}

const MODAL_GROUPS = 8;
const MODAL_HITS_PER_GROUP = 4;
/** The hosted service is asked at most this often while typing. */
const HOSTED_DEBOUNCE_MS = 120;

export function searchPageUrl(baseUrl: string, query: string): string {
  const page = withBase(baseUrl, '/search/');
  return query.trim() ? `${page}?q=${encodeURIComponent(query.trim())}` : page;
}

export default function SearchDialog({ open, onClose, baseUrl, search, storageKeySuffix }: SearchDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const backend = backendFor(search);
  const indexUrl = search.indexUrl;
  const localAnswer = useMemo(() => (indexUrl ? () => localAnswerer(indexUrl) : undefined), [indexUrl]);
  const [mode, setMode] = useState<'keyword' | 'ask'>('keyword');
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState<RecentSearch[]>([]);
  const [active, setActive] = useState(0);

  // Open and close the native dialog with the `open` prop; lock page scrolling while open.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.documentElement.classList.add('search-modal-open');
      setRecent(readRecent(storageKeySuffix));
      backend?.prefetch();
      // showModal() focused the first focusable element (the close button); the field is where typing belongs.
      const field = dialog.querySelector<HTMLInputElement>('input');
      field?.focus();
      field?.select();
    } else if (!open && dialog.open) {
      dialog.close();
      document.documentElement.classList.remove('search-modal-open');
      // Opened from nowhere in particular: leave focus nowhere, not on the hidden input (where keys would still go
      // until the browser's next focus fix-up).
      if (dialog.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
    }
  }, [open, backend, storageKeySuffix]);
  useEffect(
    () => () => {
      // Unmounted while open (instant navigation swapped the page): leave the page usable.
      if (dialogRef.current?.open) dialogRef.current.close();
      document.documentElement.classList.remove('search-modal-open');
    },
    [],
  );

  const { status, outcome, suggestions } = useSearchResults({
    backend,
    query,
    enabled: open && mode === 'keyword',
    options: { maxGroups: MODAL_GROUPS, maxHitsPerGroup: MODAL_HITS_PER_GROUP, excerptLength: 110 },
    hostedDebounceMs: HOSTED_DEBOUNCE_MS,
    onResult: () => setActive(0),
  });

  const trimmed = query.trim();
  const showResults = trimmed !== '' && status === 'ready' && outcome !== undefined;
  const options: Option[] = useMemo(() => {
    if (trimmed === '') {
      return recent.map((r, i) => ({ id: `pd-search-recent-${i}`, url: r.url, recent: r }));
    }
    if (!showResults) return [];
    return outcome.groups.flatMap((g, gi) =>
      g.hits.map((hit, hi) => ({
        id: `pd-search-option-${gi}-${hi}`,
        url: hit.url,
        recent: { query: trimmed, title: g.title, heading: hit.headings[hit.headings.length - 1] ?? '', url: hit.url },
      })),
    );
  }, [trimmed, recent, showResults, outcome]);
  const activeOption = options[Math.min(active, options.length - 1)];

  useEffect(() => {
    if (!activeOption) return;
    document.getElementById(activeOption.id)?.scrollIntoView({ block: 'nearest' });
  }, [activeOption]);

  const choose = (option: Option) => {
    setRecent(addRecent(storageKeySuffix, option.recent));
    onClose();
  };

  const onInputKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (Math.min(i, options.length - 1) + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (event.nativeEvent.isComposing) return;
      if (activeOption) {
        choose(activeOption);
        requestNavigation(activeOption.url);
      } else if (trimmed) {
        onClose();
        requestNavigation(searchPageUrl(baseUrl, trimmed));
      }
    }
  };

  const onDialogKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    // Escape closes (handled here so a search field's own "clear on Escape" never swallows it).
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  const onDialogPointerDown = (event: ReactMouseEvent<HTMLDialogElement>) => {
    // The dialog element itself is the backdrop area around the panel.
    if (event.target === dialogRef.current) onClose();
  };

  const onLinkClick = (event: ReactMouseEvent<HTMLAnchorElement>, option: Option) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    choose(option);
  };

  const total = outcome?.total ?? 0;
  const statusText =
    mode !== 'keyword' || trimmed === ''
      ? ''
      : status === 'loading'
        ? 'Loading results'
        : status === 'error'
          ? 'Unable to fetch results'
          : showResults
            ? `${total} ${total === 1 ? 'result' : 'results'}`
            : '';

  return (
    <dialog
      ref={dialogRef}
      className="search-modal"
      role="dialog"
      aria-modal="true"
      aria-label={mode === 'ask' ? 'Ask AI' : 'Search'}
      onKeyDown={onDialogKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onPointerDown={onDialogPointerDown}
    >
      <div className="search-modal__panel">
        <div className="search-modal__top">
          <span className="search-modal__title">{mode === 'ask' ? 'Ask AI' : 'Search'}</span>
          <button type="button" className="search-modal__close" aria-label="Close search" onClick={onClose}>
            <CloseIcon size={18} />
          </button>
        </div>
        {mode === 'ask' && search.ai ? (
          <AskPanel
            endpoint={search.ai.endpoint}
            answerLocally={localAnswer}
            initialQuestion={trimmed}
            onBack={(question) => {
              setMode('keyword');
              setQuery(question);
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
            onNavigate={onClose}
          />
        ) : (
          <>
            <form
              className="search-modal__form"
              role="search"
              action={withBase(baseUrl, '/search/')}
              method="get"
              onSubmit={(e) => e.preventDefault()}
            >
              <label className="sr-only" htmlFor="pd-search-input">
                Search the documentation
              </label>
              <SearchIcon className="search-modal__icon" size={20} />
              <input
                ref={inputRef}
                id="pd-search-input"
                className="search-modal__input"
                type="search"
                name="q"
                role="combobox"
                aria-autocomplete="list"
                aria-expanded={options.length > 0}
                aria-controls="pd-search-listbox"
                aria-activedescendant={activeOption?.id}
                autoComplete="off"
                autoCorrect="off"
                autoCapitalize="off"
                spellCheck={false}
                enterKeyHint="go"
                placeholder="Search docs"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onInputKeyDown}
              />
              {search.ai && (
                <button type="button" className="search-modal__mode" onClick={() => setMode('ask')}>
                  Ask AI
                </button>
              )}
            </form>
            <p className="sr-only" role="status">
              {statusText}
            </p>
            {/* Complete: the results shown are those of the query in the box (not yet those of an earlier one, typed on). */}
            <div className="search-modal__body" data-results={outcome?.query === trimmed ? 'complete' : undefined}>
              {!backend && <p className="search-modal__hint">Search is not available on this site.</p>}
              {trimmed === '' && (
                <Recent
                  recent={recent}
                  activeId={activeOption?.id}
                  onHover={setActive}
                  onChoose={(r, e) => onLinkClick(e, { id: '', url: r.url, recent: r })}
                  onClear={() => {
                    clearRecent(storageKeySuffix);
                    setRecent([]);
                  }}
                />
              )}
              {trimmed !== '' && status === 'loading' && <p className="search-modal__hint">Loading…</p>}
              {trimmed !== '' && status === 'error' && <SearchError />}
              {showResults && outcome.total === 0 && (
                <NoResults query={outcome.query} suggestions={suggestions} issuesUrl={search.issuesUrl} onSuggestion={(s) => setQuery(s)} />
              )}
              {showResults && outcome.total > 0 && (
                <Results
                  groups={outcome.groups}
                  activeId={activeOption?.id}
                  onHover={(id) => setActive(options.findIndex((o) => o.id === id))}
                  onChoose={(id, e) => {
                    const option = options.find((o) => o.id === id);
                    if (option) onLinkClick(e, option);
                  }}
                />
              )}
            </div>
            <div className="search-modal__footer">
              <div>
                {showResults && total > 0 && (
                  <a className="search-modal__see-all" href={searchPageUrl(baseUrl, trimmed)} onClick={onClose}>
                    See all {total} results
                  </a>
                )}
              </div>
              <div className="search-modal__keys" aria-hidden="true">
                <kbd>↑</kbd>
                <kbd>↓</kbd> to navigate <kbd>↵</kbd> to select <kbd>esc</kbd> to close
              </div>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}

function Results({
  groups,
  activeId,
  onHover,
  onChoose,
}: {
  groups: SearchGroup[];
  activeId?: string;
  onHover: (id: string) => void;
  onChoose: (id: string, event: ReactMouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <div id="pd-search-listbox" className="search-results" role="listbox" aria-label="Search results">
      {groups.map((group, gi) => (
        <div key={group.url} className="search-results__group" role="group" aria-labelledby={`pd-search-group-${gi}`}>
          <div id={`pd-search-group-${gi}`} className="search-results__group-title">
            <span dangerouslySetInnerHTML={{ __html: group.titleHtml }} />
            {group.category && <span className="search-results__category">{group.category}</span>}
          </div>
          {group.hits.map((hit, hi) => {
            const id = `pd-search-option-${gi}-${hi}`;
            return <Hit key={id} id={id} hit={hit} active={id === activeId} onHover={onHover} onChoose={onChoose} />;
          })}
        </div>
      ))}
    </div>
  );
}

function Hit({
  id,
  hit,
  active,
  onHover,
  onChoose,
}: {
  id: string;
  hit: SearchHit;
  active: boolean;
  onHover: (id: string) => void;
  onChoose: (id: string, event: ReactMouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    // The option is the link itself: a link inside an option would be a nested interactive control.
    <a
      id={id}
      className="search-hit search-hit__link"
      role="option"
      aria-selected={active}
      href={hit.url}
      tabIndex={-1}
      onPointerMove={() => !active && onHover(id)}
      onClick={(e) => onChoose(id, e)}
    >
      {hit.headings.length > 1 && <span className="search-hit__path">{hit.headings.slice(0, -1).join(' › ')}</span>}
      <span className="search-hit__heading" dangerouslySetInnerHTML={{ __html: hit.headingHtml }} />
      {hit.textHtml && <span className="search-hit__text" dangerouslySetInnerHTML={{ __html: hit.textHtml }} />}
    </a>
  );
}

function Recent({
  recent,
  activeId,
  onHover,
  onChoose,
  onClear,
}: {
  recent: RecentSearch[];
  activeId?: string;
  onHover: (index: number) => void;
  onChoose: (r: RecentSearch, event: ReactMouseEvent<HTMLAnchorElement>) => void;
  onClear: () => void;
}) {
  if (recent.length === 0) return <p className="search-modal__hint">Type to search the docs and the blog.</p>;
  return (
    <div className="search-results">
      <div className="search-results__group-title">
        <span id="pd-search-recent-title">Recent searches</span>
        <button type="button" className="search-results__clear" onClick={onClear}>
          Clear
        </button>
      </div>
      <div id="pd-search-listbox" role="listbox" aria-labelledby="pd-search-recent-title">
        {recent.map((r, i) => {
          const id = `pd-search-recent-${i}`;
          return (
            <a
              key={id}
              id={id}
              className="search-hit search-hit__link"
              role="option"
              aria-selected={id === activeId}
              href={r.url}
              tabIndex={-1}
              onPointerMove={() => onHover(i)}
              onClick={(e) => onChoose(r, e)}
            >
              <span className="search-hit__heading">{r.heading ? `${r.title} › ${r.heading}` : r.title}</span>
              <span className="search-hit__text">{r.query}</span>
            </a>
          );
        })}
      </div>
    </div>
  );
}
