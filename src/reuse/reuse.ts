import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/index.ts';
import type { FrontmatterMemo, SourceMemo } from '../content/index.ts';
import type { Diagnostic } from '../errors/index.ts';
import { walkFilesWithStats, type ListedFiles } from '../files/index.ts';
import type { ParsedMarkdown } from '../markdown/index.ts';
import type { BundleData, LoadedModule, PageRead, PageReadsMemo } from '../render/index.ts';
import { indexedPagesFile, type SearchIndexFiles, type SearchInMemory, type SearchStatePaths } from '../search/index.ts';
import { intactOutput, isUpToDate, readRecord, recordInputs, recordKey, reusablePage, writeRecord, type BuildRecord, type RecordedInputs, type RecordOptions, type SegmentLayout } from './build-record.ts';
import { cacheFolder } from './cache-folder.ts';
import { frontmatterFile } from './frontmatter-file.ts';
import { sourcesFile } from './sources-file.ts';
import { readKeyedFile, writeKeyedFile } from './keyed-file.ts';
import { codeKey, hashText, rememberedCodeKey, statsKey } from './keys.ts';
import { MarkdownCache } from './markdown-cache.ts';

/**
 * What a build may take from earlier builds instead of making it again. The CLI chooses the kind: `protodocs build`
 * and `check` reuse the disk (the per-file cache and the build record), `serve` keeps everything in memory, tests
 * may pass none. Output is the same byte for byte whichever is used; every value is keyed by what it was made from.
 */
export interface Reuse {
  /**
   * Hash of the running protodocs code, part of every key: computed once, when first needed ('' with no reuse). The
   * disk kind remembers it in the cache of the site at `root`, by the code files' stats.
   */
  codeKey(root: string): string;
  /** Whether pages can be taken from earlier builds, so that keying them (hashing their data) pays. */
  readonly keysPages: boolean;
  /** The last build's result when nothing it read or wrote has changed since (writing builds only). */
  unchanged(options: RecordOptions): UnchangedBuild | undefined;
  /**
   * Whether `unchanged` found a record of a last build (for the same options and code): this one is then likely an
   * edit, which reads few files and stats them all.
   */
  recorded?(): boolean;
  /**
   * The content folder's files with their stats, when `unchanged` listed them itself for a last build of a small site:
   * the build's scan takes them instead of listing the folder again in another thread.
   */
  listedContent?(): ListedFiles | undefined;
  /**
   * The validated config and its problems, by the options it was loaded with, while no file it came from changed, for
   * the site at `root`.
   */
  config?(root: string): KeyedMemo<LoadedConfig>;
  /** Validated frontmatter by file, keyed by its YAML text, for the site at `root`. */
  frontmatter?(root: string): FrontmatterMemo;
  /** Markdown files as read, by path, while their stats are unchanged, for the site at `root`. */
  sources?(root: string): SourceMemo;
  /** Per-file parse and render results, for the site at `root`. */
  markdownCache(root: string): MarkdownCache | undefined;
  /** MDX syntax trees by file (the disk cache never holds them), keyed by source and settings. */
  readonly trees?: Map<string, { key: string; tree: ParsedMarkdown }>;
  /** Compiled page modules and MDX components by file, while no file they were built from changed. */
  module(abs: string): LoadedModule | undefined;
  keepModule(abs: string, module: LoadedModule): void;
  /** The client bundle's data by its key, for the site at `root`. */
  bundleMemo?(root: string): KeyedMemo<BundleData>;
  /** The search index files of a set of records. */
  search(key: string): SearchIndexFiles | undefined;
  /**
   * Where the last build left its search index's state, for the site at `root`, and where this one leaves its own:
   * `finish` moves it into place once the output it describes is (disk builds only).
   */
  searchState(root: string): SearchStatePaths | undefined;
  keepSearch(key: string, files: SearchIndexFiles, onDisk: boolean): void;
  /**
   * The last search index made in memory with its state (serve), if it was made by the same code for the same base URL
   * (`stateKey`): the next index updates it instead of being made whole.
   */
  searchInMemory?(stateKey: string): SearchInMemory | undefined;
  keepSearchInMemory?(stateKey: string, index: SearchInMemory): void;
  /** A page made before from the same data (its key), or undefined: render it. */
  page(outFile: string, key: string): ReusedPage | undefined;
  /**
   * The output folder's files and their stats, listed as this build began (disk builds): `page` takes a file's from
   * here instead of statting it. A file changed by hand in the moments since is not seen, as one changed between a
   * stat and the end of the build never was.
   */
  listedOutput?(files: ListedFiles): void;
  keepPage(outFile: string, key: string, html: string | undefined): void;
  /** Each page's key and the documents its data read, from the last build, for the site at `root` (see page-reads.ts). */
  pageReads?(root: string): PageReadsMemo;
  /**
   * A file written in segments (llms-full.txt) as the previous output holds it, untouched since, with its layout: the
   * segments this build has unchanged are copied from it (disk builds).
   */
  segments?(outFile: string): { file: string; layout: SegmentLayout } | undefined;
  keepSegments?(outFile: string, layout: SegmentLayout): void;
  /**
   * Stats the build's inputs for its record (disk builds), started before the output commits and awaited after: the
   * stats and the commit's moves are both done by libuv's threads. Given back to `finish` (`inputStats`). Undefined:
   * none made (no record, the stats failed, or an input was edited while the build ran), and the record stats them
   * itself, finding such an edit again (an mtime only grows).
   */
  statInputs?(build: Pick<FinishedBuild, 'root' | 'inputs' | 'startedAt'> & { contentFiles?: Iterable<string> }): Promise<RecordedInputs | undefined>;
  /** After a build: the disk kind saves its cache and record, and only for a build that succeeded. */
  finish(build: FinishedBuild): void;
  /** A build that ended without `finish` (a mistake found on the way, or a crash) leaves nothing of its own behind. */
  abandon?(): void;
}

export type LoadedConfig = { config: SiteConfig; diagnostics: Diagnostic[] };

export interface KeyedMemo<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

export interface UnchangedBuild {
  pages: number;
  outDir: string;
  warnings: Diagnostic[];
}

/** A page from memory (serve), or a file of the previous output (build). */
export type ReusedPage = { html: string } | { file: string };

export interface FinishedBuild {
  ok: boolean;
  /** The build wrote its output folder (and the record can describe it). */
  wrote: boolean;
  root: string;
  outDir: string;
  startedAt: number;
  inputs: readonly string[];
  /** The files of the output folder, when the writer knows them (else the record walks the folder). */
  outputs?: readonly string[];
  /** Of `outputs`, the files this build wrote; the others are the previous build's files, untouched. */
  written?: ReadonlySet<string>;
  pages: number;
  warnings: Diagnostic[];
  /** The inputs' stats made by `statInputs`, for these very inputs, while the output committed. */
  inputStats?: RecordedInputs;
}

function keyedMemo<T>(): KeyedMemo<T> {
  let kept: { key: string; value: T } | undefined;
  return {
    get: (key) => (kept?.key === key ? kept.value : undefined),
    set: (key, value) => {
      kept = { key, value };
    },
  };
}

/**
 * The files a loaded config stands for: those it was built from, and its sidebars file, which may not exist yet (a
 * sidebars file added later must load).
 */
function configFiles(config: SiteConfig): string {
  return statsKey([...config.configDeps, path.resolve(config.root, config.sidebarsFile)]);
}

/** The config by the options it was loaded with; it expires when a file it was built from changes. */
function configMemo(): KeyedMemo<LoadedConfig> {
  let kept: { key: string; files: string; value: LoadedConfig } | undefined;
  return {
    get: (key) => (kept?.key === key && kept.files === configFiles(kept.value.config) ? kept.value : undefined),
    set: (key, value) => {
      kept = { key, files: configFiles(value.config), value };
    },
  };
}

/**
 * Variables a shell sets for its own bookkeeping, which no config has cause to read: `cd` changes OLDPWD, and `_` names
 * the last command, so with them in the key a build after either compiled the config again (~120 ms).
 */
const SHELL_BOOKKEEPING: ReadonlySet<string> = new Set(['OLDPWD', '_', 'SHLVL']);

/**
 * The config memo of `protodocs build`, in a file: what evaluating the config gave, while no file it was built from
 * changed and the environment (which a config may read) is the same. Compiling and running it costs about 100 ms, a
 * sixth of an edit's build at 1,000 pages. As in serve, and as for the build record's "nothing changed", the files
 * are those esbuild bundled: a file the config reads itself with `fs` at run time is not among them.
 */
function configFileMemo(memo: KeyedMemo<LoadedConfig & { files: string }>, env: Readonly<Record<string, string | undefined>>): KeyedMemo<LoadedConfig> {
  const read = Object.entries(env).filter(([name]) => !SHELL_BOOKKEEPING.has(name));
  const environment = hashText(JSON.stringify(read.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  return {
    get(key) {
      const saved = memo.get(hashText(key, environment));
      return saved && saved.files === configFiles(saved.config) ? { config: saved.config, diagnostics: saved.diagnostics } : undefined;
    },
    set: (key, value) => memo.set(hashText(key, environment), { ...value, files: configFiles(value.config) }),
  };
}

/** Nothing reused: every build does all of its work (tests, one-off builds). */
export function noReuse(): Reuse {
  return {
    codeKey: () => '',
    keysPages: false,
    unchanged: () => undefined,
    markdownCache: () => undefined,
    module: () => undefined,
    keepModule: () => {},
    search: () => undefined,
    searchState: () => undefined,
    keepSearch: () => {},
    page: () => undefined,
    keepPage: () => {},
    finish: () => {},
  };
}

/**
 * Below this many content files, `unchanged` lists content/ with its stats itself: in this thread, 1,000 files take
 * about 15 ms; another thread took 40 ms to start and the scan waited for it. At 10,000 the 130 ms of stats are better
 * spent beside the caches' load, in that thread.
 */
const LISTED_HERE_FILES = 3_000;

/**
 * `protodocs build` and `check`: the per-file cache and the build record under node_modules/.cache/protodocs. A page
 * whose key matches the record's is taken from the previous output, which is still exactly as that build wrote it.
 */
export function diskReuse(options: {
  record: boolean;
  /** The environment the config runs in (the CLI's): given, the evaluated config is kept between builds. */
  environment?: Readonly<Record<string, string | undefined>>;
}): Reuse {
  let cache: MarkdownCache | undefined;
  let record: { key: string; previous?: BuildRecord; outputs: Map<string, [number, number]> } | undefined;
  const pageKeys: Record<string, string> = {};
  const segments: Record<string, SegmentLayout> = {};
  let search: { key: string; files: SearchIndexFiles; onDisk: boolean } | undefined;
  let state: { file: string; next: string } | undefined;
  let bundle: ReturnType<typeof fileMemo<BundleData>> | undefined;
  let frontmatter: ReturnType<typeof frontmatterFile> | undefined;
  let sources: ReturnType<typeof sourcesFile> | undefined;
  let config: ReturnType<typeof fileMemo<LoadedConfig & { files: string }>> | undefined;
  let listed: ListedFiles | undefined;
  let content: ListedFiles | undefined;
  let reads: ReturnType<typeof pageReadsFile> | undefined;
  /** What a failed build leaves: nothing (the caches' files are saved only by `finish`). */
  const abandon = () => {
    cache?.discard();
    if (state) moveSearchState(state, false);
  };
  let remembered: ReturnType<typeof rememberedCodeKey> | undefined;
  const diskCode = (root: string) => (remembered ??= rememberedCodeKey(path.join(cacheFolder(root), 'code-key.json'))).key;
  return {
    codeKey: diskCode,
    keysPages: options.record,
    config: options.environment && ((root) => configFileMemo((config ??= fileMemo(path.join(cacheFolder(root), 'config.bin'), () => diskCode(root))), options.environment!)),
    recorded: () => record?.previous !== undefined && record.previous.key === record.key,
    listedContent: () => content,
    unchanged(recordOptions) {
      if (!options.record) return undefined;
      const key = recordKey(recordOptions);
      const previous = readRecord(recordOptions.root);
      record = { key, previous, outputs: new Map(previous?.outputs.map(([rel, size, mtimeMs]) => [rel, [size, mtimeMs]])) };
      if (!previous) return undefined;
      const root = path.resolve(recordOptions.root);
      // A thread to list content/ took longer to start than the listing takes here, up to a few thousand files; an
      // edit's scan waited for it (50 ms of an edit at 1,000 pages). The same listing serves both.
      content = previous.key === key && previous.contentFiles.length < LISTED_HERE_FILES ? walkFilesWithStats(path.join(root, 'content')) : undefined;
      if (!isUpToDate(previous, key, root, content)) return undefined;
      return { pages: previous.pages, outDir: previous.outDir, warnings: previous.warnings };
    },
    // One build per process: a cold one writes the cache as it goes (see MarkdownCache.load).
    markdownCache: (root) => (cache ??= MarkdownCache.load(root, { spill: true })),
    module: () => undefined,
    keepModule: () => {},
    search: (key) => cache?.getSearch(key),
    frontmatter: (root) => (frontmatter ??= frontmatterFile(path.join(cacheFolder(root), 'frontmatter.bin'), diskCode(root))).memo,
    sources: (root) => (sources ??= sourcesFile(path.join(cacheFolder(root), 'sources.bin'), diskCode(root))).memo,
    bundleMemo: (root) => (bundle ??= fileMemo<BundleData>(path.join(cacheFolder(root), 'bundle.bin'), () => diskCode(root))),
    searchState(root) {
      if (!options.record) return undefined;
      const file = path.join(cacheFolder(root), 'search-state.bin');
      state = { file, next: `${file}.${process.pid}.tmp` };
      return { previous: existsSync(file) ? file : undefined, next: state.next };
    },
    keepSearch(key, files, onDisk) {
      search = { key, files, onDisk };
    },
    page(outFile, key) {
      const previous = record?.previous;
      const file = previous && reusablePage(previous, record!.key, previous.outDir, outFile, key, record!.outputs, listed);
      return file ? { file } : undefined;
    },
    listedOutput(files) {
      listed = files;
    },
    keepPage(outFile, key) {
      pageKeys[outFile] = key;
    },
    // Without a record no page is taken from the output, so its reads would never serve.
    pageReads: (root) => (reads ??= pageReadsFile(path.join(cacheFolder(root), 'page-reads.bin'), () => (options.record ? diskCode(root) : undefined))),
    segments(outFile) {
      const previous = record?.previous;
      const layout = previous?.segments[outFile];
      const file = layout && intactOutput(previous, record!.key, previous.outDir, outFile, record!.outputs, listed);
      return file ? { file, layout } : undefined;
    },
    keepSegments(outFile, layout) {
      segments[outFile] = layout;
    },
    abandon,
    async statInputs(build) {
      if (!record) return undefined;
      try {
        // A disk build names no changed files, so its scan put every markdown file in the sources memo with the stats
        // it had before the scan read it: statted there, or listed before the scan (see scanContent).
        return await recordInputs(build, record.previous, sources && ((abs) => sources!.memo.get(abs)));
      } catch {
        // `finish` stats them itself.
        return undefined;
      }
    },
    finish(build) {
      if (!build.ok) return abandon();
      // The output and its index's state change together: a state that does not describe the output is not kept.
      if (state) moveSearchState(state, build.wrote);
      remembered?.save?.();
      config?.save();
      bundle?.save();
      frontmatter?.save();
      sources?.save();
      if (!cache) return;
      // An index its worker wrote to disk is not held here to cache; a later build with the same records makes it again.
      if (search && !search.onDisk) cache.setSearch(search.key, search.files);
      cache.save();
      if (record && build.wrote) {
        const { root, outDir, startedAt, inputs, outputs, written, pages, warnings, inputStats } = build;
        // A file the build did not write is as the previous record describes it, or (changed by hand since) it is not,
        // and then the next build finds it so, as it would have.
        const untouched = written && record.previous?.outDir === outDir ? (rel: string) => (written.has(rel) ? undefined : record!.outputs.get(rel)) : undefined;
        writeRecord({ key: record.key, startedAt, root, outDir, inputs, outputs, untouched, pages, warnings, pageKeys, segments }, record.previous, inputStats);
        reads?.save();
      }
    },
  };
}

/**
 * A value by its key in one file (the last one set), under the running code's key too: what a build of the same inputs
 * would make again. Unreadable or foreign, it is none. What is set is written by `save`, after a build that succeeded.
 */
function fileMemo<T>(file: string, code: () => string): KeyedMemo<T> & { save(): void } {
  let pending: [string, T] | undefined;
  return {
    get: (key) => readKeyedFile<T>(file, hashText(code(), key)),
    set(key, value) {
      pending = [hashText(code(), key), value];
    },
    save() {
      if (pending) writeKeyedFile(file, ...pending);
    },
  };
}

/**
 * The pages' reads in a file, under the running code's key (other code may make other data of the same table). A
 * page's key from here is only a candidate: the build record and the output file must still agree (see `page`).
 */
function pageReadsFile(file: string, code: () => string | undefined): PageReadsMemo & { save(): void } {
  let pending: [string, PageReadsOnDisk] | undefined;
  return {
    earlier(structure) {
      const key = code();
      const saved = key === undefined ? undefined : readKeyedFile<PageReadsOnDisk>(file, key);
      return saved?.[0] === structure && saved[1] instanceof Map ? saved[1] : undefined;
    },
    keep(structure, pages) {
      const key = code();
      if (key !== undefined) pending = [key, [structure, pages]];
    },
    save() {
      if (pending) writeKeyedFile(file, ...pending);
    },
  };
}

type PageReadsOnDisk = [structure: string, pages: ReadonlyMap<string, PageRead>];

/** Puts this build's search state in place of the last one's, or drops it; with no new state, the old one goes too. */
function moveSearchState({ file, next }: { file: string; next: string }, keep: boolean): void {
  try {
    if (keep && existsSync(next)) {
      renameSync(next, file);
      renameSync(indexedPagesFile(next), indexedPagesFile(file));
    } else {
      rmSync(next, { force: true });
      rmSync(indexedPagesFile(next), { force: true });
      if (keep) {
        rmSync(file, { force: true });
        rmSync(indexedPagesFile(file), { force: true });
      }
    }
  } catch {
    // Unremovable: the next build checks a state against the output it finds before it uses it.
  }
}

/**
 * `protodocs serve`: everything kept in memory between builds, each value while what it was made from is unchanged.
 * The per-file cache is loaded from disk once; serve saves it when it has time (`save`).
 */
export interface MemoryReuse extends Reuse {
  save(): void;
}

export function memoryReuse(): MemoryReuse {
  let code: string | undefined;
  const serveConfig = configMemo();
  let cache: MarkdownCache | undefined;
  const modules = new Map<string, { key: string; value: LoadedModule }>();
  const pages = new Map<string, { key: string; html: string }>();
  let lastReads: { structure: string; pages: ReadonlyMap<string, PageRead> } | undefined;
  const pageReads: PageReadsMemo = {
    earlier: (structure) => (lastReads?.structure === structure ? lastReads.pages : undefined),
    keep(structure, pages) {
      lastReads = { structure, pages };
    },
  };
  const searches = keyedMemo<SearchIndexFiles>();
  let lastSearch: { stateKey: string; index: SearchInMemory } | undefined;
  const bundles = keyedMemo<BundleData>();
  const frontmatter: FrontmatterMemo = new Map();
  const sources: SourceMemo = new Map();
  return {
    codeKey: () => (code ??= codeKey()),
    keysPages: true,
    unchanged: () => undefined,
    config: () => serveConfig,
    frontmatter: () => frontmatter,
    sources: () => sources,
    markdownCache(root) {
      if (cache) cache.nextBuild();
      else cache = MarkdownCache.load(root);
      return cache;
    },
    trees: new Map(),
    module(abs) {
      const known = modules.get(abs);
      return known && known.key === statsKey(known.value.deps) ? known.value : undefined;
    },
    keepModule(abs, module) {
      modules.set(abs, { key: statsKey(module.deps), value: module });
    },
    bundleMemo: () => bundles,
    search: (key) => searches.get(key) ?? cache?.getSearch(key),
    searchState: () => undefined,
    keepSearch(key, files, onDisk) {
      searches.set(key, files);
      if (!onDisk) cache?.setSearch(key, files);
    },
    searchInMemory: (stateKey) => (lastSearch?.stateKey === stateKey ? lastSearch.index : undefined),
    keepSearchInMemory(stateKey, index) {
      lastSearch = { stateKey, index };
    },
    page(outFile, key) {
      const known = pages.get(outFile);
      return known?.key === key ? { html: known.html } : undefined;
    },
    keepPage(outFile, key, html) {
      if (html !== undefined) pages.set(outFile, { key, html });
    },
    pageReads: () => pageReads,
    finish: () => {},
    save: () => cache?.save(),
  };
}
