import { renderToString } from 'react-dom/server';
import type { SidebarNode } from '../../src/shared/types.ts';
import { SidebarItemContent } from './Sidebar.tsx';
import { markPrerendered } from './sidebar-prerendered.ts';
import { sameData } from './same-data.ts';

// Every page of a sidebar shows the same sidebar but for the path to its own doc: the items off that path (a
// category that holds no active doc, closed or open as its config says, and each inactive doc or link) render to the
// same markup on each of those pages. That markup is made once per process and reused, which saves React most of a
// doc page's elements (the sidebar is about half of a page's bytes). The path to the active doc is left to React.
//
// An item is found by its content: route data reaches a worker by structured clone, so no identity survives, and a
// sidebar edited under `serve` must not be served as it was. Serialising every item for a key cost more than React
// spent on the sidebar, so the key is only what tells most items apart, and a hit is an item equal in every field to
// the one that was rendered (a copy of it, kept with its markup).

/** Items the cache may hold before it starts over: a few large sites' worth of sidebars. */
const CACHE_ITEMS = 50_000;

interface Rendered {
  item: SidebarNode;
  level: number;
  html: string;
}

const rendered = new Map<string, Rendered[]>();
let cachedItems = 0;

/**
 * What tells most items apart, cheaply: every doc and link has its own address, and a category without one (whose
 * label alone repeats, "Guides" in every version) is told apart by its first item's.
 */
function lookupKey(item: SidebarNode): string {
  if (item.href !== undefined) return item.href;
  const first = item.type === 'category' ? item.items[0] : undefined;
  return first === undefined ? item.label : `${item.label}\u0000${lookupKey(first)}`;
}

/** The markup SidebarItemContent renders for `item` at `level`, made once for each distinct item. */
export function itemContentHtml(item: SidebarNode, level: number): string {
  const key = lookupKey(item);
  const bucket = rendered.get(key);
  const hit = bucket?.find((entry) => entry.level === level && sameData(entry.item, item));
  if (hit) return hit.html;
  const html = renderToString(<SidebarItemContent item={item} level={level} />);
  if (cachedItems >= CACHE_ITEMS) {
    rendered.clear();
    cachedItems = 0;
  }
  // A copy: the page's own item is the caller's, and may change after this.
  const entry = { item: structuredClone(item), level, html };
  const kept = rendered.get(key);
  if (kept) kept.push(entry);
  else rendered.set(key, [entry]);
  cachedItems++;
  return html;
}

/**
 * Makes the content of every item of `items` that is not on the path to the active doc, and marks it for Sidebar to
 * use. Done before the page renders, not by Sidebar as it renders: a Sidebar rendered without this (a test, another
 * layout) is React's own render, unchanged, and the markup reused is checked against exactly that.
 */
export function prerenderSidebar(items: readonly SidebarNode[]): void {
  const marks = new WeakMap<SidebarNode, string>();
  const visit = (list: readonly SidebarNode[], level: number) => {
    for (const item of list) {
      if (item.type === 'category' && item.active) visit(item.items, level + 1);
      else if (!(item.type === 'doc' && item.active)) marks.set(item, itemContentHtml(item, level));
    }
  };
  visit(items, 1);
  markPrerendered(marks);
}
