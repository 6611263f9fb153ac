import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { composeSegments, type Segment } from './segmented-text.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-segments-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const made: string[] = [];
const segment = (key: string, text: string): Segment => [key, () => (made.push(key), text)];

describe('composeSegments', () => {
  test('with no previous file: every part made, lengths in bytes', async () => {
    made.length = 0;
    const { content, layout } = await composeSegments([segment('a', 'één\n'), segment('b', 'two\n')]);
    expect(Buffer.concat(content).toString()).toBe('één\ntwo\n');
    expect(layout).toEqual([['a', 6], ['b', 4]]);
    expect(made).toEqual(['a', 'b']);
  });

  test('copies the parts whose keys the previous layout lists, in the new order, and makes only the others', async () => {
    const file = path.join(temp, 'previous.txt');
    writeFileSync(file, 'één\ntwo\nthree\n');
    made.length = 0;
    const previous = { file, layout: [['a', 6], ['b', 4], ['c', 6]] as [string, number][] };
    // The copies are the file's bytes, whatever the part would make now.
    const { content, layout } = await composeSegments([segment('c', 'not read'), segment('d', 'four\n'), segment('a', 'not read')], previous);
    expect((content as Buffer[]).map(String)).toEqual(['three\n', 'four\n', 'één\n']);
    expect(layout).toEqual([['c', 6], ['d', 5], ['a', 6]]);
    expect(made).toEqual(['d']);
  });

  test('copied parts that follow each other in the previous file are one part', async () => {
    const file = path.join(temp, 'runs.txt');
    writeFileSync(file, 'ab-cd-ef-');
    const layout: [string, number][] = [['a', 3], ['c', 3], ['e', 3]];
    const { content } = await composeSegments([segment('a', ''), segment('c', ''), segment('x', 'new-'), segment('e', '')], { file, layout });
    expect((content as Buffer[]).map(String)).toEqual(['ab-cd-', 'new-', 'ef-']);
  });

  test('a layout that does not describe the file is not trusted: every part is made', async () => {
    const file = path.join(temp, 'other.txt');
    writeFileSync(file, 'replaced by hand\n');
    made.length = 0;
    const { content, layout } = await composeSegments([segment('a', 'one\n'), segment('b', 'two\n')], { file, layout: [['a', 4], ['b', 4]] });
    expect(Buffer.concat(content).toString()).toBe('one\ntwo\n');
    expect(layout).toEqual([['a', 4], ['b', 4]]);
    expect(made).toEqual(['a', 'b']);
  });

  test('a file that is one byte longer or shorter than its layout is not trusted either', async () => {
    for (const text of ['one\ntwo\n!', 'one\ntwo']) {
      const file = path.join(temp, 'near.txt');
      writeFileSync(file, text);
      made.length = 0;
      const { content } = await composeSegments([segment('a', 'one\n'), segment('b', 'TWO\n')], { file, layout: [['a', 4], ['b', 4]] });
      expect(Buffer.concat(content).toString()).toBe('one\nTWO\n');
      expect(made).toEqual(['a', 'b']);
    }
  });

  test('a previous file that cannot be read (gone, or a folder of the layout\'s size) gives nothing: every part is made, nothing thrown', async () => {
    const folder = { file: temp, layout: [['a', statSync(temp).size - 4], ['b', 4]] as [string, number][] };
    for (const previous of [{ file: path.join(temp, 'missing.txt'), layout: [['a', 4], ['b', 4]] as [string, number][] }, folder]) {
      made.length = 0;
      const { content, layout } = await composeSegments([segment('a', 'one\n'), segment('b', 'two\n')], previous);
      expect(Buffer.concat(content).toString()).toBe('one\ntwo\n');
      expect(layout).toEqual([['a', 4], ['b', 4]]);
      expect(made).toEqual(['a', 'b']);
    }
  });

  test('the previous file is read without blocking the thread: its caller goes on before the parts are made', async () => {
    const file = path.join(temp, 'async.txt');
    writeFileSync(file, 'one\ntwo\n');
    made.length = 0;
    const composing = composeSegments([segment('a', ''), segment('x', 'new\n')], { file, layout: [['a', 4], ['b', 4]] });
    // Had it read the file in this turn, the part not in the previous file would be made by now.
    expect(made).toEqual([]);
    expect(((await composing).content as Buffer[]).map(String)).toEqual(['one\n', 'new\n']);
    expect(made).toEqual(['x']);
  });
});
