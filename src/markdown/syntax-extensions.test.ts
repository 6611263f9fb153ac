import { describe, expect, test } from 'vitest';
import { createSyntaxes, mayHaveAtOutsideCode, scanSyntaxNeeds } from './syntax-extensions.ts';
import { render } from './test-support.ts';

const TABLE_DOC = `# Table

| Field | Type |
|---|:--:|
| \`id\` | string |
| a \\| b | enum |

Pipes in \`a | b\` code, and text without a table.
`;

const AUTOLINK_DOC = `# Autolinks

Visit www.example.com, HTTPS://EXAMPLE.ORG/x?y=1 or http://a.b/c).
Mail someone@example.com, mailto:x@y.org or xmpp:chat@example.net.
WWW.EXAMPLE.NET is upper case; see <https://angle.example>.
`;

const PLAIN_DOC = `# Plain

No pipes and no web addresses: just *emphasis*, \`code\`, [a link](./a.md) and
~~strike~~, a footnote[^1] and a task list:

- [x] done

[^1]: Note.
`;

function withAndWithoutScan(source: string, mdx = false) {
  const scanned = render(source, { mdx });
  const full = render(source, { mdx, scanSyntax: false });
  return { scanned, full };
}

describe('per-document syntax selection', () => {
  test('a table doc renders identically with and without the scan', () => {
    const { scanned, full } = withAndWithoutScan(TABLE_DOC);
    expect(scanned.html).toContain('<table>');
    expect(scanned.parsed.mdast).toEqual(full.parsed.mdast);
    expect(scanned.html).toBe(full.html);
  });

  test('an autolink doc renders identically with and without the scan', () => {
    const { scanned, full } = withAndWithoutScan(AUTOLINK_DOC);
    expect(scanned.html).toContain('href="http://www.example.com"');
    expect(scanned.html).toContain('href="mailto:someone@example.com"');
    expect(scanned.parsed.mdast).toEqual(full.parsed.mdast);
    expect(scanned.html).toBe(full.html);
  });

  test('a doc with neither renders identically without the table and autolink constructs', () => {
    expect(scanSyntaxNeeds(PLAIN_DOC, false)).toEqual({
      mdx: false,
      table: false,
      tableLookahead: true,
      wwwAutolink: false,
      protocolAutolink: false,
      emailAutolink: false,
    });
    for (const mdx of [false, true]) {
      const { scanned, full } = withAndWithoutScan(PLAIN_DOC, mdx);
      expect(scanned.parsed.mdast).toEqual(full.parsed.mdast);
      expect(scanned.html).toBe(full.html);
    }
  });

  test('each autolink-literal construct is kept only for its own trigger, in any case', () => {
    const needs = (source: string) => {
      const { wwwAutolink, protocolAutolink, emailAutolink } = scanSyntaxNeeds(source, false);
      return { wwwAutolink, protocolAutolink, emailAutolink };
    };
    expect(needs('WWW.EXAMPLE.COM')).toEqual({ wwwAutolink: true, protocolAutolink: false, emailAutolink: false });
    expect(needs('HTTP://X')).toEqual({ wwwAutolink: false, protocolAutolink: true, emailAutolink: false });
    expect(needs('a@b.co')).toEqual({ wwwAutolink: false, protocolAutolink: false, emailAutolink: true });
    expect(needs('www example, http')).toEqual({ wwwAutolink: false, protocolAutolink: true, emailAutolink: false });
    expect(scanSyntaxNeeds('a | b', false).table).toBe(true);
  });

  test('an @ counts as text unless it is in a fenced block or a code span', () => {
    expect(mayHaveAtOutsideCode('No at sign here.')).toBe(false);
    expect(mayHaveAtOutsideCode("```js\nimport x from '@scope/x';\n```\n")).toBe(false);
    expect(mayHaveAtOutsideCode('~~~~\n@a\n~~~\n@b\n~~~~~\n')).toBe(false);
    expect(mayHaveAtOutsideCode("Run `npm i @scope/x` or ``a ` @b``.")).toBe(false);
    expect(mayHaveAtOutsideCode('```\nunclosed @fence')).toBe(false);
    expect(mayHaveAtOutsideCode('Mail a@b.co.')).toBe(true);
    expect(mayHaveAtOutsideCode('```\ncode\n```\n\nMail a@b.co.')).toBe(true);
    expect(mayHaveAtOutsideCode('~~~\ncode\n```\n~~~\nMail a@b.co.')).toBe(true);
    expect(mayHaveAtOutsideCode('`unclosed span a@b.co')).toBe(true);
    // A backtick in the info string means the line is not a fence.
    expect(mayHaveAtOutsideCode('``` a`b\n@x\n')).toBe(true);
  });

  test('extension lists are built once per parser and shared', () => {
    const syntaxes = createSyntaxes({});
    const syntaxFor = syntaxes.for;
    expect(createSyntaxes({}).for({ mdx: false, table: true, tableLookahead: true, wwwAutolink: false, protocolAutolink: false, emailAutolink: false })).not.toBe(
      syntaxFor({ mdx: false, table: true, tableLookahead: true, wwwAutolink: false, protocolAutolink: false, emailAutolink: false }),
    );
    const needs = { mdx: true, table: false, tableLookahead: true, wwwAutolink: false, protocolAutolink: true, emailAutolink: false };
    expect(syntaxFor(needs)).toBe(syntaxFor({ ...needs }));
    expect(Object.isFrozen(syntaxFor(needs).micromark)).toBe(true);
    const none = { mdx: false, table: false, tableLookahead: true, wwwAutolink: false, protocolAutolink: false, emailAutolink: false };
    expect(syntaxFor(none).micromark).toHaveLength(2);
    // The mdast side of literal autolinks stays whenever one of the three constructs does.
    const hasAutolinkHandlers = (list: readonly { enter?: object | null }[]) =>
      list.some((extension) => extension.enter != null && 'literalAutolink' in extension.enter);
    expect(hasAutolinkHandlers(syntaxFor(none).mdast)).toBe(false);
    for (const construct of ['wwwAutolink', 'protocolAutolink', 'emailAutolink'] as const) {
      expect(hasAutolinkHandlers(syntaxFor({ ...none, [construct]: true }).mdast)).toBe(true);
    }
  });
});

// Each case is parsed with the scan (constructs dropped, then verified) and with every construct; the parse result
// (mdast with positions, headings, links) and the HTML must be the same.
const TRICKY: Record<string, string> = {
  'email in prose': 'Write to team@example.com today.\n',
  'email with @ elsewhere only in code': "```js\nimport x from '@scope/x';\n```\n\nWrite to team@example.com.\n",
  'email in emphasis': "`@code`\n\n*team@example.com* and _a.b@example.org_ and __x@y.io__\n",
  'email in strikethrough': '`@a` ~~gone@example.com~~\n',
  'email in link text': '`@a` [mail team@example.com](./contact.md) [x@y.io][ref]\n\n[ref]: ./r.md\n',
  'email in link destination only': '[mail](mailto:team@example.com) and [x](./a@b.md)\n',
  'email in image alt': '![team@example.com](./logo.png) and ![`x` a@b.co](./l.png)\n',
  'email in code only': "Use `npm i @scope/pkg` and ``a ` b@c.com``.\n\n```\nx@y.com\n```\n",
  'email in table': "| Who | Mail |\n|---|---|\n| A | a@example.com |\n| B | `b@example.com` |\n",
  'email in heading with id': '## Mail a@b.co {#mail}\n\n## `@x` only {#x}\n',
  'mailto and xmpp': 'See mailto:x@y.org, xmpp:chat@example.net/res and MAILTO:Z@Y.ORG.\n',
  'email after escaped backticks': 'Not code: \\`a@b.com\\` here.\n',
  'code span across paragraphs': '`open\n\na@b.com `close`\n',
  'email in angle autolink': '`@a` <team@example.com> and <https://x.y>\n',
  'email in html': '`@a` <span title="a@b.co">x</span>\n\n<div>\nhtml@block.com\n</div>\n',
  'email in indented code': 'Para `@x`\n\n    indented a@b.co\n',
  'email in blockquote fence': '> ```\n> a@b.co\n> ```\n\nText `@x`.\n',
  'longer closing fence': '````\nx@y.com\n``````\n\nafter@fence.com\n',
  'shorter closing fence': '````\nx@y.com\n```\nstill@code.com\n````\n\nafter@fence.com\n',
  'tilde fence closed by backticks': '~~~\nx@y.com\n```\nstill@code.com\n~~~\n`@x`\n',
  'unclosed fence': '```\nx@y.com\nno end\n',
  'fence with backtick info': '``` a`b\nx@y.com\n',
  'www in text': 'Visit www.example.com or WWW.Example.ORG/path).\n',
  'www only in link destination': '[site](http://www.example.com) and [b](www.example.com)\n',
  'http in text': 'See https://example.com/a?b=1. And HTTP://X.Y.\n',
  'http only in link destination': '[site](https://example.com) and ![i](http://x.y/i.png)\n',
  'http only in code': '`https://example.com` and\n\n```\nhttp://x.y\n```\n',
  'escaped and encoded autolinks': 'www\\.example.com, &#104;ttp://x.co, a&#64;b.co, x&commat;y.io, www&period;z.com\n',
  'encoded email with @ in code': '`@x` then a&#64;b.co\n',
  'html block': '<details>\n<summary>a@b.co</summary>\n\nmail@inside.com\n\n</details>\n',
  'directives': '`@x` :abbr[a@b.co]{title="c@d.io"} 10:30 x@y:z\n\n::leaf[m@n.co]\n\n:::note\nin@note.com\n:::\n',
  'footnote': 'Text[^a@b.co] `@x`\n\n[^a@b.co]: Note with c@d.co.\n',
  'no at at all': '# Title\n\nPlain *text* and `code`.\n',
  // The table lookahead: every way a delimiter row can look, and lines that almost are one.
  'table basic': '| a | b |\n|---|:-:|\n| 1 | 2 |\n',
  'table without pipes, colon delimiter': 'a\n:-\n\nb\n-:\n\nc\n:-:\n',
  'table head without pipes': 'a\n|-\nb\n',
  'table body rows without pipes': '| a |\n| - |\nno pipe row\nanother: row\n\nafter\n',
  'table after paragraph line': 'para line\n| a | b |\n| - | - |\n| c | d |\n',
  'table in blockquote and list': '> | a |\n> | - |\n> | b |\n\n- | x |\n  | - |\n  | y |\n\n1. a\n   :-\n',
  'table lazy delimiter': '> | a |\n| - |\n',
  'table with crlf and cr': '| a |\r\n| - |\r\n| b |\r\n\rpara\r| c |\r| :- |\r',
  'table with tabs': '\t| a |\n| - |\n\n|\ta\t|\n|\t-\t|\n',
  'almost delimiter rows': '| a |\n| b |\n\n| a |\n|:|\n\nx\n---\n\ny\n- a\n\nz\n: -\n',
  'setext and thematic breaks': 'Title | x\n---\n\n***\n| a |\n---|\n',
  'table at end of file': 'a | b\n--|--',
  'table in html and code': '<div>\n| a |\n| - |\n</div>\n\n```\n| a |\n| - |\n```\n',
};

const TRICKY_MDX: Record<string, string> = {
  'mdx email in component': "import Card from './Card.tsx'\n\n<Card title=\"a@b.co\">\n  x@y.io\n</Card>\n\n`@x`\n",
  'mdx expression': '`@x` {"a@b.co"} and text\n',
  'mdx error with @ in code': '`@x`\n\n<Card a={b c} />\n',
};

describe('the scanned parse equals a parse with every construct', () => {
  const cases = [
    ...Object.entries(TRICKY).map(([name, source]) => ({ name, source, mdx: false })),
    ...Object.entries(TRICKY).map(([name, source]) => ({ name: `${name} (mdx)`, source, mdx: true })),
    ...Object.entries(TRICKY_MDX).map(([name, source]) => ({ name, source, mdx: true })),
  ];
  for (const { name, source, mdx } of cases) {
    test(name, () => {
      for (const lineOffset of [0, 3]) {
        const scanned = render(source, { mdx, lineOffset });
        const full = render(source, { mdx, lineOffset, scanSyntax: false });
        expect(scanned.parsed).toStrictEqual(full.parsed);
        expect(scanned.html).toBe(full.html);
      }
    });
  }

  test('a one-column table needs no pipe, so the scan keeps the table construct for an alignment colon', () => {
    expect(scanSyntaxNeeds('a\n:-\n', false).table).toBe(true);
    expect(render('a\n:-\n').html).toContain('<table>');
  });

  test('the cases include ones where the scan guesses wrong and the parse is redone', () => {
    const wrongGuesses = Object.values(TRICKY).filter(
      (source) => !mayHaveAtOutsideCode(source) && render(source, { scanSyntax: false }).html.includes('mailto:'),
    );
    expect(wrongGuesses.length).toBeGreaterThanOrEqual(3);
  });
});
