import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmdirSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { DocumentHtml } from '../markdown/index.ts';
import type { ParsedSummary } from '../routes/index.ts';
import { isUnmade, lazyField } from '../shared/index.ts';
import { cacheFolder } from './cache-folder.ts';

/** Bump when the markdown stage's output changes for the same input. */
const FORMAT = 'protodocs-markdown-cache-6';

/**
 * The parts of a document that only a page rendered anew reads (and the search index, for a changed page): most of the
 * file's bytes. Each is a record of its own, read when first used, so that an edit that renders one page does not turn
 * 300 MB of HTML back into strings, and the search index reading a page's sections does not make its HTML.
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
 * An entry is the entry without its document's heavy parts, then one record for each of those parts. A build reads
 * the first and keeps the others as bytes, turned into values on first use (see HEAVY), and written back as they are.
 * The search index's record follows the entries.
 *
 * A build with no file to append to (a cold one) writes the file as it goes, see Spill.
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
    private readonly bodies: WeakMap<DocumentHtml, Record<string, Buffer>>,
    private previousSearch?: SavedSearch,
    disk?: { size: number; records: number },
    /** Writes the file while the build runs, when it will be written anew anyway. */
    private spill?: Spill,
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

  /**
   * `spill`: a build run once in its process (the CLI's build and check) may write the file as entries are set, when
   * there is none to append to; a cache kept between builds (serve) never does.
   */
  static load(root: string, options: { spill?: boolean } = {}): MarkdownCache {
    const file = path.join(cacheFolder(root), 'markdown.bin');
    let previous = new Map<string, CacheEntry>();
    const bodies = new WeakMap<DocumentHtml, Record<string, Buffer>>();
    let search: SavedSearch | undefined;
    let disk: { size: number; records: number } | undefined;
    if (existsSync(file)) {
      try {
        const buffer = readFileSync(file);
        const records = readRecords(buffer);
        if (records.next() === FORMAT) {
          let count = 0;
          for (let record = records.next(); record !== END; record = records.next()) {
            if (!Array.isArray(record)) {
              search = (record as { search?: SavedSearch }).search;
              continue;
            }
            const [name, entry, heavy] = record as [string, CacheEntry, string[] | undefined];
            if (entry.doc && heavy) {
              const parts: Record<string, Buffer> = {};
              for (const key of heavy) parts[key] = records.raw();
              bodies.set(entry.doc, parts);
              heavyOnDemand(entry.doc, parts);
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
    return new MarkdownCache(file, previous, bodies, search, disk, options.spill && !disk ? Spill.open(file) : undefined);
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
    if (this.spill && !this.spill.write(file, entry)) this.spill = undefined;
  }

  /** A build that failed stores nothing: a file being written as it ran is removed (what it holds stays readable). */
  discard(): void {
    this.spill?.remove();
    this.spill = undefined;
  }

  /**
   * Stores this build's files: appends what changed since the file was read or last saved, or writes the file anew
   * (atomically, with only this build's files) when replaced or dropped records would make up a quarter of it, or it is
   * not the file this cache knows. One record at a time: serialising the whole cache at once would need a buffer of
   * its full size (hundreds of MB at 10,000 pages). A file written as the build ran is finished and put in place.
   */
  save(): void {
    if (this.spill) {
      const size = this.spill.finish(this.search, this.file);
      this.spill = undefined;
      this.disk = size === undefined ? undefined : { size, records: this.next.size, entries: new Map(this.next), search: this.search };
      if (size !== undefined) return;
    }
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
        for (const entry of this.next) this.writeEntry(out, entry);
        out.write({ search: this.search });
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

  /** An entry's records (see HEAVY); heavy parts still unread are written as the bytes they were read from. */
  private writeEntry(out: RecordWriter, [name, entry]: [string, CacheEntry]): void {
    const { head, heavy } = split(entry);
    out.write([name, head, heavy]);
    if (!heavy) return;
    const doc = entry.doc!;
    const bodies = this.bodies.get(doc);
    for (const key of heavy) {
      const body = bodies?.[key];
      if (body && isUnmade(doc, key)) out.writeRaw(body);
      else out.write(doc[key as keyof DocumentHtml]);
    }
  }
}

/** An entry without its document's heavy parts, and the names of those parts (none without a document). */
function split(entry: CacheEntry): { head: CacheEntry; heavy?: string[] } {
  const doc = entry.doc;
  if (!doc) return { head: entry };
  // By its keys, never spreading it: that would read (make) every heavy part.
  const head: Record<string, unknown> = {};
  const heavy: string[] = [];
  for (const key of Object.keys(doc)) {
    if (HEAVY.includes(key)) heavy.push(key);
    else head[key] = doc[key as keyof DocumentHtml];
  }
  return { head: { ...entry, doc: head as unknown as DocumentHtml }, heavy };
}

/** Makes each of a document's heavy parts (the value of its record in `parts`) on first read. */
function heavyOnDemand(doc: DocumentHtml, parts: Readonly<Record<string, Buffer>>): void {
  for (const key of Object.keys(parts)) lazyField(doc as unknown as Record<string, unknown>, key, () => deserialize(parts[key]) as never);
}

/**
 * The cache file of a build that writes it anew, written while the build runs: each entry as it is set, its heavy
 * parts then read back from the file whenever used rather than held. The markdown stage would otherwise hold every
 * page's HTML and sections until the cache's save at the end: about 170 MB at 10,000 pages, through the render stage
 * and its peak.
 *
 * A part is read back from the bytes written while they are still buffered, then from the file by its place in it:
 * through the descriptor this keeps open, which stays valid whatever later happens to the file's name. The descriptor
 * is closed when nothing can read through it any more.
 */
class Spill {
  private failed = false;

  private constructor(
    private readonly temp: string,
    private readonly fd: number,
    private readonly out: RecordWriter,
    /** The first of the folders made for the file, if any: a build that saves nothing leaves none behind. */
    private readonly made: string | undefined,
  ) {}

  static open(file: string): Spill | undefined {
    // Not the name a rewrite writes to: after a failed spill, a rewrite must not truncate what spilled parts are read from.
    const temp = `${file}.${process.pid}.spill.tmp`;
    try {
      const made = mkdirSync(path.dirname(file), { recursive: true });
      removeStaleTemps(file);
      const fd = openSync(temp, 'w+');
      const spill = new Spill(temp, fd, new RecordWriter(fd, 0), made);
      closeWhenUnreachable.register(spill, fd);
      spill.out.write(FORMAT);
      return spill;
    } catch {
      return undefined;
    }
  }

  /** Writes the entry and lets go of its document's heavy parts. False when the file could not be written. */
  write(name: string, entry: CacheEntry): boolean {
    if (this.failed) return false;
    const { head, heavy } = split(entry);
    const doc = entry.doc;
    try {
      this.out.write([name, head, heavy]);
      for (const key of heavy ?? []) {
        const value = doc![key as keyof DocumentHtml];
        const body = serialize(value);
        const { length } = body;
        const place = this.out.writeRaw(body);
        // Not kept once read: each page reads its HTML once, and keeping it would hold it all again. Nor are the bytes
        // kept, only where they are.
        lazyField(doc as unknown as Record<string, unknown>, key, () => deserialize(this.read(place, length)), { keep: false });
      }
      return true;
    } catch {
      // Parts not yet in the file stay with the writer's buffers, where reads find them; the rest stay readable
      // through the descriptor once the file's name is gone.
      this.remove();
      return false;
    }
  }

  private read(place: number, length: number): Buffer {
    const buffered = this.out.buffered(place, length);
    if (buffered) return buffered;
    const bytes = Buffer.allocUnsafe(length);
    readSync(this.fd, bytes, 0, length, place);
    return bytes;
  }

  /** The search record and the end, then the file in its place: its size, or undefined when it could not be. */
  finish(search: SavedSearch | undefined, file: string): number | undefined {
    if (this.failed) return this.remove();
    try {
      this.out.write({ search });
      this.out.write(END);
      this.out.flush();
      renameSync(this.temp, file);
      return this.out.position;
    } catch {
      return this.remove();
    }
  }

  remove(): undefined {
    this.failed = true;
    try {
      rmSync(this.temp, { force: true });
      // The folders this made, innermost first, while nothing else has come to be in them.
      for (let folder = path.dirname(this.temp); this.made && folder.startsWith(this.made); folder = path.dirname(folder)) rmdirSync(folder);
    } catch {
      /* a temp file that cannot be removed only takes space; a folder holding something else stays */
    }
    return undefined;
  }
}

const closeWhenUnreachable = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    /* already closed */
  }
});

/** Temp files of builds that ended without saving (killed, or crashed): a build that is still running loses only its save. */
function removeStaleTemps(file: string): void {
  const prefix = `${path.basename(file)}.`;
  for (const name of readdirSync(path.dirname(file))) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) rmSync(path.join(path.dirname(file), name), { force: true });
  }
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

  /** A record already serialised; returns where its body starts in the file. */
  writeRaw(body: Buffer): number {
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    this.chunks.push(head, body);
    const place = this.position + this.size + 4;
    this.size += 4 + body.length;
    if (this.size >= 4 * 1024 * 1024) this.flush();
    return place;
  }

  /**
   * The record body at `place` while it is still buffered, not yet written: the buffer it was given as, not a copy of
   * the chunks (a small site's whole cache stays buffered until the save, and each page reads its HTML from here).
   */
  buffered(place: number, length: number): Buffer | undefined {
    let at = this.position;
    for (const chunk of this.chunks) {
      if (at === place) return chunk.subarray(0, length);
      at += chunk.length;
    }
    return undefined;
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
