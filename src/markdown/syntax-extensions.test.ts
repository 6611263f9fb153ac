import { describe, expect, test } from 'vitest';
import { scanSyntaxNeeds, syntaxFor } from './syntax-extensions.ts';
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
    expect(scanSyntaxNeeds(PLAIN_DOC, false)).toEqual({ mdx: false, table: false, autolinkLiteral: false });
    for (const mdx of [false, true]) {
      const { scanned, full } = withAndWithoutScan(PLAIN_DOC, mdx);
      expect(scanned.parsed.mdast).toEqual(full.parsed.mdast);
      expect(scanned.html).toBe(full.html);
    }
  });

  test('the scan is case-insensitive and catches every autolink-literal trigger', () => {
    expect(scanSyntaxNeeds('WWW.EXAMPLE.COM', false).autolinkLiteral).toBe(true);
    expect(scanSyntaxNeeds('HTTP://X', false).autolinkLiteral).toBe(true);
    expect(scanSyntaxNeeds('a@b.co', false).autolinkLiteral).toBe(true);
    expect(scanSyntaxNeeds('a | b', false)).toEqual({ mdx: false, table: true, autolinkLiteral: false });
  });

  test('extension lists are built once and shared', () => {
    const needs = { mdx: true, table: false, autolinkLiteral: true };
    expect(syntaxFor(needs)).toBe(syntaxFor({ ...needs }));
    expect(Object.isFrozen(syntaxFor(needs).micromark)).toBe(true);
    expect(syntaxFor({ mdx: false, table: false, autolinkLiteral: false }).micromark).toHaveLength(2);
  });
});
