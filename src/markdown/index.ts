export { createMarkdownParser, parseMarkdown, type MarkdownParser } from './parse.ts';
export { renderMarkdown } from './to-html.ts';
export { createSchemaValidator } from './example-schemas.ts';
export { buildToc } from './toc.ts';
export { ADMONITION_TYPES } from './admonitions.ts';
export { HIGHLIGHT_LANGUAGES } from './highlight.ts';
export type * from './types.ts';
