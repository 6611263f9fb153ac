/** `title="server.js" schema=receipt {1,3}` → { title: 'server.js', schema: 'receipt' }; bare words are ignored. */
export function parseCodeMeta(meta: string | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!meta) return result;
  const pattern = /([A-Za-z_][\w-]*)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;
  for (const match of meta.matchAll(pattern)) result[match[1]] = match[2] ?? match[3] ?? match[4] ?? '';
  return result;
}

/** What the fence meta asks of the lines, as Docusaurus authors write it: `{1,3-4}` and `showLineNumbers[=N]`. */
export interface LineMeta {
  /** 1-based line numbers to highlight, from `{…}`. */
  highlighted: number[];
  /** The number of the first line when `showLineNumbers` is present. */
  firstLineNumber?: number;
}

export type LineMetaResult = { ok: true; meta: LineMeta } | { ok: false; reason: string; hint: string };

const RANGE_BLOCK = /(?:^|\s)\{([^}]*)\}(?=\s|$)/;

/** Parses `{1,3-4}` and `showLineNumbers`; a malformed range is an error with its reason. Quoted values are skipped. */
export function parseLineMeta(meta: string | null | undefined): LineMetaResult {
  const bare = (meta ?? '').replace(/"[^"]*"|'[^']*'/g, '""');
  const highlighted: number[] = [];
  const block = RANGE_BLOCK.exec(bare) ?? /\{[^}]*\}?/.exec(bare);
  if (block) {
    const body = block[1] ?? block[0].replace(/^\{|\}$/g, '');
    if (!block[0].trim().endsWith('}')) {
      return { ok: false, reason: `the line range "${block[0].trim()}" has no closing brace`, hint: 'write it as {1,3-4}' };
    }
    for (const part of body.split(',')) {
      const item = part.trim();
      const match = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(item);
      if (!match) {
        return {
          ok: false,
          reason: item === '' ? `the line range {${body}} has an empty entry` : `"${item}" in {${body}} is not a line number or a range`,
          hint: 'list line numbers and ranges separated by commas, e.g. {1,3-4}',
        };
      }
      const from = Number(match[1]);
      const to = match[2] === undefined ? from : Number(match[2]);
      if (from < 1 || to < from) {
        return {
          ok: false,
          reason: from < 1 ? `line numbers start at 1, but {${body}} has ${from}` : `the range ${item} in {${body}} runs backwards`,
          hint: to < from ? `write ${to}-${from}` : 'the first line of a block is line 1',
        };
      }
      for (let line = from; line <= to; line++) highlighted.push(line);
    }
  }
  const numbers = /(?:^|\s)showLineNumbers(?:=(\d+))?(?=\s|$)/.exec(bare);
  const result: LineMeta = { highlighted: [...new Set(highlighted)].sort((a, b) => a - b) };
  if (numbers) result.firstLineNumber = numbers[1] === undefined ? 1 : Number(numbers[1]);
  return { ok: true, meta: result };
}
