import { describe, expect, test } from 'vitest';
import { countNormalizedWords, extractSections, normalizeSpace } from './sections.ts';
import { parse } from './test-support.ts';

// Every kind of whitespace JavaScript's \s matches, alone, doubled and mixed with ordinary spaces.
const SPACES = ['\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
const samples = [
  '',
  ' ',
  'word',
  ' lead and trail ',
  'one two  three   four',
  ...SPACES.flatMap((space) => [`a${space}b`, `a${space}${space}b`, `a ${space}b`, `a${space} b`, `${space}a b${space}`, space]),
  'mixed \t\n\u00a0 runs\r\n\r\nof\u3000\u3000 every\ufeffkind ',
];

describe('normalizeSpace and countNormalizedWords', () => {
  test('give what replacing every \\s+ run, trimming and matching \\S+ give', () => {
    for (const text of samples) {
      const expected = text.replace(/\s+/g, ' ').trim();
      expect(normalizeSpace(text), JSON.stringify(text)).toBe(expected);
      expect(countNormalizedWords(expected), JSON.stringify(text)).toBe(expected.match(/\S+/g)?.length ?? 0);
    }
  });
});

describe('extractSections', () => {
  test('splits at h1..h3, with normalised text and a word count of headings and text', () => {
    const { sections, wordCount } = extractSections(
      parse('Intro  text\n\n## First {#first}\n\nSome\u00a0words\n| a | b |\n| - | - |\n| c | d |\n\n#### Deep\n\n- x\n- y\n').mdast,
    );
    expect(sections).toEqual([
      { heading: '', depth: 0, text: 'Intro text' },
      { id: 'first', heading: 'First', depth: 2, text: 'Some words a b c d Deep x y' },
    ]);
    expect(wordCount).toBe(2 + 1 + 9);
  });
});
