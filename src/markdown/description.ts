import type { Nodes, Paragraph, Root } from 'mdast';

/** Where a description is cut: search engines show about this many characters of it. */
export const DESCRIPTION_LENGTH = 160;

// Phrasing a reader does not see as words, or that would read as noise in a snippet: images (their alt text
// describes a picture, not the page), raw HTML tags, MDX expressions, footnote markers.
const SKIPPED: ReadonlySet<string> = new Set(['image', 'imageReference', 'html', 'footnoteReference', 'mdxTextExpression', 'mdxFlowExpression']);

// Blocks whose paragraphs are not the page's own prose: footnotes sit at the end of the page, and MDX ESM is code.
const NOT_PROSE: ReadonlySet<string> = new Set(['footnoteDefinition', 'mdxjsEsm', 'code', 'html']);

// Segments a text into words in any script (CJK has no spaces), so a cut never splits a word. Made when first needed:
// making one takes 10 ms, and most builds cut no text.
let words: Intl.Segmenter | undefined;

/**
 * The page's description when its frontmatter gives none, as Docusaurus and Hugo make one: the plain text of the first
 * paragraph (markdown, code blocks, HTML and MDX stripped; the text of inline code and links kept), cut at a word
 * boundary near DESCRIPTION_LENGTH characters. A top-level paragraph wins over one nested in an admonition, list or
 * component; undefined when the page has no paragraph with text.
 */
export function describeDocument(tree: Root): string | undefined {
  let nested: string | undefined;
  for (const node of tree.children) {
    if (node.type === 'paragraph') {
      const text = paragraphText(node);
      if (text) return cutAtWord(text, DESCRIPTION_LENGTH);
    } else if (nested === undefined && !NOT_PROSE.has(node.type)) {
      nested = firstNestedParagraph(node);
    }
  }
  return nested === undefined ? undefined : cutAtWord(nested, DESCRIPTION_LENGTH);
}

function firstNestedParagraph(node: Nodes): string | undefined {
  if (node.type === 'paragraph') return paragraphText(node) || undefined;
  if (NOT_PROSE.has(node.type) || !('children' in node)) return undefined;
  for (const child of node.children) {
    const text = firstNestedParagraph(child as Nodes);
    if (text) return text;
  }
  return undefined;
}

function paragraphText(paragraph: Paragraph): string {
  const parts: string[] = [];
  collect(paragraph, parts);
  // A dropped expression or tag can leave a space before punctuation ("is {x}, so" → "is , so").
  return parts.join('').replace(/\s+/g, ' ').replace(/ ([,.;:!?)])/g, '$1').trim();
}

function collect(node: Nodes, parts: string[]): void {
  if (SKIPPED.has(node.type)) return;
  if (node.type === 'break') parts.push(' ');
  else if (node.type === 'text' || node.type === 'inlineCode') parts.push(node.value);
  else if ('children' in node) for (const child of node.children) collect(child as Nodes, parts);
}

/**
 * `text` when it fits in `max` characters; otherwise its longest start that ends with a whole word and leaves room
 * for an ellipsis, plus the ellipsis. A single word longer than that is cut between characters (never inside a
 * surrogate pair).
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - 1;
  let end = lastWordEnd(text, room);
  if (end === 0) end = isHighSurrogate(text.charCodeAt(room - 1)) ? room - 1 : room;
  return text.slice(0, end) + '…';
}

/**
 * Where the last word that ends by `room` ends, 0 if none does. Found from `room` backwards with `containing`, the same
 * boundaries as a walk of every segment from the start: that walk made a segment object for every word and space
 * before the cut, and cost a page as much as its search text.
 */
function lastWordEnd(text: string, room: number): number {
  const segments = (words ??= new Intl.Segmenter(undefined, { granularity: 'word' })).segment(text);
  for (let index = room - 1; index >= 0; ) {
    const segment = segments.containing(index);
    if (segment === undefined) return 0;
    const stop = segment.index + segment.segment.length;
    if (segment.isWordLike && stop <= room) return stop;
    index = segment.index - 1;
  }
  return 0;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
