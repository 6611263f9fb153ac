import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as NodeFs from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { walkFiles } from '../src/files/walk.ts';
import { build } from '../src/pipeline/index.ts';
import { diskReuse } from '../src/reuse/index.ts';
import type { TermChunk } from '../src/search-engine/index.ts';
import { writeCorpus } from './bench/corpus.mjs';

// A rebuild after an edit writes the files the edit changed and no others: every other file of the output keeps its
// inode and its modification time (it was not even rewritten with the same bytes). Builds as `protodocs build` runs
// them: the build record and the per-file cache on disk.

/** Every file the build read whole in this thread (parsing in worker threads is not seen, nor needed: see below). */
const reads = vi.hoisted(() => new Set<string>());
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof NodeFs>();
  const readFileSync = ((file: Parameters<typeof fs.readFileSync>[0], ...rest: unknown[]) => {
    reads.add(String(file));
    return (fs.readFileSync as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.readFileSync;
  return { ...fs, readFileSync, default: { ...fs, readFileSync } };
});
/** Every file opened through fs/promises in this thread: read (or written) in libuv's threads. */
const opened = vi.hoisted(() => new Set<string>());
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  const open = ((file: Parameters<typeof fs.open>[0], ...rest: unknown[]) => {
    opened.add(String(file));
    return (fs.open as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.open;
  return { ...fs, open, default: { ...fs, open } };
});

const PAGES = 250;
const site = mkdtempSync(path.join(os.tmpdir(), 'protodocs-incremental-'));
const out = path.join(site, 'build');
afterAll(() => rmSync(site, { recursive: true, force: true }));

type Snapshot = Map<string, string>;

function snapshot(): Snapshot {
  return new Map(
    walkFiles(out).map((rel) => {
      const st = statSync(path.join(out, rel));
      return [rel, `${st.ino}:${st.mtimeMs}`];
    }),
  );
}

async function rebuild(): Promise<{ written: string[]; removed: string[] }> {
  const before = snapshot();
  const result = await build({ root: site, write: true, minify: false, reuse: diskReuse({ record: true }) });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const after = snapshot();
  return {
    written: [...after].filter(([rel, id]) => before.get(rel) !== id).map(([rel]) => rel).sort(),
    removed: [...before.keys()].filter((rel) => !after.has(rel)).sort(),
  };
}

const doc = (n: number) => path.join(site, 'content', 'docs', `section-${Math.floor(n / 100)}`, `page-${n}.md`);
const isChunk = (rel: string) => rel.startsWith('assets/search/');

describe('a rebuild after an edit', () => {
  beforeAll(async () => {
    writeCorpus(site, PAGES);
    await rebuild();
  }, 120_000);

  it('writes nothing when nothing changed', async () => {
    expect(await rebuild()).toEqual({ written: [], removed: [] });
  });

  it('a body edit: the page, its markdown twin, llms-full.txt, and the search files of its words', async () => {
    appendFileSync(doc(120), '\nA zeppelin sentence added by the test.\n');
    const { written, removed } = await rebuild();
    const pageText = written.find((rel) => /^search-index\/main\/pages\/\d+\.text\.json$/.test(rel));
    expect(written.filter((rel) => !isChunk(rel))).toEqual([
      'docs/section-1/page-120.md',
      'docs/section-1/page-120/index.html',
      'llms-full.txt',
      'search-index/main/entry.json',
      pageText,
    ]);
    expect(JSON.parse(readFileSync(path.join(out, pageText!), 'utf8')).texts.join(' ')).toContain('zeppelin sentence');
    // New chunks replace old ones: those of the words of the edited section (this corpus has a vocabulary of two dozen
    // words, so that is many of them; src/search/shard-files.test.ts shows how few on a varied one).
    const added = written.filter(isChunk);
    expect(added.length).toBeGreaterThan(0);
    expect(Math.abs(removed.length - added.length)).toBeLessThanOrEqual(2);
    const words = added.flatMap((rel) => Object.keys((JSON.parse(readFileSync(path.join(out, rel), 'utf8')) as Partial<TermChunk>).terms ?? {}));
    expect(words).toContain('zeppelin');
  }, 60_000);

  it('leaves a record that describes the output: the next build finds nothing to do', async () => {
    // The record takes the files an edit did not write from the previous record, without statting them.
    const result = await build({ root: site, write: true, minify: false, reuse: diskReuse({ record: true }) });
    expect(result.unchanged).toBe(true);
  });

  it('reads the edited source and no other, copying the rest of llms-full.txt from the file it wrote before', async () => {
    appendFileSync(doc(70), '\nA line about a blimp.\n');
    reads.clear();
    opened.clear();
    const { written } = await rebuild();
    const sources = [...reads].filter((abs) => abs.startsWith(path.join(site, 'content', 'docs')));
    expect(sources).toEqual([doc(70)]);
    // The file it copies from is read in libuv's threads while the pages render, never in this one.
    expect(opened).toContain(path.join(out, 'llms-full.txt'));
    expect(reads).not.toContain(path.join(out, 'llms-full.txt'));
    expect(written).toContain('llms-full.txt');
    expect(readFileSync(path.join(out, 'llms-full.txt'), 'utf8')).toContain('A line about a blimp.');
  }, 60_000);

  it('a title edit: also every page whose sidebar shows the title, and llms.txt; not the pages of other sidebars', async () => {
    const file = doc(150);
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Page 150 of the synthetic corpus', 'title: Renamed page one-fifty'));
    const { written } = await rebuild();
    const pages = written.filter((rel) => rel.endsWith('.html'));
    // Section 1 has its own sidebar of its 100 pages: each shows the new title, and no page of another section does.
    const section1 = walkFiles(out).filter((rel) => /^docs\/section-1\/page-\d+\/index\.html$/.test(rel));
    expect(section1).toHaveLength(100);
    expect(pages).toEqual(section1);
    for (const rel of pages) expect(readFileSync(path.join(out, rel), 'utf8')).toContain('Renamed page one-fifty');
    expect(written).toContain('llms.txt');
    expect(written).toContain('docs/section-1/page-150.md');
  }, 60_000);

  it('a removed doc: its files go, and the pages that listed it change', async () => {
    // The page before it links to it: that link now skips it.
    writeFileSync(doc(239), readFileSync(doc(239), 'utf8').replace('./page-240.md', './page-241.md'));
    rmSync(doc(240));
    const { written, removed } = await rebuild();
    // The last page's details go (the pages after it are numbered one lower: their details change).
    expect(removed.filter((rel) => !isChunk(rel))).toEqual([
      'docs/section-2/page-240.md',
      'docs/section-2/page-240/index.html',
      expect.stringMatching(/^search-index\/main\/pages\/\d+\.json$/),
      expect.stringMatching(/^search-index\/main\/pages\/\d+\.text\.json$/),
    ]);
    expect(existsSync(path.join(out, 'docs', 'section-2', 'page-240'))).toBe(false);
    expect(written.filter((rel) => rel.endsWith('.html'))).toEqual(walkFiles(out).filter((rel) => /^docs\/section-2\/page-\d+\/index\.html$/.test(rel)));
  }, 60_000);

  it('makes the search index whole again when the output no longer holds the one its state describes', async () => {
    // The state still says which pages it holds, so the build first gives only the changed page's records; the index
    // then finds the output's entry is not the one it wrote, and asks for them all.
    const entry = path.join(out, 'search-index', 'main', 'entry.json');
    writeFileSync(entry, readFileSync(entry, 'utf8').replace('"suggestions":[', '"suggestions":["Edited by hand",'));
    appendFileSync(doc(60), '\nA line about a dirigible.\n');
    const { written } = await rebuild();
    expect(written).toContain('search-index/main/entry.json');
    expect(readFileSync(entry, 'utf8')).not.toContain('Edited by hand');
  }, 60_000);

  it('an image replaced: the page that shows it, under the image\'s new name, and the new image; the old one goes', async () => {
    const image = path.join(path.dirname(doc(30)), 'figure.png');
    writeFileSync(image, 'the first picture');
    appendFileSync(doc(30), '\n![A figure](./figure.png)\n');
    await rebuild();
    const page = path.join(out, 'docs/section-0/page-30/index.html');
    const shown = () => /assets\/img\/figure\.[0-9a-f]{10}\.png/.exec(readFileSync(page, 'utf8'))?.[0];
    const before = shown();
    // Neither the page nor any other changed: only the image's file did.
    writeFileSync(image, 'the second picture, a longer one');
    const { written, removed } = await rebuild();
    const after = shown();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(written).toEqual([after, 'docs/section-0/page-30/index.html']);
    expect(removed).toEqual([before]);
    expect(readFileSync(path.join(out, after!), 'utf8')).toBe('the second picture, a longer one');
  }, 60_000);

  it('leaves, after all these edits, the output a clean build makes (llms-full.txt copied in parts from the last), the search index updated in place included', async () => {
    // The index is updated from the state the last build left, never made whole, in this run of edits.
    expect(existsSync(path.join(site, 'node_modules', '.cache', 'protodocs', 'search-state.bin'))).toBe(true);
    const clean = mkdtempSync(path.join(os.tmpdir(), 'protodocs-clean-'));
    try {
      cpSync(path.join(site, 'content'), path.join(clean, 'content'), { recursive: true });
      cpSync(path.join(site, 'site.config.ts'), path.join(clean, 'site.config.ts'));
      const result = await build({ root: clean, write: true, minify: false });
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const cleanOut = path.join(clean, 'build');
      const files = walkFiles(out).filter((rel) => rel !== '.protodocs-output');
      expect(files).toEqual(walkFiles(cleanOut).filter((rel) => rel !== '.protodocs-output'));
      const differing = files.filter((rel) => !readFileSync(path.join(out, rel)).equals(readFileSync(path.join(cleanOut, rel))));
      expect(differing).toEqual([]);
    } finally {
      rmSync(clean, { recursive: true, force: true });
    }
  }, 60_000);
});
