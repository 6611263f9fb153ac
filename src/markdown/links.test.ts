import { describe, expect, test, vi } from 'vitest';
import { formatDiagnostic } from '../errors/index.ts';
import { render } from './test-support.ts';

const where = (d: { code: string; line?: number; column?: number }) => ({ code: d.code, line: d.line, column: d.column });

describe('links', () => {
  test('the resolver gets the href before "#"; the fragment is re-appended and recorded decoded', () => {
    const resolveLink = vi.fn((href: string) => ({ url: `/docs/${href.replace(/\W+/g, '')}/` }));
    const { html, links } = render('See [a](../x.md?v=1#%C3%BCber-uns) here.\n', { lineOffset: 2 }, { resolveLink });
    expect(resolveLink).toHaveBeenCalledWith('../x.md?v=1');
    expect(html).toBe('<p>See <a href="/docs/xmdv1/#%C3%BCber-uns">a</a> here.</p>');
    expect(links).toEqual([{ url: '/docs/xmdv1/', fragment: 'über-uns', line: 3, column: 5 }]);
  });

  test('a resolved link is recorded only with a fragment: the anchor check has nothing to check in one without', () => {
    const resolveLink = (href: string) => ({ url: `/docs/${href.replace(/\W+/g, '')}/` });
    const { html, links } = render('[page](./a.md) and [part](./a.md#b)\n', {}, { resolveLink });
    expect(html).toBe('<p><a href="/docs/amd/">page</a> and <a href="/docs/amd/#b">part</a></p>');
    expect(links).toEqual([{ url: '/docs/amd/', fragment: 'b', line: 1, column: 20 }]);
  });

  test('same-page links are recorded with url "" and never reach the resolver', () => {
    const resolveLink = vi.fn(() => undefined);
    const { html, links } = render('[up](#top) and [top](#)\n', {}, { resolveLink });
    expect(resolveLink).not.toHaveBeenCalled();
    expect(html).toBe('<p><a href="#top">up</a> and <a href="#">top</a></p>');
    expect(links).toEqual([{ url: '', fragment: 'top', line: 1, column: 1 }]);
  });

  test('external links open in a new tab and are not resolved or recorded', () => {
    const resolveLink = vi.fn(() => undefined);
    const { html, links } = render('[a](https://x.org) [b](//cdn.x.org/a) [c](mailto:a@x.org) [d](xmpp:a@x.org)\n', {}, {
      resolveLink,
    });
    expect(resolveLink).not.toHaveBeenCalled();
    expect(links).toEqual([]);
    expect(html).toBe(
      '<p><a href="https://x.org" target="_blank" rel="noopener noreferrer">a</a> ' +
        '<a href="//cdn.x.org/a" target="_blank" rel="noopener noreferrer">b</a> ' +
        '<a href="mailto:a@x.org" target="_blank" rel="noopener noreferrer">c</a> <a href="xmpp:a@x.org">d</a></p>',
    );
  });

  test('undefined from the resolver leaves the link as written and unrecorded', () => {
    const { html, links } = render('[pdf](/files/spec.pdf#page=2)\n', {}, { resolveLink: () => undefined });
    expect(html).toBe('<p><a href="/files/spec.pdf#page=2">pdf</a></p>');
    expect(links).toEqual([]);
  });

  test('a broken target is PD5001 at the link, with the resolver hint', () => {
    const resolveLink = () => ({ broken: true as const, hint: 'did you mean ./intro.md?' });
    const { diagnostics, html } = render('Text.\n\nRead [the intro](./intor.md#start).\n', { lineOffset: 3 }, { resolveLink });
    expect(diagnostics.map(where)).toEqual([{ code: 'PD5001', line: 6, column: 6 }]);
    expect(formatDiagnostic(diagnostics[0])).toMatchInlineSnapshot(
      `"content/docs/page.md:6:6  PD5001 The link target "./intor.md" does not exist.  (hint: did you mean ./intro.md?)"`,
    );
    expect(html).toContain('href="./intor.md#start"');
  });

  test('a reference target is resolved once, at its definition', () => {
    const resolveLink = vi.fn(() => ({ broken: true as const }));
    const { diagnostics } = render('[a][x] and [b][x]\n\n[x]: ./missing.md\n', {}, { resolveLink });
    expect(resolveLink).toHaveBeenCalledTimes(1);
    expect(diagnostics.map(where)).toEqual([{ code: 'PD5001', line: 3, column: 1 }]);
  });
});

describe('images', () => {
  test('relative images are resolved; others are kept; all load lazily', () => {
    const resolveImage = vi.fn(() => '/assets/a.1234.png');
    const { html } = render('![A](./a.png) ![B](/img/b.png) ![C](https://x.org/c.png)\n', {}, { resolveImage });
    expect(resolveImage).toHaveBeenCalledTimes(1);
    expect(resolveImage).toHaveBeenCalledWith('./a.png');
    expect(html).toBe(
      '<p><img src="/assets/a.1234.png" alt="A" loading="lazy" decoding="async"> ' +
        '<img src="/img/b.png" alt="B" loading="lazy" decoding="async"> ' +
        '<img src="https://x.org/c.png" alt="C" loading="lazy" decoding="async"></p>',
    );
  });

  test('an image that cannot be resolved is PD3008 at the image', () => {
    const { diagnostics } = render('Intro.\n\nSee ![diagram](images/missing.png)\n', { lineOffset: 2 }, {
      resolveImage: () => undefined,
    });
    expect(diagnostics.map(where)).toEqual([{ code: 'PD3008', line: 5, column: 5 }]);
    expect(diagnostics[0].file).toBe('content/docs/page.md');
  });
});
