import { useEffect, useState } from 'react';
import type { SearchData } from '../../src/shared/types.ts';
import { withBase } from '../../src/shared/url.ts';
import { SearchIcon } from '../components/Icons.tsx';

export interface SearchModalProps {
  baseUrl: string;
  search: SearchData;
}

/** Placeholder until the full search UI lands: the navbar search button is a link to the search page. */
export default function SearchModal({ baseUrl }: SearchModalProps) {
  const href = withBase(baseUrl, '/search');
  const [mac, setMac] = useState(false);

  useEffect(() => {
    setMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent));
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      const shortcut = (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !typing);
      if (!shortcut || event.defaultPrevented) return;
      event.preventDefault();
      const field = document.querySelector<HTMLInputElement>('.search-page__form input[name="q"]');
      if (field) field.focus();
      else window.location.assign(href);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [href]);

  return (
    <a className="navbar__item navbar-search" href={href} aria-label="Search" aria-keyshortcuts="Control+K Meta+K /">
      <SearchIcon className="navbar-search__icon" />
      <span className="navbar-search__label">Search</span>
      <span className="navbar-search__keys" aria-hidden="true">
        <kbd>{mac ? '⌘' : 'Ctrl'}</kbd>
        <kbd>K</kbd>
      </span>
    </a>
  );
}
