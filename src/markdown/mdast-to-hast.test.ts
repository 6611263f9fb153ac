import { toHast } from 'mdast-util-to-hast';
import { describe, expect, test } from 'vitest';
import { mdastToHast } from './mdast-to-hast.ts';
import { parse } from './test-support.ts';

// Definitions and footnotes where a page can put them: at the top, nested in quotes, lists, admonitions, other
// footnotes and MDX elements, defined twice (the first wins, by identifier upper-cased), used before and after.
const DOCUMENTS: { name: string; source: string; mdx?: boolean }[] = [
  {
    name: 'definitions at the top, used by links and images, one defined twice in another case',
    source: '[a][One] ![b][two] [c] [missing][nope]\n\n[one]: /first "T"\n[ONE]: /second\n[two]: ./i.png\n[c]: <https://x.test>\n',
  },
  {
    name: 'definitions nested in a quote, a list and an admonition',
    source: '> [q]: /quoted\n\n- item\n\n  [l]: /listed\n\n:::note\n[n]: /noted\n:::\n\n[q] [l] [n] [Q]\n',
  },
  {
    name: 'footnotes, one defined twice, one inside another, one referenced twice, one never',
    source: 'Text[^1] and[^b] again[^1] and[^inner].\n\n[^1]: First.\n[^1]: Second.\n[^b]: Has [^inner] and [x].\n\n    [^inner]: Indented, so code.\n\n> [^inner]: Quoted.\n\n[^unused]: Never used.\n\n[x]: /x\n',
  },
  {
    name: 'definitions inside MDX flow elements',
    source: '<div>\n\n[m]: /in-mdx\n\n</div>\n\n[m]\n',
    mdx: true,
  },
  {
    name: 'a page with no definitions',
    source: '# Title\n\nA paragraph with `code`, **strong** and a [link](/x).\n\n| a | b |\n| - | - |\n| [c] | d |\n',
  },
];

describe('mdastToHast', () => {
  for (const { name, source, mdx } of DOCUMENTS) {
    test(`gives toHast's tree, positions included: ${name}`, () => {
      const tree = parse(source, { mdx }).mdast;
      expect(mdastToHast(tree, { allowDangerousHtml: true })).toEqual(toHast(tree, { allowDangerousHtml: true }));
    });
  }

  test("passes the caller's handlers and options through", () => {
    const tree = parse('[a][one] and *b*\n\n[one]: /first\n').mdast;
    const options = {
      handlers: { emphasis: () => ({ type: 'text' as const, value: 'EMPHASIS' }) },
      clobberPrefix: 'x-',
    };
    expect(mdastToHast(tree, options)).toEqual(toHast(tree, options));
  });
});
