import type { ElementContent } from 'hast';
import type { Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Handler } from 'mdast-util-to-hast';
import { toString } from 'mdast-util-to-string';
import { didYouMean, problem, type Diagnostic } from '../errors/index.ts';
import { startOf } from './node-position.ts';
import { element, text } from './hast-build.ts';
import { mapLinesOutsideFences } from './lines-outside-fences.ts';
import type { RenderContext } from './render-context.ts';

/** Docusaurus's six types, in its order. */
export const ADMONITION_TYPES = ['note', 'tip', 'info', 'caution', 'warning', 'danger'] as const;

const ADMONITIONS: ReadonlySet<string> = new Set(ADMONITION_TYPES);

/**
 * `:::warning[Title]` (or Docusaurus's `:::warning Title`, see bracketAdmonitionTitles) →
 * `<aside class="admonition admonition-warning" role="note">` with a title and the content.
 * An unknown type is an error; its content is still rendered so the rest of the page can be checked.
 */
export function containerDirectiveHandler(context: RenderContext): Handler {
  return (state, node: ContainerDirective) => {
    const first = node.children[0];
    const label = first?.type === 'paragraph' && first.data?.directiveLabel ? (first as Paragraph) : undefined;
    const body = { ...node, children: label ? node.children.slice(1) : node.children };

    if (!ADMONITIONS.has(node.name)) {
      const suggestion = didYouMean(node.name, ADMONITION_TYPES);
      context.diagnostics.push(problem('PD3006', { name: node.name, suggestion, types: ADMONITION_TYPES }, { file: context.file, ...startOf(node.position) }));
      return state.all(body);
    }

    const defaultTitle = node.name.charAt(0).toUpperCase() + node.name.slice(1);
    const titleText = label ? toString(label) : defaultTitle;
    const titleChildren: ElementContent[] = label ? state.all(label) : [text(defaultTitle)];
    const aside = element(
      'aside',
      { className: ['admonition', `admonition-${node.name}`], role: 'note', ariaLabel: titleText },
      state.wrap([
        element('p', { className: ['admonition-title'] }, titleChildren),
        element('div', { className: ['admonition-content'] }, state.wrap(state.all(body), true)),
      ]),
    );
    state.patch(node, aside);
    return aside;
  };
}

// `:::name Title words` on a line of its own, where the name is followed by a space and text rather than `[`/`{`.
const SPACE_TITLE = /^(\s*(?:>\s*)*)(:{3,})([A-Za-z][\w-]*)[ \t]+([^\s[{].*?)[ \t]*$/;

/**
 * Docusaurus also accepts a title after a space (`:::caution Take care`), which the directive syntax reads as a
 * paragraph. Such lines become `:::caution[Take care]` before parsing. Every line stays where it was, and columns
 * change only after the title, at the end of its line. Fenced code is left alone.
 */
export function bracketAdmonitionTitles(source: string): string {
  if (!source.includes(':::')) return source;
  return mapLinesOutsideFences(source, (line) =>
    line.replace(SPACE_TITLE, (_all, lead: string, colons: string, name: string, title: string) => {
      const label = title.replace(/[\\[\]]/g, (c) => '\\' + c);
      return `${lead}${colons}${name}[${label}]`;
    }),
  );
}

/**
 * Container directives that run to the end of the page (or of the block they are in) because their closing `:::`
 * is missing: everything after them would silently become part of the box.
 */
export function unclosedAdmonitions(tree: Root, source: string, file: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  const visit = (node: { type: string; children?: unknown[]; position?: ContainerDirective['position']; name?: string }) => {
    const { start, end } = node.position ?? {};
    if (node.type === 'containerDirective' && start?.offset !== undefined && end?.offset !== undefined) {
      const text = source.slice(start.offset, end.offset);
      const opening = /^:{3,}/.exec(text.slice(text.indexOf(':')))?.[0].length ?? 3;
      const lastLineStart = text.lastIndexOf('\n') + 1;
      // Closed: its last line is a fence, and one of its own: the last thing inside it ended before that line.
      const lastChild = node.children?.[node.children.length - 1] as { position?: ContainerDirective['position'] } | undefined;
      const closed =
        lastLineStart > 0 &&
        new RegExp(`^[\\s>]*:{${opening},}\\s*$`).test(text.slice(lastLineStart)) &&
        (lastChild?.position?.end.offset === undefined || lastChild.position.end.offset <= start.offset + lastLineStart);
      if (!closed) {
        found.push(problem('PD3010', { name: node.name ?? '', fence: opening }, { file, ...startOf(node.position) }));
      }
    }
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(tree);
  return found;
}
