// Shared by the markdown tests only: fixed resolvers so golden output depends on nothing outside the fixture.
import { parseMarkdown } from './parse.ts';
import { renderMarkdown } from './to-html.ts';
import { HIGHLIGHT_LANGUAGES } from './highlight.ts';
import type { DocumentHtml, JsonValue, ParsedMarkdown, ParseOptions, RenderOptions } from './types.ts';

export const TEST_FILE = 'content/docs/page.md';

export function testRenderOptions(overrides: Partial<RenderOptions> = {}): RenderOptions {
  return {
    file: TEST_FILE,
    resolveLink: (href) => {
      if (href.includes('missing')) return { broken: true, hint: 'no page is built from that file' };
      if (href.endsWith('.md')) return { url: '/docs/' + href.replace(/^(\.\.?\/)+/, '').replace(/\.md$/, '/') };
      return undefined;
    },
    resolveImage: (src) => (src.includes('missing') ? undefined : '/assets/' + src.replace(/^.*\//, '')),
    highlightLanguages: HIGHLIGHT_LANGUAGES,
    renderComponent: (name: string, specifier: string, props: Record<string, JsonValue>, childrenHtml?: string) =>
      `<div data-component="${name}" data-from="${specifier}" data-props='${JSON.stringify(props)}'>${childrenHtml ?? ''}</div>`,
    ...overrides,
  };
}

export function parse(source: string, options: Partial<ParseOptions> = {}): ParsedMarkdown {
  return parseMarkdown(source, { file: TEST_FILE, mdx: false, ...options });
}

export function render(
  source: string,
  parseOptions: Partial<ParseOptions> = {},
  renderOptions: Partial<RenderOptions> = {},
): DocumentHtml & { parsed: ParsedMarkdown } {
  const parsed = parse(source, parseOptions);
  return { ...renderMarkdown(parsed, testRenderOptions(renderOptions)), parsed };
}
