import type { Element } from 'hast';
import { problem } from '../errors/index.ts';
import type { Heading } from 'mdast';
import { defaultHandlers, type Handler } from 'mdast-util-to-hast';
import { toString } from 'mdast-util-to-string';
import { startOf } from './node-position.ts';
import { element, text } from './hast-build.ts';
import type { RenderContext } from './render-context.ts';

/**
 * Headings keep the id parse gave them (`data.hProperties.id`); h2..h6 get a "Direct link to" anchor after the
 * text. Generated ids are unique by construction, so a repeated id can only come from two explicit `{#id}`s.
 */
export function headingHandler(context: RenderContext): Handler {
  const firstLineById = new Map<string, number>();
  return (state, node: Heading) => {
    const result = defaultHandlers.heading(state, node) as Element;
    const id = node.data?.hProperties?.id;
    if (typeof id !== 'string') return result;

    const line = node.position?.start.line ?? 1;
    const firstLine = firstLineById.get(id);
    if (firstLine === undefined) {
      firstLineById.set(id, line);
    } else {
      context.diagnostics.push(problem('PD3007', { id, firstLine }, { file: context.file, ...startOf(node.position) }));
    }

    if (node.depth >= 2) {
      const label = `Direct link to ${toString(node)}`;
      result.children.push(
        element('a', { className: ['hash-link'], href: `#${id}`, ariaLabel: label, title: label }, [text('#')]),
      );
    }
    return result;
  };
}
