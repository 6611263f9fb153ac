import type { SidebarNode } from '../../src/shared/types.ts';

// Which sidebar items of the page being rendered have their content made already (by sidebar-prerender.tsx), in a
// module of its own so that Sidebar.tsx reads it without importing the renderer that imports Sidebar.tsx.

let marked = new WeakMap<SidebarNode, string>();

/** The markup of `item`'s content, when the last prerender made it; undefined: render it. */
export function prerenderedContent(item: SidebarNode): string | undefined {
  return marked.get(item);
}

/**
 * Replaces the marks: only the page prerendered last has any, so an item of an earlier page, however it was changed
 * since, is rendered afresh rather than shown as it was.
 */
export function markPrerendered(next: WeakMap<SidebarNode, string>): void {
  marked = next;
}
