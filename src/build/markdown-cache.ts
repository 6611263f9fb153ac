import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { DocumentHtml } from '../markdown/types.ts';
import type { ParsedSummary } from '../routes/index.ts';

/** Bump when the markdown stage's output changes for the same input. */
const FORMAT = 'protodocs-markdown-cache-2';

export interface CacheEntry {
  /** Hash of the file's bytes and the settings that shape its HTML. */
  key: string;
  summary: ParsedSummary;
  /** Hash of how the file's links and images resolved; a change elsewhere in the site can change it. */
  fingerprint?: string;
  doc?: DocumentHtml;
  copies?: [string, string][];
}

export function hashText(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/**
 * Per-file results of earlier builds, in one v8-serialised file under node_modules/.cache. A corrupt or
 * foreign cache is ignored: the cache may only ever save work, never change output.
 */
export class MarkdownCache {
  private next = new Map<string, CacheEntry>();
  /** The search index files of the last build, keyed by a hash of their records. */
  private search?: { key: string; files: [string, string][]; indexUrl: string };

  private constructor(
    private readonly file: string,
    private previous: Map<string, CacheEntry>,
    private previousSearch?: { key: string; files: [string, string][]; indexUrl: string },
  ) {}

  /** A cache kept in memory between builds (serve) starts each build from what the last one stored. */
  nextBuild(): void {
    if (this.next.size > 0) {
      this.previous = this.next;
      this.next = new Map();
    }
    if (this.search) this.previousSearch = this.search;
  }

  static load(root: string): MarkdownCache {
    const file = path.join(root, 'node_modules', '.cache', 'protodocs', 'markdown.bin');
    let previous = new Map<string, CacheEntry>();
    let search: { key: string; files: [string, string][]; indexUrl: string } | undefined;
    if (existsSync(file)) {
      try {
        const data = deserialize(readFileSync(file)) as { format: string; entries: Map<string, CacheEntry>; search?: typeof search };
        if (data.format === FORMAT && data.entries instanceof Map) {
          previous = data.entries;
          search = data.search;
        }
      } catch {
        previous = new Map();
      }
    }
    return new MarkdownCache(file, previous, search);
  }

  getSearch(key: string): { files: Map<string, string>; indexUrl: string } | undefined {
    const previous = this.previousSearch;
    return previous?.key === key ? { files: new Map(previous.files), indexUrl: previous.indexUrl } : undefined;
  }

  setSearch(key: string, search: { files: ReadonlyMap<string, string>; indexUrl: string }): void {
    this.search = { key, files: [...search.files], indexUrl: search.indexUrl };
  }

  get(file: string, key: string): CacheEntry | undefined {
    const entry = this.previous.get(file);
    return entry && entry.key === key ? entry : undefined;
  }

  set(file: string, entry: CacheEntry): void {
    this.next.set(file, entry);
  }

  /** Keeps only this build's files, written atomically. */
  save(): void {
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temp, serialize({ format: FORMAT, entries: this.next, search: this.search }));
      renameSync(temp, this.file);
    } catch {
      // A read-only or full disk only costs speed next time.
    }
  }
}
