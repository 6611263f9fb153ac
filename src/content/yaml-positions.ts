import { isMap, isPair, isScalar, isSeq, type LineCounter, type Node } from 'yaml';

export interface SourcePosition {
  line: number;
  column: number;
}

/**
 * File positions of the values in a YAML document by dotted path ("slug", "tags.1", "page.permalink"), taken from the
 * parser's node ranges. A key whose value is empty points at the key. `lineOffset`: lines of the file before the YAML
 * (the opening `---` of frontmatter). The key itself is at "@" + path ("@slug").
 */
export type PositionIndex = Record<string, SourcePosition>;

/** Deep enough for every key protodocs reads; deeper values share the position of their ancestor at this depth. */
const MAX_DEPTH = 4;

export function yamlPositions(contents: unknown, lineCounter: LineCounter, lineOffset = 0): PositionIndex {
  const index: PositionIndex = {};
  const at = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
  };
  const visit = (node: unknown, prefix: string, depth: number) => {
    if (depth > MAX_DEPTH) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key === undefined) continue;
        const path = prefix ? `${prefix}.${key}` : key;
        const keyRange = (pair.key as Node).range;
        if (keyRange) index[`@${path}`] = at(keyRange[0]);
        const valueRange = (pair.value as Node | null)?.range;
        if (valueRange ?? keyRange) index[path] = at((valueRange ?? keyRange)![0]);
        visit(pair.value, path, depth + 1);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const path = `${prefix}.${i}`;
        const range = (item as Node | null)?.range;
        if (range) index[path] = at(range[0]);
        visit(item, path, depth + 1);
      });
    }
  };
  visit(contents, '', 0);
  return index;
}

/** The position of a path, or of its nearest ancestor that has one, or the fallback. */
export function positionOf(index: PositionIndex | undefined, path: readonly PropertyKey[], fallback: SourcePosition): SourcePosition {
  if (!index) return fallback;
  for (let n = path.length; n > 0; n--) {
    const found = index[path.slice(0, n).map(String).join('.')];
    if (found) return found;
  }
  return fallback;
}
