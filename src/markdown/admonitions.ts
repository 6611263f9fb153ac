import type { ElementContent } from 'hast';
import type { Paragraph } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Handler } from 'mdast-util-to-hast';
import { toString } from 'mdast-util-to-string';
import { didYouMean } from '../shared/did-you-mean.ts';
import { markdownDiagnostic, startOf } from './diagnostic.ts';
import { element, text } from './hast-build.ts';
import type { RenderContext } from './render-context.ts';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger'] as const;

const ADMONITIONS: ReadonlySet<string> = new Set(ADMONITION_TYPES);

/**
 * `:::warning[Title]` → `<aside class="admonition admonition-warning" role="note">` with a title and the content.
 * An unknown type is an error; its content is still rendered so the rest of the page can be checked.
 */
export function containerDirectiveHandler(context: RenderContext): Handler {
  return (state, node: ContainerDirective) => {
    const first = node.children[0];
    const label = first?.type === 'paragraph' && first.data?.directiveLabel ? (first as Paragraph) : undefined;
    const body = { ...node, children: label ? node.children.slice(1) : node.children };

    if (!ADMONITIONS.has(node.name)) {
      const suggestion = didYouMean(node.name, ADMONITION_TYPES);
      context.diagnostics.push(
        markdownDiagnostic(
          'PD3006',
          context.file,
          startOf(node.position),
          `":::${node.name}" is not an admonition type.`,
          suggestion
            ? `did you mean :::${suggestion}?`
            : `use one of ${ADMONITION_TYPES.map((type) => ':::' + type).join(', ')}`,
        ),
      );
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
