import type { Heading, Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Section } from './types.ts';

// Node types whose text a reader never sees as prose: code for the build, or markup.
const SKIPPED = new Set(['html', 'definition', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'yaml', 'toml']);
const BLOCKS = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'list',
  'listItem',
  'table',
  'tableRow',
  'tableCell',
  'code',
  'containerDirective',
  'footnoteDefinition',
  'mdxJsxFlowElement',
  'thematicBreak',
  'break',
]);

export interface SearchText {
  sections: Section[];
  wordCount: number;
}

/**
 * Splits the document at top-level h1..h3 headings into plain-text sections for the search index (code included:
 * people search for identifiers). The text before the first heading is a section without an id.
 */
export function extractSections(tree: Root): SearchText {
  const sections: Section[] = [];
  let current: Section = { heading: '', depth: 0, text: '' };
  let parts: string[] = [];
  let words = 0;

  const close = () => {
    current.text = normalizeSpace(parts.join(''));
    if (current.id !== undefined || current.text !== '') sections.push(current);
    words += countWords(current.heading) + countNormalizedWords(current.text);
  };

  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth <= 3) {
      close();
      current = { id: headingId(node), heading: toString(node), depth: node.depth, text: '' };
      parts = [];
    } else {
      collectText(node, parts);
    }
  }
  close();
  return { sections, wordCount: words };
}

function headingId(node: Heading): string | undefined {
  const id = node.data?.hProperties?.id;
  return typeof id === 'string' ? id : undefined;
}

function collectText(node: Nodes, parts: string[]): void {
  if (SKIPPED.has(node.type)) return;
  if ('value' in node && typeof node.value === 'string') {
    parts.push(node.value);
  } else if (node.type === 'image' || node.type === 'imageReference') {
    if (node.alt) parts.push(node.alt);
  } else if ('children' in node) {
    for (const child of node.children) collectText(child as Nodes, parts);
  }
  // Blocks are separate words even when the markup puts no space between them (table cells, list items).
  if (BLOCKS.has(node.type)) parts.push(' ');
}

// Every whitespace run but a lone space: most runs between words are one space already, and replacing each of them
// with itself made a page's normalisation cost as much as its conversion to HAST.
const SPACE_TO_NORMALIZE = / \s+|[^\S ]\s*/g;

/** Whitespace runs become one space, with none at either end. */
export function normalizeSpace(text: string): string {
  return text.replace(SPACE_TO_NORMALIZE, ' ').trim();
}

/** The words of a text normalizeSpace returned: one more than its spaces, with no array of the words made. */
export function countNormalizedWords(text: string): number {
  if (text === '') return 0;
  let words = 1;
  for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) words++;
  return words;
}

function countWords(text: string): number {
  const words = text.match(/\S+/g);
  return words ? words.length : 0;
}
