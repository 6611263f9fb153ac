import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatDiagnostic } from '../errors/index.ts';
import { crawlSite, scanHtml, type CrawlOptions } from './crawl.ts';

// `protodocs check` crawls the built site as a browser would and reports each broken reference at the source of the
// page it is on. Here the "built site" is a few pages served from memory on a loopback port.

describe('scanHtml', () => {
  test('ids of elements and named anchors; <base> moves relative URLs', () => {
    const page = scanHtml('<base href="/root/"><div id="a"></div><a name="b"></a><span name="not-an-anchor"></span><a href="x/#Frag%20ment">x</a><a href="#%E0%A4%A">bad escape</a>', 'http://h.test/docs/p/');
    expect([...page.ids]).toEqual(['a', 'b']);
    expect(page.links.map((l) => [l.target, l.fragment, l.raw])).toEqual([
      ['http://h.test/root/x/', 'Frag ment', 'x/#Frag%20ment'],
      ['http://h.test/root/', '%E0%A4%A', '#%E0%A4%A'],
    ]);
  });

  test('an unparseable <base> is ignored, as are URLs that cannot be parsed', () => {
    const page = scanHtml('<base href="http://[bad"><a href="ok/">ok</a><a href="http://[::1">bad</a>', 'http://h.test/docs/');
    expect(page.links.map((l) => l.target)).toEqual(['http://h.test/docs/ok/']);
  });

  test('every URL attribute of every tag that loads or links something; hints and empty srcset parts are not', () => {
    const page = scanHtml(
      [
        '<link rel="DNS-Prefetch" href="https://dns.test"><link rel="icon" href="/i.ico">',
        '<area href="/area"><source src="/s.mp4" srcset="/a.webp 1x, , /b.webp 2x"><iframe src="/frame"></iframe>',
        '<video src="/v.mp4" poster="/poster.png"></video><audio src="/a.mp3"></audio><track src="/t.vtt"><embed src="/e.swf"><object data="/o.pdf"></object>',
        '<A HREF="  /upper  ">u</A><div href="/not-a-link"></div>',
      ].join(''),
      'http://h.test/',
    );
    expect(page.links.map((l) => [l.tag, l.attribute, l.target])).toEqual([
      ['link', 'href', 'http://h.test/i.ico'],
      ['area', 'href', 'http://h.test/area'],
      ['source', 'src', 'http://h.test/s.mp4'],
      ['source', 'srcset', 'http://h.test/a.webp'],
      ['source', 'srcset', 'http://h.test/b.webp'],
      ['iframe', 'src', 'http://h.test/frame'],
      ['video', 'src', 'http://h.test/v.mp4'],
      ['video', 'poster', 'http://h.test/poster.png'],
      ['audio', 'src', 'http://h.test/a.mp3'],
      ['track', 'src', 'http://h.test/t.vtt'],
      ['embed', 'src', 'http://h.test/e.swf'],
      ['object', 'data', 'http://h.test/o.pdf'],
      ['a', 'href', 'http://h.test/upper'],
    ]);
  });
});

describe('crawlSite', () => {
  const pages = new Map<string, string>();
  const html = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
      const body = pages.get(decodeURIComponent(path));
      if (body === undefined) {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end(pages.get('/404.html') ?? 'not found');
        return;
      }
      res.writeHead(200, { 'content-type': path.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const crawl = (options: Partial<CrawlOptions>) => crawlSite({ origin, baseUrl: '/', pages: [], manifest: {}, timeoutMs: 5000, ...options });

  test('broken links, images, scripts and fragments, each at the line of its source that writes it', async () => {
    pages.clear();
    pages.set('/index.html', html('<a href="/docs/">Docs</a><a href="/gone/">Gone</a><img src="/img/missing.png"><script src="/assets/nope.js"></script><link rel="stylesheet" href="/missing.css">'));
    pages.set('/docs/index.html', html('<h2 id="install">Install</h2><a href="/docs/#instal">typo</a><a href="#install">ok</a><a href="#top">top</a><a href="/#:~:text=x">text fragment</a><a href="/docs/guide/#zzz">far</a>'));
    pages.set('/docs/guide/index.html', html('<h2 id="intro">Intro</h2><a href="https://elsewhere.invalid/">out</a><a href="/data.bin">file</a>'));
    pages.set('/data.bin', 'binary');
    pages.set('/404.html', html('<a href="/also-gone/">from the 404 page</a>'));
    const sources: Record<string, string> = {
      'content/pages/index.md': '# Home\n\n[Gone](/gone/)\n\n![pic](/img/missing.png)\n',
      'content/docs/intro.md': '# Docs\n\n## Install\n\nSee [typo](#instal).\n\n[far](guide.md#zzz)\n',
    };
    const report = await crawl({
      pages: ['/', '/docs/', '/docs/guide/'],
      manifest: { 'index.html': 'content/pages/index.md', 'docs/index.html': 'content/docs/intro.md' },
      readSource: (file) => sources[file],
    });
    expect(report.pages).toBe(3);
    expect(report.links).toBeGreaterThanOrEqual(8);
    expect(report.diagnostics.map(formatDiagnostic).sort()).toEqual(
      [
        'content/pages/index.md:3:8  PD5003 / links to /gone/, which returns 404.  (hint: no page or file has that URL; fix the link, or add the page (or a file under content/public/))',
        'content/pages/index.md:5:8  PD5003 / shows the image /img/missing.png, which returns 404.  (hint: no file is served at that path; files under content/public/ are served from the site root)',
        'content/pages/index.md:1:1  PD5003 / loads the script /assets/nope.js, which returns 404.  (hint: no file is served at that path; files under content/public/ are served from the site root)',
        'content/pages/index.md:1:1  PD5003 / references /missing.css, which returns 404.  (hint: no file is served at that path; files under content/public/ are served from the site root)',
        'content/docs/intro.md:5:12  PD5003 /docs/ links to /docs/#instal, but /docs/ has no element with id "instal".  (hint: did you mean #install?)',
        'content/docs/intro.md:7:15  PD5003 /docs/ links to /docs/guide/#zzz, but /docs/guide/ has no element with id "zzz".  (hint: heading ids are the heading text in lower case with dashes; custom ones are set with {#id})',
      ].sort(),
    );
  });

  test('a page without a source in the manifest is reported by its URL; the production site and other sites are not fetched', async () => {
    pages.clear();
    pages.set('/sub/index.html', html('<a href="/sub/nowhere/">x</a><a href="https://docs.example.test/sub/future/">prod</a><a href="https://elsewhere.invalid/">out</a><a href="/sub/page/#x">frag</a>'));
    pages.set('/sub/page/index.html', html('<p>no ids</p>'));
    const report = await crawl({ baseUrl: '/sub', pages: ['/sub/'], siteUrl: 'https://docs.example.test/', manifest: { 'sub/index.html': 'never-used.md' } });
    expect(report.diagnostics.map(formatDiagnostic).sort()).toEqual([
      'protodocs  PD5003 /sub/ links to /sub/nowhere/, which returns 404.  (hint: no page or file has that URL; fix the link, or add the page (or a file under content/public/))',
      'protodocs  PD5003 /sub/ links to /sub/page/#x, but /sub/page/ has no element with id "x".  (hint: heading ids are the heading text in lower case with dashes; custom ones are set with {#id})',
    ]);
    expect(report.pages).toBe(2);
  });

  test('under a base URL, a page maps to its output file and its source', async () => {
    pages.clear();
    pages.set('/sub/docs/a/index.html', html('<a href="/sub/docs/b/">b</a>'));
    pages.set('/sub/docs/file.html', html('<a href="/sub/docs/c/">c</a>'));
    const report = await crawl({
      baseUrl: '/sub/',
      pages: ['/sub/docs/a/', '/sub/docs/file.html'],
      manifest: { 'docs/a/index.html': 'content/docs/a.md', 'docs/file.html': 'content/docs/file.md' },
      readSource: (file) => (file === 'content/docs/a.md' ? 'Intro\n[b](/docs/b/)\n' : '[c](/sub/docs/c/)'),
    });
    expect(report.diagnostics.map((d) => [d.file, d.line, d.column])).toEqual([
      ['content/docs/a.md', 2, 5],
      ['content/docs/file.md', 1, 5],
    ]);
  });

  test('a URL broken on more than ten pages is reported once, as shared chrome', async () => {
    pages.clear();
    const many = Array.from({ length: 12 }, (_, i) => `/p${String(i).padStart(2, '0')}/`);
    for (const p of many) pages.set(`${p}index.html`, html('<a href="/broken-nav/">nav</a>'));
    const report = await crawl({ pages: many });
    expect(report.diagnostics.map(formatDiagnostic)).toEqual([
      'protodocs  PD5003 /p00/ (and 11 other pages) links to /broken-nav/, which returns 404.  (hint: broken on 12 pages, so probably in the navbar, footer or theme; no page or file has that URL; fix the link, or add the page (or a file under content/public/))',
    ]);
  });

  test('ten pages with the same broken link are each reported; two pages of one source only once', async () => {
    pages.clear();
    const ten = Array.from({ length: 10 }, (_, i) => `/q${i}/`);
    for (const p of ten) pages.set(`${p}index.html`, html('<a href="/broken/">x</a>'));
    pages.set('/docs/index.html', html('<a href="/missing/">m</a>'));
    pages.set('/docs/intro/index.html', html('<a href="/missing/">m</a>'));
    const report = await crawl({ pages: [...ten, '/docs/', '/docs/intro/'], manifest: { 'docs/index.html': 'content/docs/intro.md', 'docs/intro/index.html': 'content/docs/intro.md' }, readSource: () => 'x [m](/missing/)' });
    expect(report.diagnostics.filter((d) => d.message.includes('/broken/'))).toHaveLength(10);
    expect(report.diagnostics.filter((d) => d.message.includes('/missing/')).map((d) => [d.file, d.line, d.column])).toEqual([['content/docs/intro.md', 1, 7]]);
  });

  test('a server that does not answer', async () => {
    const report = await crawlSite({ origin: 'http://127.0.0.1:9', baseUrl: '/', pages: ['/'], manifest: {}, timeoutMs: 2000 });
    expect(report.pages).toBe(0);
    expect(report.diagnostics.map(formatDiagnostic)).toEqual([expect.stringMatching(/^protodocs {2}PD5003 \(start\) references \/, which could not be fetched/)]);
  });

  test('nothing to crawl', async () => {
    expect(await crawl({ pages: [] })).toEqual({ diagnostics: [], pages: 0, links: 0 });
  });
});
