import { describe, expect, test } from 'vitest';
import { findConfigPosition, findKeyPosition, findValuePosition } from './key-position.ts';

// Where a config problem is reported: the key of the value, followed through the literals as the author wrote them.

/** 1-based line and column of the first occurrence of `needle` (after `after`, when given). */
function at(source: string, needle: string, after = ''): { line: number; column: number } {
  const index = source.indexOf(needle, after ? source.indexOf(after) : 0);
  if (index < 0) throw new Error(`${needle} not in source`);
  const before = source.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

const CONFIG = `import { defineConfig } from 'protodocs';

// title: 'not this one', in a comment
export default defineConfig({
  title: 'Site',
  'url': "https://example.test",
  /* navbar: { items: [] } in a block comment */
  tagline: \`a \${'template'} with { braces } and , commas\`,
  navbar: {
    items: [
      { to: '/docs', label: 'Docs' },
      { href: 'https://x.test', label: 'X, with a comma' },
      { to: '/blog', label: 'Blog', position: 'right' },
    ],
  },
  footer: { links: [{ title: 'More', items: [{ label: 'A', to: '/a' }] }] },
  "docs": { versions: [{ name: 'current' }, { name: "1.0", label: 'v1' }] },
});
`;

describe('findKeyPosition in defineConfig({ ... })', () => {
  test('top-level keys, quoted or not, skipping comments', () => {
    expect(findKeyPosition(CONFIG, ['title'])).toEqual(at(CONFIG, "title: 'Site'"));
    expect(findKeyPosition(CONFIG, ['url'])).toEqual(at(CONFIG, "'url'"));
    expect(findKeyPosition(CONFIG, ['docs'])).toEqual(at(CONFIG, '"docs"'));
    expect(findKeyPosition(CONFIG, ['navbar'])).toEqual(at(CONFIG, 'navbar: {\n'));
    expect(findKeyPosition(CONFIG, ['tagline'])).toEqual(at(CONFIG, 'tagline:'));
  });

  test('array items by index, then their keys', () => {
    expect(findKeyPosition(CONFIG, ['navbar', 'items', 2, 'label'])).toEqual(at(CONFIG, "label: 'Blog'"));
    expect(findKeyPosition(CONFIG, ['navbar', 'items', 1, 'label'])).toEqual(at(CONFIG, "label: 'X, with"));
    expect(findKeyPosition(CONFIG, ['navbar', 'items', 2, 'position'])).toEqual(at(CONFIG, 'position:'));
    expect(findKeyPosition(CONFIG, ['navbar', 'items', 1])).toEqual(at(CONFIG, "{ href: 'https://x.test'"));
    expect(findKeyPosition(CONFIG, ['footer', 'links', 0, 'items', 0, 'to'])).toEqual(at(CONFIG, "to: '/a'"));
    expect(findKeyPosition(CONFIG, ['docs', 'versions', 1, 'label'])).toEqual(at(CONFIG, "label: 'v1'"));
  });

  test('a path that goes further than the literals stops at the deepest key found', () => {
    // No fourth navbar item: the items key itself.
    expect(findKeyPosition(CONFIG, ['navbar', 'items', 3, 'label'])).toEqual(at(CONFIG, 'items: [\n'));
    expect(findKeyPosition(CONFIG, ['navbar', 'logo', 'src'])).toEqual(at(CONFIG, 'navbar: {\n'));
    // A string is not an object: its key is as deep as it goes.
    expect(findKeyPosition(CONFIG, ['title', 'x'])).toEqual(at(CONFIG, "title: 'Site'"));
    // An index into an object, a key into an array.
    expect(findKeyPosition(CONFIG, ['navbar', 0])).toEqual(at(CONFIG, 'navbar: {\n'));
    expect(findKeyPosition(CONFIG, ['navbar', 'items', 'label'])).toEqual(at(CONFIG, 'items: [\n'));
  });

  test('a key missing at the top level is not found in the literal, so the first match in the text is used', () => {
    expect(findKeyPosition(CONFIG, ['label'])).toEqual(at(CONFIG, "label: 'Docs'"));
    expect(findKeyPosition(CONFIG, ['nothing'])).toBeUndefined();
  });
});

describe('findKeyPosition in other module shapes', () => {
  test('export default { ... } (a sidebars module)', () => {
    const source = "export default {\n  docs: [\n    'intro',\n    { type: 'category', label: 'Guides', items: ['a'] },\n  ],\n};\n";
    expect(findKeyPosition(source, ['docs', 1, 'label'])).toEqual({ line: 4, column: 25 });
    expect(findKeyPosition(source, ['docs', 0])).toEqual({ line: 3, column: 5 });
  });

  test('defineSidebars({ ... })', () => {
    const source = "import { defineSidebars } from 'protodocs';\nexport default defineSidebars({ main: ['a', 'b'] });\n";
    expect(findKeyPosition(source, ['main', 1])).toEqual(at(source, "'b'"));
  });

  test('a default-exported variable, with a type annotation', () => {
    const source = "import type { SiteConfigInput } from 'protodocs';\n\nconst $config: SiteConfigInput = {\n  title: 'T',\n  colorMode: { defaultMode: 'dark' },\n};\n\nexport default $config;\n";
    expect(findKeyPosition(source, ['colorMode', 'defaultMode'])).toEqual(at(source, 'defaultMode'));
  });

  test('shorthand and spread properties cannot be followed, but the keys after them are found', () => {
    const source = 'const navbar = { items: [] };\nconst base = {};\nexport default defineConfig({\n  ...base,\n  navbar,\n  title: "T",\n});\n';
    expect(findKeyPosition(source, ['title'])).toEqual({ line: 6, column: 3 });
    expect(findKeyPosition(source, ['navbar', 'items'])).toEqual({ line: 5, column: 3 });
  });

  test('a config that is not a literal: each key found after the previous one in the text', () => {
    const source = "export default makeConfig({\n  title: 'T',\n  navbar: { items: [{ label: 'A' }] },\n}, extra);\n";
    expect(findKeyPosition(source, ['navbar', 'items', 0, 'label'])).toEqual({ line: 3, column: 23 });
    expect(findKeyPosition(source, ['navbar', 'missing'])).toEqual({ line: 3, column: 3 });
    expect(findKeyPosition("export default config;\nconfig = { 'a.b': 1, \"c\": 2 };\n", ['c'])).toEqual({ line: 2, column: 22 });
    // A key that is part of a longer name is not a match; a regex character in a key is taken literally.
    expect(findKeyPosition('export default x({ subtitle: 1, title: 2 });', ['title'])).toEqual({ line: 1, column: 33 });
    expect(findKeyPosition('export default x({ a: 1, "a.b": 2 });', ['a.b'])).toEqual({ line: 1, column: 26 });
    expect(findKeyPosition('export default x({ axb: 1 });', ['a.b'])).toBeUndefined();
  });

  test('no default export at all', () => {
    expect(findKeyPosition("const x = { title: 'T' };\n", ['title'])).toEqual({ line: 1, column: 13 });
    expect(findKeyPosition('', ['title'])).toBeUndefined();
  });

  test('strings with escaped quotes and template literals do not end a value early', () => {
    const source = "export default {\n  a: 'it\\'s, { not } a key',\n  b: `x ${ { c: 1 }.c } y`,\n  d: \"q\\\"uote\",\n  e: 1,\n};\n";
    expect(findKeyPosition(source, ['b'])).toEqual({ line: 3, column: 3 });
    expect(findKeyPosition(source, ['d'])).toEqual({ line: 4, column: 3 });
    expect(findKeyPosition(source, ['e'])).toEqual({ line: 5, column: 3 });
  });

  test('comments between keys and values, and unterminated comments', () => {
    const source = "export default /* the config */ {\n  // first\n  a /* key */ : /* value */ { b: 1 },\n  c: 2, // trailing\n};\n";
    expect(findKeyPosition(source, ['a', 'b'])).toEqual({ line: 3, column: 31 });
    expect(findKeyPosition(source, ['c'])).toEqual({ line: 4, column: 3 });
    expect(findKeyPosition('export default { a: 1, /* never closed', ['zzz'])).toBeUndefined();
    expect(findKeyPosition('export default { a: 1, // never ends', ['a'])).toEqual({ line: 1, column: 18 });
  });

  test('nested brackets and parentheses inside values', () => {
    const source = "export default {\n  a: fn([1, { x: (2) }], { y: [3] }),\n  b: [[1, 2], [3, { deep: 4 }]],\n  c: 3,\n};\n";
    expect(findKeyPosition(source, ['c'])).toEqual({ line: 4, column: 3 });
    expect(findKeyPosition(source, ['b', 1, 1, 'deep'])).toEqual(at(source, 'deep'));
    expect(findKeyPosition(source, ['b', 0, 1])).toEqual(at(source, '2]'));
  });
});

describe('findConfigPosition', () => {
  test('the call of defineConfig or defineSidebars, else the default export', () => {
    expect(findConfigPosition(CONFIG)).toEqual(at(CONFIG, 'defineConfig({'));
    expect(findConfigPosition('\n\nexport default defineSidebars ({})')).toEqual({ line: 3, column: 16 });
    expect(findConfigPosition('const a = 1;\nexport   default a;')).toEqual({ line: 2, column: 1 });
    expect(findConfigPosition('module.exports = {}')).toBeUndefined();
  });
});

describe('findValuePosition', () => {
  test('the first quoted occurrence, in any quotes', () => {
    const source = "const a = { to: \"/docs\" };\nconst b = '/docs';\nconst c = `/docs`;\n";
    expect(findValuePosition(source, '/docs')).toEqual({ line: 1, column: 17 });
    expect(findValuePosition("x = `/a`; y = '/a'", '/a')).toEqual({ line: 1, column: 5 });
    expect(findValuePosition("x = '/ab'; y = \"/a\"", '/a')).toEqual({ line: 1, column: 16 });
  });

  test('unquoted when it is nowhere quoted; undefined when absent', () => {
    expect(findValuePosition('items: [intro]', 'intro')).toEqual({ line: 1, column: 9 });
    expect(findValuePosition('items: []', 'intro')).toBeUndefined();
  });
});
