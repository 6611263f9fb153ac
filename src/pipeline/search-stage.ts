import type { SiteConfig } from '../config/index.ts';
import { hashText } from '../files/index.ts';
import type { DocumentHtml } from '../markdown/index.ts';
import type { Reuse } from '../reuse/index.ts';
import type { RouteTable } from '../routes/index.ts';
import { buildSearchRecords, hashPages, searchIndexUrl, type SearchIndexJob, type SearchRecord, type SearchStatePaths } from '../search/index.ts';

export { searchIndexUrl };
import { makeSearchIndex, type BuildPool, type MadeSearchIndex } from '../workers/index.ts';

/** The search stage's input: the site's sections, and the URL pages link (the same whatever the content). */
export interface SearchTask {
  records: SearchRecord[];
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
  indexUrl: string;
}

export type IndexFiles = MadeSearchIndex;

export function prepareSearch(config: SiteConfig, table: RouteTable, html: ReadonlyMap<string, DocumentHtml>, reuse: Reuse): SearchTask {
  const sources = new Map<string, string>();
  const records = buildSearchRecords({ table, html, baseUrl: config.baseUrl, language: config.i18n.defaultLocale, sources });
  const pageHashes = hashPages(records, sources);
  const code = reuse.codeKey();
  const stateKey = code ? hashText(config.baseUrl, code) : '';
  return {
    records,
    pageHashes,
    baseUrl: config.baseUrl,
    key: code ? hashText(stateKey, [...pageHashes].map(([url, hash]) => `${url} ${hash}`).join('\n')) : '',
    stateKey,
    outDir: config.outDirAbs,
    statePaths: reuse.searchState(config.root),
    indexUrl: searchIndexUrl(config.baseUrl),
  };
}

type WriteTo = { directory: string; previous?: string };

/** The job for `makeSearchIndex`: updated from the last build's index where it writes into the output that describes. */
function jobOf(task: SearchTask, writeTo?: WriteTo): SearchIndexJob {
  const state = writeTo && task.stateKey && task.statePaths ? { key: task.stateKey, outDir: task.outDir, paths: task.statePaths } : undefined;
  return { records: task.records, baseUrl: task.baseUrl, pageHashes: task.pageHashes, writeTo, state };
}

/**
 * The index when it is ready at once (reused), or being made by a worker while the pages render; a worker writes its
 * files straight into `writeTo` (at 10,000 pages, ~100 MB that need not cross threads). Undefined: index it later.
 */
export function startSearch(task: SearchTask, reuse: Reuse, pool?: BuildPool, writeTo?: WriteTo): Promise<IndexFiles> | undefined {
  const known = reuse.search(task.key);
  if (known) return Promise.resolve({ ...known, onDisk: false, made: [] });
  if (!pool) return undefined;
  const making = pool.searchIndex(jobOf(task, writeTo)).then((files) => keep(task, reuse, files));
  making.catch(() => {});
  return making;
}

/** The search stage on its own: `serve` schedules it after telling the tabs to reload; a build without workers awaits it. */
export async function indexSearch(task: SearchTask, reuse: Reuse, pool?: BuildPool, writeTo?: WriteTo): Promise<IndexFiles> {
  const known = reuse.search(task.key);
  if (known) return { ...known, onDisk: false, made: [] };
  const files = pool ? await pool.searchIndex(jobOf(task, writeTo)) : makeSearchIndex(jobOf(task, writeTo));
  return keep(task, reuse, files);
}

function keep(task: SearchTask, reuse: Reuse, files: IndexFiles): IndexFiles {
  reuse.keepSearch(task.key, files, files.onDisk);
  return files;
}
