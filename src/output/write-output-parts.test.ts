import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as FsPromises from 'node:fs/promises';

// Each write takes at most a few bytes, as a system may take fewer than it was given: the rest follows.
const state = vi.hoisted(() => ({ writes: 0 }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  return {
    ...fs,
    open: async (...args: Parameters<typeof fs.open>) => {
      const handle = await fs.open(...args);
      const writev = async (buffers: NodeJS.ArrayBufferView[]) => {
        state.writes++;
        const first = buffers.find((b) => b.byteLength > 0);
        return handle.writev(first ? [new Uint8Array(first.buffer, first.byteOffset, Math.min(first.byteLength, 3))] : []);
      };
      return Object.assign(Object.create(handle) as typeof handle, { writev, close: () => handle.close() });
    },
  };
});

const { StreamingOutput } = await import('./write-output.ts');
const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-parts-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('a file given in parts, written a little at a time', () => {
  it('is written whole: each write goes on from the byte the last one ended at', async () => {
    const out = path.join(temp, 'site');
    const parts = ['one ', '', 'two three ', 'four'].map((text) => Buffer.from(text));
    const sink = await StreamingOutput.open(out);
    await sink.writeParts('file.txt', parts);
    await sink.commit(new Map());
    expect(readFileSync(path.join(out, 'file.txt'), 'utf8')).toBe('one two three four');
    expect(state.writes).toBe(Math.ceil(4 / 3) + Math.ceil(10 / 3) + Math.ceil(4 / 3));
  });
});
