import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ProtodocsError, problem } from '../errors/index.ts';
import { OLD_PREFIX, TEMP_PREFIX, fileSystemProblem } from './output-folder.ts';

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
  /** A file of the previous output as it is, without reading it (a hard link); only where the output is a folder. */
  reuse?(rel: string, source: string): Promise<void>;
}

export class MemoryOutput implements OutputSink {
  constructor(private readonly files: Map<string, string | Uint8Array>) {}

  async write(rel: string, content: string | Uint8Array): Promise<void> {
    // Served from memory, but held to the same rule as a folder on disk.
    insideFolder('/output', rel);
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
    const temp = path.join(path.dirname(outDir), `${TEMP_PREFIX}${process.pid}-${Date.now()}`);
    await mkdir(temp, { recursive: true }).catch((error: unknown) => {
      throw new ProtodocsError(fileSystemProblem(error, temp, 'create the temporary output folder'));
    });
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
    const target = insideFolder(this.temp, rel);
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
      this.failure ??= new ProtodocsError(fileSystemProblem(error, path.join(this.outDir, rel), 'write'));
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
    const step = async (operation: string, target: string, run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        throw new ProtodocsError(fileSystemProblem(error, target, operation));
      }
    };
    try {
      for (const dir of new Set([...copies.keys()].map((rel) => path.dirname(insideFolder(this.temp, rel))))) {
        await step('create the folder', dir, () => mkdir(dir, { recursive: true }));
      }
      await inBatches([...copies], WRITE_CONCURRENCY, ([rel, src]) => step(`copy ${src} to`, path.join(this.outDir, rel), () => copyFile(src, insideFolder(this.temp, rel))));
    } catch (error) {
      await this.abort();
      throw error;
    }
    const old = path.join(path.dirname(this.outDir), `${OLD_PREFIX}${process.pid}-${Date.now()}`);
    const hadOutput = existsSync(this.outDir);
    try {
      if (hadOutput) await step('move aside the previous output', this.outDir, () => rename(this.outDir, old));
      try {
        await step('move the new output into place at', this.outDir, () => rename(this.temp, this.outDir));
      } catch (error) {
        // The previous output goes back where it was: a failed build never leaves the site without one.
        if (hadOutput) await rename(old, this.outDir);
        throw error;
      }
    } catch (error) {
      await this.abort();
      throw error;
    }
    this.committed = true;
    // What cannot be removed now (another program holds a file) is removed at the start of the next build.
    if (hadOutput) await rm(old, { recursive: true, force: true }).catch(() => {});
  }

  /** Deletes the temp folder; after a commit, does nothing. */
  async abort(): Promise<void> {
    if (this.committed) return;
    await Promise.allSettled(this.pending);
    await rm(this.temp, { recursive: true, force: true });
  }
}

/**
 * The absolute path of an output file, refusing any that would land outside the folder. Route checks stop such paths
 * with a positioned error first; this guard keeps a missed case from ever writing elsewhere.
 */
export function insideFolder(folder: string, rel: string): string {
  const target = path.resolve(folder, rel);
  const back = path.relative(folder, target);
  if (back === '' || back.startsWith('..') || path.isAbsolute(back)) {
    throw new ProtodocsError(problem('PD8007', { rel }));
  }
  return target;
}
