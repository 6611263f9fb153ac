import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ParsedSummary } from '../routes/index.ts';
import type { ParseJob, RenderContextData, RenderJob, RenderOutput } from './markdown-jobs.ts';
import type { WorkerRequest } from './markdown-worker.ts';

/** Below this many files, starting workers (each loads micromark and highlight.js) costs more than it saves. */
export const PARALLEL_THRESHOLD = 150;

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * Worker threads for parse and render, one per core. Files are split into one batch per worker by size; a file is
 * rendered by the worker that parsed it, which still holds its tree.
 */
export class MarkdownPool {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** file → worker index */
  private readonly owner = new Map<string, number>();

  constructor(workerFile: string, size: number) {
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(workerFile);
      worker.on('message', (msg: { id: number; ok: boolean; result?: unknown; error?: string }) => {
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (msg.ok) p.resolve(msg.result);
        else p.reject(new Error(`markdown worker failed: ${msg.error}`));
      });
      worker.on('error', (error) => {
        for (const p of this.pending.values()) p.reject(error);
        this.pending.clear();
      });
      return worker;
    });
  }

  private send<T>(index: number, request: WithoutId<WorkerRequest>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.workers[index].postMessage({ ...request, id });
    });
  }

  async parse(jobs: ParseJob[]): Promise<ParsedSummary[]> {
    const batches: ParseJob[][] = this.workers.map(() => []);
    const load = this.workers.map(() => 0);
    for (const job of [...jobs].sort((a, b) => b.body.length - a.body.length)) {
      const index = load.indexOf(Math.min(...load));
      batches[index].push(job);
      load[index] += job.body.length;
      this.owner.set(job.file, index);
    }
    const results = await Promise.all(batches.map((batch, i) => this.send<ParsedSummary[]>(i, { type: 'parse', jobs: batch })));
    const order = batches.flat();
    const byFile = new Map(results.flat().map((s, i) => [order[i].file, s]));
    return jobs.map((j) => byFile.get(j.file)!);
  }

  async render(context: RenderContextData, jobs: RenderJob[]): Promise<RenderOutput[]> {
    const batches: RenderJob[][] = this.workers.map(() => []);
    for (const job of jobs) batches[this.owner.get(job.file) ?? 0].push(job);
    const results = await Promise.all(batches.map((batch, i) => this.send<RenderOutput[]>(i, { type: 'render', context, jobs: batch })));
    return results.flat();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * The compiled worker entry (dist/markdown-worker.js). When protodocs runs from its TypeScript sources (tests),
 * there is none and the build stays in one thread: same code, same output.
 */
export function createMarkdownPool(packageRoot: string, fileCount: number): MarkdownPool | undefined {
  const workerFile = path.join(packageRoot, 'dist', 'markdown-worker.js');
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  if (fileCount < PARALLEL_THRESHOLD || cores < 2 || !existsSync(workerFile) || import.meta.url.endsWith('.ts')) return undefined;
  return new MarkdownPool(workerFile, cores);
}
