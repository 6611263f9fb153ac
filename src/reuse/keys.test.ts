import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../config/index.ts';
import { codeFiles, codeKey, rememberedCodeKey } from './keys.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-keys-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('codeKey', () => {
  test('covers the compiled CLI and its loader, which an installed package runs without its sources', () => {
    const files = codeFiles().map((f) => path.relative(PACKAGE_ROOT, f));
    expect(files).toEqual(expect.arrayContaining(['dist/cli.cjs', 'dist/launch.js', 'dist/build-worker.js', 'src/cli/main.ts']));
    expect(files.filter((f) => f.endsWith('.map') || f.includes('.test.'))).toEqual([]);
  });
});

describe('rememberedCodeKey', () => {
  test('hashes the code once, then reads the key back while the code files keep their stats', () => {
    const file = path.join(temp, 'cache', 'code-key.json');
    const first = rememberedCodeKey(file);
    expect(first.key).toBe(codeKey());
    // Saved only when asked (after a build that succeeded).
    expect(existsSync(file)).toBe(false);
    first.save!();
    const key = first.key;
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { stats: string; key: string };
    expect(saved.key).toBe(key);
    // Read back, not hashed again: a key saved beside the same stats is the one given.
    writeFileSync(file, JSON.stringify({ stats: saved.stats, key: 'remembered' }));
    expect(rememberedCodeKey(file)).toEqual({ key: 'remembered' });
  });

  test('code files with other stats, or an unreadable memo, are hashed again and the memo rewritten', () => {
    const file = path.join(temp, 'other', 'code-key.json');
    rememberedCodeKey(file).save!();
    writeFileSync(file, JSON.stringify({ stats: 'stats of older code', key: 'stale' }));
    const again = rememberedCodeKey(file);
    expect(again.key).toBe(codeKey());
    again.save!();
    expect(JSON.parse(readFileSync(file, 'utf8')).key).toBe(codeKey());
    writeFileSync(file, '{ not json');
    expect(rememberedCodeKey(file).key).toBe(codeKey());
  });
});
