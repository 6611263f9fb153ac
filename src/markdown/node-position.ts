import type { Position } from 'unist';

export interface Point {
  line: number;
  column: number;
}

/** The start of a node, where its problems are reported. */
export function startOf(position: Position | undefined): Point | undefined {
  return position ? { line: position.start.line, column: position.start.column } : undefined;
}
