import type { Event } from 'micromark-util-types';
import { EditMap } from 'micromark-util-edit-map';
import { describe, expect, test } from 'vitest';
import { consumeFromFirstEdit, libraryConsume } from './edit-map-tail.ts';
import { parseMarkdown } from './parse.ts';

/** Stand-in events: only their identity matters to an edit map. */
const events = (from: number, count: number) => Array.from({ length: count }, (_, i) => [`e${from + i}`] as unknown as Event);

type Edit = { at: number; remove: number; add: number; before?: boolean };

function apply(consume: typeof libraryConsume, length: number, edits: Edit[]): string[] {
  const list = events(0, length);
  const map = new EditMap();
  edits.forEach((edit, i) => {
    const added = events(1000 * (i + 1), edit.add);
    if (edit.before) map.addBefore(edit.at, edit.remove, added);
    else map.add(edit.at, edit.remove, added);
  });
  consume.call(map, list);
  expect(map.map).toEqual([]);
  return list.map((event) => (event as unknown as string[])[0]);
}

describe('edit map from the first edit on', () => {
  const cases: [string, number, Edit[]][] = [
    ['no edits', 5, []],
    ['an insert at the start', 5, [{ at: 0, remove: 0, add: 2 }]],
    ['an insert at the end', 5, [{ at: 5, remove: 0, add: 2 }]],
    ['a removal in the middle', 8, [{ at: 3, remove: 2, add: 0 }]],
    ['the document tokenizer: exits moved earlier, duplicates dropped', 10, [{ at: 4, remove: 0, add: 3 }, { at: 7, remove: 3, add: 0 }]],
    ['edits given out of order', 10, [{ at: 8, remove: 1, add: 1 }, { at: 2, remove: 1, add: 2 }]],
    ['two edits at one place, one added before', 6, [{ at: 3, remove: 1, add: 1 }, { at: 3, remove: 1, add: 2, before: true }]],
    ['a removal that runs into the next edit', 10, [{ at: 2, remove: 5, add: 1 }, { at: 4, remove: 1, add: 1 }]],
    ['a removal past the end', 4, [{ at: 2, remove: 9, add: 1 }]],
  ];
  test.each(cases)('%s: the same list as the library', (_name, length, edits) => {
    expect(apply(consumeFromFirstEdit, length, edits)).toEqual(apply(libraryConsume, length, edits));
  });

  test("is the one micromark's parses use", () => {
    expect(EditMap.prototype.consume).toBe(consumeFromFirstEdit);
  });

  test('nested lists, lazy lines and quotes parse to the same tree as with the library', () => {
    const source = ['- a\n  - b\n'.repeat(30), '> - q\nlazy\n> > r\n', '1. x\n   - y\n     z\n\n   w\n', '- [ ] t\n  > u\n'].join('\n');
    const ours = parseMarkdown(source, { file: 'x.md', mdx: false }).mdast;
    EditMap.prototype.consume = libraryConsume;
    try {
      expect(parseMarkdown(source, { file: 'x.md', mdx: false }).mdast).toEqual(ours);
    } finally {
      EditMap.prototype.consume = consumeFromFirstEdit;
    }
  });
});
