import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeServer,
  createSiteServer,
  diskSource,
  memorySource,
  mountAskHandler,
  parseRequestPath,
  startServe,
  type RunningServe,
  type ServedSite,
  type ServeOptions,
} from '../src/serve/index.ts';

import { build } from '../src/pipeline/index.ts';
import { diskReuse } from '../src/reuse/index.ts';
import { indexedPageText } from './search-index-reader.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const SECRET = 'TOP-SECRET-7f3a91';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends the request line exactly as given: fetch and http.request would normalise the path first. */
function rawRequest(port: number, target: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(head[0].split(' ')[1]), headers, body: all.subarray(split + 4) });
    });
    const extra = Object.entries(options.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    socket.write(`${options.method ?? 'GET'} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${extra}Connection: close\r\n\r\n`, 'latin1');
  });
}

async function listenOn(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('parseRequestPath', () => {
  it('decodes each segment once and refuses anything that could climb out', () => {
    expect(parseRequestPath('/docs/caf%C3%A9/?q=1')).toEqual({ ok: true, segments: ['docs', 'café'], trailingSlash: true, search: '?q=1' });
    expect(parseRequestPath('/%252e%252e/x')).toMatchObject({ ok: true, segments: ['%2e%2e', 'x'] });
    for (const bad of ['/../x', '/%2e%2e/x', '/a%2fb', '/a%5cb', '/a\\b', '/a%00', '/%c0%ae', '/./x', 'x', '/C:/x']) {
      expect(parseRequestPath(bad).ok, bad).toBe(false);
    }
  });
});

describe('static server', () => {
  let dir: string;
  let siteDir: string;
  let diskServer: http.Server;
  let memoryServer: http.Server;
  let diskPort: number;
  let memoryPort: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'protodocs-serve-'));
    siteDir = path.join(dir, 'site');
    writeFileSync(path.join(dir, 'secret.txt'), SECRET);
    mkdirSync(path.join(dir, 'outside'));
    writeFileSync(path.join(dir, 'outside', 'index.html'), SECRET);
    const files = new Map<string, string>([
      ['index.html', '<!doctype html><html><body><h1>Home</h1></body></html>'],
      ['404.html', '<!doctype html><html><body><h1>Page Not Found</h1></body></html>'],
      ['docs/intro/index.html', '<!doctype html><html><body><h1>Intro</h1></body></html>'],
      ['assets/app.AB12CD34.js', 'console.log(1);'],
      ['assets/style.AB12CD34.css', 'body{}'],
      ['feed.json', '{}'],
      ['sitemap.xml', '<urlset/>'],
      ['logo.svg', '<svg/>'],
      ['robots.txt', 'User-agent: *'],
      ['docs/intro.md', '# Intro'],
      ['font.woff2', 'wOF2'],
      ['favicon.ico', 'ico'],
    ]);
    for (const [rel, text] of files) {
      mkdirSync(path.dirname(path.join(siteDir, rel)), { recursive: true });
      writeFileSync(path.join(siteDir, rel), text);
    }
    // Symlinks inside the root that point out of it must not be followed.
    symlinkSync(path.join(dir, 'secret.txt'), path.join(siteDir, 'leak.txt'));
    symlinkSync(dir, path.join(siteDir, 'leakdir'));
    symlinkSync(path.join(dir, 'outside'), path.join(siteDir, 'outside'));
    symlinkSync(path.join(siteDir, 'robots.txt'), path.join(siteDir, 'alias.txt'));

    const disk: ServedSite = { source: await diskSource(siteDir), baseUrl: '/' };
    diskServer = createSiteServer({ site: () => disk, loopbackOnly: true });
    diskPort = await listenOn(diskServer);
    const memory: ServedSite = { source: memorySource(files, new Map([['copied.txt', path.join(dir, 'outside', 'index.html')]])), baseUrl: '/' };
    memoryServer = createSiteServer({ site: () => memory, loopbackOnly: true });
    memoryPort = await listenOn(memoryServer);
  });

  afterAll(async () => {
    await closeServer(diskServer);
    await closeServer(memoryServer);
    rmSync(dir, { recursive: true, force: true });
  });

  // A function: the absolute forms need the temp folder, which exists only once beforeAll has run.
  const traversals = () => [
    '/../secret.txt',
    '/../../../../etc/passwd',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/.%2e/secret.txt',
    '/%2e./secret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/%2e%2e%5csecret.txt',
    '/%252e%252e/secret.txt',
    '/%252e%252e%252fsecret.txt',
    '/docs/../../secret.txt',
    '/docs/%2e%2e/%2e%2e/secret.txt',
    '/docs/intro/..%2f..%2f..%2fsecret.txt',
    '/..%00/secret.txt',
    '/secret.txt%00.html',
    '/%00',
    '/%c0%ae%c0%ae/secret.txt',
    '/..%c0%afsecret.txt',
    '/%u002e%u002e/secret.txt',
    '/./../secret.txt',
    '/....//secret.txt',
    '//secret.txt',
    '///../secret.txt',
    '/C:/secret.txt',
    '/C:%5csecret.txt',
    `/${encodeURIComponent(path.join(dir, 'secret.txt'))}`,
    `${path.join(dir, 'secret.txt')}`,
    'http://127.0.0.1/../secret.txt',
    '/leak.txt',
    '/leakdir/secret.txt',
    '/leakdir/',
    '/outside/',
    '/outside',
    '/outside/index.html',
  ];

  it.each(['disk', 'memory'] as const)('never serves a file outside the root (%s)', async (kind) => {
    const port = kind === 'disk' ? diskPort : memoryPort;
    expect(traversals().length).toBeGreaterThanOrEqual(20);
    for (const target of traversals()) {
      const res = await rawRequest(port, target);
      expect([400, 403, 404], `${target} → ${res.status}`).toContain(res.status);
      expect(res.body.toString('latin1'), target).not.toContain(SECRET);
    }
  });

  it('follows symlinks that stay inside the root', async () => {
    const res = await rawRequest(diskPort, '/alias.txt');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('User-agent: *');
  });

  it('copies of the build are served from memory by their output path only', async () => {
    const res = await rawRequest(memoryPort, '/copied.txt');
    expect(res.status).toBe(200);
  });

  it('serves directories, redirects to the canonical path and answers unknown paths with 404.html', async () => {
    const index = await rawRequest(diskPort, '/docs/intro/');
    expect(index.status).toBe(200);
    expect(index.body.toString()).toContain('<h1>Intro</h1>');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['cache-control']).toBe('no-cache');

    const bare = await rawRequest(diskPort, '/docs/intro?x=1');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/docs/intro/?x=1');
    const explicit = await rawRequest(diskPort, '/docs/intro/index.html');
    expect(explicit.status).toBe(301);
    expect(explicit.headers.location).toBe('/docs/intro/');
    expect((await rawRequest(diskPort, '/index.html')).headers.location).toBe('/');

    const missing = await rawRequest(diskPort, '/docs/nope/');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('Page Not Found');
    expect((await rawRequest(diskPort, '/docs/intro/index.html/')).status).toBe(404);
  });

  it('sends production content types and caching', async () => {
    const types: Record<string, string> = {
      '/assets/app.AB12CD34.js': 'text/javascript; charset=utf-8',
      '/assets/style.AB12CD34.css': 'text/css; charset=utf-8',
      '/feed.json': 'application/json; charset=utf-8',
      '/sitemap.xml': 'application/xml; charset=utf-8',
      '/logo.svg': 'image/svg+xml',
      '/robots.txt': 'text/plain; charset=utf-8',
      '/docs/intro.md': 'text/markdown; charset=utf-8',
      '/font.woff2': 'font/woff2',
      '/favicon.ico': 'image/x-icon',
    };
    for (const [target, type] of Object.entries(types)) {
      const res = await rawRequest(memoryPort, target);
      expect(res.status, target).toBe(200);
      expect(res.headers['content-type'], target).toBe(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await rawRequest(memoryPort, '/assets/app.AB12CD34.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await rawRequest(memoryPort, '/logo.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('answers conditional requests with 304 and HEAD without a body', async () => {
    for (const port of [diskPort, memoryPort]) {
      const first = await rawRequest(port, '/docs/intro/');
      const etag = first.headers.etag;
      expect(etag).toMatch(/^(W\/)?".+"$/);
      const again = await rawRequest(port, '/docs/intro/', { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.body.byteLength).toBe(0);
      expect((await rawRequest(port, '/docs/intro/', { headers: { 'If-None-Match': '"other", ' + etag } })).status).toBe(304);
      expect((await rawRequest(port, '/docs/intro/', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);

      const head = await rawRequest(port, '/docs/intro/', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe(String(first.body.byteLength));
      expect(head.body.byteLength).toBe(0);
    }
  });

  it('refuses other methods and foreign Host headers', async () => {
    const post = await rawRequest(memoryPort, '/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const rebinding = await new Promise<number>((resolve) => {
      http.get({ port: memoryPort, host: '127.0.0.1', path: '/', headers: { Host: 'attacker.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
    });
    expect(rebinding).toBe(403);
  });

  it('mounts a site under its baseUrl', async () => {
    const site: ServedSite = { source: memorySource(new Map([['index.html', '<h1>Base</h1>'], ['404.html', 'missing']]), new Map()), baseUrl: '/preview/' };
    const server = createSiteServer({ site: () => site });
    const port = await listenOn(server);
    try {
      expect((await rawRequest(port, '/')).headers.location).toBe('/preview/');
      expect((await rawRequest(port, '/preview')).headers.location).toBe('/preview/');
      expect((await rawRequest(port, '/preview/')).body.toString()).toContain('<h1>Base</h1>');
      expect((await rawRequest(port, '/index.html')).status).toBe(404);
    } finally {
      await closeServer(server);
    }
  });
});

describe('mountAskHandler', () => {
  it('adapts node:http to a web Request/Response handler', async () => {
    const seen: { method: string; url: string; body: string; type: string | null }[] = [];
    const handle = mountAskHandler(
      async (request) => {
        if (request.headers.get('x-fail')) throw new Error('boom');
        seen.push({ method: request.method, url: request.url, body: await request.text(), type: request.headers.get('content-type') });
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"answer":'));
            controller.enqueue(new TextEncoder().encode('"42"}'));
            controller.close();
          },
        });
        const headers = new Headers({ 'content-type': 'application/json' });
        headers.append('set-cookie', 'a=1');
        headers.append('set-cookie', 'b=2');
        return new Response(stream, { status: 201, headers });
      },
      { maxBodyBytes: 64 },
    );
    const server = http.createServer((req, res) => void handle(req, res));
    const port = await listenOn(server);
    const url = `http://127.0.0.1:${port}/api/ask?lang=en`;
    try {
      const ok = await fetch(url, { method: 'POST', body: JSON.stringify({ q: 'meaning' }), headers: { 'content-type': 'application/json' } });
      expect(ok.status).toBe(201);
      expect(await ok.json()).toEqual({ answer: '42' });
      expect(ok.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(seen[0]).toEqual({ method: 'POST', url: `http://127.0.0.1:${port}/api/ask?lang=en`, body: '{"q":"meaning"}', type: 'application/json' });

      expect((await fetch(url, { method: 'POST', body: 'x'.repeat(65) })).status).toBe(413);
      const failed = await fetch(url, { method: 'POST', body: '{}', headers: { 'x-fail': '1' } });
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({ error: 'The ask handler failed: boom' });
    } finally {
      await closeServer(server);
    }
  });

  it('is reached at its path through the site server', async () => {
    const site: ServedSite = { source: memorySource(new Map([['index.html', 'home']]), new Map()), baseUrl: '/' };
    const server = createSiteServer({ site: () => site, ask: { path: '/api/ask', handler: async (r) => Response.json({ method: r.method }) } });
    const port = await listenOn(server);
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/api/ask`, { method: 'POST', body: '{}' })).json()).toEqual({ method: 'POST' });
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('home');
    } finally {
      await closeServer(server);
    }
  });
});

interface SseEvent {
  event: string;
  data: { build: number; changed?: string[] | null; problems?: { file?: string; line?: number; code: string; message: string; frame?: string }[] };
}

/** A minimal EventSource: collects events and waits for the one a test expects. */
function connectEvents(port: number) {
  const events: SseEvent[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  let buffer = '';
  let cursor = 0;
  const request = http.get({ host: '127.0.0.1', port, path: '/__protodocs/events' }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!event || !data) continue;
        const parsed = { event, data: JSON.parse(data) } as SseEvent;
        events.push(parsed);
        const waiter = waiters[0];
        if (waiter?.match(parsed)) {
          waiters.shift();
          cursor = events.length;
          waiter.resolve(parsed);
        }
      }
    });
  });
  request.on('error', () => {});
  return {
    events,
    /** The first event after the previous match that satisfies `match`, whether it already arrived or not. */
    next(match: (e: SseEvent) => boolean, timeoutMs = 30_000): Promise<SseEvent> {
      const index = events.findIndex((e, i) => i >= cursor && match(e));
      if (index >= 0) {
        cursor = index + 1;
        return Promise.resolve(events[index]);
      }
      cursor = events.length;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event; got ${JSON.stringify(events.map((e) => e.event))}`)), timeoutMs);
        waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    close: () => request.destroy(),
  };
}

describe('serve (watch mode)', () => {
  let dir: string;
  let running: RunningServe;
  const logs: string[] = [];
  const reported: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'protodocs-watch-'));
    cpSync(path.join(repo, 'test/fixtures/minimal'), dir, { recursive: true });
    running = await startServe({
      root: dir,
      port: 0,
      host: '127.0.0.1',
      watch: true,
      log: (line) => logs.push(line),
      report: (items) => reported.push(...items.map((d) => `${d.file}:${d.line} ${d.code}`)),
    });
  }, 120_000);

  afterAll(async () => {
    await running?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (p: string) => {
    const res = await fetch(new URL(p, running.url));
    return { status: res.status, text: await res.text() };
  };

  it('builds, serves with the reload script and prints one Serving line', async () => {
    expect(logs.filter((l) => l.startsWith('Serving '))).toEqual([`Serving http://127.0.0.1:${running.port}/`]);
    const page = await get('/docs/intro/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script type="module" src="/__protodocs/reload.js"></script></body>');
    const script = await fetch(new URL('/__protodocs/reload.js', running.url));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain("new EventSource('/__protodocs/events')");
  });

  it("points AI mode at its own answer endpoint, which the same site's static build does not have", async () => {
    // The fixture's config names no endpoint: under serve the pages use /api/ask, and it answers.
    expect((await get('/docs/intro/')).text).toContain('&quot;ai&quot;:{&quot;endpoint&quot;:&quot;/api/ask&quot;}');
    const answer = await fetch(new URL('/api/ask', running.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"question":"setup"}' });
    expect(answer.status).toBe(200);
  });

  it('reloads on edit, reports a broken edit and keeps serving, then clears the error', async () => {
    const sse = connectEvents(running.port);
    try {
      await sse.next((e) => e.event === 'hello');
      const intro = path.join(dir, 'content/docs/intro.md');
      const original = readFileSync(intro, 'utf8');

      writeFileSync(intro, original.replace('More text.', 'Freshly edited text.'));
      const reload = await sse.next((e) => e.event === 'reload');
      expect(reload.data.changed).toContain('/docs/intro/');
      // Other pages are the same: open tabs on them need not reload.
      expect(reload.data.changed).not.toContain('/docs/guides/deep/');
      const edited = (await get('/docs/intro/')).text;
      expect(edited).toContain('Freshly edited text.');
      expect(edited).toContain('&quot;indexUrl&quot;:&quot;/search-index/main/entry.json&quot;');
      // The search index is built after the pages: asked for at once, it is waited for, never a 404, and it knows the edit.
      const entry = await get('/search-index/main/entry.json');
      expect(entry.status).toBe(200);
      const text = await indexedPageText(async (urlPath) => (await get(urlPath)).text, '/docs/intro/');
      expect(text).toContain('Freshly edited text.');

      writeFileSync(intro, original.replace('More text.', 'Now [a broken link](./missing-page.md) and new words.'));
      const error = await sse.next((e) => e.event === 'error');
      const problem = error.data.problems!.find((p) => p.code === 'PD5001');
      expect(problem).toMatchObject({ file: 'content/docs/intro.md', line: 14 });
      expect(problem!.frame).toContain('missing-page.md');
      expect(reported).toContain('content/docs/intro.md:14 PD5001');
      const stale = await get('/docs/intro/');
      expect(stale.status).toBe(200);
      expect(stale.text).toContain('Freshly edited text.');
      expect(stale.text).not.toContain('new words');

      // A tab opened while the build is broken gets the overlay at once.
      const late = connectEvents(running.port);
      await late.next((e) => e.event === 'error');
      late.close();

      writeFileSync(intro, original.replace('More text.', 'Fixed again.'));
      await sse.next((e) => e.event === 'ok');
      await sse.next((e) => e.event === 'reload' && e.data.build > reload.data.build);
      expect((await get('/docs/intro/')).text).toContain('Fixed again.');
    } finally {
      sse.close();
    }
  });

  it('picks up frontmatter edits, and reports a frontmatter error on every rebuild until it is fixed', async () => {
    // serve keeps each file's validated frontmatter between builds: an unchanged file must still report its problem.
    const sse = connectEvents(running.port);
    try {
      await sse.next((e) => e.event === 'hello');
      const intro = path.join(dir, 'content/docs/intro.md');
      const setup = path.join(dir, 'content/docs/guides/setup.md');
      const original = readFileSync(intro, 'utf8');
      const setupOriginal = readFileSync(setup, 'utf8');

      writeFileSync(intro, original.replace('title: Introduction', 'title: Renamed intro'));
      await sse.next((e) => e.event === 'reload');
      expect((await get('/docs/intro/')).text).toContain('<title>Renamed intro');

      writeFileSync(intro, original.replace('title: Introduction', 'title: [unclosed'));
      const first = await sse.next((e) => e.event === 'error');
      expect(first.data.problems!.map((p) => `${p.file} ${p.code}`)).toContain('content/docs/intro.md PD2002');

      writeFileSync(setup, setupOriginal + '\nAn edit elsewhere.\n');
      const second = await sse.next((e) => e.event === 'error');
      expect(second.data.problems!.map((p) => `${p.file} ${p.code}`)).toContain('content/docs/intro.md PD2002');

      writeFileSync(intro, original);
      await sse.next((e) => e.event === 'ok');
      expect((await get('/docs/intro/')).text).toContain('<title>Introduction');
      expect((await get('/docs/guides/setup/')).text).toContain('An edit elsewhere.');
      writeFileSync(setup, setupOriginal);
      await sse.next((e) => e.event === 'reload');
    } finally {
      sse.close();
    }
  });
});

/** `protodocs serve` in watch mode on a fresh copy of the minimal fixture, for `use`; stopped and removed after it. */
async function serveMinimalCopy(
  options: Partial<ServeOptions>,
  use: (running: RunningServe, dir: string) => Promise<void>,
  /** Runs on the copy before serve starts. */
  before?: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'protodocs-watch-'));
  let running: RunningServe | undefined;
  try {
    // Not the caches other tests' builds left in the fixture: each test starts from the sources alone.
    const fixture = path.join(repo, 'test/fixtures/minimal');
    cpSync(fixture, dir, { recursive: true, filter: (src) => !src.startsWith(path.join(fixture, 'node_modules')) });
    await before?.(dir);
    running = await startServe({ root: dir, port: 0, host: '127.0.0.1', watch: true, log: () => {}, report: () => {}, ...options });
    await use(running, dir);
  } finally {
    await running?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('serve (watch mode): the search index', () => {
  // Served fresh, and served after `protodocs check` left its caches (the index files among them, without their state).
  it.each([
    ['from the sources alone', undefined],
    ['after a check of the site', async (dir: string) => void (await build({ root: dir, write: false, reuse: diskReuse({ record: false }) }))],
  ])('is updated in memory after an edit, %s: only the edited page is indexed again, into the index a fresh build makes', async (_, before) => {
    const searchLines: string[] = [];
    await serveMinimalCopy({ buildLog: (line) => void (line.startsWith('✓ index') && searchLines.push(line)) }, async (running, dir) => {
      const get = async (p: string) => {
        const res = await fetch(new URL(p, running.url));
        return { status: res.status, text: await res.text() };
      };
      // The first build indexes every page (11 sections of 6 pages).
      expect(searchLines).toEqual([expect.stringMatching(/^✓ index +11 sections +\d+ ms/)]);
      const setup = path.join(dir, 'content/docs/guides/setup.md');
      // One word for another: every section keeps its length, so the scores of the words it did not touch hold. (An
      // edit that moves the site's average section length past a rounding step is indexed whole.)
      writeFileSync(setup, readFileSync(setup, 'utf8').replace('Tips render as admonitions.', 'Zebracorns render as admonitions.'));
      // Asked for while a rebuild replaces it, the index can be missing for a moment: ask until it has the edit.
      await expect
        .poll(async () => (await get('/search-index/main/entry.json')).status === 200 && indexedPageText(async (urlPath) => (await get(urlPath)).text, '/docs/guides/setup/'), { timeout: 10_000 })
        .toContain('Zebracorns render as admonitions.');
      // The edited page gave its sections; the other five were kept as they were, and the index was updated, not remade.
      expect(searchLines.at(-1)).toMatch(/^✓ index +\d+ sections, 5 pages kept, updated +\d+ ms/);

      const sameAsFresh = async () => {
        const fresh = await build({ root: dir, write: false });
        const searchFiles = [...fresh.files].filter(([rel]) => rel.startsWith('search-index/') || rel.startsWith('assets/search/'));
        expect(searchFiles.length).toBeGreaterThan(10);
        for (const [rel, content] of searchFiles) expect([rel, (await get('/' + rel)).text]).toEqual([rel, content]);
      };
      await sameAsFresh();

      // A long new section moves the site's average section length: the index is made whole again, from every page.
      writeFileSync(setup, readFileSync(setup, 'utf8') + '\n## Zebracorn care\n\n' + 'A zebracorn needs a quiet paddock and fresh hay. '.repeat(40) + '\n');
      await expect
        .poll(async () => (await get('/search-index/main/entry.json')).status === 200 && indexedPageText(async (urlPath) => (await get(urlPath)).text, '/docs/guides/setup/'), { timeout: 10_000 })
        .toContain('A zebracorn needs a quiet paddock');
      expect(searchLines.at(-1)).toMatch(/^✓ index +\d+ sections, 5 pages kept +\d+ ms/);
      await sameAsFresh();
    }, before);
  });
});

describe('serve (watch mode): a request for the search index during rebuilds', () => {
  it('waits for the newest index when the next edit stops the one it waited for, instead of answering 404', async () => {
    // The watcher waits a minute: the test runs each rebuild itself, at the moments that matter.
    await serveMinimalCopy({ debounceMs: 60_000 }, async (running, dir) => {
      const setup = path.join(dir, 'content/docs/guides/setup.md');
      const original = readFileSync(setup, 'utf8');
      writeFileSync(setup, original + '\nFirst edit.\n');
      expect(await running.rebuild()).toBe(true);
      // Its index starts a moment after the pages; asked for now, the entry waits for it.
      const entry = fetch(new URL('/search-index/main/entry.json', running.url));
      // Well inside the index's delay (100 ms): the request has reached the server and waits for that index.
      await new Promise((resolve) => setTimeout(resolve, 40));
      writeFileSync(setup, original + '\nSecond edit.\n');
      // This build stops the first one's index before it starts, and makes its own.
      expect(await running.rebuild()).toBe(true);
      const response = await entry;
      expect(response.status).toBe(200);
      expect(JSON.parse(await response.text())).toMatchObject({ scope: 'main' });

      // A build that fails makes no index: a request waiting for one is answered (the index it waited for was
      // stopped, so there is none), not left hanging until some later build succeeds.
      writeFileSync(setup, original + '\nThird edit.\n');
      expect(await running.rebuild()).toBe(true);
      const waiting = fetch(new URL('/search-index/main/entry.json', running.url));
      await new Promise((resolve) => setTimeout(resolve, 40));
      // The config is looked at on every build (these rebuilds come before the watcher reports the edits).
      const config = path.join(dir, 'site.config.ts');
      writeFileSync(config, readFileSync(config, 'utf8') + '\nexport const broken = ;\n');
      expect(await running.rebuild()).toBe(false);
      expect((await waiting).status).toBe(404);
    });
  });
});

// bin/protodocs.js runs dist/, which test/setup-dist.ts (the unit project's globalSetup) compiles once per run.
describe('protodocs serve (CLI)', () => {
  it('prints the Serving line and stops on SIGTERM; --no-watch serves a build folder as is', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'protodocs-cli-serve-'));
    try {
      mkdirSync(path.join(dir, 'out'));
      writeFileSync(path.join(dir, 'out', 'index.html'), '<h1>Prebuilt</h1>');
      const child = spawn(process.execPath, [path.join(repo, 'bin/protodocs.js'), 'serve', '--root', dir, '--no-watch', '--out', path.join(dir, 'out'), '--port', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c) => {
          out += c;
          if (out.includes('\n')) resolve(out.split('\n')[0]);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      expect(line).toMatch(/^Serving http:\/\/127\.0\.0\.1:\d+\/$/);
      const res = await fetch(line.slice('Serving '.length));
      expect(await res.text()).toBe('<h1>Prebuilt</h1>');
      expect(res.headers.get('etag')).toBeTruthy();
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
