import { LineCounter, isAlias, parseDocument, visit, type Document } from 'yaml';
import { yamlPositions, type PositionIndex, type SourcePosition } from './yaml-positions.ts';

export interface ReadYaml {
  value: unknown;
  positions: PositionIndex;
}

/**
 * How many aliases a document may expand. A few anchors are a convenience; thousands are a "billion laughs" that would
 * hold the build for minutes and gigabytes.
 */
const MAX_ALIAS_COUNT = 100;

/** A problem found while reading YAML; the caller gives it its code (frontmatter PD2002, authors and tags PD2008). */
export interface YamlProblem {
  what: string;
  reason: string;
  kind: 'syntax' | 'depth' | 'aliases';
  maxAliases?: number;
  at: { file: string; line: number; column: number };
}

/**
 * Parses YAML written by an author (frontmatter, authors.yml, tags.yml). Every problem, syntax, alias bomb or nesting too
 * deep for the parser, is reported at its file position instead of thrown. `lineOffset`: lines of the file before the
 * YAML text.
 */
export function readYaml(text: string, where: { file: string; lineOffset: number; what: string }, report: (problem: YamlProblem) => void): ReadYaml | undefined {
  const lineCounter = new LineCounter();
  const at = (position: SourcePosition) => ({ file: where.file, ...position });
  let doc: Document;
  try {
    doc = parseDocument(text, { prettyErrors: false, lineCounter });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    report({ what: where.what, reason: 'it is nested too deeply to read', kind: 'depth', at: at({ line: where.lineOffset + 1, column: 1 }) });
    return undefined;
  }
  if (doc.errors.length) {
    for (const error of doc.errors) {
      const pos = error.linePos?.[0];
      report({
        what: where.what,
        reason: error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''),
        kind: 'syntax',
        at: at({ line: (pos?.line ?? 1) + where.lineOffset, column: pos?.col ?? 1 }),
      });
    }
    return undefined;
  }
  const positions = yamlPositions(doc.contents, lineCounter, where.lineOffset);
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {}, positions };
  } catch (error) {
    if (!(error instanceof ReferenceError || error instanceof RangeError)) throw error;
    report({
      what: where.what,
      reason: 'its aliases (*name) expand to too many values',
      kind: 'aliases',
      maxAliases: MAX_ALIAS_COUNT,
      at: at(firstAlias(doc, lineCounter, where.lineOffset)),
    });
    return undefined;
  }
}

function firstAlias(doc: Document, lineCounter: LineCounter, lineOffset: number): SourcePosition {
  let offset: number | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (isAlias(node) && node.range) {
        offset = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (offset === undefined) return { line: lineOffset + 1, column: 1 };
  const { line, col } = lineCounter.linePos(offset);
  return { line: line + lineOffset, column: col };
}
