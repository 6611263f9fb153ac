import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { DocumentHtml } from '../markdown/index.ts';
import type { ParsedSummary } from '../routes/index.ts';
import { isUnmade, lazyField } from '../shared/index.ts';
import { cacheFolder } from './cache-folder.ts';

/** Bump when the markdown stage's output changes for the same input. */
const FORMAT = 'protodocs-markdown-cache-5';

/**
 * The parts of a document that only a page rendered anew reads (and the search index, for a changed page): most of the
 * file's bytes. Each entry's are a record of their own, read when first used, so that an edit that renders one page
 * does not turn 300 MB of HTML back into strings.
 */
const HEAVY: readonly string[] = ['html', 'excerptHtml', 'sections'] satisfies (keyof DocumentHtml)[];

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
 *
 * The file is a log: a save appends the entries that changed (a later record of a file replaces an earlier one) and
 * rewrites it whole only when replaced records make up a quarter of it. At 10,000 pages the file is 300 MB, and an
 * edit changes one entry.
 *
 * An entry is two records: the entry without its document's heavy parts, then those parts. A build reads the first
 * of each and keeps the second as bytes, turned into values on first use (see HEAVY), and written back as they are.
 */
export class MarkdownCache {
  private next = new Map<string, CacheEntry>();
  /** The search index files of the last build, keyed by a hash of their records. */
  private search?: SavedSearch;
  /** What the file holds: its size, the latest entry of each file, how many entry records, and its search record. */
  private disk?: { size: number; entries: Map<string, CacheEntry>; records: number; search?: SavedSearch };

  private constructor(
    private readonly file: string,
    private previous: Map<string, CacheEntry>,
    /** The heavy parts of documents read from the file, as bytes, for writing them back unread. */
    private readonly bodies: WeakMap<DocumentHtml, Buffer>,
    private previousSearch?: SavedSearch,
    disk?: { size: number; records: number },
  ) {
    if (disk) this.disk = { ...disk, entries: new Map(previous), search: previousSearch };
  }

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
    const bodies = new WeakMap<DocumentHtml, Buffer>();
    let search: SavedSearch | undefined;
    let disk: { size: number; records: number } | undefined;
    if (existsSync(file)) {
      try {
        const buffer = readFileSync(file);
        const records = readRecords(buffer);
        if (records.next() === FORMAT) {
          search = records.next() as SavedSearch | undefined;
          let count = 0;
          for (let record = records.next(); record !== END; record = records.next()) {
            const [name, entry, heavy] = record as [string, CacheEntry, string[] | undefined];
            if (entry.doc && heavy) {
              const body = records.raw();
              bodies.set(entry.doc, body);
              heavyOnDemand(entry.doc, heavy, body);
            }
            previous.set(name, entry);
            count++;
          }
          disk = { size: buffer.length, records: count };
        }
      } catch {
        previous = new Map();
        search = undefined;
        disk = undefined;
      }
    }
    return new MarkdownCache(file, previous, bodies, search, disk);
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
    if (entry) {
      this.previous.delete(file);
      this.disk?.entries.delete(file);
    }
    return undefined;
  }

  set(file: string, entry: CacheEntry): void {
    this.next.set(file, entry);
  }

  /**
   * Stores this build's files: appends what changed since the file was read or last saved, or writes the file anew
   * (atomically, with only this build's files) when replaced or dropped records would make up a quarter of it, or it is
   * not the file this cache knows. One record at a time: serialising the whole cache at once would need a buffer of
   * its full size (hundreds of MB at 10,000 pages).
   */
  save(): void {
    const disk = this.disk;
    const changed = [...this.next].filter(([name, entry]) => !sameEntry(disk?.entries.get(name), entry));
    const records = (disk?.records ?? 0) + changed.length;
    // A changed search index (serve keeps one, megabytes of JSON) is written only with a whole file, never appended:
    // appended on every save, replaced indexes would pile up unseen by the count of replaced entries.
    const appendable =
      disk !== undefined && this.search === disk.search && statSync(this.file, { throwIfNoEntry: false })?.size === disk.size && (records - this.next.size) * 4 <= records;
    if (appendable && changed.length === 0) return;
    if (appendable && this.append(disk, changed)) return;
    this.rewrite();
  }

  private append(disk: NonNullable<MarkdownCache['disk']>, changed: [string, CacheEntry][]): boolean {
    let fd: number | undefined;
    try {
      fd = openSync(this.file, 'r+');
      // Over the end marker: a save cut short leaves no marker, and a file without one reads as none.
      const out = new RecordWriter(fd, disk.size - END_RECORD.length);
      for (const entry of changed) this.writeEntry(out, entry);
      out.write(END);
      out.flush();
      disk.size = out.position;
      disk.records += changed.length;
      for (const [name, entry] of changed) disk.entries.set(name, entry);
      return true;
    } catch {
      return false;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  private rewrite(): void {
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const fd = openSync(temp, 'w');
      let size: number;
      try {
        const out = new RecordWriter(fd, 0);
        out.write(FORMAT);
        out.write(this.search);
        for (const entry of this.next) this.writeEntry(out, entry);
        out.write(END);
        out.flush();
        size = out.position;
      } finally {
        closeSync(fd);
      }
      renameSync(temp, this.file);
      this.disk = { size, records: this.next.size, entries: new Map(this.next), search: this.search };
    } catch {
      this.disk = undefined;
      // A read-only or full disk only costs speed next time; so does a temp file that cannot be removed (a file stands
      // where its folder should be).
      try {
        rmSync(temp, { force: true });
      } catch {
        /* nothing was written */
      }
    }
  }

  /** An entry's two records (see HEAVY); heavy parts still unread are written as the bytes they were read from. */
  private writeEntry(out: RecordWriter, [name, entry]: [string, CacheEntry]): void {
    const doc = entry.doc;
    if (!doc) return out.write([name, entry, undefined]);
    // By its keys, never spreading it: that would read (make) every heavy part.
    const head: Record<string, unknown> = {};
    const heavy: string[] = [];
    for (const key of Object.keys(doc)) {
      if (HEAVY.includes(key)) heavy.push(key);
      else head[key] = doc[key as keyof DocumentHtml];
    }
    out.write([name, { ...entry, doc: head }, heavy]);
    const body = this.bodies.get(doc);
    if (body && heavy.every((key) => isUnmade(doc, key))) out.writeRaw(body);
    else out.write(heavy.map((key) => doc[key as keyof DocumentHtml]));
  }
}

/** Makes a document's heavy parts (values of the record `body`) on first read. */
function heavyOnDemand(doc: DocumentHtml, keys: readonly string[], body: Buffer): void {
  let values: unknown[] | undefined;
  const all = () => (values ??= deserialize(body) as unknown[]);
  keys.forEach((key, i) => lazyField(doc as unknown as Record<string, unknown>, key, () => all()[i]));
}

/** Whether the file already holds `entry`: the same key and fingerprint, and the very results it was read with. */
function sameEntry(held: CacheEntry | undefined, entry: CacheEntry): boolean {
  return (
    held !== undefined &&
    (held === entry ||
      (held.key === entry.key &&
        held.fingerprint === entry.fingerprint &&
        held.summary === entry.summary &&
        held.doc === entry.doc &&
        JSON.stringify(held.copies ?? []) === JSON.stringify(entry.copies ?? [])))
  );
}

type SavedSearch = { key: string; files: [string, string][]; indexUrl: string };

/** Marks the last record, so a truncated file reads as corrupt rather than as a smaller cache. */
const END = 'protodocs-cache-end';
const END_RECORD = (() => {
  const body = serialize(END);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length);
  return Buffer.concat([head, body]);
})();

/** Length-prefixed v8-serialised records, buffered into large writes, from `position` on. */
class RecordWriter {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly fd: number,
    public position: number,
  ) {}

  write(value: unknown): void {
    this.writeRaw(serialize(value));
  }

  /** A record already serialised. */
  writeRaw(body: Buffer): void {
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    this.chunks.push(head, body);
    this.size += 4 + body.length;
    if (this.size >= 4 * 1024 * 1024) this.flush();
  }

  flush(): void {
    if (this.size > 0) {
      const buffer = Buffer.concat(this.chunks, this.size);
      writeSync(this.fd, buffer, 0, buffer.length, this.position);
      this.position += buffer.length;
    }
    this.chunks = [];
    this.size = 0;
  }
}

function readRecords(buffer: Buffer): { next(): unknown; raw(): Buffer } {
  let offset = 0;
  const raw = () => {
    if (offset + 4 > buffer.length) throw new Error('truncated cache');
    const length = buffer.readUInt32LE(offset);
    if (offset + 4 + length > buffer.length) throw new Error('truncated cache');
    const body = buffer.subarray(offset + 4, offset + 4 + length);
    offset += 4 + length;
    return body;
  };
  return { next: () => deserialize(raw()) as unknown, raw };
}
