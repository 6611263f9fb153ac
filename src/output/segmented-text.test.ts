import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { composeSegments, type Segment } from './segmented-text.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-segments-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const made: string[] = [];
const segment = (key: string, text: string): Segment => [key, () => (made.push(key), text)];

describe('composeSegments', () => {
  test('with no previous file: every part made, lengths in bytes', () => {
    made.length = 0;
    const { content, layout } = composeSegments([segment('a', 'één\n'), segment('b', 'two\n')]);
    expect(String(content)).toBe('één\ntwo\n');
    expect(layout).toEqual([['a', 6], ['b', 4]]);
    expect(made).toEqual(['a', 'b']);
  });

  test('copies the parts whose keys the previous layout lists, in the new order, and makes only the others', () => {
    const file = path.join(temp, 'previous.txt');
    writeFileSync(file, 'één\ntwo\nthree\n');
    made.length = 0;
    const previous = { file, layout: [['a', 6], ['b', 4], ['c', 6]] as [string, number][] };
    // The copies are the file's bytes, whatever the part would make now.
    const { content, layout } = composeSegments([segment('c', 'not read'), segment('d', 'four\n'), segment('a', 'not read')], previous);
    expect((content as Buffer[]).map(String)).toEqual(['three\n', 'four\n', 'één\n']);
    expect(layout).toEqual([['c', 6], ['d', 5], ['a', 6]]);
    expect(made).toEqual(['d']);
  });

  test('copied parts that follow each other in the previous file are one part', () => {
    const file = path.join(temp, 'runs.txt');
    writeFileSync(file, 'ab-cd-ef-');
    const layout: [string, number][] = [['a', 3], ['c', 3], ['e', 3]];
    const { content } = composeSegments([segment('a', ''), segment('c', ''), segment('x', 'new-'), segment('e', '')], { file, layout });
    expect((content as Buffer[]).map(String)).toEqual(['ab-cd-', 'new-', 'ef-']);
  });

  test('a layout that does not describe the file is not trusted: every part is made', () => {
    const file = path.join(temp, 'other.txt');
    writeFileSync(file, 'replaced by hand\n');
    made.length = 0;
    const { content } = composeSegments([segment('a', 'one\n'), segment('b', 'two\n')], { file, layout: [['a', 4], ['b', 4]] });
    expect(String(content)).toBe('one\ntwo\n');
    expect(made).toEqual(['a', 'b']);
  });
});
