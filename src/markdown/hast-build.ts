import type { Element, ElementContent, Properties } from 'hast';
import type { Raw } from 'mdast-util-to-hast';

export function element(tagName: string, properties: Properties, children: ElementContent[] = []): Element {
  return { type: 'element', tagName, properties, children };
}

export function text(value: string): ElementContent {
  return { type: 'text', value };
}

/** Trusted HTML (highlight.js output, author HTML, component output) kept as is by hast-util-to-html. */
export function raw(value: string): Raw {
  return { type: 'raw', value };
}
