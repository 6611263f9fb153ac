import type { TocItem } from '../shared/index.ts';
import type { HeadingInfo } from './types.ts';

/** Headings within the depth range, nested under the closest shallower heading (a skipped level nests directly). */
export function buildToc(headings: readonly HeadingInfo[], minDepth = 2, maxDepth = 3): TocItem[] {
  const toc: TocItem[] = [];
  const open: TocItem[] = [];
  for (const heading of headings) {
    if (heading.depth < minDepth || heading.depth > maxDepth) continue;
    const item: TocItem = { id: heading.id, text: heading.text, depth: heading.depth, children: [] };
    while (open.length > 0 && open[open.length - 1].depth >= heading.depth) open.pop();
    (open.length > 0 ? open[open.length - 1].children : toc).push(item);
    open.push(item);
  }
  return toc;
}
