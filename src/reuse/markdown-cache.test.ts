import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, describe, expect, test } from 'vitest';
import { isUnmade } from '../shared/index.ts';
import { MarkdownCache, type CacheEntry } from './markdown-cache.ts';

// The per-file markdown cache may only ever save work: what it gives back is exactly what was stored under the same
// key, and a file it cannot trust (corrupt, truncated, another format) is as good as none.

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-mdcache-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let sites = 0;
function site(): string {
  const root = path.join(temp, `site-${sites++}`);
  mkdirSync(root);
  return root;
}
const cacheFile = (root: string) => path.join(root, 'node_modules', '.cache', 'protodocs', 'markdown.bin');
/** The cache folder's files, sorted, a parts file's random name shown as `markdown-parts.*.bin`. */
const cacheFiles = (root: string) =>
  readdirSync(path.dirname(cacheFile(root)))
    .map((name) => name.replace(/^markdown-parts\.[0-9a-f]{16}\.bin$/, 'markdown-parts.*.bin'))
    .sort();
const partsFile = (root: string) => {
  const folder = path.dirname(cacheFile(root));
  return path.join(folder, readdirSync(folder).find((name) => name.startsWith('markdown-parts.'))!);
};

function entry(key: string, h1: string): CacheEntry {
  return {
    key,
    summary: { h1, links: [], mdxImports: {}, diagnostics: [] },
    fingerprint: `fp-${key}`,
    doc: { html: `<h1>${h1}</h1>`, toc: [], anchors: [h1.toLowerCase()], links: [], sections: [], wordCount: 1, diagnostics: [] },
    copies: [['assets/img/a.1234567890.png', '/site/a.png']],
  };
}

function record(value: unknown): Buffer {
  const body = serialize(value);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length);
  return Buffer.concat([head, body]);
}

describe('MarkdownCache', () => {
  test('a site without a cache starts empty', () => {
    const cache = MarkdownCache.load(site());
    expect(cache.get('content/docs/a.md', 'k')).toBeUndefined();
    expect(cache.getSearch('k')).toBeUndefined();
  });

  test('what one build stores, the next build gets back under the same key', () => {
    const root = site();
    const first = MarkdownCache.load(root);
    first.set('content/docs/a.md', entry('key-a', 'A'));
    first.set('content/docs/b.md', entry('key-b', 'B'));
    first.setSearch('records-1', { files: new Map([['assets/search/i.json', '{"i":1}']]), indexUrl: '/assets/search/i.json' });
    // Stored entries are for the next build, not this one.
    expect(first.get('content/docs/a.md', 'key-a')).toBeUndefined();
    first.save();
    expect(existsSync(cacheFile(root))).toBe(true);

    const second = MarkdownCache.load(root);
    expect(second.get('content/docs/a.md', 'key-a')).toEqual(entry('key-a', 'A'));
    expect(second.get('content/docs/b.md', 'key-b')).toEqual(entry('key-b', 'B'));
    expect(second.get('content/docs/a.md', 'another key')).toBeUndefined();
    // Asked for under another key (the file or the settings changed), an entry can never serve again: it is let go.
    expect(second.get('content/docs/a.md', 'key-a')).toBeUndefined();
    expect(second.get('content/docs/b.md', 'key-b')).toEqual(entry('key-b', 'B'));
    expect(second.get('content/docs/c.md', 'key-a')).toBeUndefined();
    const search = second.getSearch('records-1')!;
    expect(search).toEqual({ files: new Map([['assets/search/i.json', '{"i":1}']]), indexUrl: '/assets/search/i.json' });
    expect(second.getSearch('records-2')).toBeUndefined();
    // A copy: a caller that changes it does not change the cache.
    search.files.set('x', 'y');
    expect(second.getSearch('records-1')!.files.has('x')).toBe(false);
  });

  test('a save keeps only the files of that build, and leaves no temp file', () => {
    const root = site();
    const first = MarkdownCache.load(root);
    first.set('a.md', entry('1', 'A'));
    first.set('b.md', entry('2', 'B'));
    first.save();
    const second = MarkdownCache.load(root);
    second.set('a.md', entry('1', 'A'));
    second.save();
    const third = MarkdownCache.load(root);
    expect(third.get('a.md', '1')).toBeDefined();
    expect(third.get('b.md', '2')).toBeUndefined();
    // No search index stored this time: none kept.
    expect(third.getSearch('records-1')).toBeUndefined();
    expect(cacheFiles(root)).toEqual(['markdown-parts.*.bin', 'markdown.bin']);
  });

  test('a build that changed one file appends that entry; one that changed none leaves the file alone', () => {
    const root = site();
    const first = MarkdownCache.load(root);
    for (let i = 0; i < 20; i++) first.set(`f${i}.md`, entry(`k${i}`, `T${i}`));
    first.save();
    const written = readFileSync(cacheFile(root));

    // As the markdown stage does: each file's entry made again around the results it got back.
    const rebuild = (changed?: number) => {
      const cache = MarkdownCache.load(root);
      for (let i = 0; i < 20; i++) {
        const held = cache.get(`f${i}.md`, `k${i}`)!;
        cache.set(`f${i}.md`, i === changed ? entry(`k${i}`, `Edited ${i}`) : { key: held.key, summary: held.summary, fingerprint: held.fingerprint, doc: held.doc, copies: held.copies });
      }
      cache.save();
      return readFileSync(cacheFile(root));
    };
    expect(rebuild().equals(written)).toBe(true);
    const appended = rebuild(3);
    // Everything before the old end marker is as it was; what follows is one entry and a new marker.
    const end = record('protodocs-cache-end');
    expect(appended.subarray(0, written.length - end.length).equals(written.subarray(0, written.length - end.length))).toBe(true);
    // (Two records: the entry, and its document's heavy parts.)
    expect(appended.length - written.length).toBeLessThan(record(['f3.md', entry('k3', 'Edited 3')]).length + 64);
    const again = MarkdownCache.load(root);
    expect(again.get('f3.md', 'k3')?.summary.h1).toBe('Edited 3');
    expect(again.get('f4.md', 'k4')).toEqual(entry('k4', 'T4'));
    // An append cut short (no end marker) reads as no cache at all, never as a mix.
    writeFileSync(cacheFile(root), appended.subarray(0, appended.length - 3));
    expect(MarkdownCache.load(root).get('f4.md', 'k4')).toBeUndefined();
  });

  test('a document\'s HTML, sections and TOC, and its summary\'s links, are made only when read, and saved again unread as the same bytes', () => {
    const root = site();
    const first = MarkdownCache.load(root);
    const withSections = {
      ...entry('k1', 'One'),
      summary: { ...entry('k1', 'One').summary, links: [{ href: './two.md#top', line: 3, column: 5, kind: 'link' as const }] },
      doc: { ...entry('k1', 'One').doc!, sections: [{ id: 'one', heading: 'One', depth: 1, text: 'the text' }], excerptHtml: '<p>x</p>', toc: [{ id: 'two', text: 'Two', depth: 2, children: [] }], description: 'About one' },
    };
    first.set('a.md', withSections);
    first.set('b.md', entry('k2', 'Two'));
    first.save();
    const written = readFileSync(cacheFile(root));

    const loaded = MarkdownCache.load(root);
    const doc = loaded.get('a.md', 'k1')!.doc!;
    // The links are read only when the file's fingerprint is taken anew, never on an edit of another page.
    const summary = loaded.get('a.md', 'k1')!.summary;
    expect(summary.h1).toBe('One');
    expect(isUnmade(summary, 'links')).toBe(true);
    // What a page key reads is there; the heavy parts are not made yet, the anchors and description among them (an
    // edit reads them only for the page it renders, and the link check only for a page a link names a fragment of).
    expect(doc.links).toEqual([]);
    expect(['html', 'sections', 'excerptHtml', 'toc', 'anchors', 'description'].map((key) => isUnmade(doc, key))).toEqual([true, true, true, true, true, true]);
    expect(doc.anchors).toEqual(['one']);
    expect(doc.description).toBe('About one');
    expect(isUnmade(doc, 'anchors') || isUnmade(doc, 'description') || !isUnmade(doc, 'html')).toBe(false);
    // A rewrite (here: half the entries dropped) copies the unread parts as bytes, and they read back the same.
    loaded.set('a.md', loaded.get('a.md', 'k1')!);
    loaded.save();
    expect(isUnmade(doc, 'html') && isUnmade(doc, 'toc') && isUnmade(summary, 'links')).toBe(true);
    expect(readFileSync(cacheFile(root)).length).toBeLessThan(written.length);
    const again = MarkdownCache.load(root).get('a.md', 'k1')!;
    expect(again).toEqual(withSections);
    expect(again.doc!.html).toBe('<h1>One</h1>');
    // Read once, the value stays a plain property.
    expect(isUnmade(again.doc!, 'html')).toBe(false);
  });

  test('a new search index each save (serve) rewrites the file rather than piling indexes up in it', () => {
    const root = site();
    const cache = MarkdownCache.load(root);
    const sizes: number[] = [];
    for (let round = 0; round < 4; round++) {
      cache.nextBuild();
      cache.set('a.md', entry('k', 'A'));
      cache.setSearch(`records-${round}`, { files: new Map([['search-index/main/entry.json', 'x'.repeat(10_000)]]), indexUrl: '/i.json' });
      cache.save();
      sizes.push(readFileSync(cacheFile(root)).length);
    }
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThan(100);
    expect(MarkdownCache.load(root).getSearch('records-3')).toBeDefined();
  });

  test('the file is written anew once replaced entries make up a quarter of it', () => {
    const root = site();
    const first = MarkdownCache.load(root);
    for (let i = 0; i < 8; i++) first.set(`f${i}.md`, entry(`k${i}`, `T${i}`));
    first.save();
    const sizes: number[] = [];
    for (let round = 0; round < 4; round++) {
      const cache = MarkdownCache.load(root);
      for (let i = 0; i < 8; i++) cache.set(`f${i}.md`, i === 0 ? entry(`k${i}`, `Round ${round}`) : cache.get(`f${i}.md`, `k${i}`)!);
      cache.save();
      sizes.push(readFileSync(cacheFile(root)).length);
    }
    // Two appends (10 records, 2 replaced), then a third would make 3 of 11: rewritten to 8.
    expect(sizes[1]).toBeGreaterThan(sizes[0]);
    expect(sizes[2]).toBeLessThan(sizes[1]);
    expect(MarkdownCache.load(root).get('f0.md', 'k0')?.summary.h1).toBe('Round 3');
  });

  test('the entries file holds no HTML: a build reads it, and from the parts file only the parts it uses', () => {
    const root = site();
    const first = MarkdownCache.load(root);
    const html = (i: number) => `<p>${'x'.repeat(200_000)} ${i}</p>`;
    for (let i = 0; i < 5; i++) first.set(`f${i}.md`, { ...entry(`k${i}`, `T${i}`), doc: { ...entry('', '').doc!, html: html(i) } });
    first.save();
    expect(readFileSync(cacheFile(root)).length).toBeLessThan(5_000);
    expect(readFileSync(partsFile(root)).length).toBeGreaterThan(1_000_000);
    // Every part but f2's overwritten: a build that reads only f2's HTML never meets the damage.
    const parts = readFileSync(partsFile(root));
    const keep = parts.indexOf(`${'x'.repeat(100)} 2<`);
    writeFileSync(partsFile(root), Buffer.concat([Buffer.alloc(keep - 210_000, 0xff), parts.subarray(keep - 210_000, keep + 200), Buffer.alloc(parts.length - keep - 200, 0xff)]));
    expect(MarkdownCache.load(root).get('f2.md', 'k2')?.doc?.html).toBe(html(2));
  });

  test("a document's table of contents is in the parts file, not the entries, and read when first used", () => {
    const root = site();
    const first = MarkdownCache.load(root);
    const toc = [{ id: 'install-it', text: 'Install the tool', depth: 2, children: [{ id: 'on-linux', text: 'On Linux hosts', depth: 3, children: [] }] }];
    first.set('a.md', { ...entry('k1', 'One'), doc: { ...entry('k1', 'One').doc!, toc } });
    first.save();
    expect(readFileSync(cacheFile(root)).includes('On Linux hosts')).toBe(false);
    expect(readFileSync(partsFile(root)).includes('On Linux hosts')).toBe(true);
    const doc = MarkdownCache.load(root).get('a.md', 'k1')!.doc!;
    expect(isUnmade(doc, 'toc')).toBe(true);
    expect(doc.toc).toEqual(toc);
    expect(isUnmade(doc, 'toc')).toBe(false);
  });

  test('an entry saved again with its parts unread points at the same bytes; a changed one adds only its own', () => {
    const root = site();
    const first = MarkdownCache.load(root);
    for (let i = 0; i < 10; i++) first.set(`f${i}.md`, entry(`k${i}`, `T${i}`));
    first.save();
    const size = readFileSync(partsFile(root)).length;
    const cache = MarkdownCache.load(root);
    for (let i = 0; i < 10; i++) {
      const held = cache.get(`f${i}.md`, `k${i}`)!;
      // f1's links now resolve elsewhere (a new fingerprint), f2 was edited.
      cache.set(`f${i}.md`, i === 1 ? { ...held, fingerprint: 'moved' } : i === 2 ? entry('k2', 'Edited') : held);
    }
    cache.save();
    const grown = readFileSync(partsFile(root)).length - size;
    expect(grown).toBeGreaterThan(0);
    // Its HTML, anchors, TOC, sections and summary's links, each after a 4-byte length.
    expect(grown).toBe(serialize('<h1>Edited</h1>').length + serialize(['edited']).length + 3 * serialize([]).length + 5 * 4);
    const again = MarkdownCache.load(root);
    expect(again.get('f1.md', 'k1')).toEqual({ ...entry('k1', 'T1'), fingerprint: 'moved' });
    expect(again.get('f2.md', 'k2')).toEqual(entry('k2', 'Edited'));
  });

  test('a rewrite writes a new parts file and removes the old one; parts read from it before stay readable', () => {
    const root = site();
    const cache = MarkdownCache.load(root);
    cache.set('a.md', entry('1', 'A'));
    cache.set('b.md', entry('2', 'B'));
    cache.save();
    const old = partsFile(root);
    // In memory between builds (serve): a.md is kept unread, b.md is dropped, so the file is written anew.
    const loaded = MarkdownCache.load(root);
    const kept = loaded.get('a.md', '1')!;
    loaded.nextBuild();
    loaded.set('a.md', kept);
    loaded.save();
    expect(existsSync(old)).toBe(false);
    expect(cacheFiles(root)).toEqual(['markdown-parts.*.bin', 'markdown.bin']);
    expect(isUnmade(kept.doc!, 'html')).toBe(true);
    expect(kept.doc!.html).toBe('<h1>A</h1>');
    expect(MarkdownCache.load(root).get('a.md', '1')).toEqual(entry('1', 'A'));
  });

  test.each([
    ['missing', (file: string) => rmSync(file)],
    ['cut short', (file: string) => writeFileSync(file, readFileSync(file).subarray(0, 20))],
  ])('entries whose parts file is %s are ignored', (_, damage) => {
    const root = site();
    const cache = MarkdownCache.load(root);
    cache.set('a.md', entry('1', 'A'));
    cache.save();
    damage(partsFile(root));
    expect(MarkdownCache.load(root).get('a.md', '1')).toBeUndefined();
  });

  test('many entries are written in several chunks and all read back', () => {
    const root = site();
    const cache = MarkdownCache.load(root);
    const big = 'x'.repeat(100_000);
    for (let i = 0; i < 60; i++) cache.set(`f${i}.md`, { ...entry(`k${i}`, `T${i}`), doc: { ...entry('', '').doc!, html: big + i } });
    cache.save();
    const again = MarkdownCache.load(root);
    for (let i = 0; i < 60; i++) expect(again.get(`f${i}.md`, `k${i}`)?.doc?.html).toBe(big + i);
  });

  test.each([
    ['random bytes', () => Buffer.from('not a cache at all, just text')],
    ['a truncated file', (good: Buffer) => good.subarray(0, good.length - 10)],
    ['a file without its end record', (good: Buffer) => good.subarray(0, good.length - record('protodocs-cache-end').length)],
    ['a record cut after its length', (good: Buffer) => Buffer.concat([good.subarray(0, good.length - record('protodocs-cache-end').length), Buffer.from([200, 0, 0, 0])])],
    ['another format', () => Buffer.concat([record('protodocs-markdown-cache-0'), record(undefined), record(['a.md', entry('1', 'A')]), record('protodocs-cache-end')])],
    ['an empty file', () => Buffer.alloc(0)],
  ])('%s is ignored', (_, corrupt) => {
    const root = site();
    const cache = MarkdownCache.load(root);
    cache.set('a.md', entry('1', 'A'));
    cache.setSearch('s', { files: new Map(), indexUrl: '/i.json' });
    cache.save();
    const good = readFileSync(cacheFile(root));
    expect(MarkdownCache.load(root).get('a.md', '1')).toBeDefined();
    writeFileSync(cacheFile(root), corrupt(good));
    const loaded = MarkdownCache.load(root);
    expect(loaded.get('a.md', '1')).toBeUndefined();
    expect(loaded.getSearch('s')).toBeUndefined();
  });

  test('keeps the link context its entries were checked under, and drops the entries of files a build no longer has', () => {
    const root = site();
    const first = MarkdownCache.load(root);
    expect(first.useLinkContext('c1')).toBe(false);
    for (let i = 0; i < 20; i++) first.set(`f${i}.md`, entry(`k${i}`, `T${i}`));
    first.save();
    expect(MarkdownCache.load(root).useLinkContext('c1')).toBe(true);
    expect(MarkdownCache.load(root).useLinkContext('c2')).toBe(false);
    // A build without f7 (removed), under another context: appended, not written anew.
    const size = readFileSync(cacheFile(root)).length;
    const second = MarkdownCache.load(root);
    second.useLinkContext('c2');
    for (let i = 0; i < 20; i++) if (i !== 7) second.set(`f${i}.md`, second.get(`f${i}.md`, `k${i}`)!);
    second.save();
    expect(readFileSync(cacheFile(root)).length - size).toBeLessThan(200);
    const third = MarkdownCache.load(root);
    expect(third.useLinkContext('c2')).toBe(true);
    // Back with the same bytes, its entry checked under an older context is not there to be trusted.
    expect(third.get('f7.md', 'k7')).toBeUndefined();
    expect(third.get('f8.md', 'k8')).toEqual(entry('k8', 'T8'));
    // Nothing changed: nothing written.
    for (let i = 0; i < 20; i++) if (i !== 7) third.set(`f${i}.md`, third.get(`f${i}.md`, `k${i}`)!);
    const unchanged = readFileSync(cacheFile(root));
    third.save();
    expect(readFileSync(cacheFile(root)).equals(unchanged)).toBe(true);
    // Written anew, the file keeps the context too.
    const fourth = MarkdownCache.load(root);
    fourth.useLinkContext('c3');
    fourth.set('only.md', entry('k', 'Only'));
    fourth.save();
    expect(MarkdownCache.load(root).useLinkContext('c3')).toBe(true);
    expect(MarkdownCache.load(root).get('f8.md', 'k8')).toBeUndefined();
  });

  test('in memory (serve), each build\'s entries are under the context it started them with', () => {
    const cache = MarkdownCache.load(site());
    cache.useLinkContext('c1');
    cache.set('a.md', entry('1', 'A'));
    cache.nextBuild();
    expect(cache.useLinkContext('c1')).toBe(true);
    cache.set('a.md', entry('1', 'A'));
    cache.nextBuild();
    expect(cache.useLinkContext('c2')).toBe(false);
    cache.set('a.md', entry('1', 'A'));
    cache.nextBuild();
    expect(cache.useLinkContext('c2')).toBe(true);
  });

  test('in memory between builds (serve): each build starts from what the last one stored', () => {
    const cache = MarkdownCache.load(site());
    cache.set('a.md', entry('1', 'A'));
    cache.setSearch('s1', { files: new Map([['f', 'x']]), indexUrl: '/x' });
    cache.nextBuild();
    expect(cache.get('a.md', '1')).toEqual(entry('1', 'A'));
    expect(cache.getSearch('s1')?.indexUrl).toBe('/x');
    // A build that stored nothing (nothing parsed) keeps the previous entries.
    cache.nextBuild();
    expect(cache.get('a.md', '1')).toBeDefined();
    cache.set('b.md', entry('2', 'B'));
    cache.nextBuild();
    expect(cache.get('a.md', '1')).toBeUndefined();
    expect(cache.get('b.md', '2')).toBeDefined();
    expect(cache.getSearch('s1')?.indexUrl).toBe('/x');
  });

  describe('a build with no file to append to (a cold one) writes it as entries are set', () => {
    const heavy = (i: number): CacheEntry => ({
      ...entry(`k${i}`, `T${i}`),
      doc: { ...entry('', '').doc!, html: `<p>${'x'.repeat(300_000)} ${i}</p>`, excerptHtml: `<p>${i}</p>`, sections: [{ id: `s${i}`, heading: `S${i}`, depth: 2, text: `text ${i}` }] },
    });
    const folder = (root: string) => path.dirname(cacheFile(root));

    test('and holds none of their HTML: each read comes back from the file, and the saved file is the usual one', () => {
      const root = site();
      const cache = MarkdownCache.load(root, { spill: true });
      const entries = Array.from({ length: 30 }, (_, i) => heavy(i));
      entries.forEach((e, i) => cache.set(`f${i}.md`, e));
      // Written as they came (more than one 4 MB chunk by now), under a temp name until the save.
      expect(cacheFiles(root)).toEqual(['markdown-parts.*.bin', `markdown.bin.${process.pid}.spill.tmp`]);
      for (const [i, e] of entries.entries()) {
        expect(['html', 'excerptHtml', 'sections', 'toc'].map((key) => isUnmade(e.doc!, key))).toEqual([true, true, true, true]);
        expect(isUnmade(e.summary, 'links')).toBe(true);
        expect(e.summary.links).toEqual([]);
        // Read twice, from the file or from the bytes not yet written, and never kept.
        expect(e.doc!.html).toBe(heavy(i).doc!.html);
        expect(e.doc!.sections).toEqual(heavy(i).doc!.sections);
        expect(e.doc!.html).toBe(heavy(i).doc!.html);
        expect(isUnmade(e.doc!, 'html')).toBe(true);
      }
      cache.save();
      expect(cacheFiles(root)).toEqual(['markdown-parts.*.bin', 'markdown.bin']);
      // Still readable after the save, through the file the parts were written to.
      expect(entries[29].doc!.excerptHtml).toBe('<p>29</p>');
      const again = MarkdownCache.load(root);
      for (let i = 0; i < 30; i++) expect(again.get(`f${i}.md`, `k${i}`)).toEqual(heavy(i));
      // The next save of a cache read from that file appends to it.
      const size = readFileSync(cacheFile(root)).length;
      const next = MarkdownCache.load(root, { spill: true });
      for (let i = 0; i < 30; i++) next.set(`f${i}.md`, i === 0 ? entry('changed', 'C') : next.get(`f${i}.md`, `k${i}`)!);
      expect(cacheFiles(root)).toEqual(['markdown-parts.*.bin', 'markdown.bin']);
      next.save();
      expect(readFileSync(cacheFile(root)).length).toBeGreaterThan(size);
      expect(MarkdownCache.load(root).get('f0.md', 'changed')?.summary.h1).toBe('C');
    });

    test('with the search index, which follows the entries', () => {
      const root = site();
      const cache = MarkdownCache.load(root, { spill: true });
      cache.set('a.md', heavy(3));
      cache.setSearch('s', { files: new Map([['i.json', '{}']]), indexUrl: '/i.json' });
      cache.save();
      const again = MarkdownCache.load(root);
      expect(again.getSearch('s')).toEqual({ files: new Map([['i.json', '{}']]), indexUrl: '/i.json' });
      expect(again.get('a.md', 'k3')).toEqual(heavy(3));
    });

    test('a failed build leaves no file and no folder behind, and what it set stays readable', () => {
      const root = site();
      const cache = MarkdownCache.load(root, { spill: true });
      const e = heavy(1);
      cache.set('a.md', e);
      cache.discard();
      expect(existsSync(path.join(root, 'node_modules'))).toBe(false);
      expect(e.doc!.html).toBe(heavy(1).doc!.html);
    });

    test('temp files of builds that were killed are removed by the next', () => {
      const root = site();
      mkdirSync(folder(root), { recursive: true });
      writeFileSync(path.join(folder(root), 'markdown.bin.99999999.spill.tmp'), 'left behind');
      writeFileSync(path.join(folder(root), 'markdown.bin.99999998.tmp'), 'left behind');
      writeFileSync(path.join(folder(root), 'markdown-parts.0123456789abcdef.bin'), 'left behind');
      writeFileSync(path.join(folder(root), 'config.bin'), 'kept');
      const cache = MarkdownCache.load(root, { spill: true });
      cache.set('a.md', entry('1', 'A'));
      cache.save();
      expect(cacheFiles(root)).toEqual(['config.bin', 'markdown-parts.*.bin', 'markdown.bin']);
      expect(partsFile(root)).not.toMatch(/0123456789abcdef/);
    });

    test('not when the file could not be written: the build keeps the HTML and saves nothing', () => {
      const blocked = site();
      writeFileSync(path.join(blocked, 'node_modules'), 'a file');
      const cache = MarkdownCache.load(blocked, { spill: true });
      const e = heavy(2);
      cache.set('a.md', e);
      expect(isUnmade(e.doc!, 'html')).toBe(false);
      expect(() => cache.save()).not.toThrow();
      expect(MarkdownCache.load(blocked).get('a.md', 'k2')).toBeUndefined();
    });
  });

  test('a disk it cannot write to only costs the next build its speed', () => {
    // A file stands where the cache folder would go (root may write anywhere, so a read-only folder would not do).
    const blocked = site();
    writeFileSync(path.join(blocked, 'node_modules'), 'a file');
    const cache = MarkdownCache.load(blocked);
    cache.set('a.md', entry('1', 'A'));
    expect(() => cache.save()).not.toThrow();
    expect(MarkdownCache.load(blocked).get('a.md', '1')).toBeUndefined();
  });
});
