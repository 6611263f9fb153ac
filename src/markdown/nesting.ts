import type { Root } from 'mdast';
import type { Node, Point } from 'unist';

/**
 * Deepest nesting a document may have. Rendering (mdast → hast → HTML) recurses once per level, so thousands of
 * nested quotes or emphasis marks would overflow the stack; real pages stay far below this.
 */
export const MAX_NESTING = 100;

/** The start of the first node nested deeper than MAX_NESTING, or undefined. Iterative: it must not overflow itself. */
export function tooDeeplyNested(tree: Root): Point | undefined {
  const stack: [Node, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_NESTING) return node.position?.start ?? { line: 1, column: 1 };
    const children = (node as Node & { children?: Node[] }).children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], depth + 1]);
  }
  return undefined;
}
