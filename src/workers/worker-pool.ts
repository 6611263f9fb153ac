import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ParsedSummary } from '../routes/index.ts';
import type { SearchIndexJob } from '../search/index.ts';
import type { MadeSearchIndex } from './search-job.ts';
import type { PageResult, PagesJob } from './page-job.ts';
import type { RouteData } from '../shared/index.ts';
import type { ParseJob, RenderContextData, RenderJob, RenderOutput } from './markdown-jobs.ts';
import { createWorkerState, handleRequest, type BodyResult, type WorkerRequest } from './worker-tasks.ts';

/** Below this many files, starting workers (each loads micromark, highlight.js and React) costs more than it saves. */
export const PARALLEL_THRESHOLD = 150;

/** Files per render message (see `render`). */
const RENDER_BATCH = 250;

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Reply = { id: number; ok: boolean; result?: unknown; error?: string };

/** What the pool needs of a worker: a thread (node:worker_threads), or the same code in this thread (tests). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (reply: Reply) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  terminate(): Promise<unknown>;
}
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
/** What a worker is started for: any request, or only the search index's (a thread that loads less code). */
export type WorkerPurpose = 'build' | 'search';
type Queued = { request: WithoutId<WorkerRequest>; pending: Pending };

/**
 * Worker threads for the build, one per core. Markdown is split into one batch per worker by size, and a file is
 * rendered by the worker that parsed it, which still holds its tree. Other tasks (the search index, page bodies)
 * wait here and go to whichever worker is idle first, so one long task never holds up the rest.
 */
export class BuildPool {
  /** Started on first use: an incremental build (serve, a one-file edit) may need none of them. */
  private readonly workers: (WorkerLike | undefined)[];
  private readonly pending = new Map<number, Pending>();
  /** Requests in flight per worker. */
  private readonly busy: number[];
  private readonly queue: Queued[] = [];
  private nextId = 0;
  /** file → worker index */
  private readonly owner = new Map<string, number>();

  /** Pages handed to the workers to parse or render (see onPages). */
  private pages = 0;

  /** Bytes of markdown each worker has been given to parse, over every `parse` call. */
  private readonly parseLoad: number[];

  /** Requests after whose reply their worker is replaced by a fresh one. */
  private readonly recycle = new Set<number>();

  /** The worker that read the last index state ahead (`preloadSearchState`), for the next search job. */
  private searchWorker?: number;

  /** Workers started for the search index alone: no other request goes to them. */
  private readonly searchOnly = new Set<number>();

  /** `releaseSearchWorker` was called while the index's worker was busy: it ends once idle. */
  private releaseWhenIdle = false;

  constructor(
    private readonly spawn: (purpose: WorkerPurpose) => WorkerLike,
    size: number,
    /** Told, as each parse or page-body request is made, how many pages this pool has handed its workers so far. */
    private readonly onPages?: (total: number) => void,
  ) {
    this.busy = Array.from({ length: size }, () => 0);
    this.parseLoad = Array.from({ length: size }, () => 0);
    this.workers = Array.from({ length: size }, () => undefined);
  }

  /** Starts the first `count` workers (all by default) now, so their start-up overlaps the work before they are needed. */
  warm(count = this.workers.length): void {
    for (let index = 0; index < Math.min(count, this.workers.length); index++) this.workers[index] ??= this.start(index);
  }

  /** Whether any worker has been started. */
  get started(): boolean {
    return this.workers.some((worker) => worker !== undefined);
  }

  private start(index: number, purpose: WorkerPurpose = 'build'): WorkerLike {
    const worker = this.spawn(purpose);
    if (purpose === 'search') this.searchOnly.add(index);
    worker.on('message', (msg: Reply) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      this.busy[index]--;
      if (this.recycle.delete(msg.id)) {
        void worker.terminate();
        // Its replacement, for any request, starts when there is work for it.
        this.workers[index] = undefined;
        this.searchOnly.delete(index);
      }
      if (msg.ok) p.resolve(msg.result);
      else p.reject(new Error(`build worker failed: ${msg.error}`));
      if (this.releaseWhenIdle && this.searchWorker === index && this.busy[index] === 0) this.releaseSearchWorker();
      this.dispatch();
    });
    worker.on('error', (error) => {
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
      for (const q of this.queue.splice(0)) q.pending.reject(error);
    });
    return worker;
  }

  private handed(count: number): void {
    this.pages += count;
    this.onPages?.(this.pages);
  }

  get size(): number {
    return this.workers.length;
  }

  private post(index: number, request: WithoutId<WorkerRequest>, pending: Pending): void {
    if (this.searchOnly.has(index) && request.type !== 'search' && request.type !== 'searchState') {
      pending.reject(new Error(`a ${request.type} request was sent to the search index's worker`));
      return;
    }
    const id = this.nextId++;
    if (request.type === 'search') this.recycle.add(id);
    this.pending.set(id, pending);
    this.busy[index]++;
    (this.workers[index] ??= this.start(index)).postMessage({ ...request, id });
  }

  private send<T>(index: number, request: WithoutId<WorkerRequest>): Promise<T> {
    return new Promise<T>((resolve, reject) => this.post(index, request, { resolve: resolve as (v: unknown) => void, reject }));
  }

  /** For any idle worker. */
  private submit<T>(request: WithoutId<WorkerRequest>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ request, pending: { resolve: resolve as (v: unknown) => void, reject } });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (let index = 0; index < this.workers.length && this.queue.length > 0; index++) {
      if (this.busy[index] !== 0) continue;
      const at = this.searchOnly.has(index) ? this.queue.findIndex((queued) => queued.request.type === 'search') : 0;
      if (at < 0) continue;
      const [next] = this.queue.splice(at, 1);
      this.post(index, next.request, next.pending);
    }
  }

  /**
   * Parses the jobs, each given to the worker with the fewest bytes so far, largest first. It may be called many times
   * before the first reply (the scan hands over batches as it reads files); `endParse` follows the last call.
   */
  async parse(jobs: ParseJob[]): Promise<ParsedSummary[]> {
    this.handed(jobs.length);
    const batches: ParseJob[][] = this.workers.map(() => []);
    const load = this.parseLoad;
    for (const job of [...jobs].sort((a, b) => b.body.length - a.body.length)) {
      const index = load.indexOf(Math.min(...load));
      batches[index].push(job);
      load[index] += job.body.length;
      this.owner.set(job.file, index);
    }
    const results = await Promise.all(batches.map((batch, i) => (batch.length ? this.send<ParsedSummary[]>(i, { type: 'parse', jobs: batch, last: false }) : [])));
    const order = batches.flat();
    const byFile = new Map(results.flat().map((s, i) => [order[i].file, s]));
    return jobs.map((j) => byFile.get(j.file)!);
  }

  /**
   * After the last `parse`: each worker that parsed returns the phase's garbage once, rather than after every batch (a
   * full collection of a heap that holds the trees parsed so far). Its failure shows in the next request to the worker.
   */
  endParse(): void {
    this.parseLoad.forEach((load, index) => {
      if (load > 0) this.send(index, { type: 'parse', jobs: [], last: true }).catch(() => {});
    });
  }

  /**
   * Each worker renders the files it parsed, RENDER_BATCH at a time: one reply per worker would copy all of its HTML
   * across threads at once, a spike of hundreds of MB at 10,000 pages. `onBatch` sees each batch as it arrives.
   */
  async render(context: RenderContextData, jobs: RenderJob[], onBatch?: (outputs: RenderOutput[]) => void): Promise<RenderOutput[]> {
    const perWorker: RenderJob[][] = this.workers.map(() => []);
    for (const job of jobs) perWorker[this.owner.get(job.file) ?? 0].push(job);
    const results = await Promise.all(
      perWorker.map(async (own, i) => {
        const out: RenderOutput[] = [];
        for (let start = 0; start < own.length; start += RENDER_BATCH) {
          const last = start + RENDER_BATCH >= own.length;
          // The context (every page's URL and anchors) crosses once, with the first batch.
          const batch = { type: 'render' as const, context: start === 0 ? context : undefined, jobs: own.slice(start, start + RENDER_BATCH), last };
          const outputs = await this.send<RenderOutput[]>(i, batch);
          onBatch?.(outputs);
          out.push(...outputs);
        }
        return out;
      }),
    );
    return results.flat();
  }

  /**
   * The index takes one worker's heap to hundreds of MB at 10,000 pages; that worker is then replaced by a fresh one,
   * so the memory is returned at once instead of lingering while pages render.
   */
  searchIndex(job: SearchIndexJob): Promise<MadeSearchIndex> {
    const preloaded = this.searchWorker;
    this.searchWorker = undefined;
    // To the worker that read the state ahead, after that read.
    if (preloaded !== undefined) return this.send(preloaded, { type: 'search', ...job });
    return this.submit({ type: 'search', ...job });
  }

  /**
   * Starts the first worker, unless it runs already, for the search index alone: it loads the index's code only, and
   * the next `searchIndex` goes to it. `releaseSearchWorker` ends it when no such job is coming after all.
   */
  startSearchWorker(): void {
    this.searchWorker = 0;
    this.releaseWhenIdle = false;
    this.workers[0] ??= this.start(0, 'search');
  }

  /** Ends the worker started for the index alone if no job went to it (the index was kept): others may take its place. */
  releaseSearchWorker(): void {
    const index = this.searchWorker;
    if (index === undefined || !this.searchOnly.has(index)) return;
    // Still reading the state ahead: ended once it has.
    if (this.busy[index] !== 0) {
      this.releaseWhenIdle = true;
      return;
    }
    this.releaseWhenIdle = false;
    this.searchWorker = undefined;
    this.searchOnly.delete(index);
    void this.workers[index]?.terminate();
    this.workers[index] = undefined;
    this.dispatch();
  }

  /**
   * Has the first worker (started if need be, for the index alone) read the last build's index state now, for the
   * next `searchIndex`, which goes to that worker: it would otherwise read it only once the job came, after the pages
   * it indexes were compiled.
   */
  preloadSearchState(file: string, key: string, outDir: string): Promise<void> {
    this.startSearchWorker();
    // A failed read shows in the search job, which then reads the state itself.
    return this.send(0, { type: 'searchState', file, key, outDir }).then(
      () => {},
      () => {},
    );
  }

  /** The `<body>` markup of each page, in order; a page whose layout threw gets its error message instead. */
  renderBodies(routes: RouteData[]): Promise<BodyResult[]> {
    this.handed(routes.length);
    return this.submit({ type: 'bodies', routes });
  }

  /** Whole pages, rendered and written into the output by whichever worker is idle. */
  renderAndWrite(job: PagesJob): Promise<PageResult[]> {
    this.handed(job.routes.length);
    return this.submit({ type: 'pages', ...job });
  }

  /** Ends the workers; whatever they were still doing fails with "closed". */
  async close(): Promise<void> {
    const unfinished = [...this.pending.values(), ...this.queue.splice(0).map((queued) => queued.pending)];
    this.pending.clear();
    await Promise.all(this.workers.map((w) => w?.terminate()));
    for (const pending of unfinished) pending.reject(new Error('the build pool was closed'));
  }
}

/** Makes a pool for a stage with this much work, or undefined when the stage should run in this thread. */
export type PoolFactory = (work: number) => BuildPool | undefined;

function cores(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/**
 * Worker threads running the compiled worker entry (dist/build-worker.js), one per core: what the CLI uses. A worker
 * started for the search index alone runs `searchWorkerFile` (dist/search-worker.js) where there is one.
 */
export function threadPools(workerFile: string, size = cores(), onPages?: (total: number) => void, searchWorkerFile = workerFile): PoolFactory {
  const spawn = (purpose: WorkerPurpose) => new Worker(purpose === 'search' ? searchWorkerFile : workerFile);
  return (work) => (work < PARALLEL_THRESHOLD || size < 2 ? undefined : new BuildPool(spawn, size, onPages));
}

/**
 * The pool's own code with the workers' code run in this thread: the same scheduling, batching and replies, with
 * messages copied as a thread would copy them (structuredClone), so tests exercise and measure what users run.
 */
export function inProcessPools(size = 2, threshold = PARALLEL_THRESHOLD): PoolFactory {
  return (work) => (work < threshold ? undefined : new BuildPool(() => new InProcessWorker(), size));
}

class InProcessWorker implements WorkerLike {
  private readonly state = createWorkerState();
  private readonly listeners = { message: [] as ((reply: Reply) => void)[], error: [] as ((error: Error) => void)[] };
  private stopped = false;

  postMessage(message: unknown): void {
    const request = structuredClone(message) as WorkerRequest;
    // Later, like a thread's reply: the caller has finished posting before any answer arrives.
    setImmediate(() => {
      handleRequest(request, this.state).then(
        (result) => this.reply({ id: request.id, ok: true, result: structuredClone(result) }),
        (error: unknown) => this.reply({ id: request.id, ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) }),
      );
    });
  }

  private reply(reply: Reply): void {
    if (!this.stopped) for (const listener of this.listeners.message) listener(reply);
  }

  on(event: 'message' | 'error', listener: ((reply: Reply) => void) | ((error: Error) => void)): this {
    (this.listeners[event] as unknown[]).push(listener);
    return this;
  }

  async terminate(): Promise<void> {
    this.stopped = true;
  }
}
