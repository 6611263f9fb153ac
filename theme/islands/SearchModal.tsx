import { useCallback, useEffect, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { lazyWidget } from '../../src/client/lazy.ts';
import type { SearchData } from '../../src/shared/types.ts';
import { withBase } from '../../src/shared/url.ts';
import { SearchIcon } from '../components/Icons.tsx';
import type { SearchDialogProps } from './search/SearchDialog.tsx';

export interface SearchModalProps {
  baseUrl: string;
  search: SearchData;
  /** Appended to the localStorage key of the recent searches (SiteChrome.storageKeySuffix). */
  storageKeySuffix?: string;
}

// The dialog, its results and the index loader are a separate chunk, loaded on first open or on intent.
const loadDialog = () => import('./search/SearchDialog.tsx');
const SearchDialog = lazyWidget<SearchDialogProps>(loadDialog, 'Loading search');

function isEditable(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/**
 * The navbar search button and the search dialog. Server-rendered (and without JavaScript) it is a plain link to the
 * search page. Hydrated, it opens the dialog on click, Ctrl+K, Cmd+K, or `/` (the latter not while typing in a
 * field); the index starts loading when the pointer or focus reaches the button. Closing returns focus to where it was.
 */
export default function SearchModal({ baseUrl, search, storageKeySuffix = '' }: SearchModalProps) {
  const href = withBase(baseUrl, '/search/');
  const [mac, setMac] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const openRef = useRef(false);
  openRef.current = open;

  const prefetch = useCallback(() => {
    loadDialog().then(
      (mod) => mod.prefetchSearch(search),
      () => {},
    );
  }, [search]);

  const show = useCallback(() => {
    if (openRef.current) return;
    const focused = document.activeElement;
    returnFocus.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    setMounted(true);
    setOpen(true);
    prefetch();
  }, [prefetch]);

  const hide = useCallback(() => {
    setOpen(false);
    const target = returnFocus.current;
    returnFocus.current = null;
    // After the dialog is closed (the browser moves focus itself first).
    requestAnimationFrame(() => {
      if (target?.isConnected) target.focus();
    });
  }, []);

  useEffect(() => {
    setHydrated(true);
    setMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'k' && (event.ctrlKey || event.metaKey) && !event.shiftKey) {
        event.preventDefault();
        if (openRef.current) hide();
        else show();
      } else if (key === '/' && !event.ctrlKey && !event.metaKey && !isEditable(event.target) && !openRef.current) {
        event.preventDefault();
        show();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [show, hide]);

  const onClick = (event: ReactMouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep their link meaning (open the search page in a new tab or window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    show();
  };

  return (
    <>
      <a
        className="navbar__item navbar-search"
        href={href}
        aria-keyshortcuts="Control+K Meta+K /"
        role={hydrated ? 'button' : undefined}
        aria-haspopup={hydrated ? 'dialog' : undefined}
        aria-expanded={hydrated ? open : undefined}
        onClick={onClick}
        onKeyDown={(event) => {
          if (event.key === ' ') {
            event.preventDefault();
            show();
          }
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <SearchIcon className="navbar-search__icon" />
        {/* The name comes from content (no aria-label that the visible "Ctrl K" would contradict); the visible label
            may be hidden on small screens, so the name is a separate visually hidden text. */}
        <span className="sr-only">Search</span>
        <span className="navbar-search__label" aria-hidden="true">
          Search
        </span>
        <span className="navbar-search__keys" aria-hidden="true">
          <kbd>{mac ? '⌘' : 'Ctrl'}</kbd>
          <kbd>K</kbd>
        </span>
      </a>
      {mounted && <SearchDialog open={open} onClose={hide} baseUrl={baseUrl} search={search} storageKeySuffix={storageKeySuffix} />}
    </>
  );
}
