import { describe, expect, test } from 'vitest';
import { formatDiagnostic } from '../errors/index.ts';
import { parse, render } from './test-support.ts';

describe('admonitions', () => {
  test('default title is the capitalised type; a label sets it', () => {
    expect(render(':::danger\nCareful.\n:::\n').html).toBe(
      '<aside class="admonition admonition-danger" role="note" aria-label="Danger"><p class="admonition-title">Danger</p>\n' +
        '<div class="admonition-content">\n<p>Careful.</p>\n</div></aside>',
    );
    expect(render(':::info[About `x`]\nBody.\n:::\n').html).toContain(
      'aria-label="About x"><p class="admonition-title">About <code>x</code></p>',
    );
  });

  test('an unknown type is PD3006 at the directive, and its content still renders', () => {
    const { diagnostics, html } = render('Intro.\n\n  :::warn\n  Body.\n  :::\n', { lineOffset: 5 });
    expect(diagnostics.map(({ code, line, column }) => ({ code, line, column }))).toEqual([
      { code: 'PD3006', line: 8, column: 3 },
    ]);
    expect(formatDiagnostic(diagnostics[0])).toMatchInlineSnapshot(
      `"content/docs/page.md:8:3  PD3006 ":::warn" is not an admonition type.  (hint: did you mean :::warning?)"`,
    );
    expect(html).toBe('<p>Intro.</p>\n<p>Body.</p>');
  });

  test('without a close match the hint lists the types', () => {
    const { diagnostics } = render(':::quote\nx\n:::\n');
    expect(diagnostics[0].hint).toBe('use one of :::note, :::tip, :::info, :::caution, :::warning, :::danger');
  });
});

describe('Docusaurus admonitions', () => {
  const TYPES = ['note', 'tip', 'info', 'caution', 'warning', 'danger'];

  test.each(TYPES)(':::%s renders with its default title, a bracket title and a title after a space', (type) => {
    const title = type.charAt(0).toUpperCase() + type.slice(1);
    const plain = render(`:::${type}\nBody.\n:::\n`);
    expect([...plain.parsed.diagnostics, ...plain.diagnostics]).toEqual([]);
    expect(plain.html).toBe(
      `<aside class="admonition admonition-${type}" role="note" aria-label="${title}"><p class="admonition-title">${title}</p>\n` +
        '<div class="admonition-content">\n<p>Body.</p>\n</div></aside>',
    );
    const bracket = render(`:::${type}[Read *this*]\nBody.\n:::\n`);
    expect(bracket.html).toContain(`<aside class="admonition admonition-${type}" role="note" aria-label="Read this"><p class="admonition-title">Read <em>this</em></p>`);
    const spaced = render(`:::${type} Read *this* first\nBody.\n:::\n`);
    expect([...spaced.parsed.diagnostics, ...spaced.diagnostics]).toEqual([]);
    expect(spaced.html).toContain(`<aside class="admonition admonition-${type}" role="note" aria-label="Read this first"><p class="admonition-title">Read <em>this</em> first</p>`);
    expect(spaced.html).toContain('<p>Body.</p>');
  });

  test('a space title keeps brackets, and lines after it keep their positions', () => {
    const { html, diagnostics } = render(':::caution Arrays [and] maps\nSee [the guide](missing.md).\n:::\n');
    expect(html).toContain('<p class="admonition-title">Arrays [and] maps</p>');
    expect(diagnostics.map(({ code, line, column }) => ({ code, line, column }))).toEqual([{ code: 'PD5001', line: 2, column: 5 }]);
  });

  test('a space title inside fenced code stays code', () => {
    const { html } = render('```text\n:::note Not a title\n```\n');
    expect(html).toContain(':::note Not a title');
    expect(html).not.toContain('admonition');
  });

  test('an unclosed admonition is PD3010 at its opening line', () => {
    const { diagnostics } = parse('Intro.\n\n:::caution Mind the gap\nBody.\n\n## Later heading\n', { lineOffset: 4 });
    expect(diagnostics.map((d) => formatDiagnostic(d))).toEqual([
      'content/docs/page.md:7:1  PD3010 ":::caution" has no closing ":::", so everything after it would be inside it.  (hint: end it with a line of :::)',
    ]);
  });

  test('an inner admonition left open is reported, not its closed parent', () => {
    const { diagnostics } = parse('::::tip\n:::note\nInner.\n::::\n\nAfter.\n');
    expect(diagnostics.map(({ code, line, column }) => ({ code, line, column }))).toEqual([{ code: 'PD3010', line: 2, column: 1 }]);
    const closed = parse('::::tip\n:::note\nInner.\n:::\n::::\n');
    expect(closed.diagnostics).toEqual([]);
  });

  test('nested admonitions with fences of one length: the closing fence ends the outer one, so the inner one is open', () => {
    const { diagnostics } = parse(':::note\n:::tip\nx\n:::\n');
    expect(diagnostics.map(({ code, line }) => ({ code, line }))).toEqual([{ code: 'PD3010', line: 2 }]);
  });

  test('closed admonitions in a block quote and an empty one are fine', () => {
    expect(parse('> :::info\n> Quoted.\n> :::\n').diagnostics).toEqual([]);
    expect(parse(':::danger\n:::\n').diagnostics).toEqual([]);
  });
});
