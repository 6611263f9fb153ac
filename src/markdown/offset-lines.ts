import type { Root } from 'mdast';
import type { Node, Position } from 'unist';

/**
 * Shifts every node's line by the number of frontmatter lines the caller cut off, so positions are file positions.
 * Offsets stay relative to the parsed body. Positions are replaced, not mutated, in case a parser shares them.
 */
export function offsetLines(tree: Root, lineOffset: number): void {
  if (lineOffset === 0) return;
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Node & { children?: Node[]; attributes?: Node[] };
    if (node.position) node.position = shifted(node.position, lineOffset);
    if (node.children) for (const child of node.children) stack.push(child);
    // MDX JSX attributes are not children but carry positions used in diagnostics.
    if (Array.isArray(node.attributes)) for (const attribute of node.attributes) stack.push(attribute);
  }
}

function shifted(position: Position, lineOffset: number): Position {
  return {
    start: { ...position.start, line: position.start.line + lineOffset },
    end: { ...position.end, line: position.end.line + lineOffset },
  };
}
