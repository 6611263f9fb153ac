import { useEffect, useRef, type ReactNode } from 'react';
import { cls } from './cls.ts';
import { ChevronDownIcon } from './Icons.tsx';

export interface DropdownProps {
  /** Contents of the toggle. */
  summary: ReactNode;
  /** <li> elements. */
  children: ReactNode;
  className?: string;
  /** Accessible name of the menu list. */
  listLabel?: string;
}

/**
 * A navbar dropdown built on <details>: it opens and its links work without JavaScript. Once hydrated it also closes
 * on a click outside, on Escape (focus returns to the toggle) and when focus leaves it.
 */
export function Dropdown({ summary, children, className, listLabel }: DropdownProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onDocumentClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        event.preventDefault();
        details.open = false;
        details.querySelector('summary')?.focus();
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (details.open && next && !details.contains(next)) details.open = false;
    };
    document.addEventListener('click', onDocumentClick);
    details.addEventListener('keydown', onKeyDown);
    details.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('click', onDocumentClick);
      details.removeEventListener('keydown', onKeyDown);
      details.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return (
    <details ref={ref} className={cls('dropdown', className)}>
      <summary className="dropdown__toggle">
        {summary}
        <ChevronDownIcon className="dropdown__caret" />
      </summary>
      <ul className="dropdown__menu" aria-label={listLabel}>
        {children}
      </ul>
    </details>
  );
}
