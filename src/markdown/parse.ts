import type { Root } from 'mdast';
import { fromMarkdown, type Options as FromMarkdownOptions } from 'mdast-util-from-markdown';
import type { Diagnostic } from '../errors/index.ts';
import { collectLinks } from './collect-links.ts';
import { markdownDiagnostic } from './diagnostic.ts';
import { assignHeadingIds } from './heading-ids.ts';
import { restoreLiteralDirectives } from './literal-directives.ts';
import { escapeMdxHeadingIds } from './mdx-heading-ids.ts';
import { readMdxImports } from './mdx-imports.ts';
import { offsetLines } from './offset-lines.ts';
import { scanSyntaxNeeds, syntaxFor } from './syntax-extensions.ts';
import type { ParsedMarkdown, ParseOptions } from './types.ts';

const ALL_SYNTAX = { table: true, autolinkLiteral: true } as const;

/** Markdown (or MDX) body → mdast with file positions, heading ids, links and MDX imports. Never throws on author mistakes. */
export function parseMarkdown(source: string, options: ParseOptions): ParsedMarkdown {
  const lineOffset = options.lineOffset ?? 0;
  const diagnostics: Diagnostic[] = [];
  const text = options.mdx ? escapeMdxHeadingIds(source) : source;
  const needs =
    options.scanSyntax === false ? { mdx: options.mdx, ...ALL_SYNTAX } : scanSyntaxNeeds(text, options.mdx);
  const syntax = syntaxFor(needs);

  let mdast: Root;
  try {
    mdast = fromMarkdown(text, {
      extensions: syntax.micromark as NonNullable<FromMarkdownOptions['extensions']>,
      mdastExtensions: syntax.mdast as NonNullable<FromMarkdownOptions['mdastExtensions']>,
    });
  } catch (error) {
    const syntaxError = asMdxSyntaxError(error);
    if (!syntaxError) throw error;
    diagnostics.push(
      markdownDiagnostic(
        'PD3005',
        options.file,
        { line: syntaxError.line + lineOffset, column: syntaxError.column },
        `The MDX could not be parsed: ${syntaxError.reason}.`,
        'in MDX, `{` starts an expression and `<` a component; write `\\{` or `\\<` for the characters themselves',
      ),
    );
    mdast = { type: 'root', children: [] };
  }

  restoreLiteralDirectives(mdast, text);
  offsetLines(mdast, lineOffset);
  const headings = assignHeadingIds(mdast);
  const links = collectLinks(mdast);
  let mdxImports: Record<string, string> = {};
  if (options.mdx) {
    const esm = readMdxImports(mdast, options.file, lineOffset);
    mdxImports = esm.imports;
    diagnostics.push(...esm.diagnostics);
  }

  const h1 = headings.find((heading) => heading.depth === 1)?.text;
  const parsed: ParsedMarkdown = { mdast, headings, links, mdxImports, diagnostics };
  if (h1 !== undefined) parsed.h1 = h1;
  return parsed;
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
  if (typeof reason !== 'string' || typeof line !== 'number') return undefined;
    // acorn appends a body-relative `(line:column)`; positions belong in the diagnostic, not in its message.
  const detail = error.cause instanceof Error ? ` (${error.cause.message.replace(/\s*\(\d+:\d+\)$/, '')})` : '';
  return {
    reason: lowerFirst(reason.replace(/\.$/, '')) + detail,
    line,
    column: typeof column === 'number' ? column : 1,
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
