// Bundled by run.mjs at bench time: loads a built site's search index the way the browser does and times queries.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  loadSearchIndex,
  searchIndexes,
  upgradeSearchIndex,
  type SearchFullIndexFile,
  type SearchIndexFile,
} from '../../src/search-engine/engine.ts';

const QUERIES = ['receipt', 'attestation signature', 'publisher domain', 'verifcation', 'webhook payload', 'canonical', 'licence terms', 'index entry', 'analytics', 'trainin'];

export function measureSearch(outDir: string): { firstQueryBytes: number; firstQueryGzipBytes: number; medianQueryMs: number } {
  const dir = path.join(outDir, 'assets', 'search');
  const names = readdirSync(dir);
  const indexName = names.filter((n) => /^index\..*\.json$/.test(n)).sort()[0];
  const text = readFileSync(path.join(dir, indexName));
  const loaded = loadSearchIndex(JSON.parse(text.toString('utf8')) as SearchIndexFile);
  for (const name of names.filter((n) => n.startsWith('full-'))) {
    const full = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SearchFullIndexFile;
    try {
      upgradeSearchIndex(loaded, full);
    } catch {
      // A full index of another docs version does not belong to this one.
    }
  }
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const query of QUERIES) {
      const started = performance.now();
      searchIndexes([loaded], query);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return { firstQueryBytes: text.length, firstQueryGzipBytes: gzipSync(text).length, medianQueryMs: times[Math.floor(times.length / 2)] };
}
