import type { TocItem } from '../../src/shared/types.ts';
import { ChevronRightIcon } from './Icons.tsx';

function TocList({ items, nested = false }: { items: TocItem[]; nested?: boolean }) {
  return (
    <ul className={nested ? 'toc__list toc__list--nested' : 'toc__list'}>
      {items.map((item) => (
        <li key={item.id} className="toc__item">
          <a className="toc__link" href={`#${item.id}`}>
            {item.text}
          </a>
          {item.children.length > 0 && <TocList items={item.children} nested />}
        </li>
      ))}
    </ul>
  );
}

/** Table of contents in the right column (headings 2–3, already filtered by the compiler). */
export function Toc({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="On this page" className="toc toc--desktop">
      <h2 className="toc__title">On this page</h2>
      <TocList items={items} />
    </nav>
  );
}

/** The same entries collapsed above the content on narrow screens (no landmark: the desktop one is the nav). */
export function TocCollapsible({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <details className="toc toc--collapsible">
      <summary className="toc__summary">
        On this page
        <ChevronRightIcon className="toc__caret" />
      </summary>
      <TocList items={items} />
    </details>
  );
}
