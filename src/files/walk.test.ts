import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { walkFiles, walkFilesAside, walkFilesWithStats } from './walk.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-walk-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

test('lists every file below a folder, sorted, as forward-slash paths, in this thread or another with their stats', async () => {
  for (const rel of ['b.txt', 'a/z.html', 'a/b/c/d.json', 'a/b/index.html']) {
    mkdirSync(path.dirname(path.join(temp, rel)), { recursive: true });
    writeFileSync(path.join(temp, rel), rel);
  }
  mkdirSync(path.join(temp, 'empty'));
  const expected = ['a/b/c/d.json', 'a/b/index.html', 'a/z.html', 'b.txt'];
  expect(walkFiles(temp)).toEqual(expected);
  // However the folder is named: relative, with a trailing slash, or through a dot.
  expect(walkFiles(`${path.relative(process.cwd(), temp)}/`)).toEqual(expected);
  expect(walkFiles(path.join(temp, 'a', '..', '.'))).toEqual(expected);
  const aside = await walkFilesAside(temp);
  expect([...aside.keys()]).toEqual(expected);
  expect(walkFilesWithStats(temp)).toEqual(aside);
  for (const rel of expected) {
    const st = statSync(path.join(temp, rel));
    expect(aside.get(rel)).toEqual([st.size, st.mtimeMs, st.ctimeMs]);
  }
  expect(aside.get('a/b/c/d.json')![0]).toBe('a/b/c/d.json'.length);
  expect((await walkFilesAside(path.join(temp, 'missing'))).size).toBe(0);
});

test('a folder that cannot be listed fails the same in another thread as here', async () => {
  const file = path.join(temp, 'not-a-folder');
  writeFileSync(file, 'x');
  expect(() => walkFiles(file)).toThrow(/ENOTDIR/);
  await expect(walkFilesAside(file)).rejects.toThrow(/ENOTDIR/);
});

test('a listing stopped by its signal rejects at once and leaves no thread running', async () => {
  const stop = new AbortController();
  const listing = walkFilesAside(temp, stop.signal);
  stop.abort();
  await expect(listing).rejects.toThrow(/stopped/);
  // Stopped after it settled, it keeps its result.
  const done = new AbortController();
  const files = await walkFilesAside(temp, done.signal);
  done.abort();
  expect(files.size).toBeGreaterThan(0);
});
