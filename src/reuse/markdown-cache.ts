import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { DocumentHtml } from '../markdown/index.ts';
import type { ParsedSummary } from '../routes/index.ts';
import { cacheFolder } from './cache-folder.ts';

/** Bump when the markdown stage's output changes for the same input. */
const FORMAT = 'protodocs-markdown-cache-3';

export interface CacheEntry {
  /** Hash of the file's bytes and the settings that shape its HTML. */
  key: string;
  summary: ParsedSummary;
  /** Hash of how the file's links and images resolved; a change elsewhere in the site can change it. */
  fingerprint?: string;
  doc?: DocumentHtml;
  copies?: [string, string][];
}

/**
 * Per-file results of earlier builds, in one v8-serialised file under node_modules/.cache. A corrupt or
 * foreign cache is ignored: the cache may only ever save work, never change output.
 */
export class MarkdownCache {
  private next = new Map<string, CacheEntry>();
  /** The search index files of the last build, keyed by a hash of their records. */
  private search?: SavedSearch;

  private constructor(
    private readonly file: string,
    private previous: Map<string, CacheEntry>,
    private previousSearch?: SavedSearch,
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
    const file = path.join(cacheFolder(root), 'markdown.bin');
    let previous = new Map<string, CacheEntry>();
    let search: SavedSearch | undefined;
    if (existsSync(file)) {
      try {
        const records = readRecords(readFileSync(file));
        if (records.next() === FORMAT) {
          search = records.next() as SavedSearch | undefined;
          for (let record = records.next(); record !== END; record = records.next()) {
            const [name, entry] = record as [string, CacheEntry];
            previous.set(name, entry);
          }
        }
      } catch {
        previous = new Map();
        search = undefined;
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
    if (entry && entry.key === key) return entry;
    // Never of use again: after an upgrade or a settings change, a 10,000-page cache held 330 MB of such entries
    // through the whole build.
    if (entry) this.previous.delete(file);
    return undefined;
  }

  set(file: string, entry: CacheEntry): void {
    this.next.set(file, entry);
  }

  /**
   * Keeps only this build's files, written atomically. One record at a time: serialising the whole cache at once
   * would need a buffer of its full size (hundreds of MB at 10,000 pages) on top of the entries themselves.
   */
  save(): void {
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const fd = openSync(temp, 'w');
      try {
        const out = new RecordWriter(fd);
        out.write(FORMAT);
        out.write(this.search);
        for (const entry of this.next) out.write(entry);
        out.write(END);
        out.flush();
      } finally {
        closeSync(fd);
      }
      renameSync(temp, this.file);
    } catch {
      // A read-only or full disk only costs speed next time; so does a temp file that cannot be removed (a file stands
      // where its folder should be).
      try {
        rmSync(temp, { force: true });
      } catch {
        /* nothing was written */
      }
    }
  }
}

type SavedSearch = { key: string; files: [string, string][]; indexUrl: string };

/** Marks the last record, so a truncated file reads as corrupt rather than as a smaller cache. */
const END = 'protodocs-cache-end';

/** Length-prefixed v8-serialised records, buffered into large writes. */
class RecordWriter {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly fd: number) {}

  write(value: unknown): void {
    const body = serialize(value);
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    this.chunks.push(head, body);
    this.size += 4 + body.length;
    if (this.size >= 4 * 1024 * 1024) this.flush();
  }

  flush(): void {
    if (this.size > 0) writeSync(this.fd, Buffer.concat(this.chunks, this.size));
    this.chunks = [];
    this.size = 0;
  }
}

function readRecords(buffer: Buffer): { next(): unknown } {
  let offset = 0;
  return {
    next() {
      if (offset + 4 > buffer.length) throw new Error('truncated cache');
      const length = buffer.readUInt32LE(offset);
      const value: unknown = deserialize(buffer.subarray(offset + 4, offset + 4 + length));
      offset += 4 + length;
      return value;
    },
  };
}
