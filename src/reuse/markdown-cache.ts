import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmdirSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { DocumentHtml } from '../markdown/index.ts';
import type { ParsedSummary } from '../routes/index.ts';
import { isUnmade, sharedLazyField } from '../shared/index.ts';
import { cacheFolder } from './cache-folder.ts';

/** Bump when the markdown stage's output changes for the same input, or the files' encoding does. */
const FORMAT = 'protodocs-markdown-cache-13';

/**
 * The parts of a document that only a page rendered anew reads (and the search index, for a changed page): most of the
 * cache's bytes. They are kept in a file of their own and each read from it when first used, so that an edit that
 * renders one page neither reads 170 MB of HTML and sections (10,000 pages) nor turns them back into strings, and the
 * search index reading a page's sections does not make its HTML. A table of contents is small, but read with the
 * entries, the TOCs were a fifth of their bytes, read on every edit for the one page it renders. A description and
 * the heading anchors are read only by a page rendered anew and by a link naming one of its fragments: at 10,000 gen
 * pages they were 3 MB of the entries' 14, parsed on every edit and then not read once.
 */
const HEAVY: readonly string[] = ['html', 'excerptHtml', 'sections', 'toc', 'description', 'anchors'] satisfies (keyof DocumentHtml)[];

/**
 * The same of a file's parse summary: its links and images as written, read only to take the file's fingerprint anew
 * (a page rendered anew, a page showing an image, or every page once a URL changed). At 10,000 gen pages they were 4 MB
 * of the entries' 12, read back on every edit that renders one page.
 */
const HEAVY_SUMMARY: readonly string[] = ['links'] satisfies (keyof ParsedSummary)[];

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
 * Per-file results of earlier builds, in two files under node_modules/.cache. A corrupt or foreign cache is ignored:
 * the cache may only ever save work, never change output.
 *
 * markdown.bin holds the entries, each without its document's heavy parts (see HEAVY) but with where they are in the
 * parts file it names first. It is a log: a save appends the entries that changed (a later record of a file replaces
 * an earlier one; a file the site no longer has gets one that drops it) and rewrites it whole, with a new parts file,
 * only when replaced records make up a quarter of it.
 * At 10,000 pages the entries take 16 MB and the parts 172 MB, and an edit changes one entry. The search index's
 * record and the link context (see useLinkContext) follow the entries.
 *
 * A build reads the entries and opens the parts file; a heavy part is read from it when first used, and an entry
 * saved again with a part still unread points at the same bytes, or has them copied to a new parts file.
 *
 * A build with no file to append to (a cold one) writes both as it goes, see Spill.
 */
export class MarkdownCache {
  private next = new Map<string, CacheEntry>();
  /** The search index files of the last build, keyed by a hash of their records. */
  private search?: SavedSearch;
  /** The link context (see useLinkContext) of this build's entries. */
  private nextContext?: string;
  /**
   * What the file holds: its size, the latest entry of each file, how many entry records, its search record, and the
   * parts file its entries point into.
   */
  private disk?: Disk;

  private constructor(
    private readonly file: string,
    private previous: Map<string, CacheEntry>,
    /** Where the heavy parts of documents and summaries read from, or written to, a parts file are in it. */
    private readonly bodies: WeakMap<object, HeldParts>,
    private previousSearch?: SavedSearch,
    /** The link context under which every entry in `previous` was made or checked. */
    private previousContext?: string,
    disk?: Omit<Disk, 'entries' | 'search' | 'context'>,
    /** Writes the files while the build runs, when they will be written anew anyway. */
    private spill?: Spill,
  ) {
    if (disk) this.disk = { ...disk, entries: new Map(previous), search: previousSearch, context: previousContext };
  }

  /** A cache kept in memory between builds (serve) starts each build from what the last one stored. */
  nextBuild(): void {
    if (this.next.size > 0) {
      this.previous = this.next;
      this.next = new Map();
      this.previousContext = this.nextContext;
    }
    if (this.search) this.previousSearch = this.search;
  }

  /**
   * `spill`: a build run once in its process (the CLI's build and check) may write the files as entries are set, when
   * there are none to append to; a cache kept between builds (serve) never does.
   */
  static load(root: string, options: { spill?: boolean } = {}): MarkdownCache {
    const file = path.join(cacheFolder(root), 'markdown.bin');
    let previous = new Map<string, CacheEntry>();
    const bodies = new WeakMap<object, HeldParts>();
    const lazyPart = heavyPart(bodies);
    let search: SavedSearch | undefined;
    let context: string | undefined;
    let disk: Omit<Disk, 'entries' | 'search' | 'context'> | undefined;
    if (existsSync(file)) {
      try {
        const buffer = readFileSync(file);
        const records = readRecords(buffer);
        const [format, partsName] = records.next() as [unknown, unknown];
        if (format === FORMAT && typeof partsName === 'string' && PARTS_NAME.test(partsName)) {
          const parts = PartsFile.open(path.dirname(file), partsName);
          let count = 0;
          for (let record = records.next(); record !== END; record = records.next()) {
            if (!Array.isArray(record)) {
              const tail = record as Tail;
              if ('search' in tail) search = tail.search;
              if ('context' in tail) context = tail.context;
              continue;
            }
            // An entry without heavy parts was written with `undefined` there, which JSON writes as null.
            const [name, entry, places, summaryPlaces] = record as [string, CacheEntry | null, Places | null, Places | null | undefined];
            count++;
            // A file the site no longer had when the entry was saved.
            if (entry === null) {
              previous.delete(name);
              continue;
            }
            if (entry.doc && places) {
              heldIn(parts, places, HEAVY, entry.doc, lazyPart, bodies);
              if (summaryPlaces) heldIn(parts, summaryPlaces, HEAVY_SUMMARY, entry.summary, lazyPart, bodies);
            }
            previous.set(name, entry);
          }
          disk = { size: buffer.length, records: count, parts };
        }
      } catch {
        previous = new Map();
        search = undefined;
        context = undefined;
        disk = undefined;
      }
    }
    const spill = options.spill && !disk ? Spill.open(file, bodies) : undefined;
    return new MarkdownCache(file, previous, bodies, search, context, disk, spill);
  }

  getSearch(key: string): { files: Map<string, string>; indexUrl: string } | undefined {
    const previous = this.previousSearch;
    return previous?.key === key ? { files: new Map(previous.files), indexUrl: previous.indexUrl } : undefined;
  }

  setSearch(key: string, search: { files: ReadonlyMap<string, string>; indexUrl: string }): void {
    this.search = { key, files: [...search.files], indexUrl: search.indexUrl };
  }

  /**
   * Starts this build's entries under `context`, a hash of everything a document's fingerprint reads besides the
   * document (every page's URL and source, the settings): whether every entry this cache gives was made or checked
   * under the same, so that a fingerprint taken from it needs no link resolved again. Entries are saved with the
   * context they were checked under, and those of files a build no longer has are dropped (so that a file back later
   * is not trusted by an older check).
   */
  useLinkContext(context: string): boolean {
    this.nextContext = context;
    return this.previousContext === context;
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

  /** A build that failed stores nothing: files being written as it ran are removed (what they hold stays readable). */
  discard(): void {
    this.spill?.remove();
    this.spill = undefined;
  }

  /**
   * Stores this build's files: appends what changed since the file was read or last saved, or writes the files anew
   * (atomically, with only this build's files) when replaced or dropped records would make up a quarter of it, or it is
   * not the file this cache knows. One record at a time: serialising the whole cache at once would need a buffer of
   * its full size (hundreds of MB at 10,000 pages). Files written as the build ran are finished and put in place.
   */
  save(): void {
    if (this.spill) {
      const finished = this.spill.finish({ search: this.search, context: this.nextContext }, this.file);
      this.spill = undefined;
      this.disk = finished && { ...finished, records: this.next.size, entries: new Map(this.next), search: this.search, context: this.nextContext };
      if (finished) return;
    }
    const disk = this.disk;
    const changed = [...this.next].filter(([name, entry]) => !sameEntry(disk?.entries.get(name), entry));
    const removed = disk ? [...disk.entries.keys()].filter((name) => !this.next.has(name)) : [];
    const context = this.nextContext ?? this.previousContext;
    const records = (disk?.records ?? 0) + changed.length + removed.length;
    // A changed search index (serve keeps one, megabytes of JSON) is written only with a whole file, never appended:
    // appended on every save, replaced indexes would pile up unseen by the count of replaced entries.
    const appendable =
      disk !== undefined && this.search === disk.search && statSync(this.file, { throwIfNoEntry: false })?.size === disk.size && (records - this.next.size) * 4 <= records;
    if (appendable && changed.length === 0 && removed.length === 0 && disk.context === context) return;
    if (appendable && this.append(disk, changed, removed, context)) return;
    this.rewrite(context);
  }

  private append(disk: Disk, changed: [string, CacheEntry][], removed: string[], context: string | undefined): boolean {
    let fd: number | undefined;
    try {
      // The parts first: an entry is in the file only once what it points at is.
      const heads = changed.map(([name, entry]) => entryRecord(disk.parts, this.bodies, name, entry));
      disk.parts.flush();
      fd = openSync(this.file, 'r+');
      // Over the end marker: a save cut short leaves no marker, and a file without one reads as none.
      const out = new RecordWriter(fd, disk.size - END_RECORD.length);
      for (const head of heads) out.write(head);
      for (const name of removed) out.write([name, null]);
      if (context !== disk.context) out.write({ context } satisfies Tail);
      out.write(END);
      out.flush();
      disk.size = out.position;
      disk.records += changed.length + removed.length;
      for (const [name, entry] of changed) disk.entries.set(name, entry);
      for (const name of removed) disk.entries.delete(name);
      disk.context = context;
      return true;
    } catch {
      return false;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  private rewrite(context: string | undefined): void {
    const temp = `${this.file}.${process.pid}.tmp`;
    let parts: PartsFile | undefined;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      parts = PartsFile.create(path.dirname(this.file));
      const fd = openSync(temp, 'w');
      let size: number;
      try {
        const out = new RecordWriter(fd, 0);
        out.write([FORMAT, parts.name]);
        for (const [name, entry] of this.next) out.write(entryRecord(parts, this.bodies, name, entry));
        out.write({ search: this.search, context } satisfies Tail);
        out.write(END);
        parts.flush();
        out.flush();
        size = out.position;
      } finally {
        closeSync(fd);
      }
      renameSync(temp, this.file);
      removeUnused(this.file, parts.name);
      this.disk = { size, records: this.next.size, entries: new Map(this.next), search: this.search, context, parts };
    } catch {
      this.disk = undefined;
      // A read-only or full disk only costs speed next time; so does a temp file that cannot be removed (a file stands
      // where its folder should be).
      parts?.remove();
      try {
        rmSync(temp, { force: true });
      } catch {
        /* nothing was written */
      }
    }
  }
}

interface Disk {
  size: number;
  entries: Map<string, CacheEntry>;
  records: number;
  search?: SavedSearch;
  context?: string;
  parts: PartsFile;
}

/** A record after entries: the search index's, and the link context (a later one replaces each it names). */
type Tail = { search?: SavedSearch; context?: string };

/** Each heavy part's place in a parts file (where its bytes start) and length. */
type Places = Record<string, readonly [place: number, length: number]>;

/** An entry as markdown.bin holds it: the places of its document's heavy parts, then of its summary's. */
type EntryRecord = [name: string, head: CacheEntry, places: Places | undefined, summaryPlaces?: Places];

/**
 * An entry's record, its heavy parts written to `parts` first: a part still unread is the bytes it was read from,
 * pointed at where they already are in `parts`, else copied there (see placeParts).
 */
function entryRecord(parts: PartsFile, bodies: WeakMap<object, HeldParts>, name: string, entry: CacheEntry): EntryRecord {
  const { head, heavy } = split(entry);
  if (!heavy) return [name, head, undefined];
  return [name, head, placeParts(parts, bodies, entry.doc!, heavy.doc), placeParts(parts, bodies, entry.summary, heavy.summary)];
}

interface HeldParts {
  file: PartsFile;
  places: Places;
}

/**
 * Defines a heavy part of a document or a summary as read from where `bodies` says it is, when first used (the entry's
 * record is read with every entry; the part only by what needs it).
 */
function heavyPart(bodies: WeakMap<object, HeldParts>, options?: { keep?: boolean }): (target: object, key: string) => void {
  return sharedLazyField<object>((target, key) => {
    const { file, places } = bodies.get(target)!;
    const [place, length] = places[key];
    return deserialize(file.read(place, length));
  }, options);
}

/**
 * Where `target`'s heavy parts `keys` are in `parts`, each written there unless it already is: a part still unread is
 * the bytes it was read from, pointed at where they are in `parts`, else copied there. `bodies` then says so.
 */
function placeParts(parts: PartsFile, bodies: WeakMap<object, HeldParts>, target: object, keys: string[]): Places {
  const held = bodies.get(target);
  const places: Places = {};
  for (const key of keys) {
    const at = held?.places[key];
    if (at && isUnmade(target, key)) {
      places[key] = held!.file === parts ? at : [parts.write(held!.file.read(at[0], at[1])), at[1]];
    } else {
      const body = serialize((target as Record<string, unknown>)[key]);
      places[key] = [parts.write(body), body.length];
    }
  }
  bodies.set(target, { file: parts, places });
  return places;
}

/** Makes `target`'s parts at `places` in `parts` read from there when first used; throws on a place it cannot hold. */
function heldIn(parts: PartsFile, places: Places, heavy: readonly string[], target: object, lazyPart: (target: object, key: string) => void, bodies: WeakMap<object, HeldParts>): void {
  for (const [key, [place, length]] of Object.entries(places)) {
    if (!heavy.includes(key) || !(place >= 0 && length >= 0 && place + length <= parts.end)) throw new Error('corrupt cache');
    lazyPart(target, key);
  }
  bodies.set(target, { file: parts, places });
}

/**
 * An entry without the heavy parts of its document and of its summary, and the names of those parts (none without a
 * document: its summary then stays whole too).
 */
function split(entry: CacheEntry): { head: CacheEntry; heavy?: { doc: string[]; summary: string[] } } {
  if (!entry.doc) return { head: entry };
  const doc = withoutHeavy(entry.doc, HEAVY);
  const summary = withoutHeavy(entry.summary, HEAVY_SUMMARY);
  return { head: { ...entry, doc: doc.head, summary: summary.head }, heavy: { doc: doc.heavy, summary: summary.heavy } };
}

function withoutHeavy<T extends object>(value: T, names: readonly string[]): { head: T; heavy: string[] } {
  // By its keys, never spreading it: that would read (make) every heavy part.
  const head: Record<string, unknown> = {};
  const heavy: string[] = [];
  for (const key of Object.keys(value)) {
    if (names.includes(key)) heavy.push(key);
    else head[key] = (value as Record<string, unknown>)[key];
  }
  return { head: head as T, heavy };
}

/**
 * The cache files of a build that writes them anew, written while the build runs: each entry as it is set, its heavy
 * parts then read back from the parts file whenever used rather than held. The markdown stage would otherwise hold every
 * page's HTML and sections until the cache's save at the end: about 170 MB at 10,000 pages, through the render stage
 * and its peak.
 */
class Spill {
  private failed = false;
  private closed = false;

  private constructor(
    private readonly temp: string,
    private readonly fd: number,
    private readonly out: RecordWriter,
    private readonly parts: PartsFile,
    private readonly bodies: WeakMap<object, HeldParts>,
    /** The first of the folders made for the files, if any: a build that saves nothing leaves none behind. */
    private readonly made: string | undefined,
  ) {
    this.lazyPart = heavyPart(bodies, { keep: false });
  }

  private readonly lazyPart: (target: object, key: string) => void;

  static open(file: string, bodies: WeakMap<object, HeldParts>): Spill | undefined {
    // Not the name a rewrite writes to.
    const temp = `${file}.${process.pid}.spill.tmp`;
    let parts: PartsFile | undefined;
    try {
      const made = mkdirSync(path.dirname(file), { recursive: true });
      removeUnused(file);
      parts = PartsFile.create(path.dirname(file));
      const fd = openSync(temp, 'w');
      const spill = new Spill(temp, fd, new RecordWriter(fd, 0), parts, bodies, made);
      spill.out.write([FORMAT, parts.name]);
      return spill;
    } catch {
      parts?.remove();
      return undefined;
    }
  }

  /** Writes the entry and lets go of its heavy parts. False when the files could not be written. */
  write(name: string, entry: CacheEntry): boolean {
    if (this.failed) return false;
    try {
      const record = entryRecord(this.parts, this.bodies, name, entry);
      this.out.write(record);
      // Not kept once read: each page reads its HTML once, and keeping it would hold it all again. Nor are the bytes
      // kept, only where they are.
      const [, , places, summaryPlaces] = record;
      if (places) heldIn(this.parts, places, HEAVY, entry.doc!, this.lazyPart, this.bodies);
      if (summaryPlaces) heldIn(this.parts, summaryPlaces, HEAVY_SUMMARY, entry.summary, this.lazyPart, this.bodies);
      return true;
    } catch {
      this.remove();
      return false;
    }
  }

  /** The search record and the end, then the files in place: the entries file's size and the parts file, or undefined. */
  finish(tail: Tail, file: string): { size: number; parts: PartsFile } | undefined {
    if (this.failed) return this.remove();
    try {
      this.out.write(tail);
      this.out.write(END);
      this.parts.flush();
      this.out.flush();
      this.close();
      renameSync(this.temp, file);
      return { size: this.out.position, parts: this.parts };
    } catch {
      return this.remove();
    }
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      closeSync(this.fd);
    } catch {
      /* nothing to lose: the file is being given up */
    }
  }

  /**
   * The files go; parts written are still read through the parts file's descriptor, or from its writer's buffers
   * when not yet written.
   */
  remove(): undefined {
    this.failed = true;
    this.close();
    this.parts.remove();
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

/**
 * The file of documents' heavy parts, each written once and read by its place, through a descriptor this keeps open:
 * it stays valid whatever later happens to the file's name, until nothing can read through it any more.
 */
class PartsFile {
  private readonly out: RecordWriter;

  private constructor(
    private readonly folder: string,
    readonly name: string,
    private readonly fd: number,
    size: number,
  ) {
    this.out = new RecordWriter(fd, size);
    closeWhenUnreachable.register(this, fd);
  }

  static open(folder: string, name: string): PartsFile {
    const file = path.join(folder, name);
    let fd: number;
    try {
      fd = openSync(file, 'r+');
    } catch {
      // A cache folder that can only be read still saves parsing.
      fd = openSync(file, 'r');
    }
    return new PartsFile(folder, name, fd, fstatSync(fd).size);
  }

  static create(folder: string): PartsFile {
    const name = `markdown-parts.${randomBytes(8).toString('hex')}.bin`;
    return new PartsFile(folder, name, openSync(path.join(folder, name), 'wx+'), 0);
  }

  /** Where the next part would start, written or still buffered. */
  get end(): number {
    return this.out.end;
  }

  /** Writes a part (buffered); returns where its bytes start. */
  write(body: Buffer): number {
    return this.out.writeRaw(body);
  }

  read(place: number, length: number): Buffer {
    const buffered = this.out.buffered(place, length);
    if (buffered) return buffered;
    const bytes = Buffer.allocUnsafe(length);
    if (readSync(this.fd, bytes, 0, length, place) !== length) throw new Error('truncated cache');
    return bytes;
  }

  flush(): void {
    this.out.flush();
  }

  /** The name goes; what was written stays readable here. */
  remove(): void {
    try {
      rmSync(path.join(this.folder, this.name), { force: true });
    } catch {
      /* only takes space, until the next rewrite */
    }
  }
}

const PARTS_NAME = /^markdown-parts\.[0-9a-f]{16}\.bin$/;

const closeWhenUnreachable = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    /* already closed */
  }
});

/**
 * Temp files of builds that ended without saving (killed, or crashed), and parts files no entries file points at: a
 * build that is still running loses only its save.
 */
function removeUnused(file: string, parts?: string): void {
  const folder = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  for (const name of readdirSync(folder)) {
    const temp = name.startsWith(prefix) && name.endsWith('.tmp');
    if (temp || (PARTS_NAME.test(name) && name !== parts)) rmSync(path.join(folder, name), { force: true });
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
  const body = recordBody(END);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length);
  return Buffer.concat([head, body]);
})();

/**
 * A record's bytes: JSON. The entries are plain data, and an edit reads every one of them (10,000 at 10,000 pages):
 * JSON.parse reads them in half the time v8.deserialize took (66–89 ms against 122–182 ms for the 16 MB, each in a
 * fresh process), and the whole load fell from 233–260 ms to 194–207 ms. Values JSON has no form for are not in an
 * entry; an `undefined` field comes back absent. The heavy parts stay v8-serialised: long strings, each read alone,
 * which v8 copies without unescaping.
 */
function recordBody(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

/** Length-prefixed records (`recordBody`), buffered into large writes, from `position` on. */
class RecordWriter {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly fd: number,
    public position: number,
  ) {}

  write(value: unknown): void {
    this.writeRaw(recordBody(value));
  }

  /** Where the next record would start, written or still buffered. */
  get end(): number {
    return this.position + this.size;
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

/** Reads the records of `buffer` one at a time, from the start. */
function readRecords(buffer: Buffer): { next(): unknown } {
  let offset = 0;
  return {
    next() {
      if (offset + 4 > buffer.length) throw new Error('truncated cache');
      const length = buffer.readUInt32LE(offset);
      if (offset + 4 + length > buffer.length) throw new Error('truncated cache');
      const start = offset + 4;
      offset += 4 + length;
      return JSON.parse(buffer.toString('utf8', start, offset)) as unknown;
    },
  };
}
