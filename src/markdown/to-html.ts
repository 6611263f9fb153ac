import type { Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { containerDirectiveHandler } from './admonitions.ts';
import { collectAnchors } from './anchors.ts';
import { codeHandler } from './code-block.ts';
import { describeDocument } from './description.ts';
import { headingHandler } from './headings.ts';
import { linkHandlers } from './links.ts';
import { mdastToHast } from './mdast-to-hast.ts';
import { createListItemHandler } from './list-items.ts';
import { mdxHandlers } from './mdx-elements.ts';
import type { RenderContext } from './render-context.ts';
import { extractSections } from './sections.ts';
import { tableHandler } from './tables.ts';
import { buildToc } from './toc.ts';
import { htmlHandler, splitAtTruncate } from './truncate.ts';
import type { DocumentHtml, ParsedMarkdown, RenderOptions } from './types.ts';

const BEYOND_LATIN1 = /[^\x00-\xff]/;

/**
 * The same text, held one byte per character where every character fits in one. V8 keeps a string joined from parts
 * two bytes per character if any part was, and toHtml's output mostly is: compacted, a page's HTML takes half the
 * memory, half the bytes in the message from a worker, and half the space in the cache.
 */
export function compactText(text: string): string {
  return BEYOND_LATIN1.test(text) ? text : Buffer.from(text, 'latin1').toString('latin1');
}

/**
 * Parsed markdown → page HTML, TOC, anchors, resolved links, search sections, a description. Does not modify
 * `parsed`, so a cached parse can be rendered again (e.g. after another file changed and links resolve differently).
 */
export function renderMarkdown(parsed: ParsedMarkdown, options: RenderOptions): DocumentHtml {
  const context: RenderContext = {
    file: options.file,
    options,
    mdxImports: parsed.mdxImports,
    diagnostics: [],
    links: [],
  };

  const hast = mdastToHast(parsed.mdast, {
    allowDangerousHtml: true,
    handlers: {
      ...linkHandlers(context),
      ...mdxHandlers(context),
      heading: headingHandler(context),
      code: codeHandler(context),
      containerDirective: containerDirectiveHandler(context),
      table: tableHandler,
      listItem: createListItemHandler(),
      html: htmlHandler(context),
    },
  }) as HastRoot;

  const { body, excerpt } = splitAtTruncate(hast);
  const { sections, wordCount } = extractSections(parsed.mdast);
  const result: DocumentHtml = {
    html: compactText(toHtml(body, { allowDangerousHtml: true })),
    toc: buildToc(parsed.headings, options.tocMinDepth ?? 2, options.tocMaxDepth ?? 3),
    anchors: collectAnchors(body),
    links: context.links,
    sections,
    wordCount,
    diagnostics: context.diagnostics,
  };
  if (excerpt) result.excerptHtml = compactText(toHtml(excerpt, { allowDangerousHtml: true }));
  const description = describeDocument(parsed.mdast);
  if (description !== undefined) result.description = description;
  return result;
}
