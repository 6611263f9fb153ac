import { describe, expect, test } from 'vitest';
import { formatDiagnostic } from '../errors/index.ts';
import { parse, TEST_FILE } from './test-support.ts';

const where = (d: { code: string; line?: number; column?: number }) => ({ code: d.code, line: d.line, column: d.column });

describe('parseMarkdown', () => {
  test('adds lineOffset to every position', () => {
    const parsed = parse('# Title\n\nSee [intro](./intro.md) and ![logo](./logo.png).\n', { lineOffset: 4 });
    expect(parsed.mdast.children[0].position?.start).toMatchObject({ line: 5, column: 1 });
    expect(parsed.headings[0].line).toBe(5);
    expect(parsed.links).toEqual([
      { href: './intro.md', line: 7, column: 5, kind: 'link' },
      { href: './logo.png', line: 7, column: 29, kind: 'image' },
    ]);
  });

  test('gives headings github-slugger ids, unique per document', () => {
    const parsed = parse('# Hello World\n\n## Hello World\n\n## Hello `code` *too*\n\n## ???\n');
    expect(parsed.h1).toBe('Hello World');
    expect(parsed.headings.map((h) => [h.depth, h.id, h.text])).toEqual([
      [1, 'hello-world', 'Hello World'],
      [2, 'hello-world-1', 'Hello World'],
      [2, 'hello-code-too', 'Hello code too'],
      [2, 'section', '???'],
    ]);
  });

  test('takes {#custom-id} as the id and strips it from the text', () => {
    const parsed = parse('## Intro *now* {#start}\n\n## Start\n\n## start {#start-1}\n');
    expect(parsed.headings.map((h) => [h.id, h.text])).toEqual([
      ['start', 'Intro now'],
      // `start` and `start-1` are taken explicitly, so the generated id moves on.
      ['start-2', 'Start'],
      ['start-1', 'start'],
    ]);
    expect(parsed.mdast.children[0]).toMatchObject({ data: { hProperties: { id: 'start' } } });
    expect(parsed.h1).toBeUndefined();
  });

  test('keeps text and leaf directives as the literal text written', () => {
    const parsed = parse('At 10:30 :smile: and :abbr[HTML]{title="x"}.\n\n::leaf[x]\n');
    expect(parsed.mdast.children).toMatchObject([
      { type: 'paragraph', children: [{ type: 'text', value: 'At 10:30 :smile: and :abbr[HTML]{title="x"}.' }] },
      { type: 'paragraph', children: [{ type: 'text', value: '::leaf[x]' }] },
    ]);
  });

  test('lists reference definitions once, as images when only images use them', () => {
    const parsed = parse('[a][one] ![b][two] [c][one]\n\n[one]: ./one.md\n[two]: ./two.png\n');
    expect(parsed.links).toEqual([
      { href: './one.md', line: 3, column: 1, kind: 'link' },
      { href: './two.png', line: 4, column: 1, kind: 'image' },
    ]);
    expect(parsed.images).toBe(true);
  });

  test('says whether the page shows an image, by an image or by a definition only images use', () => {
    expect(parse('![a](./a.png)\n').images).toBe(true);
    expect(parse('[a](./a.png) and [b][one]\n\n[one]: ./b.png\n').images).toBeUndefined();
    expect(parse('![b][one]\n\n[one]: ./b.png\n').images).toBe(true);
  });

  test('an empty body parses to an empty tree', () => {
    expect(parse('')).toMatchObject({ headings: [], links: [], mdxImports: {}, diagnostics: [] });
  });
});

describe('parseMarkdown with mdx', () => {
  test('collects default imports', () => {
    const parsed = parse("import Card from '../components/Card.tsx'\nimport Note from './Note.tsx'\n\n<Card />\n", {
      mdx: true,
    });
    expect(parsed.mdxImports).toEqual({ Card: '../components/Card.tsx', Note: './Note.tsx' });
    expect(parsed.diagnostics).toEqual([]);
  });

  test('exports and non-default imports are PD3005 at the statement', () => {
    const parsed = parse("import {A} from './a.tsx'\n\nexport const meta = {}\n", { mdx: true, lineOffset: 3 });
    expect(parsed.diagnostics.map(where)).toEqual([
      { code: 'PD3005', line: 4, column: 1 },
      { code: 'PD3005', line: 6, column: 1 },
    ]);
    expect(formatDiagnostic(parsed.diagnostics[1])).toMatchInlineSnapshot(
      `"content/docs/page.md:6:1  PD3005 MDX files cannot export or run code: protodocs renders MDX as HTML with component holes.  (hint: keep only default imports of components; put data in the frontmatter)"`,
    );
  });

  test('a syntax error becomes PD3005 at its file position instead of an exception', () => {
    const parsed = parse('# Title\n\nText <Card title={a b} />\n', { mdx: true, lineOffset: 2 });
    expect(parsed.diagnostics.map(where)).toEqual([{ code: 'PD3005', line: 5, column: 20 }]);
    expect(parsed.diagnostics[0].file).toBe(TEST_FILE);
    expect(parsed.diagnostics[0].message).not.toMatch(/\d+:\d+/);
    expect(parsed.mdast.children).toEqual([]);
  });

  test('an HTML comment is a syntax error in MDX', () => {
    const parsed = parse('Intro\n\n<!-- truncate -->\n', { mdx: true });
    expect(parsed.diagnostics.map(where)).toEqual([{ code: 'PD3005', line: 3, column: 2 }]);
  });

  test('{#custom-id} works in MDX headings, but code blocks are left alone', () => {
    const parsed = parse('## Intro {#start}\n\n```md\n## Not a heading {#x}\n```\n', { mdx: true });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.headings.map((h) => [h.id, h.text])).toEqual([['start', 'Intro']]);
    expect(parsed.mdast.children[1]).toMatchObject({ type: 'code', value: '## Not a heading {#x}' });
  });
});
