import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { problem } from '../errors/index.ts';
import { walkFilesWithStats } from '../files/index.ts';
import { hashFile, isUpToDate, readRecord, recordInputs, recordKey, reusablePage, writeRecord, type BuildRecord, type RecordedBuild } from './build-record.ts';

// The build record says when a build would write exactly what the output folder already holds. Each thing that
// changes the output must make it say no; nothing else may.

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-record-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let root = '';
let outDir = '';
const KEY = 'key-1';
const PAST = new Date(Date.now() - 60_000);
const recordFile = () => path.join(root, 'node_modules', '.cache', 'protodocs', 'build-record.json');

function write(rel: string, text: string, base = root): string {
  const abs = path.join(base, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  utimesSync(abs, PAST, PAST);
  return abs;
}

/** Same bytes count, other bytes, same modification time: only a hash can tell. */
function rewriteKeepingStats(abs: string, text: string): void {
  const { atime, mtime } = statSync(abs);
  writeFileSync(abs, text);
  utimesSync(abs, atime, mtime);
}

function build(extra: Partial<RecordedBuild> = {}): void {
  writeRecord({
    key: KEY,
    startedAt: Date.now(),
    root,
    outDir,
    inputs: [path.join(root, 'site.config.ts'), path.join(root, 'content/docs/intro.md')],
    pages: 2,
    warnings: [problem('PD1007', {}, { file: 'site.config.ts' })],
    pageKeys: { 'index.html': 'page-key-1' },
    segments: { 'llms-full.txt': [['part-key-1', 12]] },
    ...extra,
  });
}

let sites = 0;
beforeEach(() => {
  root = path.join(temp, `site-${sites++}`);
  outDir = path.join(root, 'build');
  write('site.config.ts', 'export default {};\n');
  write('content/docs/intro.md', '# Intro\n');
  write('content/public/logo.svg', '<svg/>');
  write('index.html', '<p>home</p>', outDir);
  write('docs/intro/index.html', '<p>intro</p>', outDir);
});

const upToDate = () => isUpToDate(readRecord(root)!, KEY, root);
/** The same check given content/ listed with its stats beforehand, as `unchanged` lists a small site's. */
const upToDateListed = () => isUpToDate(readRecord(root)!, KEY, root, walkFilesWithStats(path.join(root, 'content')));

describe('writeRecord and readRecord', () => {
  test('the record lists what the build read, with hashes and stats, and what it wrote', () => {
    build();
    const record = readRecord(root)!;
    expect(record).toMatchObject({
      format: 'protodocs-build-record-5',
      key: KEY,
      contentFiles: ['docs/intro.md', 'public/logo.svg'],
      outDir,
      pages: 2,
      warnings: [{ code: 'PD1007', severity: 'warning' }],
      pageKeys: { 'index.html': 'page-key-1' },
      segments: { 'llms-full.txt': [['part-key-1', 12]] },
    });
    // Every content file is an input, read by the build or not.
    expect(Object.keys(record.inputs).sort()).toEqual([path.join(root, 'content/docs/intro.md'), path.join(root, 'content/public/logo.svg'), path.join(root, 'site.config.ts')]);
    const config = statSync(path.join(root, 'site.config.ts'));
    expect(record.inputs[path.join(root, 'site.config.ts')]).toEqual([hashFile(path.join(root, 'site.config.ts')), config.size, config.mtimeMs]);
    expect(record.outputs.map(([rel, size]) => [rel, size])).toEqual([
      ['docs/intro/index.html', 12],
      ['index.html', 11],
    ]);
    expect(upToDate()).toBe(true);
  });

  test('the outputs the writer names are recorded without walking the folder; one that is missing means no record', () => {
    // The writer knows its files: a stray file it did not name is left out (and the next build sees a change).
    write('stray.txt', 'x', outDir);
    build({ outputs: ['docs/intro/index.html', 'index.html'] });
    expect(readRecord(root)!.outputs.map(([rel]) => rel)).toEqual(['docs/intro/index.html', 'index.html']);
    expect(upToDate()).toBe(false);
    rmSync(recordFile());
    build({ outputs: ['docs/intro/index.html', 'gone.html', 'index.html'] });
    expect(readRecord(root)).toBeUndefined();
  });

  test("an input with its stats of the last record keeps that record's hash; a stale one only costs a build", () => {
    build();
    const previous = readRecord(root)!;
    const intro = path.join(root, 'content/docs/intro.md');
    const config = path.join(root, 'site.config.ts');
    // Stand-ins show which hashes were taken over: the config's stats are unchanged, the doc's are not.
    previous.inputs[config] = ['from-last-record', ...previous.inputs[config].slice(1)] as [string, number, number];
    previous.inputs[intro] = ['from-last-record', previous.inputs[intro][1] + 1, previous.inputs[intro][2]];
    writeRecord({ key: KEY, startedAt: Date.now(), root, outDir, inputs: [config, intro], pages: 2, warnings: [], pageKeys: {}, segments: {} }, previous);
    const record = readRecord(root)!;
    expect(record.inputs[config][0]).toBe('from-last-record');
    expect(record.inputs[intro][0]).toBe(hashFile(intro));
    // The hash taken over does not match the file: the next build does the work rather than trust it.
    expect(upToDate()).toBe(false);
  });

  test('an input modified after the build started is not trusted: no record', () => {
    // Edited ten seconds into the build: the output may hold the older text.
    const started = Date.now() - 10_000;
    const edited = new Date(started + 1000);
    utimesSync(path.join(root, 'content/docs/intro.md'), edited, edited);
    build({ startedAt: started });
    expect(readRecord(root)).toBeUndefined();
    // Within the same second it is not trusted either; a second later it is.
    build({ startedAt: statSync(path.join(root, 'content/docs/intro.md')).mtimeMs });
    expect(readRecord(root)).toBeUndefined();
    build({ startedAt: started + 2000 });
    expect(readRecord(root)).toBeDefined();
    rmSync(recordFile());
    // An input that is gone by the time the record is written.
    build({ inputs: [path.join(root, 'gone.ts')] });
    expect(readRecord(root)).toBeUndefined();
  });

  test('the inputs statted ahead (while the output commits) give the record the same entries, and find an edit as well', async () => {
    build();
    const whole = readRecord(root)!;
    rmSync(recordFile());
    const inputs = [path.join(root, 'site.config.ts'), path.join(root, 'content/docs/intro.md')];
    const ahead = await recordInputs({ root, inputs, startedAt: Date.now() });
    expect(ahead).toEqual({ contentFiles: whole.contentFiles, inputs: whole.inputs });
    writeRecord({ key: KEY, startedAt: Date.now(), root, outDir, inputs, pages: 2, warnings: [], pageKeys: {}, segments: {} }, undefined, ahead);
    expect(readRecord(root)!.inputs).toEqual(whole.inputs);
    // One of the inputs edited after the build started, or gone: nothing to record.
    const started = Date.now() - 10_000;
    utimesSync(path.join(root, 'content/docs/intro.md'), new Date(started + 1000), new Date(started + 1000));
    expect(await recordInputs({ root, inputs, startedAt: started })).toBeUndefined();
    expect(await recordInputs({ root, inputs: [path.join(root, 'gone.ts')], startedAt: Date.now() })).toBeUndefined();
  });

  test('the content files the build listed before its scan are the ones recorded: a file added since makes the next build run', async () => {
    build();
    const previous = readRecord(root)!;
    const inputs = [path.join(root, 'site.config.ts'), path.join(root, 'content/docs/intro.md')];
    const listed = previous.contentFiles;
    write('content/docs/added-during-the-build.md', '# Added while the build ran\n');
    const ahead = await recordInputs({ root, inputs, startedAt: Date.now(), contentFiles: listed }, previous);
    expect(ahead!.contentFiles).toEqual(listed);
    expect(Object.keys(ahead!.inputs)).not.toContain(path.join(root, 'content/docs/added-during-the-build.md'));
    writeRecord({ key: KEY, startedAt: Date.now(), root, outDir, inputs, pages: 2, warnings: [], pageKeys: {}, segments: {} }, previous, ahead);
    expect(upToDate()).toBe(false);
    // Walked after the build instead, the record would name it as if the build had read it.
    const walked = await recordInputs({ root, inputs, startedAt: Date.now() }, previous);
    expect(walked!.contentFiles).toContain('docs/added-during-the-build.md');
    // It was the added file that made the record out of date.
    rmSync(path.join(root, 'content/docs/added-during-the-build.md'));
    expect(upToDate()).toBe(true);
  });

  test("an input the scan statted before reading it, with the last record's stats, keeps that entry unstatted; with other stats it is statted", async () => {
    build();
    const previous = readRecord(root)!;
    const intro = path.join(root, 'content/docs/intro.md');
    const config = path.join(root, 'site.config.ts');
    const scanned = { size: previous.inputs[intro][1], mtimeMs: previous.inputs[intro][2] };
    // Edited after the scan read it: the record describes what the build read, and the next build sees the edit.
    write('content/docs/intro.md', '# Intro, edited after the scan\n');
    const edited = statSync(intro);
    const inputs = [config, intro];
    const ahead = await recordInputs({ root, inputs, startedAt: Date.now() }, previous, (abs) => (abs === intro ? scanned : undefined));
    expect(ahead!.inputs[intro]).toEqual(previous.inputs[intro]);
    expect(Object.keys(ahead!.inputs)).toEqual(Object.keys(previous.inputs));
    writeRecord({ key: KEY, startedAt: Date.now(), root, outDir, inputs, pages: 2, warnings: [], pageKeys: {}, segments: {} }, previous, ahead);
    expect(upToDate()).toBe(false);
    // Statted by the scan with stats of its own (the file was edited before the build): statted again and hashed.
    const other = await recordInputs({ root, inputs, startedAt: Date.now() }, previous, (abs) => (abs === intro ? { size: edited.size, mtimeMs: edited.mtimeMs } : undefined));
    expect(other!.inputs[intro]).toEqual([hashFile(intro), edited.size, edited.mtimeMs]);
  });

  test('a record that is not one, or of another format, is no record', () => {
    expect(readRecord(root)).toBeUndefined();
    build();
    const record = JSON.parse(readFileSync(recordFile(), 'utf8')) as BuildRecord;
    writeFileSync(recordFile(), JSON.stringify({ ...record, format: 'protodocs-build-record-2' }));
    expect(readRecord(root)).toBeUndefined();
    writeFileSync(recordFile(), '{ not json');
    expect(readRecord(root)).toBeUndefined();
  });

  test('a record that cannot be written costs nothing but speed', () => {
    writeFileSync(path.join(root, 'node_modules'), 'a file where the cache folder would be');
    expect(() => build()).not.toThrow();
    expect(readRecord(root)).toBeUndefined();
  });
});

describe('isUpToDate', () => {
  beforeEach(() => build());

  test('nothing changed', () => {
    expect(upToDate()).toBe(true);
    expect(upToDateListed()).toBe(true);
  });

  test("a listing's stats stand for the content files': they are not statted again", () => {
    const listing = new Map(walkFilesWithStats(path.join(root, 'content')));
    const [size, mtimeMs] = listing.get('docs/intro.md')!;
    listing.set('docs/intro.md', [size + 1, mtimeMs]);
    expect(isUpToDate(readRecord(root)!, KEY, root, listing)).toBe(false);
    listing.delete('docs/intro.md');
    expect(isUpToDate(readRecord(root)!, KEY, root, listing)).toBe(false);
  });

  test('an input touched but with the same bytes is unchanged', () => {
    const now = new Date();
    utimesSync(path.join(root, 'content/docs/intro.md'), now, now);
    utimesSync(path.join(root, 'site.config.ts'), now, now);
    expect(upToDate()).toBe(true);
    expect(upToDateListed()).toBe(true);
  });

  test('other options or protodocs code', () => {
    expect(isUpToDate(readRecord(root)!, 'key-2', root)).toBe(false);
  });

  test.each<[string, () => void]>([
    ['a content file edited (same size, new time)', () => writeFileSync(path.join(root, 'content/docs/intro.md'), '# Outro\n')],
    ['an input edited with its size and time kept', () => rewriteKeepingStats(path.join(root, 'site.config.ts'), 'export default [];\n')],
    ['an input grown', () => write('site.config.ts', 'export default { title: 1 };\n')],
    ['an input removed', () => unlinkSync(path.join(root, 'site.config.ts'))],
    ['a content file added', () => write('content/docs/new.md', '# New\n')],
    ['a content file removed', () => unlinkSync(path.join(root, 'content/public/logo.svg'))],
    ['an output file edited', () => writeFileSync(path.join(outDir, 'index.html'), '<p>HOME</p>')],
    ['an output file touched', () => utimesSync(path.join(outDir, 'index.html'), new Date(), new Date())],
    ['an output file added', () => write('extra.html', 'x', outDir)],
    ['an output file removed', () => unlinkSync(path.join(outDir, 'docs/intro/index.html'))],
    ['an output file replaced by one of another size', () => write('index.html', '<p>a longer home</p>', outDir)],
    ['the output folder removed', () => rmSync(outDir, { recursive: true })],
  ])('%s: rebuild', (_, change) => {
    change();
    expect(upToDate()).toBe(false);
    expect(upToDateListed()).toBe(false);
  });
});

describe('reusablePage', () => {
  test("the previous output's file when everything that made it is the same", () => {
    build();
    const record = readRecord(root)!;
    const outputs = new Map(record.outputs.map(([rel, size, mtime]) => [rel, [size, mtime] as [number, number]]));
    const reuse = (overrides: { record?: BuildRecord; key?: string; outDir?: string; outFile?: string; pageKey?: string } = {}) =>
      reusablePage('record' in overrides ? overrides.record : record, overrides.key ?? KEY, overrides.outDir ?? outDir, overrides.outFile ?? 'index.html', overrides.pageKey ?? 'page-key-1', outputs);
    expect(reuse()).toBe(path.join(outDir, 'index.html'));
    expect(reuse({ record: undefined })).toBeUndefined();
    expect(reuse({ key: 'other' })).toBeUndefined();
    expect(reuse({ outDir: path.join(root, 'elsewhere') })).toBeUndefined();
    expect(reuse({ pageKey: 'page-key-2' })).toBeUndefined();
    // Not keyed in the record.
    expect(reuse({ outFile: 'docs/intro/index.html' })).toBeUndefined();
    const keyed = { ...record, pageKeys: { ...record.pageKeys, 'docs/intro/index.html': 'k', 'new/index.html': 'k' } };
    expect(reuse({ record: keyed, outFile: 'docs/intro/index.html', pageKey: 'k' })).toBe(path.join(outDir, 'docs/intro/index.html'));
    // Keyed, but not among the outputs.
    expect(reuse({ record: keyed, outFile: 'new/index.html', pageKey: 'k' })).toBeUndefined();
    // The file changed since.
    utimesSync(path.join(outDir, 'index.html'), new Date(), new Date());
    expect(reuse()).toBeUndefined();
    write('index.html', '<p>other size</p>', outDir);
    expect(reuse()).toBeUndefined();
    unlinkSync(path.join(outDir, 'index.html'));
    expect(reuse()).toBeUndefined();
  });
});

describe('recordKey and hashFile', () => {
  test('every option of the build is part of the key', () => {
    const base = { root, outDir: 'out', baseUrl: '/b/', analyticsId: 'G-1', minify: true, nodeEnv: 'production' };
    const key = recordKey(base);
    expect(key).toMatch(/^[0-9a-f]{16,}$/);
    expect(recordKey({ ...base })).toBe(key);
    expect(recordKey({ ...base, root: path.join(root, '.') + '/' })).toBe(key);
    const variants = [
      { ...base, root: temp },
      { ...base, outDir: undefined },
      { ...base, baseUrl: undefined },
      { ...base, analyticsId: undefined },
      { ...base, minify: false },
      { ...base, minify: undefined },
      { ...base, nodeEnv: 'development' },
    ];
    const keys = variants.map(recordKey);
    expect(new Set([key, ...keys]).size).toBe(variants.length + 1);
  });

  test('hashFile is the sha1 of the bytes, or nothing for a missing file', () => {
    expect(hashFile(write('a.txt', 'abc'))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hashFile(path.join(root, 'missing.txt'))).toBeUndefined();
  });
});
