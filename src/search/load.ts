import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { recordsFromIndexFiles, SEARCH_ASSETS_DIR } from './index-files.ts';
import type { SearchRecord } from './types.ts';

/**
 * Reads the search records back from a built site (`outDir`, e.g. build/), for the ask handler of `protodocs serve`.
 * Returns [] when the site has no index files.
 */
export async function loadSearchRecords(outDir: string): Promise<SearchRecord[]> {
  const dir = path.join(outDir, ...SEARCH_ASSETS_DIR.split('/'));
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  const texts = new Map<string, string>();
  await Promise.all(names.map(async (n) => texts.set(`${SEARCH_ASSETS_DIR}/${n}`, await readFile(path.join(dir, n), 'utf8'))));
  return recordsFromIndexFiles(texts.keys(), (rel) => texts.get(rel));
}
