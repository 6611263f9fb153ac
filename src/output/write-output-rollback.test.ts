import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as FsPromises from 'node:fs/promises';
import { walkFiles } from '../files/index.ts';

// The first rename to `failTo` fails: a disk that fills or a file another program holds, midway through a patch.
const state = vi.hoisted(() => ({ failTo: '' }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  return {
    ...fs,
    rename: async (from: string, to: string) => {
      if (to === state.failTo) {
        state.failTo = '';
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      }
      return fs.rename(from, to);
    },
  };
});

const { StreamingOutput } = await import('./write-output.ts');
const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-rollback-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('a patch that fails midway', () => {
  it('puts the previous output back exactly, and says which file could not be moved', async () => {
    const out = path.join(temp, 'site');
    const files: Record<string, string> = { 'index.html': 'home', 'a/page.html': 'a', 'b/page.html': 'b', 'stale/page.html': 'stale' };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
      writeFileSync(path.join(out, rel), text);
    }
    const sink = await StreamingOutput.open(out, { patch: true });
    await sink.write('index.html', 'home, edited');
    await sink.write('a/page.html', 'a, edited');
    await sink.write('b/page.html', 'b, edited');
    // The stale file goes aside, and the edited pages aside and in, many at once: moving b/page.html in fails, after
    // some of the others moved.
    state.failTo = path.join(out, 'b', 'page.html');
    const error = await sink.commit(new Map()).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(path.join(out, 'b', 'page.html'));
    expect(walkFiles(out)).toEqual(Object.keys(files).sort());
    for (const [rel, text] of Object.entries(files)) expect(readFileSync(path.join(out, rel), 'utf8')).toBe(text);
    expect(readdirSync(temp).filter((n) => n.startsWith('.protodocs-'))).toEqual([]);
  });
});
