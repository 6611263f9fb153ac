import type { Nodes, Root } from 'mdast';
import { fromMarkdown, type Options as FromMarkdownOptions } from 'mdast-util-from-markdown';
import { problem, type Diagnostic } from '../errors/index.ts';
import { collectLinks } from './collect-links.ts';
import { bracketAdmonitionTitles, unclosedAdmonitions } from './admonitions.ts';
import { assignHeadingIds } from './heading-ids.ts';
import { restoreLiteralDirectives } from './literal-directives.ts';
import { escapeMdxHeadingIds } from './mdx-heading-ids.ts';
import { readMdxImports } from './mdx-imports.ts';
import { MAX_NESTING, tooDeeplyNested } from './nesting.ts';
import { offsetLines } from './offset-lines.ts';
import {
  allSyntaxNeeds,
  hasAutolinkLiteralFromMarkdown,
  createSyntaxes,
  scanSyntaxNeeds,
  type Syntaxes,
  type SyntaxNeeds,
} from './syntax-extensions.ts';
import { withTableLookahead, type DelimiterLines } from './table-lookahead.ts';
// Side effect: micromark's edit map stops copying whole event lists (nested lists were quadratic).
import './edit-map-tail.ts';
import type { ParsedMarkdown, ParseOptions } from './types.ts';

/** Parses markdown; one per thread, made once: it keeps the extension lists its parses have needed. */
export interface MarkdownParser {
  parse(source: string, options: ParseOptions): ParsedMarkdown;
}

/** What a parse needs besides its text: the parser's extension lists and the table lookahead they read. */
interface ParserState {
  syntaxes: Syntaxes;
  delimiterLines: DelimiterLines;
}

export function createMarkdownParser(): MarkdownParser {
  const delimiterLines: DelimiterLines = {};
  const state = { syntaxes: createSyntaxes(delimiterLines), delimiterLines };
  return { parse: (source, options) => parseWith(state, source, options) };
}

/** One parse with a parser of its own (tests, one-off callers); a build keeps one parser per thread. */
export function parseMarkdown(source: string, options: ParseOptions): ParsedMarkdown {
  return createMarkdownParser().parse(source, options);
}

/** Markdown (or MDX) body → mdast with file positions, heading ids, links and MDX imports. Never throws on author mistakes. */
function parseWith(state: ParserState, source: string, options: ParseOptions): ParsedMarkdown {
  const lineOffset = options.lineOffset ?? 0;
  const diagnostics: Diagnostic[] = [];
  const text = bracketAdmonitionTitles(options.mdx ? escapeMdxHeadingIds(source) : source);
  const needs = options.scanSyntax === false ? allSyntaxNeeds(options.mdx) : scanSyntaxNeeds(text, options.mdx);

  let mdast: Root;
  try {
    mdast = parseVerified(state, text, needs);
    const deep = tooDeeplyNested(mdast);
    if (deep) {
      diagnostics.push(tooDeep(options.file, { line: deep.line + lineOffset, column: deep.column }));
      mdast = { type: 'root', children: [] };
    }
  } catch (error) {
    if (error instanceof RangeError) {
      diagnostics.push(tooDeep(options.file, { line: lineOffset + 1, column: 1 }));
      return { mdast: { type: 'root', children: [] }, headings: [], links: [], mdxImports: {}, diagnostics };
    }
    const syntaxError = asMdxSyntaxError(error);
    if (!syntaxError) throw error;
    diagnostics.push(problem('PD3005', { kind: 'syntax', reason: syntaxError.reason }, { file: options.file, line: syntaxError.line + lineOffset, column: syntaxError.column }));
    mdast = { type: 'root', children: [] };
  }

  restoreLiteralDirectives(mdast, text);
  offsetLines(mdast, lineOffset);
  diagnostics.push(...unclosedAdmonitions(mdast, text, options.file));
  const headings = assignHeadingIds(mdast);
  const links = collectLinks(mdast);
  let mdxImports: Record<string, string> = {};
  let mdxImportPositions: ParsedMarkdown['mdxImportPositions'];
  if (options.mdx) {
    const esm = readMdxImports(mdast, options.file, lineOffset);
    mdxImports = esm.imports;
    mdxImportPositions = esm.positions;
    diagnostics.push(...esm.diagnostics);
  }

  const h1 = headings.find((heading) => heading.depth === 1)?.text;
  const parsed: ParsedMarkdown = { mdast, headings, links, mdxImports, diagnostics };
  if (h1 !== undefined) parsed.h1 = h1;
  if (links.some((link) => link.kind === 'image')) parsed.images = true;
  if (mdxImportPositions) parsed.mdxImportPositions = mdxImportPositions;
  return parsed;
}

function tooDeep(file: string, at: { line: number; column: number }) {
  return problem('PD3022', { max: MAX_NESTING }, { file, ...at });
}

function parseTree(state: ParserState, text: string, needs: SyntaxNeeds): Root {
  const syntax = state.syntaxes.for(needs);
  const parse = () =>
    fromMarkdown(text, {
      extensions: syntax.micromark as NonNullable<FromMarkdownOptions['extensions']>,
      mdastExtensions: syntax.mdast as NonNullable<FromMarkdownOptions['mdastExtensions']>,
    });
  return needs.table && needs.tableLookahead ? withTableLookahead(state.delimiterLines, text, parse) : parse();
}

const AT = /@/;
const AT_OR_URL = /@|www\.|http/i;

/**
 * Parses with the constructs the scan kept, then makes sure the result equals a parse with every construct.
 *
 * The email construct is dropped on a guess (every `@` looks like it is in code). An email literal is made only of
 * atext and domain characters, so no other construct can start inside it and swallow its `@`: where the full parse
 * would make one, a parse without the construct leaves that `@` in a text node (maybe inside emphasis, a link or a
 * URL literal). No `@` in any text node therefore means the email construct changed nothing. Without any autolink-literal construct the mdast-side
 * transform is dropped too; it links `@`, `www.` and `http` in decoded text, which escapes and character
 * references (`www\.x.com`, `&#64;`) can produce without the literal characters the scan looks for.
 */
function parseVerified(state: ParserState, text: string, needs: SyntaxNeeds): Root {
  const needle = !hasAutolinkLiteralFromMarkdown(needs) ? AT_OR_URL : !needs.emailAutolink ? AT : undefined;
  if (!needle) return parseTree(state, text, needs);
  const full = { ...needs, emailAutolink: true };
  let tree: Root;
  try {
    tree = parseTree(state, text, needs);
  } catch {
    // MDX errors should not depend on the email construct, but the full parse decides which error is reported.
    return parseTree(state, text, full);
  }
  return hasTextMatching(tree, needle) ? parseTree(state, text, full) : tree;
}

function hasTextMatching(node: Nodes, needle: RegExp): boolean {
  if (node.type === 'text') return needle.test(node.value);
  if ('children' in node) for (const child of node.children) if (hasTextMatching(child, needle)) return true;
  return false;
}

interface MdxSyntaxError {
  reason: string;
  line: number;
  column: number;
}

// The MDX extensions throw a VFileMessage with the place of the problem; nothing else in parsing throws on input.
function asMdxSyntaxError(error: unknown): MdxSyntaxError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { reason, line, column } = error as Error & { reason?: unknown; line?: unknown; column?: unknown };
  if (typeof reason !== 'string') return undefined;
  // Errors found after tokenizing (an unclosed tag) carry no place of their own, only a body-relative
  // `(line:column-line:column)` at the end of their text; positions belong in the diagnostic, not in its message.
  const inText = /\s*\((\d+):(\d+)(?:-\d+:\d+)?\)$/.exec(reason);
  if (typeof line !== 'number' && !inText) return undefined;
  // acorn appends a body-relative `(line:column)` to its own message too.
  const detail = error.cause instanceof Error ? ` (${error.cause.message.replace(/\s*\(\d+:\d+\)$/, '')})` : '';
  return {
    reason: lowerFirst(reason.slice(0, inText ? inText.index : undefined).replace(/\.$/, '')) + detail,
    line: typeof line === 'number' ? line : Number(inText![1]),
    column: typeof column === 'number' ? column : inText ? Number(inText[2]) : 1,
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
