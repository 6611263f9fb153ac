import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchSite, type SiteWatcher } from './watch.ts';

/** The batches a watcher reports, and a promise for the next one (which fails after 5 s without one). */
function changeBatches() {
  const batches: string[][] = [];
  let notify: (() => void) | undefined;
  const onChange = (changed: string[]) => {
    batches.push(changed);
    notify?.();
  };
  const nextBatch = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no change reported; got ${JSON.stringify(batches)}`)), 5_000);
      notify = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  return { batches, onChange, nextBatch };
}

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
    const { batches, onChange, nextBatch } = changeBatches();
    watcher = await watchSite({ paths: [dir], ignoreUnder: [], debounceMs: 10, onChange });

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

  it('watches a file a build read outside the watched folders once it is added, however often it is added again', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'protodocs-watch-unit-'));
    const content = path.join(dir, 'content');
    const helper = path.join(dir, 'lib', 'helper.ts');
    mkdirSync(content);
    mkdirSync(path.dirname(helper));
    writeFileSync(helper, 'export const a = 1;\n');
    const { batches, onChange, nextBatch } = changeBatches();
    watcher = await watchSite({ paths: [content], ignoreUnder: [], debounceMs: 10, onChange });
    // Every build names every file it read: the second and third builds add it again.
    for (let build = 0; build < 3; build++) watcher.add([helper, path.join(content, 'doc.md')]);
    // chokidar starts watching an added file asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const batch = nextBatch();
    writeFileSync(helper, 'export const a = 2;\n');
    await batch;
    expect(batches).toEqual([[helper]]);
  });
});
