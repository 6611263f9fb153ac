import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { build } from '../src/pipeline/index.ts';
import { diskReuse } from '../src/reuse/index.ts';
import { inProcessPools } from '../src/workers/worker-pool.ts';
import { writeCorpus } from './bench/corpus.mjs';

const collections = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/workers/collect-garbage.ts', () => ({ collectGarbage: () => void collections.count++ }));

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-garbage-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

it('collects this thread\'s garbage before the pages render after making most pages\' search records, and not after an edit', async () => {
  const site = path.join(temp, 'site');
  (writeCorpus as (dir: string, pages: number) => void)(site, 30);
  const run = async () => {
    const result = await build({ root: site, write: true, minify: false, reuse: diskReuse({ record: true }), workers: inProcessPools(2, 0) });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    return result;
  };
  await run();
  expect(collections.count).toBe(1);
  appendFileSync(path.join(site, 'content/docs/section-0/page-1.md'), '\nOne more line.\n');
  const edit = await run();
  expect(edit.freshPages?.size).toBeLessThan(edit.pages);
  expect(collections.count).toBe(1);
}, 60_000);
