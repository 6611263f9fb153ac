// Bundled by run.mjs at bench time: queries a built site's sharded search index the way the browser does, reading
// the files from disk instead of fetching them, and measures what each query reads and how long it takes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { searchShards, type PageDetails, type PageText, type SearchEntry, type ShardedScope, type TermChunk, type TermDirectory } from '../../src/search-engine/index.ts';

export const QUERIES = ['receipt', 'attestation signature', 'publisher domain', 'verifcation', 'webhook payload', 'canonical', 'licence terms', 'index entry', 'analytics', 'trainin'];

/** The modal's request: eight pages, four hits each. */
const MODAL = { maxGroups: 8, maxHitsPerGroup: 4, excerptLength: 110 };

function openScope(outDir: string, read: (urlPath: string) => string): ShardedScope {
  const entry = JSON.parse(read('/search-index/main/entry.json')) as SearchEntry;
  return {
    entry,
    file: async (name) => JSON.parse(read(entry.assets + name)) as TermDirectory | TermChunk,
    details: async (page) => JSON.parse(read(`${entry.pages}${page}.json`)) as PageDetails,
    text: async (page) => JSON.parse(read(`${entry.pages}${page}.text.json`)) as PageText,
  };
}

export interface QueryCost {
  query: string;
  /** Gzip bytes of the files the query read (the entry included), each counted once. */
  gzipBytes: number;
  files: number;
  ms: number;
}

/** Each query on a fresh scope, as a reader's first query: what it reads, and how long it takes from disk. */
export async function measureSearch(outDir: string, queries: readonly string[] = QUERIES): Promise<{ queries: QueryCost[]; medianGzipBytes: number; medianQueryMs: number }> {
  const costs: QueryCost[] = [];
  for (const query of queries) {
    const read = new Map<string, number>();
    const readFile = (urlPath: string) => {
      const text = readFileSync(path.join(outDir, ...urlPath.split('/').filter(Boolean)), 'utf8');
      if (!read.has(urlPath)) read.set(urlPath, gzipSync(text).length);
      return text;
    };
    const started = performance.now();
    await searchShards([openScope(outDir, readFile)], query, MODAL);
    const ms = performance.now() - started;
    costs.push({ query, gzipBytes: [...read.values()].reduce((a, b) => a + b, 0), files: read.size, ms });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { queries: costs, medianGzipBytes: median(costs.map((c) => c.gzipBytes)), medianQueryMs: median(costs.map((c) => c.ms)) };
}
