import { LineCounter, isAlias, parseDocument, visit, type Document } from 'yaml';
import type { DiagnosticInit, ErrorCode } from '../errors/index.ts';
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

/**
 * Parses YAML written by an author (frontmatter, authors.yml, tags.yml). Every problem, syntax, alias bomb or nesting too
 * deep for the parser, becomes a problem at its file position instead of an exception. `lineOffset`: lines of the file
 * before the YAML text.
 */
export function readYaml(
  text: string,
  where: { file: string; lineOffset: number; code: ErrorCode; what: string },
  problems: DiagnosticInit[],
): ReadYaml | undefined {
  const lineCounter = new LineCounter();
  const problem = (position: SourcePosition, reason: string, hint: string) =>
    problems.push({ code: where.code, message: `${where.what} is not valid YAML: ${reason}.`, file: where.file, ...position, hint });
  let doc: Document;
  try {
    doc = parseDocument(text, { prettyErrors: false, lineCounter });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    problem({ line: where.lineOffset + 1, column: 1 }, 'it is nested too deeply to read', 'flatten the structure');
    return undefined;
  }
  if (doc.errors.length) {
    for (const error of doc.errors) {
      const pos = error.linePos?.[0];
      problem(
        { line: (pos?.line ?? 1) + where.lineOffset, column: pos?.col ?? 1 },
        error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''),
        'quote values that contain a colon, and indent lists consistently',
      );
    }
    return undefined;
  }
  const positions = yamlPositions(doc.contents, lineCounter, where.lineOffset);
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {}, positions };
  } catch (error) {
    if (!(error instanceof ReferenceError || error instanceof RangeError)) throw error;
    problem(firstAlias(doc, lineCounter, where.lineOffset), 'its aliases (*name) expand to too many values', `use at most ${MAX_ALIAS_COUNT} alias expansions, or write the values out`);
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
