import type { Code, Construct, State, TokenizeContext } from 'micromark-util-types';

/**
 * micromark's GFM table construct is attempted at the start of every flow block, and it finds out that a line is not
 * a table head only after reading it to its end and starting on the next one. On a docs page that is about a sixth
 * of parse time, spent on paragraphs. A head row is always followed by a delimiter row, and the construct rejects
 * a delimiter row unless it holds a `-` and a `|` or `:` (micromark-extension-gfm-table 2: `seen` and `sizeB`).
 * Knowing which source lines hold those characters, a table can be ruled out before a character is read.
 *
 * The check is on the raw line, container prefixes (`>`, list markers) included, so it can only let through more
 * than the construct accepts, never less. A body row (the construct continuing a table) is never ruled out: it
 * needs neither character.
 */

/**
 * Per 1-based line number: true when the line could be a delimiter row. Held by one parser (see parse.ts) and set
 * only while it parses: the construct reads it through the parser's own holder, never through module state.
 */
export interface DelimiterLines {
  current?: boolean[];
}

// One line with its ending, as micromark counts lines: CRLF, CR and LF each end one.
const LINE = /[^\r\n]*(?:\r\n|\r|\n|$)/g;

function markDelimiterLines(text: string): boolean[] {
  const lines = [false];
  LINE.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = LINE.exec(text)) && match[0] !== '') {
    const value = match[0];
    lines.push(value.includes('-') && (value.includes('|') || value.includes(':')));
  }
  return lines;
}

/** Runs a parse of `text` with the lookahead on. Parsing is synchronous, so one holder per parser is enough. */
export function withTableLookahead<T>(lines: DelimiterLines, text: string, parse: () => T): T {
  const outer = lines.current;
  lines.current = markDelimiterLines(text);
  try {
    return parse();
  } finally {
    lines.current = outer;
  }
}

const CONTINUES_TABLE = new Set(['tableHead', 'tableRow']);
const SKIPPED = new Set(['lineEnding', 'linePrefix']);

/** Whether the construct would continue a table here (the same test as its own start state). */
function continuesTable(context: TokenizeContext): boolean {
  const events = context.events;
  for (let index = events.length - 1; index > -1; index--) {
    const type = events[index][1].type;
    if (!SKIPPED.has(type)) return CONTINUES_TABLE.has(type);
  }
  return false;
}

/** The table construct, ruled out early on lines whose next line cannot be a delimiter row. */
export function lookaheadTable(table: Construct, delimiterLines: DelimiterLines): Construct {
  const tokenize = table.tokenize;
  return {
    ...table,
    tokenize(this: TokenizeContext, effects, ok, nok): State {
      const start = tokenize.call(this, effects, ok, nok);
      return (code: Code) => {
        const lines = delimiterLines.current;
        if (lines && !lines[this.now().line + 1] && !continuesTable(this)) return nok(code);
        return start(code);
      };
    },
  };
}
