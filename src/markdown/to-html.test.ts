import { serialize } from 'node:v8';
import { describe, expect, test } from 'vitest';
import { render } from './test-support.ts';
import { compactText, renderMarkdown } from './to-html.ts';
import { testRenderOptions } from './test-support.ts';

describe('renderMarkdown', () => {
  test('<!-- truncate --> splits off the excerpt and is not output', () => {
    const { html, excerptHtml } = render('# Post\n\nShown in lists.\n\n<!-- truncate -->\n\nOnly on the page.\n');
    expect(excerptHtml).toBe('<h1 id="post">Post</h1>\n<p>Shown in lists.</p>');
    expect(html).toBe('<h1 id="post">Post</h1>\n<p>Shown in lists.</p>\n<p>Only on the page.</p>');
    expect(render('No marker.\n').excerptHtml).toBeUndefined();
  });

  test('tables are wrapped for horizontal scrolling', () => {
    expect(render('| a |\n|---|\n| 1 |\n').html).toMatch(/^<div class="table-wrapper" tabindex="0"><table>[\s\S]*<\/table><\/div>$/);
  });

  test('author HTML passes through', () => {
    expect(render('<kbd>Ctrl</kbd>+<kbd>K</kbd>\n\n<div class="x">\n\nbody\n\n</div>\n').html).toBe(
      '<p><kbd>Ctrl</kbd>+<kbd>K</kbd></p>\n<div class="x">\n<p>body</p>\n</div>',
    );
  });

  test('anchors list every id, including footnotes and ids in raw HTML', () => {
    const { anchors } = render('# T\n\n## A {#alpha}\n\nNote[^n].\n\n<a id="old-name"></a>\n\n[^n]: Text.\n');
    expect(anchors.sort()).toEqual(
      ['t', 'alpha', 'old-name', 'footnote-label', 'user-content-fn-n', 'user-content-fnref-n'].sort(),
    );
  });

  test('sections split at h1..h3, with plain text and a word count', () => {
    const source = [
      'Before any heading.',
      '# Title',
      'Intro *text* with `code`.',
      '## Install {#install}',
      '| a | b |\n|---|---|\n| one | two |',
      '#### Deep',
      'Still install.',
      '```bash\nnpm i x\n```',
      '### Verify',
      '- first\n- second',
    ].join('\n\n');
    const { sections, wordCount } = render(source + '\n');
    expect(sections).toEqual([
      { heading: '', depth: 0, text: 'Before any heading.' },
      { id: 'title', heading: 'Title', depth: 1, text: 'Intro text with code.' },
      { id: 'install', heading: 'Install', depth: 2, text: 'a b one two Deep Still install. npm i x' },
      { id: 'verify', heading: 'Verify', depth: 3, text: 'first second' },
    ]);
    expect(wordCount).toBe(3 + 1 + 4 + 1 + 10 + 1 + 2);
  });

  test('rendering does not change the parsed tree, so a cached parse renders again the same', () => {
    const first = render('## A\n\n[x](./a.md#f) ![i](./i.png)\n\n:::note\nN\n:::\n\n| a |\n|---|\n');
    const snapshot = structuredClone(first.parsed);
    const second = renderMarkdown(first.parsed, testRenderOptions());
    expect(first.parsed).toEqual(snapshot);
    expect(second.html).toBe(first.html);
  });
});

describe('compactText', () => {
  // Held two bytes per character though every character fits in one: what joining a two-byte part leaves.
  const twoByte = ('\u0100' + '<p>Body text, café</p>\n'.repeat(500)).slice(1);

  test('the same text, held a byte per character: half the bytes in a message, a cache record or the heap', () => {
    const compact = compactText(twoByte);
    expect(compact).toBe(twoByte);
    expect(serialize(twoByte).length).toBeGreaterThan(2 * twoByte.length);
    expect(serialize(compact).length).toBeLessThan(twoByte.length + 16);
  });

  test('leaves text with a character beyond Latin-1 as it is', () => {
    const arrow = twoByte + '→';
    expect(compactText(arrow)).toBe(arrow);
  });

  test("a page's HTML comes out compact, excerpt included", () => {
    // Highlighted code is what leaves toHtml's output two bytes per character.
    const code = '```json\n{ "key": [1, 2] }\n```\n';
    const { html, excerptHtml } = render(`# Café\n\n${code}\n<!-- truncate -->\n\nOnly here, café.\n\n${code}`);
    expect(serialize(html).length).toBeLessThan(html.length + 16);
    expect(serialize(excerptHtml).length).toBeLessThan(excerptHtml!.length + 16);
  });
});
