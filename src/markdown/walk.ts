import type { Nodes } from 'mdast';

// Phrasing content (inside these) never holds a heading, so a search for headings need not descend into them.
const PHRASING_PARENTS: ReadonlySet<string> = new Set(['paragraph', 'heading', 'tableCell']);

/**
 * Pre-order walk over mdast; `enter` returns false to skip a node's children. A plain recursion, because
 * unist-util-visit's generic ancestor tracking costs more than the work done per node here.
 */
export function walk(node: Nodes, enter: (node: Nodes) => boolean | void): void {
  if (enter(node) === false) return;
  if ('children' in node) for (const child of node.children) walk(child, enter);
}

/** Headings in document order, skipping phrasing content. */
export function findHeadings<T extends Nodes>(tree: Nodes, isHeading: (node: Nodes) => node is T): T[] {
  const found: T[] = [];
  walk(tree, (node) => {
    if (isHeading(node)) {
      found.push(node);
      return false;
    }
    return !PHRASING_PARENTS.has(node.type);
  });
  return found;
}
