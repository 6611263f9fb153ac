import type { SiteConfig } from '../config/index.ts';
import { hashText } from '../files/index.ts';
import type { DocumentHtml } from '../markdown/index.ts';
import type { Reuse } from '../reuse/index.ts';
import type { RouteTable } from '../routes/index.ts';
import { buildSearchIndexFiles, buildSearchRecords, hashRecords, searchIndexUrl, type SearchIndexFiles, type SearchRecord } from '../search/index.ts';

export { searchIndexUrl };
import type { BuildPool } from '../workers/index.ts';

/** The search stage's input: the site's sections, and the URL pages link (the same whatever the content). */
export interface SearchTask {
  records: SearchRecord[];
  baseUrl: string;
  /** The index depends only on its records (and the code): an unchanged site reuses the last build's files. */
  key: string;
  indexUrl: string;
}

/** `onDisk`: a worker wrote them into the output itself; `made` lists them. */
export type IndexFiles = SearchIndexFiles & { onDisk: boolean; made: string[] };

export function prepareSearch(config: SiteConfig, table: RouteTable, html: ReadonlyMap<string, DocumentHtml>, reuse: Reuse): SearchTask {
  const records = buildSearchRecords({ table, html, baseUrl: config.baseUrl, language: config.i18n.defaultLocale });
  const recordsHash = hashRecords(records);
  const code = reuse.codeKey();
  return { records, baseUrl: config.baseUrl, key: code ? hashText(config.baseUrl, code, recordsHash) : '', indexUrl: searchIndexUrl(config.baseUrl) };
}

/**
 * The index when it is ready at once (reused), or being made by a worker while the pages render; a worker writes its
 * files straight into `writeTo` (at 10,000 pages, ~100 MB that need not cross threads). Undefined: index it later.
 */
export function startSearch(task: SearchTask, reuse: Reuse, pool?: BuildPool, writeTo?: { directory: string; previous?: string }): Promise<IndexFiles> | undefined {
  const known = reuse.search(task.key);
  if (known) return Promise.resolve({ ...known, onDisk: false, made: [] });
  if (!pool) return undefined;
  const making = pool.searchIndex(task.records, task.baseUrl, writeTo).then((files) => keep(task, reuse, files));
  making.catch(() => {});
  return making;
}

/** The search stage on its own: `serve` schedules it after telling the tabs to reload; a build awaits it. */
export async function indexSearch(task: SearchTask, reuse: Reuse, pool?: BuildPool): Promise<IndexFiles> {
  const known = reuse.search(task.key);
  if (known) return { ...known, onDisk: false, made: [] };
  const files = pool
    ? await pool.searchIndex(task.records, task.baseUrl)
    : { ...buildSearchIndexFiles(task.records, { baseUrl: task.baseUrl }), onDisk: false, made: [] };
  return keep(task, reuse, files);
}

function keep(task: SearchTask, reuse: Reuse, files: IndexFiles): IndexFiles {
  reuse.keepSearch(task.key, files, files.onDisk);
  return files;
}
