import type { SidebarNode } from '../../src/shared/types.ts';
import { cls } from './cls.ts';
import { ChevronRightIcon, ExternalIcon } from './Icons.tsx';
import { Link } from './Link.tsx';
import { prerenderedContent } from './sidebar-prerendered.ts';

/**
 * aria-label of the docs sidebar <nav> and of the blog's recent posts <nav> (theme/components/Blog.tsx). The mobile
 * menu (NavbarMenu) finds the page's sidebar by this label and shows it: the page carries each sidebar once.
 */
export const DOCS_SIDEBAR_LABEL = 'Docs sidebar';
export const BLOG_SIDEBAR_LABEL = 'Blog recent posts';

export interface SidebarProps {
  items: SidebarNode[];
  /** aria-label of the <nav>; without one the menu is a plain <div>. */
  label?: string;
  className?: string;
}

/**
 * The menu of one docs sidebar. Categories are <details> so they open and close without JavaScript; a category that
 * holds the current doc is always open, so the current path is visible.
 */
export function Sidebar({ items, label, className }: SidebarProps) {
  const list = <SidebarList items={items} level={1} />;
  if (label === undefined) return <div className={cls('menu', className)}>{list}</div>;
  return (
    <nav aria-label={label} className={cls('menu', className)}>
      {list}
    </nav>
  );
}

interface ListProps {
  items: SidebarNode[];
  level: number;
}

function SidebarList({ items, level }: ListProps) {
  return (
    <ul className={cls('menu__list', level > 1 && 'menu__list--nested')}>
      {items.map((item, index) => {
        const key = `${item.type}:${item.label}:${index}`;
        // An item made once for all the pages that show it the same (see sidebar-prerender.tsx): its <li> holds the
        // very markup SidebarItemContent renders.
        const html = prerenderedContent(item);
        if (html !== undefined) return <li key={key} className={itemClass(item)} dangerouslySetInnerHTML={{ __html: html }} />;
        return (
          <li key={key} className={itemClass(item)}>
            <SidebarItemContent item={item} level={level} />
          </li>
        );
      })}
    </ul>
  );
}

function itemClass(item: SidebarNode): string {
  return item.type === 'category' ? cls('menu__item', 'menu__item--category', item.active && 'menu__item--active') : 'menu__item';
}

/** What an item's <li> holds: one element, so its markup is the same rendered alone or in place. */
export function SidebarItemContent({ item, level }: { item: SidebarNode; level: number }) {
  if (item.type === 'doc') {
    return (
      <a
        className={cls('menu__link', item.active && 'menu__link--active')}
        href={item.href}
        aria-current={item.active ? 'page' : undefined}
      >
        {item.label}
      </a>
    );
  }
  if (item.type === 'link') {
    return (
      <Link className="menu__link" href={item.href} external={item.external}>
        {item.label}
        {item.external && <ExternalIcon className="menu__external" />}
      </Link>
    );
  }
  const open = !item.collapsed || item.active;
  return (
    <details className="menu__category" open={open}>
      <summary className={cls('menu__category-summary', item.active && 'menu__category-summary--active')}>
        {item.href ? (
          <a className="menu__category-link" href={item.href}>
            {item.label}
          </a>
        ) : (
          <span className="menu__category-label">{item.label}</span>
        )}
        <ChevronRightIcon className="menu__caret" />
      </summary>
      <SidebarList items={item.items} level={level + 1} />
    </details>
  );
}
