import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchSite, type SiteWatcher } from './watch.ts';

describe('watchSite', () => {
  let dir: string;
  let watcher: SiteWatcher | undefined;

  afterEach(async () => {
    await watcher?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports a second save of the same file that comes right after the first', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'protodocs-watch-unit-'));
    const file = path.join(dir, 'doc.md');
    writeFileSync(file, 'one\n');
    const batches: string[][] = [];
    let notify: (() => void) | undefined;
    watcher = await watchSite({
      paths: [dir],
      ignoreUnder: [],
      debounceMs: 10,
      onChange: (changed) => {
        batches.push(changed);
        notify?.();
      },
    });
    const nextBatch = () =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no change reported; got ${JSON.stringify(batches)}`)), 5_000);
        notify = () => {
          clearTimeout(timer);
          resolve();
        };
      });

    let batch = nextBatch();
    writeFileSync(file, 'two\n');
    await batch;
    expect(batches).toEqual([[file]]);
    // Well inside chokidar's 50 ms window for the same file, where its own change event is dropped.
    batch = nextBatch();
    writeFileSync(file, 'three, longer\n');
    await batch;
    expect(batches).toEqual([[file], [file]]);
  });
});
