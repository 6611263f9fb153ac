import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { recordsFromIndexFiles, SEARCH_INDEX_DIR } from './shard-files.ts';
import type { SearchRecord } from './types.ts';

/**
 * Reads the search records back from a built site (`outDir`, e.g. build/), for the ask handler of `protodocs serve`:
 * every scope's entry and page details. Returns [] when the site has no index.
 */
export async function loadSearchRecords(outDir: string): Promise<SearchRecord[]> {
  const dir = path.join(outDir, SEARCH_INDEX_DIR);
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir, { recursive: true })).filter((n) => n.endsWith('.json'));
  const texts = new Map<string, string>();
  await Promise.all(names.map(async (n) => texts.set(`${SEARCH_INDEX_DIR}/${n.split(path.sep).join('/')}`, await readFile(path.join(dir, n), 'utf8'))));
  return recordsFromIndexFiles(texts.keys(), (rel) => texts.get(rel));
}
