import type { ReactNode } from 'react';
import type { TocItem } from '../../src/shared/types.ts';
import { Markup } from './Markup.tsx';
import { Toc } from './Toc.tsx';

/** A rendered markdown body; the title becomes the page's h1 unless the markdown has its own. */
export function MarkdownArticle({ className, title, hasH1, html, children }: { className: string; title: string; hasH1: boolean; html: string; children?: ReactNode }) {
  return (
    <article className={className}>
      {!hasH1 && (
        <header className="doc-article__header">
          <h1>{title}</h1>
        </header>
      )}
      <Markup html={html} />
      {children}
    </article>
  );
}

/** The table of contents beside the content, on wide screens; nothing when the page has no headings for it. */
export function TocAside({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <div className="doc-toc">
      <Toc items={items} />
    </div>
  );
}
