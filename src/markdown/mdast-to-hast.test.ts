import type { Nodes } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toHast, type Options } from 'mdast-util-to-hast';
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

// mdastToHast promises toHast's tree but for positions (most left out; the table handler sets its tbody's itself).
function withoutPositions(node: Nodes): Nodes {
  delete node.position;
  if ('children' in node) for (const child of node.children) withoutPositions(child);
  return node;
}

function expected(tree: Parameters<typeof toHast>[0], options: Options): Nodes {
  return withoutPositions(toHast(tree, options));
}

describe('mdastToHast', () => {
  for (const { name, source, mdx } of DOCUMENTS) {
    test(`gives toHast's tree without positions, so the same HTML: ${name}`, () => {
      const tree = parse(source, { mdx }).mdast;
      const hast = mdastToHast(tree, { allowDangerousHtml: true });
      expect(withoutPositions(structuredClone(hast))).toEqual(expected(tree, { allowDangerousHtml: true }));
      expect(toHtml(hast, { allowDangerousHtml: true })).toBe(toHtml(toHast(tree, { allowDangerousHtml: true }), { allowDangerousHtml: true }));
    });
  }

  test("passes the caller's handlers and options through", () => {
    const tree = parse('[a][one] and *b*\n\n[one]: /first\n').mdast;
    const options = {
      handlers: { emphasis: () => ({ type: 'text' as const, value: 'EMPHASIS' }) },
      clobberPrefix: 'x-',
    };
    expect(withoutPositions(mdastToHast(tree, options))).toEqual(expected(tree, options));
  });
});
