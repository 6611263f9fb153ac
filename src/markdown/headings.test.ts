import { describe, expect, test } from 'vitest';
import { formatDiagnostic } from '../errors/index.ts';
import { render } from './test-support.ts';

describe('headings', () => {
  test('h2..h6 get a direct link after the text; h1 only an id', () => {
    const { html } = render('# Top\n\n## Set *up*\n\n###### Six\n');
    expect(html).toBe(
      '<h1 id="top">Top</h1>\n' +
        '<h2 id="set-up">Set <em>up</em><a class="hash-link" href="#set-up" aria-label="Direct link to Set up" title="Direct link to Set up">#</a></h2>\n' +
        '<h6 id="six">Six<a class="hash-link" href="#six" aria-label="Direct link to Six" title="Direct link to Six">#</a></h6>',
    );
  });

  test('the TOC nests levels 2..3 by default', () => {
    const { toc } = render('# T\n\n## A\n\n### A1\n\n#### deep\n\n### A2\n\n## B {#bee}\n\n### B1\n');
    expect(toc).toEqual([
      {
        id: 'a',
        text: 'A',
        depth: 2,
        children: [
          { id: 'a1', text: 'A1', depth: 3, children: [] },
          { id: 'a2', text: 'A2', depth: 3, children: [] },
        ],
      },
      { id: 'bee', text: 'B', depth: 2, children: [{ id: 'b1', text: 'B1', depth: 3, children: [] }] },
    ]);
  });

  test('the TOC depth range is configurable and a skipped level nests directly', () => {
    const { toc } = render('## A\n\n#### A-deep\n\n### A3\n', {}, { tocMinDepth: 2, tocMaxDepth: 4 });
    expect(toc).toEqual([
      {
        id: 'a',
        text: 'A',
        depth: 2,
        children: [
          { id: 'a-deep', text: 'A-deep', depth: 4, children: [] },
          { id: 'a3', text: 'A3', depth: 3, children: [] },
        ],
      },
    ]);
  });

  test('two explicit ids that are the same are PD3007 at the second heading', () => {
    const { diagnostics } = render('## One {#same}\n\nText.\n\n## Two {#same}\n', { lineOffset: 3 });
    expect(diagnostics.map(({ code, line, column }) => ({ code, line, column }))).toEqual([
      { code: 'PD3007', line: 8, column: 1 },
    ]);
    expect(formatDiagnostic(diagnostics[0])).toMatchInlineSnapshot(
      `"content/docs/page.md:8:1  PD3007 Two headings have the id "same", so links to #same cannot tell them apart.  (hint: the other heading is on line 4; change one of the {#…} ids)"`,
    );
  });
});
