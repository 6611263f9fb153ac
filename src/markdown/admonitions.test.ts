import { describe, expect, test } from 'vitest';
import { formatDiagnostic } from '../errors/index.ts';
import { render } from './test-support.ts';

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
    expect(diagnostics[0].hint).toBe('use one of :::note, :::tip, :::info, :::warning, :::danger');
  });
});
