import { describe, expect, test } from 'vitest';
import { noReuse } from '../reuse/index.ts';
import { hashPages, searchIndexUrl } from '../search/index.ts';
import { sampleRecords } from '../search/test-support.ts';
import { inProcessPools } from '../workers/index.ts';
import { startSearch, type SearchTask } from './search-stage.ts';

describe('startSearch', () => {
  test('hands the records to the worker, which indexes them while this thread holds none', async () => {
    const records = sampleRecords();
    const task: SearchTask = { records, pageHashes: hashPages(records, new Map()), baseUrl: '/', key: '', stateKey: '', outDir: '/nowhere', indexUrl: searchIndexUrl('/') };
    const pool = inProcessPools(2, 0)(records.length)!;
    try {
      const making = startSearch(task, noReuse(), pool)!;
      expect(task.records).toEqual([]);
      const made = await making;
      expect(made.indexUrl).toBe(searchIndexUrl('/'));
      // Every page of the records is in the index.
      const pages = new Set(records.map((r) => r.pageUrl));
      const text = [...made.files.values()].map(String).join('\n');
      for (const page of pages) expect(text).toContain(JSON.stringify(page).slice(1, -1));
    } finally {
      await pool.close();
    }
  });
});
