import { describe, expect, test } from 'vitest';
import { cutAtWord, describeDocument, DESCRIPTION_LENGTH } from './description.ts';
import { parse, render } from './test-support.ts';

const describeMd = (source: string, mdx = false) => describeDocument(parse(source, { mdx }).mdast);

describe('describeDocument', () => {
  test('is the first paragraph as plain text: markdown syntax goes, the words of links and inline code stay', () => {
    expect(describeMd('# Title\n\nRun **`npm i x`** to [install *it*](./a.md), then ~~stop~~ go.\n\nSecond paragraph.\n')).toBe(
      'Run npm i x to install it, then stop go.',
    );
  });

  test('skips headings, code blocks, raw HTML, images and footnote markers', () => {
    const source = [
      '# Title',
      '## Overview',
      '```bash\nnpm install protodocs\n```',
      '<div class="banner"></div>',
      '![A screenshot of the tool](./shot.png)',
      'Publishers <kbd>sign</kbd> receipts![diagram](./d.png)[^1] with  a\nline break.',
      '[^1]: A footnote, never the description.',
    ].join('\n\n');
    expect(describeMd(source)).toBe('Publishers sign receipts with a line break.');
  });

  test('strips MDX: imports, expressions and component tags, keeping the text inside inline components', () => {
    const source = [
      "import Badge from '../components/Badge.tsx';",
      'export const answer = 42;',
      '{/* an MDX comment */}',
      'The answer is {answer}, marked <Badge kind="new">new</Badge> in this release.',
    ].join('\n\n');
    expect(describeMd(source, true)).toBe('The answer is, marked new in this release.');
  });

  test('prefers a top-level paragraph to one inside an admonition, a list or a component', () => {
    expect(describeMd(':::note\n\nA side note.\n\n:::\n\n- a list item\n\nThe real intro.\n')).toBe('The real intro.');
    expect(describeMd(':::tip\n\nOnly a tip here.\n\n:::\n\n```js\nx\n```\n')).toBe('Only a tip here.');
    expect(describeMd('- first item\n- second item\n')).toBe('first item');
  });

  test('is undefined for a page without prose', () => {
    expect(describeMd('# Title\n\n## Section\n\n```js\nx\n```\n')).toBeUndefined();
    expect(describeMd('![only a picture](./p.png)\n')).toBeUndefined();
    expect(describeMd('')).toBeUndefined();
  });

  test('cuts a long paragraph at a word boundary, below the limit, with an ellipsis', () => {
    const words = 'The attribution protocol lets publishers verify every receipt that an AI client sends them, and lets clients prove what they read, when, and for which purpose exactly.';
    expect(words.length).toBeGreaterThan(DESCRIPTION_LENGTH);
    const description = describeMd(`${words}\n`)!;
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_LENGTH);
    expect(description).toBe('The attribution protocol lets publishers verify every receipt that an AI client sends them, and lets clients prove what they read, when, and for which purpose…');
    expect(words.startsWith(description.slice(0, -1))).toBe(true);
  });

  test('reaches the document output of renderMarkdown (and so the per-file cache, which stores that output)', () => {
    expect(render('# T\n\nFirst words.\n').description).toBe('First words.');
    expect(render('# T\n').description).toBeUndefined();
  });
});

describe('cutAtWord', () => {
  test('leaves a text that fits alone', () => {
    expect(cutAtWord('short enough', 12)).toBe('short enough');
  });

  test('never splits a word, and drops the punctuation before the cut', () => {
    expect(cutAtWord('alpha beta, gamma delta', 14)).toBe('alpha beta…');
    expect(cutAtWord('alpha beta gamma', 15)).toBe('alpha beta…');
  });

  test('cuts text without spaces at a word too (CJK)', () => {
    const text = '日本語のテキストは単語の間に空白がありませんが、単語の境界で切ります。';
    const cut = cutAtWord(text, 12);
    expect(cut.length).toBeLessThanOrEqual(12);
    expect(cut.endsWith('…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
  });

  test('cuts one overlong word between characters, never inside a surrogate pair', () => {
    expect(cutAtWord('a'.repeat(20), 10)).toBe('a'.repeat(9) + '…');
    const emoji = '😀'.repeat(10);
    const cut = cutAtWord(emoji, 10);
    expect(cut).toBe('😀'.repeat(4) + '…');
  });

  test('cuts where a walk of every segment from the start would, in any script', () => {
    // The walk cutAtWord used before it searched backwards from the cut: the reference for its boundaries.
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    const walked = (text: string, max: number) => {
      if (text.length <= max) return text;
      let end = 0;
      for (const segment of segmenter.segment(text)) {
        const stop = segment.index + segment.segment.length;
        if (stop > max - 1) break;
        if (segment.isWordLike) end = stop;
      }
      if (end === 0) end = /[\ud800-\udbff]/.test(text.charAt(max - 2)) ? max - 2 : max - 1;
      return text.slice(0, end) + '…';
    };
    const texts = [
      'alpha beta, gamma delta: epsilon... zeta (eta) theta; iota',
      "can't won't e.g. 3.14 1,000,000 foo_bar x--y a.b.c U.S.A. well-known",
      '日本語のテキストは単語の間に空白がありませんが、単語の境界で切ります。',
      'ภาษาไทยไม่มีช่องว่างระหว่างคำ แต่ตัดที่ขอบคำได้',
      'emoji 👩‍👩‍👧 flags 🇫🇷🇩🇪 and e\u0301 combining, mixed 中文 English 한국어 텍스트',
      '   leading spaces, then   runs   of  spaces\tand\ttabs',
      '...,,,!!! ??? ;;; ---',
      '😀'.repeat(12),
    ];
    for (const text of texts) {
      for (let max = 2; max <= text.length + 1; max++) expect(cutAtWord(text, max), `${text} @ ${max}`).toBe(walked(text, max));
    }
  });
});
