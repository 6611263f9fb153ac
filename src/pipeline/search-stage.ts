import type { SiteConfig } from '../config/index.ts';
import { hashText } from '../files/index.ts';
import type { DocumentHtml } from '../markdown/index.ts';
import type { Reuse } from '../reuse/index.ts';
import type { RouteTable } from '../routes/index.ts';
import { buildSearchRecords, hashPages, indexedPagesOf, readIndexedPages, searchIndexUrl, type SearchIndexJob, type SearchInMemory, type SearchRecord, type SearchStatePaths } from '../search/index.ts';

export { searchIndexUrl };
import { makeSearchIndex, updateSearchIndexInMemory, type BuildPool, type MadeSearchIndex } from '../workers/index.ts';

/** The search stage's input: the site's sections, and the URL pages link (the same whatever the content). */
export interface SearchTask {
  /** One or more per page, in route order; a page the index being updated holds as it is has one `unchanged` record. */
  records: SearchRecord[];
  /** The records again, every page's whole: for when the index cannot be updated after all. */
  allRecords?: () => SearchRecord[];
  /** Each page's records' hash: a build updates the last build's index where they changed. */
  pageHashes: Map<string, string>;
  baseUrl: string;
  /** The index depends only on its records (and the code): an unchanged site reuses the last build's files. */
  key: string;
  /** What the index depends on besides its records (the code, the base URL): the last build's state must match it. */
  stateKey: string;
  /** The output folder the index goes to. */
  outDir: string;
  /** Where the last build left the index's state, and this one leaves its own (disk builds only). */
  statePaths?: SearchStatePaths;
  /** The index is kept in memory with its state (serve, below the worker's size); `last` is the one it updates. */
  inMemory?: { last?: SearchInMemory };
  indexUrl: string;
}

export type IndexFiles = MadeSearchIndex;

/** The code key, the key the last build's index state must have been made under, and where that state is. */
function searchStateOf(config: SiteConfig, reuse: Reuse): { code: string; stateKey: string; statePaths?: SearchStatePaths } {
  const code = reuse.codeKey(config.root);
  return { code, stateKey: code ? hashText(config.baseUrl, code) : '', statePaths: reuse.searchState(config.root) };
}

/**
 * Has the pool's first worker read the last build's index state now, while this thread compiles the pages, for the
 * search job it will then get (see BuildPool.preloadSearchState).
 */
export function preloadSearch(config: SiteConfig, reuse: Reuse, pool: BuildPool): void {
  const { stateKey, statePaths } = searchStateOf(config, reuse);
  if (stateKey && statePaths?.previous) void pool.preloadSearchState(statePaths.previous, stateKey, config.outDirAbs);
}

export function prepareSearch(config: SiteConfig, table: RouteTable, html: ReadonlyMap<string, DocumentHtml>, reuse: Reuse): SearchTask {
  const { code, stateKey, statePaths } = searchStateOf(config, reuse);
  // A large site's index is made in a worker, which has no memory of the last one.
  const inMemory = stateKey && reuse.searchInMemory && !searchesInWorker(table.routes.length) ? { last: reuse.searchInMemory(stateKey) } : undefined;
  const input = { table, html, baseUrl: config.baseUrl, language: config.i18n.defaultLocale };
  // The pages the last build indexed: those whose sources are unchanged need no records made or sent.
  const indexed = inMemory?.last
    ? new Map(indexedPagesOf(inMemory.last.scopes))
    : stateKey && statePaths?.previous
      ? readIndexedPages(statePaths.previous, stateKey, config.outDirAbs)
      : undefined;
  const sourceHashes = new Map<string, string>();
  const records = buildSearchRecords({ ...input, sourceHashes, indexed });
  const pageHashes = hashPages(records, sourceHashes);
  return {
    records,
    allRecords: records.some((r) => r.unchanged) ? () => buildSearchRecords(input) : undefined,
    pageHashes,
    baseUrl: config.baseUrl,
    key: code ? hashText(stateKey, [...pageHashes].map(([url, hash]) => `${url} ${hash}`).join('\n')) : '',
    stateKey,
    outDir: config.outDirAbs,
    statePaths,
    inMemory,
    indexUrl: searchIndexUrl(config.baseUrl),
  };
}

/** For the stage line: the sections indexed, and the pages the last build's index is kept for. */
export function searchSummary(records: readonly SearchRecord[], kept = keptPages(records)): string {
  return `${records.length - kept} sections${kept ? `, ${kept} pages kept` : ''}`;
}

/** Pages the index being updated keeps as they are (one `unchanged` record each); the other records were made anew. */
export function keptPages(records: readonly SearchRecord[]): number {
  return records.filter((r) => r.unchanged).length;
}

type WriteTo = { directory: string; previous?: string };

/** The job for `makeSearchIndex`: updated from the last build's index where it writes into the output that describes. */
function jobOf(task: SearchTask, writeTo?: WriteTo, records = task.records): SearchIndexJob {
  const state = writeTo && task.stateKey && task.statePaths ? { key: task.stateKey, outDir: task.outDir, paths: task.statePaths } : undefined;
  return { records, baseUrl: task.baseUrl, pageHashes: task.pageHashes, writeTo, state, returnState: task.inMemory !== undefined };
}

/**
 * Below this many pages, an update of the last build's index (most pages `unchanged`) costs this thread less than a
 * worker costs to start: at 1,000 pages the update takes tens of milliseconds, a worker's start a few hundred.
 */
const IN_THREAD_UPDATE_PAGES = 4_000;

/** Whether a site of this many pages makes its search index in a worker, even when it only updates it. */
export function searchesInWorker(pages: number): boolean {
  return pages >= IN_THREAD_UPDATE_PAGES;
}

/** Made in a worker, or here; asked again with every page's records when the index could not be updated. */
async function make(task: SearchTask, pool: BuildPool | undefined, writeTo?: WriteTo): Promise<IndexFiles> {
  const whole = (allRecords: () => SearchRecord[]) => {
    const job = jobOf(task, writeTo, allRecords());
    return pool ? pool.searchIndex(job) : makeSearchIndex(job);
  };
  const last = task.inMemory?.last;
  if (last && task.allRecords) {
    const updated = updateSearchIndexInMemory(jobOf(task), last);
    // Made whole after all (the edit moved the scope's average lengths): in a worker where there is one, as on a first
    // build, so that serve's thread is free for the next edit.
    return updated.needsRecords ? whole(task.allRecords) : updated;
  }
  const here = !pool || (task.allRecords !== undefined && !searchesInWorker(task.pageHashes.size));
  if (here) pool?.releaseSearchWorker();
  const made = await (here ? makeSearchIndex(jobOf(task, writeTo)) : pool.searchIndex(jobOf(task, writeTo)));
  return made.needsRecords && task.allRecords ? whole(task.allRecords) : made;
}

/**
 * The index when it is ready at once (reused), or being made by a worker while the pages render; a worker writes its
 * files straight into `writeTo` (at 10,000 pages, ~100 MB that need not cross threads). Undefined: index it later.
 * Started, it takes the task's records: `records` is empty afterwards.
 */
export function startSearch(task: SearchTask, reuse: Reuse, pool?: BuildPool, writeTo?: WriteTo): Promise<IndexFiles> | undefined {
  const known = knownIndex(task, reuse);
  if (known) {
    pool?.releaseSearchWorker();
    return Promise.resolve({ ...known, onDisk: false, made: [] });
  }
  if (!pool) return undefined;
  const making = make(task, pool, writeTo).then((files) => keep(task, reuse, files));
  making.catch(() => {});
  // The job has them now (sent, or queued for the worker): at 10,000 pages their text is 65 MB that this thread would
  // otherwise hold while the pages render. An index that cannot be updated asks for allRecords instead.
  task.records = [];
  return making;
}

/** The search stage on its own: `serve` schedules it after telling the tabs to reload; a build without workers awaits it. */
export async function indexSearch(task: SearchTask, reuse: Reuse, pool?: BuildPool, writeTo?: WriteTo): Promise<IndexFiles> {
  const known = knownIndex(task, reuse);
  if (known) return { ...known, onDisk: false, made: [] };
  return keep(task, reuse, await make(task, pool, writeTo));
}

/**
 * The index made before from the same records, unless the build keeps its index in memory (serve) and has none yet:
 * one found in the disk cache (left by `protodocs build`) comes without its state, and without one, every later edit
 * would make the index whole instead of updating it.
 */
function knownIndex(task: SearchTask, reuse: Reuse): ReturnType<Reuse['search']> {
  return task.inMemory && !task.inMemory.last ? undefined : reuse.search(task.key);
}

function keep(task: SearchTask, reuse: Reuse, files: IndexFiles): IndexFiles {
  reuse.keepSearch(task.key, files, files.onDisk);
  if (task.inMemory && files.scopes && !files.onDisk) reuse.keepSearchInMemory?.(task.stateKey, { scopes: files.scopes, files: files.files });
  return files;
}
