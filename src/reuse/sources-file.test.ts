import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import { scanContent, type DocFile } from '../content/index.ts';
import { Diagnostics } from '../errors/index.ts';
import { hashText } from '../files/index.ts';
import { isUnmade } from '../shared/index.ts';
import { sourcesFile } from './sources-file.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-sources-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const root = path.join(temp, 'site');
const intro = path.join(root, 'content', 'docs', 'intro.md');
const memoFile = path.join(temp, 'cache', 'sources.bin');
const INTRO = '---\ntitle: Intro\n---\n\nOn disk.\n';
mkdirSync(path.dirname(intro), { recursive: true });
writeFileSync(intro, INTRO);
writeFileSync(path.join(root, 'content', 'docs', 'other.md'), '---\ntitle: Other\n---\n\nOther.\n');
const config = testConfig({}, { root });

function scanWith(code = 'code-1'): { doc: DocFile; save(): void } {
  const sources = sourcesFile(memoFile, code);
  const files = scanContent(config, new Diagnostics(), { memo: new Map(), sources: sources.memo }).files;
  return { doc: files.find((f) => f.abs === intro) as DocFile, save: sources.save };
}

test('a file whose stats are the saved ones is routed from the memo, its text read from disk only when asked for', () => {
  const first = scanWith();
  expect(isUnmade(first.doc, 'source')).toBe(false);
  first.save();

  const { doc } = scanWith();
  expect(doc.frontmatter.title).toBe('Intro');
  expect(doc.sourceHash).toBe(hashText(INTRO));
  expect(doc.bodyLineOffset).toBe(3);
  expect(isUnmade(doc, 'source')).toBe(true);
  expect(isUnmade(doc, 'body')).toBe(true);
  expect(doc.body).toBe('\nOn disk.\n');
  expect(doc.source).toBe(INTRO);
});

test('an edited file is read and saved anew; a memo of other code is none; an unchanged memo is not written again', () => {
  scanWith().save();
  const edited = '---\ntitle: Intro, edited\n---\n\nEdited.\n';
  writeFileSync(intro, edited);
  const fresh = scanWith();
  expect(isUnmade(fresh.doc, 'source')).toBe(false);
  expect(fresh.doc.frontmatter.title).toBe('Intro, edited');
  fresh.save();

  const restored = scanWith();
  expect(isUnmade(restored.doc, 'source')).toBe(true);
  expect(restored.doc.sourceHash).toBe(hashText(edited));
  const written = statSync(memoFile).mtimeMs;
  restored.save();
  expect(statSync(memoFile).mtimeMs).toBe(written);

  expect(isUnmade(scanWith('code-2').doc, 'source')).toBe(false);
});
