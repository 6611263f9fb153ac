import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { SiteConfig } from '../config/index.ts';
import { FRONTMATTER_SCHEMAS } from '../content/index.ts';
import { problem } from '../errors/index.ts';
import type { BundleData, LoadedModule } from '../render/index.ts';
import type { SearchIndexFiles } from '../search/index.ts';
import { bundleKey, codeKey, hashText, statsKey } from './keys.ts';
import { diskReuse, memoryReuse, noReuse, type FinishedBuild } from './reuse.ts';

// Reuse behind one interface: none (tests), the disk (build, check), memory (serve). Each method is checked for what
// a following build gets back.

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-reuse-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let sites = 0;
const PAST = new Date(Date.now() - 60_000);
function site(): { root: string; outDir: string; input: string } {
  const root = path.join(temp, `site-${sites++}`);
  const outDir = path.join(root, 'build');
  mkdirSync(path.join(root, 'content'), { recursive: true });
  mkdirSync(outDir);
  const input = path.join(root, 'site.config.ts');
  for (const [file, text] of [[input, 'export default {};\n'], [path.join(outDir, 'index.html'), '<p>home</p>']]) {
    writeFileSync(file, text);
    utimesSync(file, PAST, PAST);
  }
  return { root, outDir, input };
}

const searchFiles: SearchIndexFiles = { files: new Map([['assets/search/i.1.json', '{}']]), indexUrl: '/assets/search/i.1.json' };

function finished(s: ReturnType<typeof site>, extra: Partial<FinishedBuild> = {}): FinishedBuild {
  return { ok: true, wrote: true, root: s.root, outDir: s.outDir, startedAt: Date.now(), inputs: [s.input], pages: 4, warnings: [problem('PD1007', {})], ...extra };
}

describe('noReuse', () => {
  test('keeps nothing and gives nothing back', () => {
    const none = noReuse();
    expect(none.codeKey(temp)).toBe('');
    expect(none.keysPages).toBe(false);
    expect(none.unchanged({ root: temp })).toBeUndefined();
    expect(none.markdownCache(temp)).toBeUndefined();
    none.keepModule('/a.tsx', {} as LoadedModule);
    expect(none.module('/a.tsx')).toBeUndefined();
    none.keepSearch('k', searchFiles, false);
    expect(none.search('k')).toBeUndefined();
    none.keepPage('index.html', 'k', '<p>x</p>');
    expect(none.page('index.html', 'k')).toBeUndefined();
    expect(() => none.finish(finished(site()))).not.toThrow();
    expect([none.config, none.frontmatter, none.trees, none.bundleMemo]).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('diskReuse', () => {
  test('validated frontmatter, from one successful build to the next', () => {
    const s = site();
    const entry = { yaml: 'title: A', schema: FRONTMATTER_SCHEMAS.doc, result: { value: { title: 'A' }, positions: {} }, problems: [] };
    const failed = diskReuse({ record: true });
    failed.frontmatter!(s.root).set('content/docs/a.md', entry);
    failed.finish(finished(s, { ok: false }));
    expect(diskReuse({ record: true }).frontmatter!(s.root).size).toBe(0);
    const first = diskReuse({ record: true });
    first.frontmatter!(s.root).set('content/docs/a.md', entry);
    first.finish(finished(s));
    const next = diskReuse({ record: true }).frontmatter!(s.root);
    expect(next.get('content/docs/a.md')).toEqual(entry);
    // The schema comes back as the very object scanContent compares with.
    expect(next.get('content/docs/a.md')!.schema).toBe(FRONTMATTER_SCHEMAS.doc);
  });

  test('the bundle, by its key, from one build to the next', () => {
    const s = site();
    const assets: BundleData = { files: new Map([['assets/app.1.js', 'console.log(1)']]), css: ['/assets/a.css'], headTags: '', baseUrl: '/', loaderUrl: '/assets/l.js', hydrateUrl: '/assets/h.js', islandUrls: new Map([['Search', '/assets/s.js']]) };
    const failed = diskReuse({ record: true });
    failed.bundleMemo!(s.root).set('k1', assets);
    failed.finish(finished(s, { ok: false }));
    // A failed build leaves no trace.
    expect(diskReuse({ record: true }).bundleMemo!(s.root).get('k1')).toBeUndefined();
    const first = diskReuse({ record: true });
    first.bundleMemo!(s.root).set('k1', assets);
    first.finish(finished(s));
    const next = diskReuse({ record: true }).bundleMemo!(s.root);
    expect(next.get('k1')).toEqual(assets);
    expect(next.get('k2')).toBeUndefined();
    writeFileSync(path.join(s.root, 'node_modules', '.cache', 'protodocs', 'bundle.bin'), 'not a bundle');
    expect(diskReuse({ record: true }).bundleMemo!(s.root).get('k1')).toBeUndefined();
  });

  test("the search index's state takes the last one's place only with the output it describes", () => {
    const s = site();
    const build = (content: string | undefined, result: Partial<FinishedBuild>) => {
      const disk = diskReuse({ record: true });
      disk.unchanged({ root: s.root });
      const paths = disk.searchState(s.root)!;
      if (content !== undefined) {
        mkdirSync(path.dirname(paths.next), { recursive: true });
        writeFileSync(paths.next, content);
      }
      disk.finish(finished(s, result));
      return paths;
    };
    const state = path.join(s.root, 'node_modules', '.cache', 'protodocs', 'search-state.bin');
    expect(build('one', {}).previous).toBeUndefined();
    expect(readFileSync(state, 'utf8')).toBe('one');
    // A failed build, or one that wrote nothing, leaves the last state; its own goes.
    const failed = build('two', { ok: false });
    expect(failed.previous).toBe(state);
    expect(existsSync(failed.next)).toBe(false);
    build('three', { wrote: false });
    expect(readFileSync(state, 'utf8')).toBe('one');
    // A build that wrote its output without making a state leaves none that could describe it.
    build(undefined, {});
    expect(existsSync(state)).toBe(false);
    expect(diskReuse({ record: false }).searchState(s.root)).toBeUndefined();
    expect(noReuse().searchState(s.root)).toBeUndefined();
    expect(memoryReuse().searchState(s.root)).toBeUndefined();
  });

  test('the code key is computed once, from the protodocs sources', () => {
    const s = site();
    const disk = diskReuse({ record: false });
    const key = disk.codeKey(s.root);
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(disk.codeKey(s.root)).toBe(key);
    expect(diskReuse({ record: true }).codeKey(s.root)).toBe(key);
    expect(key).toBe(codeKey());
    // Remembered in the site's cache, by the code files' stats, once a build succeeded.
    const memo = path.join(s.root, 'node_modules/.cache/protodocs/code-key.json');
    disk.finish(finished(s, { ok: false }));
    expect(existsSync(memo)).toBe(false);
    disk.finish(finished(s));
    expect(JSON.parse(readFileSync(path.join(s.root, 'node_modules/.cache/protodocs/code-key.json'), 'utf8')).key).toBe(key);
  });

  test('a successful build is recorded: the next one with the same options is unchanged and reuses its pages', () => {
    const s = site();
    const doc = path.join(s.root, 'content', 'docs', 'a.md');
    mkdirSync(path.dirname(doc));
    writeFileSync(doc, '# A\n');
    const first = diskReuse({ record: true });
    expect(first.keysPages).toBe(true);
    expect(first.unchanged({ root: s.root })).toBeUndefined();
    // No record yet: a first build, which reads every file.
    expect(first.recorded!()).toBe(false);
    const cache = first.markdownCache(s.root)!;
    expect(first.markdownCache(s.root)).toBe(cache);
    first.keepPage('index.html', 'page-key', '<p>home</p>');
    first.keepSearch('records', searchFiles, false);
    first.finish(finished(s));

    const second = diskReuse({ record: true });
    expect(second.unchanged({ root: s.root })).toEqual({ pages: 4, outDir: s.outDir, warnings: [problem('PD1007', {})] });
    expect(second.recorded!()).toBe(true);
    // A small site's content/ is listed with its stats by that check, for the build's scan.
    expect(second.listedContent!()).toEqual(new Map([['docs/a.md', [4, statSync(doc).mtimeMs, statSync(doc).ctimeMs]]]));
    expect(second.page('index.html', 'page-key')).toEqual({ file: path.join(s.outDir, 'index.html') });
    expect(second.page('index.html', 'another key')).toBeUndefined();
    expect(second.page('other.html', 'page-key')).toBeUndefined();
    // The search index comes from the cache, once it is loaded.
    expect(second.search('records')).toBeUndefined();
    second.markdownCache(s.root);
    expect(second.search('records')).toEqual(searchFiles);
    expect(second.search('other records')).toBeUndefined();

    // Other options: a new build, whose pages are not the old ones.
    const third = diskReuse({ record: true });
    expect(third.unchanged({ root: s.root, baseUrl: '/b/' })).toBeUndefined();
    expect(third.recorded!()).toBe(false);
    expect(third.listedContent!()).toBeUndefined();
    expect(third.page('index.html', 'page-key')).toBeUndefined();
  });

  test("the inputs' stats made while the output committed are the record's; finding an edit there means no record", async () => {
    const s = site();
    const first = diskReuse({ record: true });
    first.unchanged({ root: s.root });
    first.markdownCache(s.root);
    const build = finished(s);
    const inputStats = await first.statInputs!(build);
    expect(inputStats?.inputs[s.input]).toEqual([expect.any(String), statSync(s.input).size, statSync(s.input).mtimeMs]);
    // What finish records is what was statted ahead (a stand-in hash shows it), not stats of its own.
    const [, size, mtime] = inputStats!.inputs[s.input];
    first.finish({ ...build, inputStats: { ...inputStats!, inputs: { [s.input]: ['statted-ahead', size, mtime] } } });
    expect(JSON.parse(readFileSync(path.join(s.root, 'node_modules', '.cache', 'protodocs', 'build-record.json'), 'utf8')).inputs[s.input][0]).toBe('statted-ahead');
    // Edited after the build started: the stats say so (none), and the build leaves no record.
    const second = diskReuse({ record: true });
    second.unchanged({ root: s.root });
    second.markdownCache(s.root);
    const edited = finished(s, { startedAt: Date.now() - 10_000 });
    utimesSync(s.input, new Date(edited.startedAt + 1000), new Date(edited.startedAt + 1000));
    const stale = await second.statInputs!(edited);
    expect(stale).toBeUndefined();
    rmSync(path.join(s.root, 'node_modules', '.cache', 'protodocs', 'build-record.json'));
    second.finish({ ...edited, inputStats: stale });
    expect(existsSync(path.join(s.root, 'node_modules', '.cache', 'protodocs', 'build-record.json'))).toBe(false);
    // No record kept between builds, nothing statted ahead.
    expect(await diskReuse({ record: false }).statInputs!(build)).toBeUndefined();
  });

  test("a page's file is checked against the output as listed when the build began, when it was listed", () => {
    const s = site();
    const first = diskReuse({ record: true });
    first.unchanged({ root: s.root });
    first.markdownCache(s.root);
    first.keepPage('index.html', 'page-key', '<p>home</p>');
    first.finish(finished(s));
    const { size, mtimeMs } = statSync(path.join(s.outDir, 'index.html'));

    const listedAsWritten = diskReuse({ record: true });
    listedAsWritten.unchanged({ root: s.root });
    listedAsWritten.listedOutput!(new Map([['index.html', [size, mtimeMs]]]));
    expect(listedAsWritten.page('index.html', 'page-key')).toEqual({ file: path.join(s.outDir, 'index.html') });
    // Listed otherwise (changed by hand, or gone): rendered again, though the file on disk is as it was written.
    const listedChanged = diskReuse({ record: true });
    listedChanged.unchanged({ root: s.root });
    listedChanged.listedOutput!(new Map([['index.html', [size + 1, mtimeMs]]]));
    expect(listedChanged.page('index.html', 'page-key')).toBeUndefined();
    const listedGone = diskReuse({ record: true });
    listedGone.unchanged({ root: s.root });
    listedGone.listedOutput!(new Map());
    expect(listedGone.page('index.html', 'page-key')).toBeUndefined();
  });

  test('a page is only asked for after the record was read', () => {
    expect(diskReuse({ record: true }).page('index.html', 'k')).toBeUndefined();
  });

  test('an output changed since the record: not unchanged', () => {
    const s = site();
    const first = diskReuse({ record: true });
    first.unchanged({ root: s.root });
    first.markdownCache(s.root);
    first.finish(finished(s));
    writeFileSync(path.join(s.outDir, 'index.html'), '<p>edited</p>');
    expect(diskReuse({ record: true }).unchanged({ root: s.root })).toBeUndefined();
  });

  test('a failed build saves nothing', () => {
    const s = site();
    const reuse = diskReuse({ record: true });
    reuse.unchanged({ root: s.root });
    const cache = reuse.markdownCache(s.root)!;
    cache.set('a.md', { key: 'k', summary: { links: [], mdxImports: {}, diagnostics: [] } });
    reuse.finish(finished(s, { ok: false }));
    expect(existsSync(path.join(s.root, 'node_modules'))).toBe(false);
  });

  test('a build that did not write (check, --no-write) saves its cache but no record', () => {
    const s = site();
    const reuse = diskReuse({ record: true });
    reuse.unchanged({ root: s.root });
    reuse.markdownCache(s.root);
    reuse.finish(finished(s, { wrote: false }));
    expect(existsSync(path.join(s.root, 'node_modules/.cache/protodocs/markdown.bin'))).toBe(true);
    expect(existsSync(path.join(s.root, 'node_modules/.cache/protodocs/build-record.json'))).toBe(false);
  });

  test('without the record option: never unchanged, pages not keyed, only the cache saved', () => {
    const s = site();
    const reuse = diskReuse({ record: false });
    expect(reuse.keysPages).toBe(false);
    expect(reuse.unchanged({ root: s.root })).toBeUndefined();
    reuse.markdownCache(s.root);
    // An index its worker wrote straight to disk is not cached.
    reuse.keepSearch('records', searchFiles, true);
    reuse.finish(finished(s));
    expect(existsSync(path.join(s.root, 'node_modules/.cache/protodocs/build-record.json'))).toBe(false);
    const next = diskReuse({ record: false });
    next.markdownCache(s.root);
    expect(next.search('records')).toBeUndefined();
  });

  test("pages' reads: saved with the record of a build that succeeded, given back under the structure they were noted with", () => {
    const s = site();
    const pages = new Map([['index.html', ['page-key', [['content/docs/a.md', 'id-a']]] as const]]);
    const first = diskReuse({ record: true });
    first.unchanged({ root: s.root });
    first.markdownCache(s.root);
    first.pageReads!(s.root).keep('structure-1', pages);
    first.finish(finished(s));

    const second = diskReuse({ record: true });
    second.unchanged({ root: s.root });
    expect(second.pageReads!(s.root).earlier('structure-1')).toEqual(pages);
    expect(second.pageReads!(s.root).earlier('structure-2')).toBeUndefined();
    second.markdownCache(s.root);
    second.pageReads!(s.root).keep('structure-2', new Map());
    second.finish(finished(s, { ok: false }));

    const third = diskReuse({ record: true });
    third.unchanged({ root: s.root });
    expect(third.pageReads!(s.root).earlier('structure-1')).toEqual(pages);
    third.markdownCache(s.root);
    third.pageReads!(s.root).keep('structure-3', new Map());
    third.finish(finished(s, { wrote: false }));
    expect(diskReuse({ record: true }).pageReads!(s.root).earlier('structure-3')).toBeUndefined();
    // No record, no page is taken from the output: nothing to give back.
    expect(diskReuse({ record: false }).pageReads!(s.root).earlier('structure-1')).toBeUndefined();
  });

  test('a build without a cache loaded saves nothing; modules are never kept', () => {
    const s = site();
    const reuse = diskReuse({ record: true });
    reuse.finish(finished(s));
    expect(existsSync(path.join(s.root, 'node_modules'))).toBe(false);
    reuse.keepModule('/a.tsx', { deps: [] } as unknown as LoadedModule);
    expect(reuse.module('/a.tsx')).toBeUndefined();
  });
});

describe('memoryReuse', () => {
  test('pages are keyed and never "unchanged" (serve always rebuilds)', () => {
    const memory = memoryReuse();
    expect(memory.keysPages).toBe(true);
    expect(memory.unchanged({ root: temp })).toBeUndefined();
    expect(memory.codeKey(temp)).toBe(diskReuse({ record: false }).codeKey(temp));
    expect(memory.frontmatter!('/site')).toBeInstanceOf(Map);
    expect(memory.frontmatter!('/site')).toBe(memory.frontmatter!('/site'));
    expect(memory.trees).toBeInstanceOf(Map);
    expect(() => memory.finish(finished(site()))).not.toThrow();
  });

  test('the config, while no file it came from changed', () => {
    const s = site();
    const memory = memoryReuse();
    const value = { config: { configDeps: [s.input], root: s.root, sidebarsFile: 'sidebars.ts' } as unknown as SiteConfig, diagnostics: [] };
    const memo = memory.config!(s.root);
    expect(memo.get('options')).toBeUndefined();
    memo.set('options', value);
    expect(memo.get('options')).toBe(value);
    expect(memo.get('other options')).toBeUndefined();
    writeFileSync(s.input, 'export default { changed: true };\n');
    expect(memo.get('options')).toBeUndefined();
    // A sidebars file that did not exist when the config loaded.
    memo.set('options', value);
    writeFileSync(path.join(s.root, 'sidebars.ts'), 'export default {};\n');
    expect(memo.get('options')).toBeUndefined();
  });

  test('protodocs build keeps the config on disk, after a build that succeeded, while its files and the environment are unchanged', () => {
    const s = site();
    const value = { config: { configDeps: [s.input], root: s.root, sidebarsFile: 'sidebars.ts', title: 'Kept' } as unknown as SiteConfig, diagnostics: [problem('PD1007', {})] };
    const environment = { ...process.env };
    const reuse = () => diskReuse({ record: true, environment });
    expect(diskReuse({ record: true }).config).toBeUndefined();
    const failed = reuse();
    failed.config!(s.root).set('options', value);
    failed.finish(finished(s, { ok: false }));
    expect(reuse().config!(s.root).get('options')).toBeUndefined();

    const first = reuse();
    first.config!(s.root).set('options', value);
    first.finish(finished(s));
    expect(reuse().config!(s.root).get('options')).toEqual(value);
    expect(reuse().config!(s.root).get('other options')).toBeUndefined();
    // A config may read the environment, but not the shell's own bookkeeping (a `cd` since, another command run).
    expect(diskReuse({ record: true, environment: { ...environment, SETTING: 'on' } }).config!(s.root).get('options')).toBeUndefined();
    expect(diskReuse({ record: true, environment: { ...environment, OLDPWD: '/elsewhere', _: '/usr/bin/env', SHLVL: '7' } }).config!(s.root).get('options')).toEqual(value);
    writeFileSync(s.input, 'export default { changed: true };\n');
    expect(reuse().config!(s.root).get('options')).toBeUndefined();
  });

  test('compiled modules, while no file they were built from changed', () => {
    const s = site();
    const memory = memoryReuse();
    const mod = { deps: [s.input], client: false } as unknown as LoadedModule;
    expect(memory.module('/page.tsx')).toBeUndefined();
    memory.keepModule('/page.tsx', mod);
    expect(memory.module('/page.tsx')).toBe(mod);
    utimesSync(s.input, new Date(), new Date());
    expect(memory.module('/page.tsx')).toBeUndefined();
  });

  test('the bundle, by its key', () => {
    const memory = memoryReuse();
    const assets = { css: [] } as unknown as BundleData;
    expect(memory.bundleMemo!('/site').get('k1')).toBeUndefined();
    memory.bundleMemo!('/site').set('k1', assets);
    expect(memory.bundleMemo!('/site').get('k1')).toBe(assets);
    expect(memory.bundleMemo!('/site').get('k2')).toBeUndefined();
    memory.bundleMemo!('/site').set('k2', assets);
    expect(memory.bundleMemo!('/site').get('k1')).toBeUndefined();
  });

  test('pages by their key', () => {
    const memory = memoryReuse();
    memory.keepPage('index.html', 'k1', '<p>home</p>');
    expect(memory.page('index.html', 'k1')).toEqual({ html: '<p>home</p>' });
    expect(memory.page('index.html', 'k2')).toBeUndefined();
    expect(memory.page('other.html', 'k1')).toBeUndefined();
    // A page reused from disk has no HTML to keep: the one in memory stays.
    memory.keepPage('index.html', 'k3', undefined);
    expect(memory.page('index.html', 'k1')).toEqual({ html: '<p>home</p>' });
  });

  test("pages' reads: the last build's, under its structure", () => {
    const memory = memoryReuse();
    const reads = memory.pageReads!('/site');
    expect(reads.earlier('s1')).toBeUndefined();
    const pages = new Map([['index.html', ['k1', []] as const]]);
    reads.keep('s1', pages);
    expect(memory.pageReads!('/site').earlier('s1')).toBe(pages);
    expect(reads.earlier('s2')).toBeUndefined();
    reads.keep('s2', new Map());
    expect(reads.earlier('s1')).toBeUndefined();
  });

  test('the markdown cache: loaded once, each later build starting from the last; saved when serve has time', () => {
    const s = site();
    const memory = memoryReuse();
    expect(() => memory.save()).not.toThrow();
    expect(existsSync(path.join(s.root, 'node_modules'))).toBe(false);
    const cache = memory.markdownCache(s.root)!;
    cache.set('a.md', { key: 'k', summary: { links: [], mdxImports: {}, diagnostics: [] } });
    expect(cache.get('a.md', 'k')).toBeUndefined();
    expect(memory.markdownCache(s.root)).toBe(cache);
    expect(cache.get('a.md', 'k')).toBeDefined();
    memory.save();
    expect(existsSync(path.join(s.root, 'node_modules/.cache/protodocs/markdown.bin'))).toBe(true);
  });

  test('search indexes: the last one in memory, else the cache', () => {
    const s = site();
    const memory = memoryReuse();
    memory.keepSearch('before-cache', searchFiles, false);
    expect(memory.search('before-cache')).toBe(searchFiles);
    const cache = memory.markdownCache(s.root)!;
    memory.keepSearch('r1', searchFiles, false);
    memory.keepSearch('r2', { files: new Map(), indexUrl: '/i.2.json' }, true);
    expect(memory.search('r2')!.indexUrl).toBe('/i.2.json');
    // r1 is no longer the one in memory, but the cache has it (r2 was on disk, so the cache does not).
    memory.markdownCache(s.root);
    expect(cache.getSearch('r1')).toEqual(searchFiles);
    expect(memory.search('r1')).toEqual(searchFiles);
    expect(memory.search('r3')).toBeUndefined();
  });
});

describe('keys', () => {
  test('statsKey follows size and modification time, and tells a missing file', () => {
    const s = site();
    const key = statsKey([s.input]);
    expect(statsKey([s.input])).toBe(key);
    utimesSync(s.input, new Date(), new Date());
    const touched = statsKey([s.input]);
    expect(touched).not.toBe(key);
    expect(statsKey([path.join(s.root, 'missing')])).toBe(hashText(`${path.join(s.root, 'missing')}:missing`));
    expect(statsKey([])).toBe(hashText());
  });

  test('bundleKey covers the base URL, minification, extra islands and their files', () => {
    const s = site();
    const key = bundleKey('/', false, new Map(), []);
    expect(bundleKey('/', false, new Map(), [])).toBe(key);
    const others = [
      bundleKey('/b/', false, new Map(), []),
      bundleKey('/', true, new Map(), []),
      bundleKey('/', undefined, new Map(), []),
      bundleKey('/', false, new Map([['Tabs', s.input]]), []),
      bundleKey('/', false, new Map(), [s.input]),
    ];
    expect(new Set([key, ...others]).size).toBe(6);
  });
});
