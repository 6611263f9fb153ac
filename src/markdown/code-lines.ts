// Line-level work on a code block: Docusaurus' magic comments (`// highlight-next-line`, `highlight-start` …
// `highlight-end`), and splitting highlighted HTML into one element per line.

/** A comment line that holds only a directive, in any of the comment syntaxes Docusaurus recognises. */
const MAGIC_COMMENT = /^\s*(?:\/\/|#|--|%|\/\*|\{\/\*|<!--)\s*(highlight-next-line|highlight-start|highlight-end)\s*(?:\*\/\}?|-->)?\s*$/;

export interface MagicCommentProblem {
  /** 0-based index of the offending line in the block as written. */
  lineIndex: number;
  /** Column (1-based) of the directive in that line. */
  column: number;
  reason: string;
  hint: string;
}

export interface MagicComments {
  /** The code without the directive lines. */
  code: string;
  /** 1-based numbers, in the code without the directives, of the lines to highlight. */
  highlighted: number[];
  problems: MagicCommentProblem[];
}

/** Removes directive comment lines and returns the lines they mark. */
export function applyMagicComments(source: string): MagicComments {
  const lines = source.split('\n');
  const kept: string[] = [];
  const highlighted = new Set<number>();
  const problems: MagicCommentProblem[] = [];
  let nextLine: { index: number; column: number } | undefined;
  let openRange: { index: number; column: number } | undefined;
  lines.forEach((line, index) => {
    const match = MAGIC_COMMENT.exec(line);
    const column = line.search(/\S/) + 1;
    if (!match) {
      kept.push(line);
      if (nextLine || openRange) highlighted.add(kept.length);
      nextLine = undefined;
      return;
    }
    if (match[1] === 'highlight-next-line') nextLine = { index, column };
    else if (match[1] === 'highlight-start') {
      if (openRange) problems.push({ lineIndex: index, column, reason: 'highlight-start comes inside a range that is still open', hint: 'close the first range with highlight-end before starting another' });
      openRange = { index, column };
    } else if (!openRange) {
      problems.push({ lineIndex: index, column, reason: 'highlight-end has no highlight-start before it', hint: 'add a highlight-start comment above the lines to highlight, or remove this one' });
    } else {
      openRange = undefined;
    }
  });
  if (openRange) problems.push({ lineIndex: openRange.index, column: openRange.column, reason: 'highlight-start is never closed', hint: 'add a highlight-end comment after the last line to highlight' });
  if (nextLine) problems.push({ lineIndex: nextLine.index, column: nextLine.column, reason: 'highlight-next-line has no line after it', hint: 'put the comment above the line to highlight' });
  return { code: kept.join('\n'), highlighted: [...highlighted], problems };
}

const TOKEN = /<span class="[^"]*">|<\/span>|\n/g;

/**
 * Splits highlight.js HTML (escaped text and `<span class="…">` … `</span>` only) into lines, closing the spans still
 * open at each line end and reopening them on the next line, so every line is well-formed HTML on its own.
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  let last = 0;
  for (const match of html.matchAll(TOKEN)) {
    line += html.slice(last, match.index);
    last = match.index + match[0].length;
    if (match[0] === '\n') {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('');
    } else if (match[0] === '</span>') {
      open.pop();
      line += match[0];
    } else {
      open.push(match[0]);
      line += match[0];
    }
  }
  lines.push(line + html.slice(last));
  return lines;
}
