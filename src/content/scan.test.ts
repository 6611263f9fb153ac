import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import { Diagnostics } from '../errors/index.ts';
import { walkFilesAside, type ListedFiles } from '../files/index.ts';
import { scanContent, type SourceMemo } from './scan.ts';
import type { DocFile } from './types.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-scan-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A site of two docs, intro.md saying `text` and other.md, and an empty source memo. */
function twoDocs(name: string, text: string) {
  const root = path.join(temp, name);
  const docs = path.join(root, 'content', 'docs');
  mkdirSync(docs, { recursive: true });
  const intro = path.join(docs, 'intro.md');
  const other = path.join(docs, 'other.md');
  writeFileSync(intro, `---\ntitle: Intro\n---\n\n${text}\n`);
  writeFileSync(other, '---\ntitle: Other\n---\n\nOther.\n');
  const sources: SourceMemo = new Map();
  return { config: testConfig({}, { root }), intro, other, sources };
}

test('serve: a file whose stats are unchanged is taken as last read; an edited one is read; a deleted one is let go', () => {
  const { config, intro, other, sources } = twoDocs('site', 'On disk.');
  const scan = () => (scanContent(config, new Diagnostics(), { memo: new Map(), sources }).files.find((f) => f.abs === intro) as DocFile).source;

  expect(scan()).toContain('On disk.');
  expect([...sources.keys()].sort()).toEqual([intro, other]);
  // What the memo holds for these very stats is what the scan takes: the file is not read again.
  const known = sources.get(intro)!;
  sources.set(intro, { ...known, read: { ...known.read, base: { ...known.read.base, source: 'From the memo.' } } });
  expect(scan()).toBe('From the memo.');

  writeFileSync(intro, '---\ntitle: Intro\n---\n\nEdited on disk.\n');
  expect(scan()).toContain('Edited on disk.');

  rmSync(other);
  scan();
  expect([...sources.keys()]).toEqual([intro]);
});

test("serve: given the watcher's changed files, one it does not name is taken from the memo without a stat; one it names is read", () => {
  const { config, intro, other, sources } = twoDocs('watched', 'First.');
  const sourceOf = (changed?: ReadonlySet<string>) => (scanContent(config, new Diagnostics(), { memo: new Map(), sources, changed }).files.find((f) => f.abs === intro) as DocFile).source;
  expect(sourceOf()).toContain('First.');

  // Another length: a stat would see it. The watcher did not name it, so the memo's text stands.
  writeFileSync(intro, '---\ntitle: Intro\n---\n\nSecond, and longer.\n');
  expect(sourceOf(new Set([other]))).toContain('First.');
  expect(sourceOf(new Set([intro]))).toContain('Second, and longer.');
  // Without the watcher's word, the stats decide.
  writeFileSync(intro, '---\ntitle: Intro\n---\n\nThird.\n');
  expect(sourceOf()).toContain('Third.');
});

test('serve: a file the memo knows, grown past the size limits, is reported under its name in the site', () => {
  const { config, intro, sources } = twoDocs('grown', 'Short.');
  const codesAndFiles = () => {
    const diagnostics = new Diagnostics();
    scanContent(config, diagnostics, { memo: new Map(), sources });
    return diagnostics.items.map((d) => [d.code, d.file]);
  };
  expect(codesAndFiles()).toEqual([]);
  writeFileSync(intro, `---\ntitle: Intro\n---\n\n${'word '.repeat(14_000)}\n`);
  expect(codesAndFiles()).toEqual([['PD2024', 'content/docs/intro.md']]);
  writeFileSync(intro, `---\ntitle: Intro\n---\n\n${'word '.repeat(28_000)}\n`);
  expect(codesAndFiles()).toEqual([['PD2023', 'content/docs/intro.md']]);
});

test('build: given the content folder listed with stats, the scan takes its files and stats from the listing', async () => {
  const { config, intro, other, sources } = twoDocs('listed', 'Listed.');
  const listed = await walkFilesAside(config.contentDir);
  const scan = (listing?: ListedFiles) => scanContent(config, new Diagnostics(), { memo: new Map(), sources, listed: listing }).files.map((f): [string, string] => [f.abs!, (f as DocFile).source]);
  const walked = scan();
  expect(scan(listed)).toEqual(walked);
  // A file written since the listing, to the same stats the memo holds, is taken as the memo has it: the listing's
  // stats stand for the file, and it is not statted again.
  const known = sources.get(intro)!;
  sources.set(intro, { ...known, read: { ...known.read, base: { ...known.read.base, source: 'From the memo.' } } });
  writeFileSync(intro, '---\ntitle: Intro\n---\n\nWritten after the listing, and longer.\n');
  expect(new Map(scan(listed)).get(intro)).toBe('From the memo.');
  // Without the listing the scan stats it, and reads it.
  expect(new Map(scan()).get(intro)).toContain('Written after the listing');
  // Only the files the listing names are scanned: one added after it is found by the next listing.
  writeFileSync(path.join(path.dirname(other), 'added.md'), '---\ntitle: Added\n---\n\nAdded.\n');
  expect(scan(listed).map(([abs]) => path.basename(abs))).toEqual(['intro.md', 'other.md']);
  expect(scan(await walkFilesAside(config.contentDir)).map(([abs]) => path.basename(abs))).toEqual(['added.md', 'intro.md', 'other.md']);
});
