import type { Root } from 'hast';
import type { Node } from 'unist';

const RAW_ID = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Every id a `#fragment` can target: element ids, plus ids inside raw HTML (an author's `<a id="old-name">` kept
 * for old links, a component's markup). Raw HTML is scanned, not parsed: an id in it only needs to be found.
 */
export function collectAnchors(root: Root): string[] {
  const anchors = new Set<string>();
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node & {
      children?: Node[];
      tagName?: string;
      properties?: { id?: unknown };
      value?: unknown;
    };
    if (node.type === 'element' && typeof node.properties?.id === 'string') anchors.add(node.properties.id);
    // Highlighted code is raw HTML of escaped source text: it has no ids, and scanning it would be wasted work.
    if (node.tagName === 'code') continue;
    if (node.type === 'raw' && typeof node.value === 'string' && node.value.includes('id')) {
      for (const match of node.value.matchAll(RAW_ID)) anchors.add(match[1] ?? match[2]);
    }
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return [...anchors];
}
