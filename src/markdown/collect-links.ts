import type { Root } from 'mdast';
import type { LinkRef } from './types.ts';
import { walk } from './walk.ts';

/**
 * Every link and image target as written, in document order. A reference-style target (`[x]: ./a.md`) is listed
 * once, at its definition, because that is where the author has to fix it; it counts as an image only when
 * nothing but images use it.
 */
export function collectLinks(tree: Root): LinkRef[] {
  const linkIds = new Set<string>();
  const imageIds = new Set<string>();
  const links: LinkRef[] = [];
  const definitions: { ref: LinkRef; id: string }[] = [];
  walk(tree, (node) => {
    if (node.type === 'linkReference') linkIds.add(node.identifier.toUpperCase());
    else if (node.type === 'imageReference') imageIds.add(node.identifier.toUpperCase());
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
    const start = node.position?.start;
    const ref: LinkRef = {
      href: node.url,
      line: start?.line ?? 1,
      column: start?.column ?? 1,
      kind: node.type === 'image' ? 'image' : 'link',
    };
    links.push(ref);
    if (node.type === 'definition') definitions.push({ ref, id: node.identifier.toUpperCase() });
  });
  // A definition may come before or after its uses, so its kind is known only after the walk.
  for (const { ref, id } of definitions) if (imageIds.has(id) && !linkIds.has(id)) ref.kind = 'image';
  return links;
}
