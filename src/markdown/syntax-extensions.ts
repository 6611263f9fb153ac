import type { Extension as MdastExtension, Options as FromMarkdownOptions } from 'mdast-util-from-markdown';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { directive } from 'micromark-extension-directive';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';
import type { Construct } from 'micromark-util-types';
import { lookaheadTable, type DelimiterLines } from './table-lookahead.ts';

type MicromarkExtension = NonNullable<FromMarkdownOptions['extensions']>[number];

export interface Syntax {
  readonly micromark: readonly MicromarkExtension[];
  readonly mdast: readonly MdastExtension[];
}

/** Which optional constructs a parse includes; the rest of GFM, directives and (for MDX) mdxjs are always on. */
export interface SyntaxNeeds {
  mdx: boolean;
  table: boolean;
  /** The table construct rules out lines by looking ahead (table-lookahead.ts); the parse must run in `withTableLookahead`. */
  tableLookahead: boolean;
  wwwAutolink: boolean;
  protocolAutolink: boolean;
  emailAutolink: boolean;
}

// Each construct can only start on the literal characters below (micromark-extension-gfm-autolink-literal):
// a table needs a `|` or an alignment colon (`:-`, `-:`); `wwwAutolink` needs `www.` and `protocolAutolink` needs `http:`/`https:` (both any case);
// `emailAutolink` needs an `@`. There is no `mailto:`/`xmpp:` construct: those, like links hidden behind escapes
// or character references (`www\.x.com`, `&#64;`), come from the mdast-side transform, which works on decoded
// text. Dropping a construct whose trigger is absent cannot change the tree, and these constructs cost about
// half of parse time (the email construct is attempted at every alphanumeric character). `emailAutolink` is also
// dropped when every `@` looks like code, which is only a guess: parse.ts checks the tree and parses again if needed.
const WWW_HINT = /www\./i;
// A delimiter row needs a `|` or an alignment colon, which always touches a dash: `a\n:-` is a one-column table.
const ALIGNED_CELL = /:-|-:/;
const PROTOCOL_HINT = /http/i;

export function scanSyntaxNeeds(source: string, mdx: boolean): SyntaxNeeds {
  return {
    mdx,
    table: source.includes('|') || ALIGNED_CELL.test(source),
    tableLookahead: true,
    wwwAutolink: WWW_HINT.test(source),
    protocolAutolink: PROTOCOL_HINT.test(source),
    emailAutolink: mayHaveAtOutsideCode(source),
  };
}

/** Every construct on: the reference parse that a scanned parse must equal. */
export function allSyntaxNeeds(mdx: boolean): SyntaxNeeds {
  return { mdx, table: true, tableLookahead: false, wwwAutolink: true, protocolAutolink: true, emailAutolink: true };
}

/** The mdast-side autolink-literal extension (handlers and the decoded-text transform) is part of the parse. */
export function hasAutolinkLiteralFromMarkdown(needs: SyntaxNeeds): boolean {
  return needs.wwwAutolink || needs.protocolAutolink || needs.emailAutolink;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/;

/**
 * A cheap guess whether an `@` sits outside fenced code and inline code spans. Docs mostly have `@` only in code
 * (`from '@scope/pkg'`), where the email construct can never match. The guess may be wrong either way (indented
 * code, HTML, escaped backticks, spans across blocks): the caller verifies the tree, so a wrong guess costs time,
 * never correctness.
 */
export function mayHaveAtOutsideCode(source: string): boolean {
  if (!source.includes('@')) return false;
  let fence: string | undefined;
  let segmentStart = 0;
  let lineStart = 0;
  while (lineStart < source.length) {
    const newline = source.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? source.length : newline;
    const line = source.slice(lineStart, lineEnd);
    if (fence !== undefined) {
      const close = FENCE_CLOSE.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) {
        fence = undefined;
        segmentStart = lineEnd + 1;
      }
    } else {
      const open = FENCE_OPEN.exec(line);
      if (open && !(open[1][0] === '`' && line.indexOf('`', open[0].length) !== -1)) {
        if (hasAtOutsideCodeSpans(source, segmentStart, lineStart)) return true;
        fence = open[1];
      }
    }
    lineStart = lineEnd + 1;
  }
  // An unclosed fence runs to the end of the document.
  return fence === undefined && hasAtOutsideCodeSpans(source, segmentStart, source.length);
}

const AT_OR_BACKTICKS = /`+|@/g;

function hasAtOutsideCodeSpans(source: string, start: number, end: number): boolean {
  const at = source.indexOf('@', start);
  if (at === -1 || at >= end) return false;
  AT_OR_BACKTICKS.lastIndex = start;
  let match: RegExpExecArray | null;
  while ((match = AT_OR_BACKTICKS.exec(source)) && match.index < end) {
    if (match[0] === '@') return true;
    const close = closingBackticks(source, AT_OR_BACKTICKS.lastIndex, end, match[0].length);
    if (close !== -1) AT_OR_BACKTICKS.lastIndex = close;
  }
  return false;
}

/** End of the next run of exactly `size` backticks before `end`, or -1 (then the opening run is literal). */
function closingBackticks(source: string, from: number, end: number, size: number): number {
  let index = source.indexOf('`', from);
  while (index !== -1 && index < end) {
    let runEnd = index + 1;
    while (runEnd < end && source.charCodeAt(runEnd) === 96) runEnd++;
    if (runEnd - index === size) return runEnd;
    index = source.indexOf('`', runEnd);
  }
  return -1;
}

/**
 * A copy of a combined micromark extension with each construct passed through `map` (dropped when it returns
 * undefined). micromark-extension-gfm only exports the combined extension, and construct names are public (they are
 * what `disable.null` matches), so working by name avoids depending on the per-feature packages, which are not our
 * direct dependencies. `disable.null` is not used because disabled constructs still cost a tokenizer attempt per
 * character.
 */
function mapConstructs(extension: MicromarkExtension, map: (construct: Construct) => Construct | undefined): MicromarkExtension {
  const result: Record<string, unknown> = {};
  for (const [hook, record] of Object.entries(extension)) {
    if (!record || typeof record !== 'object') {
      result[hook] = record;
      continue;
    }
    const mapped: Record<string, unknown> = {};
    for (const [code, constructs] of Object.entries(record as Record<string, unknown>)) {
      const list = (Array.isArray(constructs) ? constructs : [constructs]).flatMap((construct: unknown) => {
        if (!construct || typeof construct !== 'object' || !('tokenize' in construct)) return [construct];
        const kept = map(construct as Construct);
        return kept ? [kept] : [];
      });
      if (list.length > 0) mapped[code] = list;
    }
    result[hook] = mapped;
  }
  return result as MicromarkExtension;
}

function isTableFromMarkdown(extension: MdastExtension): boolean {
  return Boolean(extension.enter && 'table' in extension.enter);
}

function isAutolinkLiteralFromMarkdown(extension: MdastExtension): boolean {
  return Boolean(extension.enter && 'literalAutolink' in extension.enter);
}

const GFM = gfm();
const GFM_FROM_MARKDOWN = gfmFromMarkdown();
const DIRECTIVE = directive();
const DIRECTIVE_FROM_MARKDOWN = directiveFromMarkdown();
const MDX = mdxjs();
const MDX_FROM_MARKDOWN = mdxFromMarkdown();

function buildSyntax(needs: SyntaxNeeds, delimiterLines: DelimiterLines): Syntax {
  const dropped = [
    ...(needs.table ? [] : ['table']),
    ...(needs.wwwAutolink ? [] : ['wwwAutolink']),
    ...(needs.protocolAutolink ? [] : ['protocolAutolink']),
    ...(needs.emailAutolink ? [] : ['emailAutolink']),
  ];
  const autolinkLiteral = hasAutolinkLiteralFromMarkdown(needs);
  const lookahead = needs.table && needs.tableLookahead;
  const gfmSyntax =
    dropped.length === 0 && !lookahead
      ? GFM
      : mapConstructs(GFM, (construct) =>
          construct.name !== undefined && dropped.includes(construct.name)
            ? undefined
            : lookahead && construct.name === 'table'
              ? lookaheadTable(construct, delimiterLines)
              : construct,
        );
  const gfmFromMd = GFM_FROM_MARKDOWN.filter(
    (extension) =>
      (needs.table || !isTableFromMarkdown(extension)) &&
      (autolinkLiteral || !isAutolinkLiteralFromMarkdown(extension)),
  );
  return Object.freeze({
    micromark: Object.freeze(needs.mdx ? [gfmSyntax, DIRECTIVE, MDX] : [gfmSyntax, DIRECTIVE]),
    mdast: Object.freeze(
      needs.mdx ? [...gfmFromMd, DIRECTIVE_FROM_MARKDOWN, ...MDX_FROM_MARKDOWN] : [...gfmFromMd, DIRECTIVE_FROM_MARKDOWN],
    ),
  });
}

function syntaxKey(needs: SyntaxNeeds): number {
  return (
    (needs.tableLookahead ? 32 : 0) |
    (needs.mdx ? 16 : 0) |
    (needs.table ? 8 : 0) |
    (needs.wwwAutolink ? 4 : 0) |
    (needs.protocolAutolink ? 2 : 0) |
    (needs.emailAutolink ? 1 : 0)
  );
}

/** The extension lists of one parser, each built on first use and kept: they must never be rebuilt per file. */
export interface Syntaxes {
  for(needs: SyntaxNeeds): Syntax;
}

/** Most of the 64 combinations never occur in a given site, so each is built only when first needed. */
export function createSyntaxes(delimiterLines: DelimiterLines): Syntaxes {
  const built: (Syntax | undefined)[] = [];
  return { for: (needs) => (built[syntaxKey(needs)] ??= buildSyntax(needs, delimiterLines)) };
}
