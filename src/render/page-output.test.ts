import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import { doc, page, post, routesOf } from '../routes/test-support.ts';
import type { RouteData } from '../shared/index.ts';
import { writePages, type BodyRenderer, type EarlierPage, type PageOutputInput } from './page-output.ts';
import type { PageRead, PageReadsMemo } from './page-reads.ts';
import { renderPageBody, type PageShell } from './render-page.ts';
import { documentHtml, routeDataContext } from './test-support.ts';
import type { AssetManifest } from './types.ts';

// Every page of the site, each obtained the cheapest way that gives the same bytes: an earlier build's, rendered
// here, or rendered by workers in batches. Whichever way, the same files, manifest and sitemap come out.

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-pages-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const INDEX = '/assets/search/index.aaaaaaaaaa.json';
const assets: AssetManifest = { css: ['/assets/site.css'], headTags: '', files: new Map(), scriptTags: () => `<script src="${INDEX}"></script>` };

let input: PageOutputInput;
let written: Map<string, string>;
let reusedFiles: [string, string][];
let kept: [string, string, string | undefined][];
let errors: [string, string][];
let pagesDone: number;

function site() {
  const config = testConfig({}, { sidebars: { main: ['intro', 'guide'] } });
  const { table } = routesOf(config, [doc('intro', { h1: 'Intro' }), doc('guide', { h1: 'Guide' }), post('2025-01-01-hello', { h1: 'Hello' }), page('about', { h1: 'About' })]);
  const html = new Map([
    ['content/docs/intro.md', documentHtml('<p>Intro text</p>')],
    ['content/docs/guide.md', documentHtml('<p>Guide text</p>')],
  ]);
  const context = routeDataContext(config, table, html, new Map(), INDEX);
  const shell: PageShell = { config, inlineScript: '', csp: "default-src 'self'", assets, feeds: [] };
  return { table, context, shell };
}

/** Each page's key, by output file, as the pages are written with the shell key 'shell'. */
async function pageKeys(): Promise<Map<string, string>> {
  kept = [];
  await writePages({ ...input, shellKey: 'shell' });
  return new Map(kept.map(([file, key]) => [file, key]));
}

beforeEach(() => {
  const { table, context, shell } = site();
  written = new Map();
  reusedFiles = [];
  kept = [];
  errors = [];
  pagesDone = 0;
  input = {
    routes: table.routes,
    context,
    shell,
    reuse: { page: () => undefined, keepPage: (outFile, key, html) => void kept.push([outFile, key, html]) },
    writer: {
      write: async (rel, content) => void written.set(rel, content),
      reuse: async (rel, source) => void reusedFiles.push([rel, source]),
    },
    onPage: () => pagesDone++,
    onError: (route, message) => void errors.push([route.url, message]),
  };
});

const FILES = [
  'docs/index.html',
  'docs/intro/index.html',
  'docs/guide/index.html',
  'blog/hello/index.html',
  'blog/index.html',
  'blog/archive/index.html',
  'blog/tags/index.html',
  'blog/authors/index.html',
  'about/index.html',
  'search/index.html',
  '404.html',
];

describe('writePages', () => {
  test('every route rendered here: its file, the manifest of sources, the sitemap without search, 404 and aliases', async () => {
    const out = await writePages(input);
    expect([...written.keys()]).toEqual(FILES);
    expect(written.get('docs/intro/index.html')).toContain('<p>Intro text</p>');
    expect(written.get('docs/intro/index.html')).toMatch(/^<!doctype html>/);
    // The version root shows the main doc.
    expect(written.get('docs/index.html')).toContain('<p>Intro text</p>');
    expect(out.manifest).toEqual({
      'docs/index.html': 'content/docs/intro.md',
      'docs/intro/index.html': 'content/docs/intro.md',
      'docs/guide/index.html': 'content/docs/guide.md',
      'blog/hello/index.html': 'content/blog/2025-01-01-hello.md',
      'about/index.html': 'content/pages/about.md',
    });
    expect(out.sitemapUrls).toEqual(['/docs/intro/', '/docs/guide/', '/blog/hello/', '/blog/', '/blog/archive/', '/blog/tags/', '/blog/authors/', '/about/']);
    expect([out.reused, [...out.fresh]]).toEqual([0, FILES]);
    expect(pagesDone).toBe(FILES.length);
    expect(errors).toEqual([]);
    // Without a shell key nothing is looked up, and pages are kept unkeyed.
    expect(kept.map(([file, key]) => [file, key])).toEqual(FILES.map((f) => [f, '']));
    expect(kept.every(([file, , html]) => html === written.get(file))).toBe(true);
  });

  test('page keys: the same page data and shell give the same key; another shell gives other keys', async () => {
    const keys = async (shellKey: string) => {
      kept = [];
      await writePages({ ...input, shellKey });
      return new Map(kept.map(([file, key]) => [file, key]));
    };
    const a = await keys('shell-1');
    expect([...a.values()].every((k) => /^[0-9a-f]{40}$/.test(k))).toBe(true);
    expect(new Set(a.values()).size).toBe(FILES.length);
    expect(await keys('shell-1')).toEqual(a);
    const b = await keys('shell-2');
    expect([...b.keys()].every((file) => b.get(file) !== a.get(file))).toBe(true);
  });

  test("a document's identity stands for its HTML in the key: another identity or other HTML without one changes it", async () => {
    const keyOfIntro = async () => {
      kept = [];
      await writePages({ ...input, shellKey: 'shell' });
      return new Map(kept.map(([file, key]) => [file, key])).get('docs/intro/index.html');
    };
    const intro = input.context.html.get('content/docs/intro.md')!;
    const plain = await keyOfIntro();
    intro.html = '<p>Intro text, edited</p>';
    const edited = await keyOfIntro();
    expect(edited).not.toBe(plain);
    intro.identity = 'made-from-1';
    const identified = await keyOfIntro();
    expect(identified).not.toBe(edited);
    // The HTML is not read for the key any more: what made it is.
    intro.html = '<p>Intro text, edited again</p>';
    expect(await keyOfIntro()).toBe(identified);
    intro.identity = 'made-from-2';
    expect(await keyOfIntro()).not.toBe(identified);
    // The page itself shows the document's HTML as it is.
    expect(written.get('docs/intro/index.html')).toContain('edited again');
  });

  test("a page taken from an earlier build reads neither its document's HTML nor its TOC; one rendered anew shows both", async () => {
    const intro = input.context.html.get('content/docs/intro.md')!;
    intro.identity = 'made-from-1';
    // As a cached document's parts are: made from the cache's parts file when read.
    const reads: string[] = [];
    const parts = { html: '<p>Intro text</p>', toc: [{ id: 'setting-up', text: 'Setting up', depth: 2, children: [] }] };
    for (const [key, value] of Object.entries(parts)) Object.defineProperty(intro, key, { enumerable: true, configurable: true, get: () => (reads.push(key), value) });
    const kept = (file: string): EarlierPage | undefined => (file === 'docs/intro/index.html' || file === 'docs/index.html' ? { html: '<p>kept</p>' } : undefined);
    await writePages({ ...input, shellKey: 's', reuse: { ...input.reuse, page: kept } });
    expect(written.get('docs/intro/index.html')).toBe('<p>kept</p>');
    expect(reads).toEqual([]);
    await writePages({ ...input, shellKey: 's' });
    expect(written.get('docs/intro/index.html')).toContain('href="#setting-up"');
    expect(reads).toContain('toc');
  });

  test('a sidebar named by its tree in the key: a label edited in the tree changes the keys of the pages that show it', async () => {
    const before = await pageKeys();
    const tree = input.context.table.sidebars.get('current')!.get('main')!;
    const item = tree.find((i) => i.type === 'doc' && i.docId === 'guide')!;
    item.label = 'Guide, renamed';
    const after = await pageKeys();
    for (const file of ['docs/intro/index.html', 'docs/guide/index.html']) expect(after.get(file), file).not.toBe(before.get(file));
    expect(after.get('about/index.html')).toBe(before.get('about/index.html'));
    expect(written.get('docs/intro/index.html')).toContain('Guide, renamed');
  });

  test('the site chrome named by one hash in the key: a change to it (the footer) changes every key, and shows', async () => {
    const before = await pageKeys();
    input.context.chrome.footer.copyright = 'Copyright Someone Else';
    const after = await pageKeys();
    for (const [file, key] of before) expect(after.get(file), file).not.toBe(key);
    expect(written.get('about/index.html')).toContain('Copyright Someone Else');
  });

  test('a page kept in memory (serve) is taken as it was', async () => {
    const earlier: EarlierPage = { html: '<p>kept</p>' };
    const out = await writePages({ ...input, shellKey: 's', reuse: { ...input.reuse, page: (file) => (file === 'about/index.html' ? earlier : undefined) } });
    expect(written.get('about/index.html')).toBe('<p>kept</p>');
    expect(kept.find(([file]) => file === 'about/index.html')).toEqual(['about/index.html', expect.any(String), '<p>kept</p>']);
    expect(out.fresh.has('about/index.html')).toBe(false);
    expect(out.fresh.size).toBe(FILES.length - 1);
    expect(out.reused).toBe(0);
    expect(pagesDone).toBe(FILES.length);
  });

  test('a page of the previous output is linked as it is, and counted', async () => {
    const same = path.join(temp, 'same.html');
    const older = path.join(temp, 'older.html');
    writeFileSync(same, '<p>same</p>');
    writeFileSync(older, '<p>older</p>');
    const earlier = (file: string): EarlierPage | undefined =>
      file === 'about/index.html' ? { file: same } : file === 'blog/index.html' ? { file: older } : undefined;
    const out = await writePages({ ...input, shellKey: 's', reuse: { ...input.reuse, page: earlier } });
    expect(reusedFiles).toEqual([
      ['blog/index.html', older],
      ['about/index.html', same],
    ]);
    expect(written.has('about/index.html') || written.has('blog/index.html')).toBe(false);
    expect(out.reused).toBe(2);
    expect(out.fresh.has('about/index.html') || out.fresh.has('blog/index.html')).toBe(false);
    expect(kept.filter(([file]) => file === 'about/index.html' || file === 'blog/index.html').map(([file, , html]) => [file, html])).toEqual([
      ['blog/index.html', undefined],
      ['about/index.html', undefined],
    ]);
    expect(pagesDone).toBe(FILES.length);
    // The manifest and the sitemap are the same however pages were made.
    expect(out.manifest['about/index.html']).toBe('content/pages/about.md');
    expect(out.sitemapUrls).toContain('/about/');
  });

  test('bodies go out to the workers in batches of 16, the rest too, and a failed body is an error of that page only', async () => {
    const batches: string[][] = [];
    const workers: BodyRenderer = {
      size: 1,
      renderBodies: async (routes: RouteData[]) => {
        batches.push(routes.map((r) => r.url));
        return routes.map((r) => (r.url === '/about/' ? { ok: false as const, error: 'layout threw' } : { ok: true as const, body: renderPageBody(r) }));
      },
    };
    // 11 routes per copy: 35 routes make batches of 16, 16 and 3.
    const routes = [...input.routes, ...input.routes, ...input.routes, ...input.routes.slice(0, 2)];
    const out = await writePages({ ...input, routes, workers });
    expect(batches.map((b) => b.length)).toEqual([16, 16, 3]);
    expect(batches.flat()).toEqual(routes.map((r) => r.url));
    expect(errors).toEqual([
      ['/about/', 'layout threw'],
      ['/about/', 'layout threw'],
      ['/about/', 'layout threw'],
    ]);
    expect(written.has('about/index.html')).toBe(false);
    expect(written.get('docs/intro/index.html')).toContain('<p>Intro text</p>');
    expect(out.fresh.has('about/index.html')).toBe(true);
    expect(pagesDone).toBe(routes.length - 3);
  });

  test('workers that write pages themselves: nothing is written here, each page is kept by its key and named to the writer, a failed one is an error', async () => {
    const asked: string[][] = [];
    const named: string[] = [];
    const elsewhere = new Map<string, string>();
    const workers: BodyRenderer = {
      size: 1,
      renderBodies: async () => {
        throw new Error('bodies asked for');
      },
      writePages: async (routes, outFiles) => {
        asked.push(outFiles);
        return routes.map((r, i) => {
          if (r.url === '/about/') return { ok: false as const, error: 'layout threw' };
          elsewhere.set(outFiles[i], r.url);
          return { ok: true as const };
        });
      },
    };
    const routes = [...input.routes, ...input.routes];
    const out = await writePages({ ...input, routes, workers, shellKey: 'shell', writer: { ...input.writer, written: (rels) => void named.push(...rels) } });
    expect(asked.map((files) => files.length)).toEqual([16, 6]);
    expect(written.size).toBe(0);
    expect(named).toEqual(routes.filter((r) => r.url !== '/about/').map((r) => [...elsewhere].find(([, url]) => url === r.url)![0]));
    expect(named).not.toContain('about/index.html');
    // Kept by key, with no HTML to hold: the worker has written it.
    expect(kept.filter(([file]) => file === 'docs/intro/index.html').map(([, key, html]) => [key.length > 0, html])).toEqual([
      [true, undefined],
      [true, undefined],
    ]);
    expect(errors).toEqual([
      ['/about/', 'layout threw'],
      ['/about/', 'layout threw'],
    ]);
    expect(out.fresh.size).toBe(FILES.length);
    expect(pagesDone).toBe(routes.length - 2);
  });

  test('a batch that never fills renders here (an edit: sooner than a worker would start, or while one makes the search index)', async () => {
    let asked = 0;
    const workers: BodyRenderer = { size: 2, renderBodies: async () => (asked++, []) };
    await writePages({ ...input, workers });
    expect(asked).toBe(0);
    expect([...written.keys()]).toEqual(FILES);
  });

  test('once a batch has filled, the rest goes to the workers as well', async () => {
    let asked = 0;
    const workers: BodyRenderer = { size: 2, renderBodies: async (routes) => (asked++, routes.map((r) => ({ ok: true as const, body: renderPageBody(r) }))) };
    const routes = [...input.routes, ...input.routes];
    await writePages({ ...input, routes, workers });
    expect(asked).toBe(2);
    expect(written.size).toBe(FILES.length);
  });

  test('a page that fails to render here is an error of that page', async () => {
    const shell = { ...input.shell, assets: { ...assets, scriptTags: (): string => { throw new Error('no script'); } } };
    await writePages({ ...input, shell, routes: input.routes.slice(0, 2) });
    expect(errors).toEqual([
      ['/docs/', 'no script'],
      ['/docs/intro/', 'no script'],
    ]);
    expect(written.size).toBe(0);
    expect(pagesDone).toBe(0);
  });

  test('a non-Error thrown while rendering is reported as its text', async () => {
    const shell = { ...input.shell, assets: { ...assets, scriptTags: () => { throw 'plain'; } } };
    await writePages({ ...input, shell, routes: input.routes.slice(0, 1) });
    expect(errors).toEqual([['/docs/', 'plain']]);
  });

  test('many batches in flight at once all finish', async () => {
    const order: number[] = [];
    let call = 0;
    const workers: BodyRenderer = {
      size: 1,
      renderBodies: async (routes) => {
        const n = call++;
        await new Promise((resolve) => setTimeout(resolve, n === 0 ? 30 : 1));
        order.push(n);
        return routes.map((r) => ({ ok: true as const, body: renderPageBody(r) }));
      },
    };
    const routes = Array.from({ length: 6 }, () => input.routes).flat();
    const out = await writePages({ ...input, routes, workers });
    expect(call).toBe(5);
    expect(order.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(pagesDone).toBe(routes.length);
    expect(Object.keys(out.manifest)).toHaveLength(5);
  });
});

describe('pages kept by what their data read', () => {
  /** The reuse's side of page reads: the last build's pages, under the structure they were keyed with. */
  function memo(): PageReadsMemo & { saved?: { structure: string; pages: Map<string, PageRead> } } {
    const m: PageReadsMemo & { saved?: { structure: string; pages: Map<string, PageRead> } } = {
      earlier: (structure) => (m.saved?.structure === structure ? m.saved.pages : undefined),
      keep: (structure, pages) => void (m.saved = { structure, pages: new Map(pages) }),
    };
    return m;
  }

  beforeEach(() => {
    const html = input.context.html;
    html.get('content/docs/intro.md')!.identity = 'intro-1';
    html.get('content/docs/guide.md')!.identity = 'guide-1';
    html.set('content/blog/2025-01-01-hello.md', documentHtml('<p>Hello text</p>', { identity: 'hello-1' }));
  });

  test('each page is noted with its key and the documents its data read; a page reading one without an identity is not', async () => {
    const reads = memo();
    await writePages({ ...input, shellKey: 'shell', reads: { memo: reads, routesKey: 'routes-1' } });
    const keys = new Map(kept.map(([file, key]) => [file, key]));
    const pages = reads.saved!.pages;
    expect(pages.get('docs/intro/index.html')).toEqual([keys.get('docs/intro/index.html'), [['content/docs/intro.md', 'intro-1']]]);
    // The blog's first page shows the post's excerpt: it read the post's document.
    expect(pages.get('blog/index.html')).toEqual([keys.get('blog/index.html'), [['content/blog/2025-01-01-hello.md', 'hello-1']]]);
    expect(pages.get('blog/archive/index.html')).toEqual([keys.get('blog/archive/index.html'), []]);
    // The page about/ has no rendered document here, so nothing names what it read.
    expect(pages.has('about/index.html')).toBe(false);
    expect(pages.size).toBe(FILES.length - 1);
  });

  test('with the structure of the last build, a page whose documents are unchanged takes its last key without its data; a changed document is keyed again', async () => {
    const reads = memo();
    await writePages({ ...input, shellKey: 'shell', reads: { memo: reads, routesKey: 'routes-1' } });
    const first = new Map(kept.map(([file, key]) => [file, key]));
    // A key no page data gives: a page can only come back with it by way of the note.
    const [, guideReads] = reads.saved!.pages.get('docs/guide/index.html')!;
    reads.saved!.pages.set('docs/guide/index.html', ['noted-key', guideReads]);
    const earlier = (file: string, key: string): EarlierPage | undefined => (key === 'noted-key' ? { html: `<p>kept ${file}</p>` } : undefined);
    input.context.html.get('content/docs/intro.md')!.identity = 'intro-2';
    kept = [];
    const out = await writePages({ ...input, shellKey: 'shell', reuse: { ...input.reuse, page: earlier }, reads: { memo: reads, routesKey: 'routes-1' } });
    const second = new Map(kept.map(([file, key]) => [file, key]));
    expect(written.get('docs/guide/index.html')).toBe('<p>kept docs/guide/index.html</p>');
    expect(second.get('docs/guide/index.html')).toBe('noted-key');
    expect(out.fresh.has('docs/guide/index.html')).toBe(false);
    expect(second.get('docs/intro/index.html')).not.toBe(first.get('docs/intro/index.html'));
    expect(reads.saved!.pages.get('docs/intro/index.html')).toEqual([second.get('docs/intro/index.html'), [['content/docs/intro.md', 'intro-2']]]);
    // The manifest and the sitemap list kept pages as any other.
    expect(Object.keys(out.manifest)).toContain('docs/guide/index.html');
    expect(out.sitemapUrls).toContain('/docs/guide/');
  });

  test('another structure (route table, shell or chrome) keys every page from its data', async () => {
    const reads = memo();
    const earlier = (file: string, key: string): EarlierPage | undefined => (key === 'noted-key' ? { html: `<p>kept ${file}</p>` } : undefined);
    /** The guide's key, the pages written after their notes were given a key no page data gives. */
    const guideKey = async (change: Partial<PageOutputInput>, routesKey: string) => {
      for (const [file, [, r]] of reads.saved?.pages ?? []) reads.saved!.pages.set(file, ['noted-key', r]);
      kept = [];
      await writePages({ ...input, shellKey: 'shell', reuse: { ...input.reuse, page: earlier }, ...change, reads: { memo: reads, routesKey } });
      return new Map(kept.map(([file, key]) => [file, key])).get('docs/guide/index.html');
    };
    await guideKey({}, 'routes-1');
    expect(await guideKey({}, 'routes-1')).toBe('noted-key');
    expect(await guideKey({}, 'routes-2')).not.toBe('noted-key');
    expect(await guideKey({}, 'routes-2')).toBe('noted-key');
    expect(await guideKey({ shellKey: 'other shell' }, 'routes-2')).not.toBe('noted-key');
    expect(await guideKey({ shellKey: 'other shell' }, 'routes-2')).toBe('noted-key');
    input.context.chrome.footer.copyright = 'Copyright Someone Else';
    expect(await guideKey({ shellKey: 'other shell' }, 'routes-2')).not.toBe('noted-key');
    expect(written.get('docs/guide/index.html')).toContain('Copyright Someone Else');
  });

  test('a page module is keyed from its data on every build: its HTML is no document with an identity', async () => {
    const reads = memo();
    const module = { url: '/tools/', kind: 'page-module' as const, module: { kind: 'page-module' as const, file: 'content/pages/tools.tsx', abs: '/x/tools.tsx', relPath: 'tools' }, title: 'Tools', source: 'content/pages/tools.tsx' };
    input.context.moduleHtml.set('content/pages/tools.tsx', { html: '<p>Tools</p>', title: 'Tools' });
    await writePages({ ...input, routes: [...input.routes, module], shellKey: 'shell', reads: { memo: reads, routesKey: 'routes-1' } });
    expect(reads.saved!.pages.has('tools/index.html')).toBe(false);
    expect(written.get('tools/index.html')).toContain('<p>Tools</p>');
  });

  test('without a shell key (no reuse) nothing is noted', async () => {
    const reads = memo();
    await writePages({ ...input, reads: { memo: reads, routesKey: 'routes-1' } });
    expect(reads.saved).toBeUndefined();
  });
});
