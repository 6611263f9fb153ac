import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StreamingOutput } from './write-output.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-write-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('StreamingOutput', () => {
  it('writes many files into new folders at once, then swaps them in for the old output', async () => {
    const out = path.join(temp, 'site-a');
    mkdirSync(out);
    writeFileSync(path.join(out, 'stale.html'), 'old');
    const sink = await StreamingOutput.open(out);
    for (let i = 0; i < 400; i++) await sink.write(`d${i % 9}/sub${i % 4}/page-${i}.html`, `page ${i}`);
    writeFileSync(path.join(temp, 'image.png'), 'png-bytes');
    await sink.commit(new Map([['img/image.png', path.join(temp, 'image.png')]]));
    expect(readFileSync(path.join(out, 'd3/sub1/page-21.html'), 'utf8')).toBe('page 21');
    expect(readFileSync(path.join(out, 'img/image.png'), 'utf8')).toBe('png-bytes');
    expect(existsSync(path.join(out, 'stale.html'))).toBe(false);
    expect(readdirSync(temp).filter((n) => n.startsWith('.protodocs-'))).toEqual([]);
  });

  it('abort leaves the previous output exactly as it was', async () => {
    const out = path.join(temp, 'site-b');
    mkdirSync(out);
    writeFileSync(path.join(out, 'index.html'), 'previous');
    const sink = await StreamingOutput.open(out);
    await sink.write('index.html', 'half-built');
    await sink.abort();
    expect(readdirSync(out)).toEqual(['index.html']);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(temp).filter((n) => n.startsWith('.protodocs-'))).toEqual([]);
  });
});
