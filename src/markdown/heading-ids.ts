import GithubSlugger, { slug } from 'github-slugger';
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { HeadingInfo } from './types.ts';
import { findHeadings } from './walk.ts';

const CUSTOM_ID = /[ \t]*\{#([^\s{}]+)\}[ \t]*$/;

interface Pending {
  node: Heading;
  customId?: string;
}

/**
 * Gives every heading an id (stored as `data.hProperties.id`, which mdast-util-to-hast applies) and strips a
 * trailing `{#custom-id}` from its text. Generated ids never take an id that is set explicitly anywhere in the
 * document, so a link to an explicit id cannot silently land on another heading.
 */
export function assignHeadingIds(tree: Root): HeadingInfo[] {
  const pending: Pending[] = findHeadings(tree, (node): node is Heading => node.type === 'heading').map((node) => ({
    node,
    customId: stripCustomId(node),
  }));

  const explicit = new Set<string>();
  for (const { customId } of pending) if (customId) explicit.add(customId);

  const slugger = new GithubSlugger();
  const headings: HeadingInfo[] = [];
  for (const { node, customId } of pending) {
    const text = toString(node);
    const id = customId ?? generatedId(slugger, text, explicit);
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    headings.push({ depth: node.depth, text, id, line: node.position?.start.line ?? 1 });
  }
  return headings;
}

function stripCustomId(node: Heading): string | undefined {
  const last = node.children[node.children.length - 1];
  if (!last || last.type !== 'text') return undefined;
  const match = CUSTOM_ID.exec(last.value);
  if (!match) return undefined;
  const rest = last.value.slice(0, match.index);
  if (rest === '') node.children.pop();
  else last.value = rest;
  return match[1];
}

function generatedId(slugger: GithubSlugger, text: string, explicit: ReadonlySet<string>): string {
  // A heading of only punctuation or emoji slugs to ''; an empty id cannot be linked to.
  const source = slug(text) === '' ? 'section' : text;
  let id: string;
  do id = slugger.slug(source);
  while (explicit.has(id));
  return id;
}
