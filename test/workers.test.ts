import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/index.ts';
import { inProcessPools, PARALLEL_THRESHOLD, threadPools, type PoolFactory } from '../src/workers/worker-pool.ts';
import { walkFiles } from '../src/files/walk.ts';
import { diskReuse } from '../src/reuse/index.ts';
import type { SearchRecord } from '../src/search/index.ts';
import { isUnmade } from '../src/shared/index.ts';
import { indexedPageText } from './search-index-reader.ts';
import { writeCorpus } from './bench/corpus.mjs';

// The CLI (dist) parses, renders markdown, builds the search index and renders pages in worker threads once a site
// has PARALLEL_THRESHOLD files; the in-process build from sources never does. Both must write the same bytes.

const repo = fileURLToPath(new URL('..', import.meta.url));
const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-workers-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Checks that `outDir` holds exactly what an in-memory build of `site` without workers makes; returns how many files. */
async function sameAsSingleThreaded(site: string, outDir: string): Promise<number> {
  const single = await build({ root: site, write: false });
  expect(single.ok).toBe(true);
  const written = walkFiles(outDir).filter((f) => f !== 'protodocs-manifest.json');
  expect(written.sort()).toEqual([...single.files.keys(), ...single.copies.keys()].filter((f) => f !== 'protodocs-manifest.json').sort());
  for (const file of written) {
    const expected = single.files.get(file);
    if (expected === undefined) continue;
    const text = typeof expected === 'string' ? expected : Buffer.from(expected).toString('utf8');
    expect(readFileSync(path.join(outDir, file), 'utf8'), file).toBe(text);
  }
  return written.length;
}

describe('worker threads', () => {
  it('write exactly what a single-threaded build writes', async () => {
    const site = path.join(temp, 'site');
    (writeCorpus as (dir: string, pages: number) => void)(site, PARALLEL_THRESHOLD + 10);
    const r = spawnSync(process.execPath, [path.join(repo, 'bin/protodocs.js'), 'build', '--root', site, '--verbose'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const outDir = path.join(site, 'build');
    expect(await sameAsSingleThreaded(site, outDir)).toBeGreaterThan(PARALLEL_THRESHOLD);

    // The workers' results were cached: after an edit to one page, only that one is parsed again.
    appendFileSync(path.join(site, 'content/docs/section-0/page-1.md'), '\nOne more line.\n');
    const again = spawnSync(process.execPath, [path.join(repo, 'bin/protodocs.js'), 'build', '--root', site, '--verbose'], { encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(new RegExp(`parse +${PARALLEL_THRESHOLD + 11} docs, ${PARALLEL_THRESHOLD + 10} cached`));
    expect(readFileSync(path.join(outDir, 'docs/section-0/page-1/index.html'), 'utf8')).toContain('One more line.');

    // A title edit renders the pages of its sidebar anew, in batches the workers write into the patched output.
    const page1 = path.join(site, 'content/docs/section-0/page-1.md');
    writeFileSync(page1, readFileSync(page1, 'utf8').replace('title: Page 1 of the synthetic corpus', 'title: Page one, retitled'));
    const titled = spawnSync(process.execPath, [path.join(repo, 'bin/protodocs.js'), 'build', '--root', site, '--verbose'], { encoding: 'utf8' });
    expect(titled.status, titled.stderr).toBe(0);
    await sameAsSingleThreaded(site, outDir);
    expect(readFileSync(path.join(outDir, 'docs/section-0/page-2/index.html'), 'utf8')).toContain('Page one, retitled');
  }, 120_000);

  it('parses while the scan reads: the workers get their first files before the scan ends, and an edit parses here', async () => {
    const site = path.join(temp, 'streaming');
    (writeCorpus as (dir: string, pages: number) => void)(site, PARALLEL_THRESHOLD * 3);
    let events: string[] = [];
    const workers: PoolFactory = (work) => {
      events.push('pool');
      const pool = inProcessPools(2, 0)(work);
      if (pool) {
        const parse = pool.parse.bind(pool);
        pool.parse = (jobs) => {
          events.push(`parse ${jobs.length}`);
          return parse(jobs);
        };
      }
      return pool;
    };
    const log = (line: string) => {
      const stage = /^✓ (\w+)/.exec(line)?.[1];
      if (stage) events.push(stage);
    };
    const cold = await build({ root: site, workers, reuse: diskReuse({ record: true }), log });
    expect(cold.ok).toBe(true);
    // The pool is made for the first full batch; the rest follow in batches as they are read.
    expect(events.slice(0, events.indexOf('scan') + 1)).toEqual(['config', 'pool', `parse ${PARALLEL_THRESHOLD}`, 'parse 128', 'parse 128', 'scan']);
    const handed = events.filter((e) => e.startsWith('parse ')).reduce((sum, e) => sum + Number(e.slice(6)), 0);
    expect(handed).toBe(PARALLEL_THRESHOLD * 3 + 1);

    events = [];
    appendFileSync(path.join(site, 'content/docs/section-0/page-1.md'), '\nOne more line.\n');
    const edit = await build({ root: site, workers, reuse: diskReuse({ record: true }), log });
    expect(edit.ok).toBe(true);
    // One changed file parses in this thread: no pool during the scan, and no parse in the workers afterwards.
    expect(events.slice(0, events.indexOf('scan'))).not.toContain('pool');
    expect(events.filter((e) => e.startsWith('parse '))).toEqual([]);
  }, 120_000);

  it('ends its workers once the pages are rendered, before the output is committed and the build recorded', async () => {
    const site = path.join(temp, 'closing');
    (writeCorpus as (dir: string, pages: number) => void)(site, PARALLEL_THRESHOLD + 10);
    const events: string[] = [];
    // The workers' own code, in this thread; each pool says when it is closed.
    const workers: PoolFactory = (work) => {
      const pool = inProcessPools(2, 0)(work);
      if (pool) {
        const close = pool.close.bind(pool);
        pool.close = () => {
          events.push('close');
          return close();
        };
      }
      return pool;
    };
    const result = await build({ root: site, workers, log: (line) => events.push(/^✓ (\w+)/.exec(line)?.[1] ?? '') });
    expect(result.ok).toBe(true);
    const stages = events.filter(Boolean);
    // The parse workers end after the markdown; the page and index workers after the render, before the write.
    expect(stages.slice(stages.indexOf('render'))).toEqual(['render', 'close', 'write', 'record']);
    expect(stages.filter((e) => e === 'close')).toHaveLength(2);
  }, 120_000);

  it('stores each batch of pages the workers render in the cache as it arrives, which then holds its HTML on disk', async () => {
    const site = path.join(temp, 'spilling');
    (writeCorpus as (dir: string, pages: number) => void)(site, PARALLEL_THRESHOLD + 10);
    let rendering = false;
    const workers: PoolFactory = (work) => {
      const pool = inProcessPools(2, 0)(work);
      if (pool) {
        const render = pool.render.bind(pool);
        pool.render = async (...args) => {
          rendering = true;
          try {
            return await render(...args);
          } finally {
            rendering = false;
          }
        };
      }
      return pool;
    };
    // A cold build with the CLI's cache: each entry is written to its file when set.
    const reuse = diskReuse({ record: true });
    const stored: { whileRendering: boolean; htmlHeld: boolean }[] = [];
    const cacheOf = reuse.markdownCache.bind(reuse);
    reuse.markdownCache = (root) => {
      const cache = cacheOf(root)!;
      const set = cache.set.bind(cache);
      cache.set = (file, entry) => {
        set(file, entry);
        stored.push({ whileRendering: rendering, htmlHeld: !isUnmade(entry.doc!, 'html') });
      };
      return cache;
    };
    const result = await build({ root: site, workers, reuse });
    expect(result.ok).toBe(true);
    expect(stored.length).toBeGreaterThan(PARALLEL_THRESHOLD);
    // The first worker's batch is stored while the other's is still being rendered.
    expect(stored.filter((s) => s.whileRendering).length).toBeGreaterThan(0);
    expect(stored.filter((s) => s.htmlHeld)).toEqual([]);
    // The pages were made from the HTML read back.
    expect(readFileSync(path.join(site, 'build/docs/section-0/page-1/index.html'), 'utf8')).toMatch(/<h2[^>]*>/);
  }, 120_000);

  it("the search index's own thread (dist/search-worker.js) reads the state ahead and makes the index a build worker makes", async () => {
    const dist = path.join(repo, 'dist');
    const threads = threadPools(path.join(dist, 'build-worker.js'), 2, undefined, path.join(dist, 'search-worker.js'))(PARALLEL_THRESHOLD)!;
    const records = [1, 2].map((n): SearchRecord => ({ url: `/docs/p${n}/#s`, pageUrl: `/docs/p${n}/`, anchor: 's', title: `Page ${n}`, hierarchy: ['Section'], text: `receipts of page ${n}`, type: 'docs', tags: [], language: 'en' }));
    const job = { records, baseUrl: '/', pageHashes: new Map(records.map((r) => [r.pageUrl, r.url])) };
    try {
      await threads.preloadSearchState(path.join(temp, 'no-state.bin'), 'k', temp);
      const fromOwn = await threads.searchIndex(job);
      const fromBuildWorker = await threads.searchIndex(job);
      expect([...fromOwn.files.keys()].length).toBeGreaterThan(1);
      expect(fromOwn.files).toEqual(fromBuildWorker.files);
    } finally {
      await threads.close();
    }
  });

  it('serve on a site this large rebuilds an edit at once and makes its search index in a worker after the reload', async () => {
    const site = path.join(temp, 'serve-site');
    (writeCorpus as (dir: string, pages: number) => void)(site, PARALLEL_THRESHOLD + 10);
    const child = spawn(process.execPath, [path.join(repo, 'bin/protodocs.js'), 'serve', '--root', site, '--port', '0', '--verbose'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stderr.on('data', (chunk) => (log += chunk));
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const match = /Serving (http:\/\/[^/\s]+)\//.exec(out);
          if (match) resolve(match[1]);
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${log}`)));
      });
      let reloads = 0;
      let onReload: (() => void) | undefined;
      const events = http.get(`${origin}/__protodocs/events`, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          reloads += chunk.split('event: reload').length - 1;
          onReload?.();
        });
      });
      const reloadCount = (count: number) =>
        new Promise<void>((resolve) => {
          onReload = () => reloads >= count && resolve();
          onReload();
        });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const doc = path.join(site, 'content/docs/section-1/page-120.md');
      appendFileSync(doc, '\nA freshly served sentence.\n');
      await reloadCount(1);
      const page = await (await fetch(`${origin}/docs/section-1/page-120/`)).text();
      expect(page).toContain('A freshly served sentence.');
      expect(log).toMatch(new RegExp(`parse +${PARALLEL_THRESHOLD + 11} docs, ${PARALLEL_THRESHOLD + 10} cached`));

      // A second edit at once stops the first edit's index, still being made in its worker, and makes its own.
      appendFileSync(doc, '\nA second sentence, right after.\n');
      await reloadCount(2);
      events.destroy();
      const second = await (await fetch(`${origin}/docs/section-1/page-120/`)).text();
      expect(second).toContain('A second sentence, right after.');
      // The index comes from a worker a moment after the reload; asked for at once, it is waited for.
      const texts = await indexedPageText(async (urlPath) => (await fetch(origin + urlPath)).text(), '/docs/section-1/page-120/');
      expect(texts).toContain('A freshly served sentence.');
      expect(texts).toContain('A second sentence, right after.');
      expect(log).not.toContain('search index failed');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
  }, 120_000);
});
