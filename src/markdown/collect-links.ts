import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { LinkRef } from './types.ts';

/**
 * Every link and image target as written, in document order. A reference-style target (`[x]: ./a.md`) is listed
 * once, at its definition, because that is where the author has to fix it; it counts as an image only when
 * nothing but images use it.
 */
export function collectLinks(tree: Root): LinkRef[] {
  const linkIds = new Set<string>();
  const imageIds = new Set<string>();
  visit(tree, (node) => {
    if (node.type === 'linkReference') linkIds.add(node.identifier.toUpperCase());
    else if (node.type === 'imageReference') imageIds.add(node.identifier.toUpperCase());
  });

  const links: LinkRef[] = [];
  visit(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
    const start = node.position?.start;
    let kind: LinkRef['kind'] = node.type === 'image' ? 'image' : 'link';
    if (node.type === 'definition') {
      const id = node.identifier.toUpperCase();
      kind = imageIds.has(id) && !linkIds.has(id) ? 'image' : 'link';
    }
    links.push({ href: node.url, line: start?.line ?? 1, column: start?.column ?? 1, kind });
  });
  return links;
}
