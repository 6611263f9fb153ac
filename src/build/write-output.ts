import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const WRITE_CONCURRENCY = 64;

async function inBatches<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(workers);
}

/** Where rendered files go: kept in memory (write: false), or streamed to disk as they are made. */
export interface OutputSink {
  write(rel: string, content: string | Uint8Array): Promise<void>;
}

export class MemoryOutput implements OutputSink {
  constructor(private readonly files: Map<string, string | Uint8Array>) {}

  async write(rel: string, content: string | Uint8Array): Promise<void> {
    this.files.set(rel, content);
  }
}

/**
 * Streams files into a sibling temp folder while the build renders, so pages never pile up in memory; `commit`
 * swaps the folder in, `abort` deletes it. Either way the previous output is untouched until the swap.
 */
export class StreamingOutput implements OutputSink {
  private readonly pending = new Set<Promise<void>>();
  /** One mkdir per folder, shared: a second file must wait for the folder, not merely for mkdir to start. */
  private readonly dirs = new Map<string, Promise<unknown>>();
  private failure: unknown;
  /** The temp folder has become the output folder. */
  private committed = false;

  private constructor(
    private readonly outDir: string,
    private readonly temp: string,
  ) {}

  /** The temp folder, for a writer in another thread (it must finish before `commit` or `abort`). */
  get directory(): string {
    return this.temp;
  }

  static async open(outDir: string): Promise<StreamingOutput> {
    const temp = path.join(path.dirname(outDir), `.protodocs-tmp-${process.pid}-${Date.now()}`);
    await mkdir(temp, { recursive: true });
    return new StreamingOutput(outDir, temp);
  }

  async write(rel: string, content: string | Uint8Array): Promise<void> {
    await this.put(rel, (target) => writeFile(target, content));
  }

  /**
   * The file `source` (in the previous output, about to be replaced) as `rel`: a hard link costs no copy, and the
   * old folder's deletion leaves it intact. Where links are not possible, a copy.
   */
  async reuse(rel: string, source: string): Promise<void> {
    await this.put(rel, (target) => link(source, target).catch(() => copyFile(source, target)));
  }

  private async put(rel: string, make: (target: string) => Promise<void>): Promise<void> {
    if (this.pending.size >= WRITE_CONCURRENCY) await Promise.race(this.pending);
    const target = path.join(this.temp, rel);
    const dir = path.dirname(target);
    const job = (async () => {
      let ready = this.dirs.get(dir);
      if (!ready) {
        ready = mkdir(dir, { recursive: true });
        this.dirs.set(dir, ready);
      }
      await ready;
      await make(target);
    })().catch((error: unknown) => {
      this.failure ??= error;
    });
    const tracked = job.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  async commit(copies: ReadonlyMap<string, string>): Promise<void> {
    await Promise.all(this.pending);
    if (this.failure) {
      await this.abort();
      throw this.failure;
    }
    try {
      for (const dir of new Set([...copies.keys()].map((rel) => path.dirname(path.join(this.temp, rel))))) await mkdir(dir, { recursive: true });
      await inBatches([...copies], WRITE_CONCURRENCY, ([rel, src]) => copyFile(src, path.join(this.temp, rel)));
    } catch (error) {
      await this.abort();
      throw error;
    }
    const old = path.join(path.dirname(this.outDir), `.protodocs-old-${process.pid}-${Date.now()}`);
    const hadOutput = existsSync(this.outDir);
    if (hadOutput) await rename(this.outDir, old);
    await rename(this.temp, this.outDir);
    this.committed = true;
    if (hadOutput) await rm(old, { recursive: true, force: true });
  }

  /** Deletes the temp folder; after a commit, does nothing. */
  async abort(): Promise<void> {
    if (this.committed) return;
    await Promise.allSettled(this.pending);
    await rm(this.temp, { recursive: true, force: true });
  }
}
