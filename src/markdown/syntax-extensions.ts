import type { Extension as MdastExtension, Options as FromMarkdownOptions } from 'mdast-util-from-markdown';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { directive } from 'micromark-extension-directive';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';

type MicromarkExtension = NonNullable<FromMarkdownOptions['extensions']>[number];

export interface Syntax {
  readonly micromark: readonly MicromarkExtension[];
  readonly mdast: readonly MdastExtension[];
}

export interface SyntaxNeeds {
  mdx: boolean;
  table: boolean;
  autolinkLiteral: boolean;
}

// GFM tables always contain a pipe; autolink literals always contain `http`, `www.` or an `@` (emails, mailto:,
// xmpp:). Without them the constructs can never match, so dropping them cannot change the tree, while they cost
// ~40% of parse time (autolink literal hooks every alphanumeric character).
const AUTOLINK_LITERAL_HINT = /http|www\.|@/i;

export function scanSyntaxNeeds(source: string, mdx: boolean): SyntaxNeeds {
  return { mdx, table: source.includes('|'), autolinkLiteral: AUTOLINK_LITERAL_HINT.test(source) };
}

const TABLE_CONSTRUCTS = ['table'];
const AUTOLINK_LITERAL_CONSTRUCTS = ['wwwAutolink', 'protocolAutolink', 'emailAutolink'];

/**
 * A copy of a combined micromark extension without the named constructs. micromark-extension-gfm only exports
 * the combined extension, and construct names are public (they are what `disable.null` matches), so filtering by
 * name avoids depending on the per-feature packages, which are not our direct dependencies. `disable.null` is not
 * used because disabled constructs still cost a tokenizer attempt per character.
 */
function withoutConstructs(extension: MicromarkExtension, names: readonly string[]): MicromarkExtension {
  const result: Record<string, unknown> = {};
  for (const [hook, record] of Object.entries(extension)) {
    if (!record || typeof record !== 'object') {
      result[hook] = record;
      continue;
    }
    const filtered: Record<string, unknown> = {};
    for (const [code, constructs] of Object.entries(record as Record<string, unknown>)) {
      const list = (Array.isArray(constructs) ? constructs : [constructs]).filter(
        (construct: { name?: unknown } | undefined) =>
          !(construct && typeof construct.name === 'string' && names.includes(construct.name)),
      );
      if (list.length > 0) filtered[code] = list;
    }
    result[hook] = filtered;
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

function buildSyntax(needs: SyntaxNeeds): Syntax {
  const dropped = [
    ...(needs.table ? [] : TABLE_CONSTRUCTS),
    ...(needs.autolinkLiteral ? [] : AUTOLINK_LITERAL_CONSTRUCTS),
  ];
  const gfmSyntax = dropped.length === 0 ? GFM : withoutConstructs(GFM, dropped);
  const gfmFromMd = GFM_FROM_MARKDOWN.filter(
    (extension) =>
      (needs.table || !isTableFromMarkdown(extension)) &&
      (needs.autolinkLiteral || !isAutolinkLiteralFromMarkdown(extension)),
  );
  return Object.freeze({
    micromark: Object.freeze(needs.mdx ? [gfmSyntax, DIRECTIVE, MDX] : [gfmSyntax, DIRECTIVE]),
    mdast: Object.freeze(
      needs.mdx ? [...gfmFromMd, DIRECTIVE_FROM_MARKDOWN, ...MDX_FROM_MARKDOWN] : [...gfmFromMd, DIRECTIVE_FROM_MARKDOWN],
    ),
  });
}

function syntaxKey(needs: SyntaxNeeds): number {
  return (needs.mdx ? 4 : 0) | (needs.table ? 2 : 0) | (needs.autolinkLiteral ? 1 : 0);
}

// All eight combinations, built once when the module loads: extension lists must not be rebuilt per file.
const SYNTAXES: readonly Syntax[] = Object.freeze(
  Array.from({ length: 8 }, (_, key) =>
    buildSyntax({ mdx: (key & 4) !== 0, table: (key & 2) !== 0, autolinkLiteral: (key & 1) !== 0 }),
  ),
);

export function syntaxFor(needs: SyntaxNeeds): Syntax {
  return SYNTAXES[syntaxKey(needs)];
}
