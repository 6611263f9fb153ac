import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { LinkIndex } from '../routes/index.ts';
import type { SearchRecord } from '../search/index.ts';
import type { RouteData } from '../shared/index.ts';
import { createMarkdownJobs, renderJob as renderJobOnce, type ParseJob, type RenderContextData, type RenderJob } from './markdown-jobs.ts';
import { BuildPool, inProcessPools, PARALLEL_THRESHOLD, threadPools, type WorkerLike, type WorkerPurpose } from './worker-pool.ts';
import { createWorkerState, handleRequest, type WorkerRequest } from './worker-tasks.ts';

// The build's worker pool, run with the workers' own code in this thread (inProcessPools: the same scheduling and
// replies, messages copied as a thread copies them): what the CLI runs on a large site, exercised and measured here.

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-pool-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const pool = (size = 2) => inProcessPools(size, 0)(1)!;

function parseJob(n: number, extra = ''): ParseJob {
  return { file: `content/docs/p${n}.md`, body: `# Page ${n}\n\n## Section ${n}\n\nText of page ${n}.${'x'.repeat(n % 7)}${extra}\n`, mdx: false, lineOffset: 3 };
}

function renderJob(n: number, toc: [number, number] = [2, 3]): RenderJob {
  return { file: `content/docs/p${n}.md`, abs: path.join(temp, `content/docs/p${n}.md`), fromUrl: `/docs/p${n}/`, tocMinDepth: toc[0], tocMaxDepth: toc[1] };
}

const linkIndex: LinkIndex = { baseUrl: '/b/', paths: ['/docs/p0/', '/docs/p1/'], sources: [['content/docs/p0.md', '/docs/p0/'], ['content/docs/p1.md', '/docs/p1/']] };
const context: RenderContextData = { linkIndex, schemas: {}, highlightLanguages: ['bash'] };

function record(n: number): SearchRecord {
  return { url: `/docs/p${n}/#s`, pageUrl: `/docs/p${n}/`, anchor: 's', title: `Page ${n}`, hierarchy: ['Section'], text: `words of page ${n}`, type: 'docs', tags: [], language: 'en' };
}

describe('pool factories', () => {
  test('in-process pools start at the threshold, with the size asked for', () => {
    expect(inProcessPools(2, 10)(9)).toBeUndefined();
    const made = inProcessPools(3, 10)(10)!;
    expect(made).toBeInstanceOf(BuildPool);
    expect(made.size).toBe(3);
    expect(made.started).toBe(false);
    expect(inProcessPools()(PARALLEL_THRESHOLD - 1)).toBeUndefined();
    expect(inProcessPools()(PARALLEL_THRESHOLD)!.size).toBe(2);
  });

  test('thread pools need PARALLEL_THRESHOLD files and two cores; no thread starts before there is work', () => {
    expect(PARALLEL_THRESHOLD).toBe(150);
    expect(threadPools('/nowhere/build-worker.js', 2)(PARALLEL_THRESHOLD - 1)).toBeUndefined();
    expect(threadPools('/nowhere/build-worker.js', 1)(10_000)).toBeUndefined();
    const threads = threadPools('/nowhere/build-worker.js', 2)(PARALLEL_THRESHOLD)!;
    expect(threads.size).toBe(2);
    expect(threads.started).toBe(false);
    expect(threadPools('/nowhere/build-worker.js')(10_000)?.size ?? os.availableParallelism()).toBe(os.availableParallelism());
  });
});

describe('parse, then render where the tree is', () => {
  test('summaries come back in the order of the jobs, balanced over the workers by size', async () => {
    const p = pool();
    expect(p.started).toBe(false);
    const jobs = Array.from({ length: 9 }, (_, i) => parseJob(i, i === 4 ? 'y'.repeat(5000) : i === 2 ? '\n\nSee [page 1](./p1.md).' : ''));
    const summaries = await p.parse(jobs);
    expect(p.started).toBe(true);
    expect(summaries.map((s) => s.h1)).toEqual(jobs.map((_, i) => `Page ${i}`));
    // Positions count the frontmatter lines cut off before parsing.
    expect(summaries[2].links).toEqual([{ href: './p1.md', line: 10, column: 5, kind: 'link' }]);
    // The tree and its headings stay in the worker, which renders the TOC from them.
    expect(summaries[0]).not.toHaveProperty('mdast');
    expect(summaries[0]).not.toHaveProperty('headings');
    const rendered = await p.render(context, jobs.map((_, i) => renderJob(i)));
    expect(rendered.map((r) => r.file).sort()).toEqual(jobs.map((j) => j.file).sort());
    const p3 = rendered.find((r) => r.file === 'content/docs/p3.md')!;
    expect(p3.doc.html).toContain('<h2 id="section-3">Section 3<a class="hash-link" href="#section-3"');
    expect(p3.doc.toc).toEqual([{ id: 'section-3', text: 'Section 3', depth: 2, children: [] }]);
    expect(p3.copies).toEqual([]);
    await p.close();
  });

  test('the one large file has a worker to itself', async () => {
    // A worker that got the large file gets nothing else until the other has as much.
    const states: WorkerRequest[][] = [];
    const p = new BuildPool(() => recordingWorker(states), 2);
    await p.parse([parseJob(1), parseJob(2), parseJob(3, 'z'.repeat(10_000))]);
    const batches = states.map((requests) => requests.filter((r) => r.type === 'parse').flatMap((r) => (r.type === 'parse' ? r.jobs.map((j) => j.file) : [])));
    expect(batches).toEqual([['content/docs/p3.md'], ['content/docs/p2.md', 'content/docs/p1.md']]);
    await p.close();
  });

  test('parse calls before the first reply share the load; a worker collects its garbage once, after endParse', async () => {
    const states: WorkerRequest[][] = [];
    const p = new BuildPool(() => recordingWorker(states), 2);
    // The scan hands over batches as it reads: the second batch goes to the worker the first gave less.
    const first = p.parse([parseJob(1, 'z'.repeat(10_000)), parseJob(2)]);
    const second = p.parse([parseJob(3), parseJob(4)]);
    await Promise.all([first, second]);
    p.endParse();
    const out = await p.render(context, [1, 2, 3, 4].map((n) => renderJob(n)));
    // Each file rendered where it was parsed: worker 0's, then worker 1's.
    expect(out.map((o) => o.file)).toEqual([1, 2, 3, 4].map((n) => `content/docs/p${n}.md`));
    expect(out.every((o) => o.doc.html.includes('<h1'))).toBe(true);
    const parses = states.map((requests) => requests.filter((r): r is Extract<WorkerRequest, { type: 'parse' }> => r.type === 'parse').map((r) => [r.jobs.map((j) => j.file), r.last]));
    expect(parses).toEqual([
      [
        [['content/docs/p1.md'], false],
        [[], true],
      ],
      [
        [['content/docs/p2.md'], false],
        // Largest first, as in one call.
        [['content/docs/p4.md', 'content/docs/p3.md'], false],
        [[], true],
      ],
    ]);
    await p.close();
  });

  test('endParse asks nothing of a worker that parsed nothing', async () => {
    const states: WorkerRequest[][] = [];
    const p = new BuildPool(() => recordingWorker(states), 2);
    await p.parse([parseJob(1)]);
    p.endParse();
    await p.render(context, [renderJob(1)]);
    expect(states).toHaveLength(1);
    expect(states[0].map((r) => [r.type, r.type === 'parse' ? r.last : undefined])).toEqual([
      ['parse', false],
      ['parse', true],
      ['render', undefined],
    ]);
    await p.close();
  });

  test('a render spans batches of 250 files; the context crosses once, with the first', async () => {
    const states: WorkerRequest[][] = [];
    const p = new BuildPool(() => recordingWorker(states), 2);
    const count = 520;
    await p.parse(Array.from({ length: count }, (_, i) => parseJob(i)));
    const out = await p.render(context, Array.from({ length: count }, (_, i) => renderJob(i)));
    expect(out).toHaveLength(count);
    expect(new Set(out.map((o) => o.file)).size).toBe(count);
    expect(out.every((o) => o.doc.html.includes('<h1'))).toBe(true);
    const renders = states.map((requests) => requests.filter((r): r is Extract<WorkerRequest, { type: 'render' }> => r.type === 'render'));
    expect(renders.map((r) => r.map((b) => [b.jobs.length, b.context !== undefined, b.last]))).toEqual([
      [
        [250, true, false],
        [10, false, true],
      ],
      [
        [250, true, false],
        [10, false, true],
      ],
    ]);
    await p.close();
  });

  test('TOC levels follow each job: the site setting, or the page frontmatter', async () => {
    const p = pool(1);
    const body = '# T\n\n## Two\n\n### Three\n\n#### Four\n';
    await p.parse([
      { file: 'a.md', body, mdx: false, lineOffset: 0 },
      { file: 'b.md', body, mdx: false, lineOffset: 0 },
    ]);
    const [a, b] = await p.render(context, [
      { ...renderJob(0), file: 'a.md', tocMinDepth: 2, tocMaxDepth: 3 },
      { ...renderJob(0), file: 'b.md', tocMinDepth: 3, tocMaxDepth: 4 },
    ]);
    const ids = (items: { id: string; children: unknown[] }[]): unknown[] => items.flatMap((i) => [i.id, ...ids(i.children as never)]);
    expect(ids(a.doc.toc)).toEqual(['two', 'three']);
    expect(ids(b.doc.toc)).toEqual(['three', 'four']);
    await p.close();
  });

  test('links resolve through the context; images get content-hashed names, copied from beside the page', async () => {
    mkdirSync(path.join(temp, 'content/docs'), { recursive: true });
    writeFileSync(path.join(temp, 'content/docs/pic.png'), 'png bytes');
    const p = pool(1);
    await p.parse([{ file: 'content/docs/p0.md', body: '# P\n\n[next](./p1.md) [gone](./gone.md) ![pic](./pic.png) ![none](./none.png)\n', mdx: false, lineOffset: 0 }]);
    const [out] = await p.render(context, [renderJob(0)]);
    expect(out.doc.html).toContain('href="/b/docs/p1/"');
    expect(out.doc.html).toMatch(/src="\/b\/assets\/img\/pic\.[0-9a-f]{10}\.png"/);
    expect(out.copies).toEqual([[expect.stringMatching(/^assets\/img\/pic\.[0-9a-f]{10}\.png$/), path.join(temp, 'content/docs/pic.png')]]);
    expect(out.doc.diagnostics.map((d) => d.code).sort()).toEqual(['PD3008', 'PD5001']);
    await p.close();
  });

  test('a file rendered where no worker parsed it is an error of that task', async () => {
    const p = pool(1);
    await p.parse([parseJob(1)]);
    await p.render(context, [renderJob(1)]);
    // The last batch let the trees go.
    await expect(p.render(context, [renderJob(1)])).rejects.toThrow(/^build worker failed: .*TypeError/s);
    await p.close();
  });

  test('a worker holds each tree as one string until its render, which gives what a parse and render in one go gives', async () => {
    const body = [
      '# Rich page',
      '',
      '## Table and code',
      '',
      '| Field | Meaning |',
      '| --- | --- |',
      '| `receipt` | A **signed** record ~~draft~~ |',
      '',
      '```bash title="run.sh"',
      'echo "hello" # greet',
      '```',
      '',
      ':::tip[Keep it]',
      'A [link](./p1.md) and a [broken one](./nowhere.md).',
      ':::',
      '',
      '- [x] done',
      '- [ ] todo',
      '',
      'Text with a footnote.[^1] <kbd>Ctrl</kbd>',
      '',
      '[^1]: The note.',
      '',
    ].join('\n');
    const job: ParseJob = { file: 'content/docs/p0.md', body, mdx: false, lineOffset: 4 };
    const state = createWorkerState();
    await handleRequest({ id: 1, type: 'parse', jobs: [job], last: true }, state);
    expect(typeof state.trees.get(job.file)).toBe('string');
    const [held] = (await handleRequest({ id: 2, type: 'render', context, jobs: [renderJob(0)], last: true }, state)) as Awaited<ReturnType<BuildPool['render']>>;

    const direct = createMarkdownJobs();
    const expected = renderJobOnce(direct.parse(job), renderJob(0), direct.prepareRender(context));
    expect(held).toEqual(expected);
    expect(held.doc.html).toContain('<table>');
    expect(held.doc.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['PD5001', 18, 25]]);
  });
});

describe('search index and page bodies', () => {
  test('the index is made in a worker, which is then replaced by a fresh one', async () => {
    const spawned: WorkerRequest[][] = [];
    const p = new BuildPool(() => recordingWorker(spawned), 1);
    const index = await p.searchIndex({ records: [record(1), record(2)], baseUrl: '/b/' });
    expect(index.onDisk).toBe(false);
    expect(index.made).toEqual([]);
    expect(index.indexUrl).toBe('/b/search-index/main/entry.json');
    expect([...index.files.keys()].every((f) => /^(assets\/search|search-index)\//.test(f))).toBe(true);
    expect(index.files.has('search-index/main/entry.json')).toBe(true);
    expect(spawned).toHaveLength(1);
    // The next task starts a new worker; one that is not a search keeps its worker.
    await p.renderBodies([]);
    await p.renderBodies([]);
    expect(spawned.map((requests) => requests.map((r) => r.type))).toEqual([['search'], ['bodies', 'bodies']]);
    expect(terminated).toContain(spawned[0]);
    await p.close();
  });

  test("asked for it, a worker replies with the index's state, which serve keeps to update the index after an edit", async () => {
    const p = pool(1);
    const pageHashes = new Map([record(1), record(2)].map((r, i) => [r.pageUrl, `hash-${i}`]));
    const index = await p.searchIndex({ records: [record(1), record(2)], baseUrl: '/', pageHashes, returnState: true });
    expect(index.scopes?.main.pages).toEqual([...pageHashes.keys()]);
    expect(index.scopes?.main.hashes).toEqual(['hash-0', 'hash-1']);
    expect(index.scopes?.main.entry).toBe(index.files.get('search-index/main/entry.json'));
    // Not asked, the reply has no state.
    expect((await p.searchIndex({ records: [record(1)], baseUrl: '/', pageHashes })).scopes).toBeUndefined();
    await p.close();
  });

  test('the index files can go straight into the output folder', async () => {
    const out = path.join(temp, 'out');
    const p = pool(1);
    const index = await p.searchIndex({ records: [record(1)], baseUrl: '/', writeTo: { directory: out } });
    expect(index.onDisk).toBe(true);
    expect(index.files.size).toBe(0);
    const rel = index.indexUrl.slice(1);
    expect(index.made).toContain(rel);
    expect(index.made.every((file) => existsSync(path.join(out, file)))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(out, rel), 'utf8'))).toBeTypeOf('object');
    await p.close();
  });

  test("the last index's state read ahead by a worker is what the next search job, in that worker, updates", async () => {
    const last = path.join(temp, 'preload', 'last');
    const stateFile = path.join(temp, 'preload', 'state.bin');
    // Enough pages that one edited word leaves the scope's average lengths where they were.
    const records = Array.from({ length: 40 }, (_, n) => record(n));
    const hashes = (edited: number) => new Map(records.map((r, i) => [r.pageUrl, `hash-${i}${i === edited ? '-edited' : ''}`]));
    const state = (next: string) => ({ key: 'k', outDir: last, paths: { previous: stateFile, next } });
    // The last build: its index whole in its output, its state beside.
    await pool(1).searchIndex({ records, baseUrl: '/', pageHashes: hashes(-1), writeTo: { directory: last }, state: state(stateFile) });
    // The edit gives the other pages as unchanged, without their sections: only an update of that state can index it.
    const edited = records.map((r, i) => (i === 1 ? { ...r, text: `${r.text} edited` } : { ...r, hierarchy: [], text: '', unchanged: true as const }));
    const edit = (p: BuildPool, name: string) =>
      p.searchIndex({ records: edited, baseUrl: '/', pageHashes: hashes(1), writeTo: { directory: path.join(temp, 'preload', name), previous: last }, state: state(path.join(temp, 'preload', `${name}.bin`)) });

    const spawned: WorkerRequest[][] = [];
    const ahead = new BuildPool(() => recordingWorker(spawned), 2);
    await ahead.preloadSearchState(stateFile, 'k', last);
    // What a job reading the state only now would find.
    const saved = readFileSync(stateFile);
    writeFileSync(stateFile, 'not a state');
    const updated = await edit(ahead, 'ahead');
    expect(updated.needsRecords).toBeUndefined();
    expect(updated.made).toContain('search-index/main/entry.json');
    expect(spawned.map((requests) => requests.map((r) => r.type))).toEqual([['searchState', 'search']]);
    // Not read ahead, the job reads the state file as it is now, finds none, and asks for every page's records.
    expect((await edit(pool(1), 'late')).needsRecords).toBe(true);
    // Read ahead for another output folder, the state is not taken.
    writeFileSync(stateFile, saved);
    const other = new BuildPool(() => recordingWorker([]), 1);
    await other.preloadSearchState(stateFile, 'k', path.join(temp, 'elsewhere'));
    writeFileSync(stateFile, 'not a state');
    expect((await edit(other, 'other')).needsRecords).toBe(true);
    await Promise.all([ahead.close(), other.close()]);
  });

  test('a worker started to read the state ahead serves the index alone: other requests go to other workers, and after the job a build worker takes its place', async () => {
    const purposes: WorkerPurpose[] = [];
    const spawned: WorkerRequest[][] = [];
    const p = new BuildPool((purpose) => (purposes.push(purpose), recordingWorker(spawned)), 2);
    await p.preloadSearchState(path.join(temp, 'no-state.bin'), 'k', temp);
    // Queued while the index's worker is idle, page bodies still start a build worker.
    const [body] = await p.renderBodies([notFound()]);
    expect(body.ok).toBe(true);
    expect(purposes).toEqual(['search', 'build']);
    const made = await p.searchIndex({ records: [record(0)], baseUrl: '/', pageHashes: new Map([['/docs/p0/', 'h']]) });
    expect(made.files.size).toBeGreaterThan(0);
    expect(spawned.map((requests) => requests.map((r) => r.type))).toEqual([['searchState', 'search'], ['bodies']]);
    // Two at once: the second goes to a build worker started where the index's was.
    await Promise.all([p.renderBodies([notFound()]), p.renderBodies([notFound()])]);
    expect(purposes).toEqual(['search', 'build', 'build']);
    expect(spawned[2].map((r) => r.type)).toEqual(['bodies']);
    await p.close();
  });

  test('a worker started for an index job that does not come is ended, once idle, and its place serves other requests', async () => {
    const purposes: WorkerPurpose[] = [];
    const spawned: WorkerRequest[][] = [];
    const p = new BuildPool((purpose) => (purposes.push(purpose), recordingWorker(spawned)), 2);
    // Released while it still reads the state: it ends after that read.
    const reading = p.preloadSearchState(path.join(temp, 'no-state.bin'), 'k', temp);
    p.releaseSearchWorker();
    await reading;
    expect(terminated).toContain(spawned[0]);
    await Promise.all([p.renderBodies([notFound()]), p.renderBodies([notFound()])]);
    expect(purposes).toEqual(['search', 'build', 'build']);
    expect(spawned.map((requests) => requests.map((r) => r.type))).toEqual([['searchState'], ['bodies'], ['bodies']]);
    await p.close();
  });

  test('page bodies in order; a layout that throws gives its message for that page only', async () => {
    const p = pool(2);
    const bad = { kind: 'doc' } as unknown as RouteData;
    const [a, b] = await p.renderBodies([notFound(), bad]);
    expect(a).toMatchObject({ ok: true });
    expect(a.ok && a.body).toContain('Page not found');
    expect(b).toEqual({ ok: false, error: expect.any(String) });
    await p.close();
  });

  test('more tasks than workers wait for an idle one, and all finish', async () => {
    const p = pool(2);
    const results = await Promise.all(Array.from({ length: 5 }, () => p.renderBodies([notFound()])));
    expect(results.map((r) => r[0].ok)).toEqual([true, true, true, true, true]);
    await p.close();
  });
});

describe('closing and failures', () => {
  test('close() fails the work still running or waiting, and ends every worker', async () => {
    const p = new BuildPool(() => silentWorker(), 1);
    const running = p.renderBodies([]);
    const waiting = p.searchIndex({ records: [], baseUrl: '/' });
    await p.close();
    await expect(running).rejects.toThrow('the build pool was closed');
    await expect(waiting).rejects.toThrow('the build pool was closed');
    expect(silent.every((w) => w.stopped)).toBe(true);
  });

  test('closing a pool that never started, or twice, is fine', async () => {
    const p = pool();
    await p.close();
    await p.close();
    expect(p.started).toBe(false);
  });

  test('warm() starts every worker ahead of the work', async () => {
    const spawned: WorkerRequest[][] = [];
    const p = new BuildPool(() => recordingWorker(spawned), 3);
    p.warm();
    expect(p.started).toBe(true);
    expect(spawned).toHaveLength(3);
    p.warm();
    expect(spawned).toHaveLength(3);
    await p.close();
  });

  test('a worker that dies fails everything in flight and queued, with its error', async () => {
    let fail: (error: Error) => void = () => {};
    const p = new BuildPool(() => {
      const worker = silentWorker();
      fail = worker.fail;
      return worker;
    }, 1);
    const first = p.renderBodies([]);
    const second = p.renderBodies([]);
    fail(new Error('out of memory'));
    await expect(first).rejects.toThrow('out of memory');
    await expect(second).rejects.toThrow('out of memory');
    await p.close();
  });

  test('a reply for a request that is no longer pending is ignored', async () => {
    const { p, reply } = poolOfOneSilentWorker();
    const task = p.renderBodies([]);
    reply({ id: 99, ok: true, result: 'stray' });
    reply({ id: 0, ok: true, result: ['done'] });
    expect(await task).toEqual(['done']);
    await p.close();
  });

  test('an error message from a worker that is not an Error', async () => {
    const { p, reply } = poolOfOneSilentWorker();
    const task = p.renderBodies([]);
    reply({ id: 0, ok: false, error: 'plain' });
    await expect(task).rejects.toThrow('build worker failed: plain');
    await p.close();
  });
});

// --- Test workers: the real request handling, recorded; and one that never answers.

const terminated: unknown[] = [];

/** Runs the worker code in this thread like inProcessPools does, recording each request it gets. */
function recordingWorker(log: WorkerRequest[][]): WorkerLike {
  const requests: WorkerRequest[] = [];
  log.push(requests);
  const state = createWorkerState();
  const listeners: ((reply: { id: number; ok: boolean; result?: unknown; error?: string }) => void)[] = [];
  return {
    postMessage(message) {
      const request = structuredClone(message) as WorkerRequest;
      requests.push(request);
      setImmediate(() =>
        handleRequest(request, state).then(
          (result) => listeners.forEach((l) => l({ id: request.id, ok: true, result: structuredClone(result) })),
          (error: unknown) => listeners.forEach((l) => l({ id: request.id, ok: false, error: String(error) })),
        ),
      );
    },
    on(event: string, listener: never) {
      if (event === 'message') listeners.push(listener);
      return this;
    },
    async terminate() {
      terminated.push(requests);
    },
  };
}

const silent: { stopped: boolean }[] = [];

/** A pool of one silent worker, and a way to answer as that worker. */
function poolOfOneSilentWorker(): { p: BuildPool; reply: (message: unknown) => void } {
  let worker: ReturnType<typeof silentWorker> | undefined;
  const p = new BuildPool(() => (worker = silentWorker()), 1);
  return { p, reply: (message) => worker?.reply(message) };
}

function silentWorker(): WorkerLike & { fail: (error: Error) => void; reply: (message: unknown) => void; stopped: boolean } {
  const on: { message: ((m: never) => void)[]; error: ((e: Error) => void)[] } = { message: [], error: [] };
  const worker = {
    stopped: false,
    postMessage() {},
    on(event: 'message' | 'error', listener: never) {
      on[event].push(listener);
      return worker;
    },
    async terminate() {
      worker.stopped = true;
    },
    fail: (error: Error) => on.error.forEach((l) => l(error)),
    reply: (message: unknown) => on.message.forEach((l) => l(message as never)),
  };
  silent.push(worker);
  return worker;
}

function notFound(): RouteData {
  const site = {
    title: 'T',
    tagline: '',
    url: 'https://example.test',
    baseUrl: '/',
    titleDelimiter: '|',
    lang: 'en',
    locales: [],
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false },
    storageKeySuffix: '',
    navbar: { title: 'T', items: [] },
    footer: { groups: [], copyright: '' },
    versions: [],
    search: { language: 'en', docsTags: [] },
  };
  return {
    kind: 'not-found',
    url: '/404.html',
    title: 'Page not found',
    site,
    head: { title: 'Page not found | T', description: 'x', canonical: 'https://example.test/404.html', ogType: 'website', noindex: true },
    suggestions: [{ label: 'Home', href: '/' }],
  } as RouteData;
}
