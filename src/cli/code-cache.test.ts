import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { walkFiles } from '../files/index.ts';
import { LAUNCH_FLAGS, RUNTIME_FLAG_DEFAULTS } from './code-cache.ts';

// Each load runs in a process of its own, as the CLI does: V8 accepts or refuses a code cache by the flags of the
// process reading it, and a test's own process has other flags and code.
const src = path.dirname(fileURLToPath(import.meta.url));
let temp: string;
let runner: string;

beforeAll(async () => {
  temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-code-cache-'));
  runner = path.join(temp, 'runner.mjs');
  // Loads the script named on the command line, prints what it exported and how the code was loaded, and saves the
  // cache as the kind of run named next, after setting the flags a large build sets.
  await build({
    stdin: {
      contents: `
        import { setFlagsFromString } from 'node:v8';
        import { runCached } from ${JSON.stringify(path.join(src, 'code-cache.ts'))};
        const [script, cache, kind, flags] = process.argv.slice(2);
        const loaded = runCached(script, cache);
        for (const flag of flags ? flags.split(' ') : []) setFlagsFromString(flag);
        console.log(JSON.stringify({ value: loaded.exports.value(), use: loaded.use }));
        if (kind) loaded.save(kind);
      `,
      resolveDir: src,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: runner,
    logLevel: 'warning',
  });
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function load(script: string, cache: string, kind = '', flags = ''): { value: string; use: string } {
  return JSON.parse(execFileSync(process.execPath, [runner, script, cache, kind, flags], { encoding: 'utf8' })) as { value: string; use: string };
}

function script(name: string, body: string): string {
  const file = path.join(temp, name);
  writeFileSync(file, `exports.value = function () { return ${body}; };\n`);
  return file;
}

describe('runCached', () => {
  test('compiles without a cache, then runs from the one a successful run saved; saves once per kind of run', () => {
    const file = script('a.cjs', "'first ' + require('node:path').basename(__filename)");
    const cache = path.join(temp, 'a', 'cli.bin');
    expect(load(file, cache)).toEqual({ value: 'first a.cjs', use: 'none' });
    // A run that did not succeed saves nothing.
    expect(() => statSync(cache)).toThrow();
    expect(load(file, cache, 'build:full')).toEqual({ value: 'first a.cjs', use: 'none' });
    const made = statSync(cache).mtimeMs;
    expect(readFileSync(cache, 'utf8').split('\n')[0]).toContain('"kinds":["build:full"]');
    expect(load(file, cache, 'build:full')).toEqual({ value: 'first a.cjs', use: 'cached' });
    expect(statSync(cache).mtimeMs).toBe(made);
    // Another kind of run compiles other functions: the cache is made again, knowing both.
    expect(load(file, cache, 'build:incremental')).toEqual({ value: 'first a.cjs', use: 'cached' });
    expect(readFileSync(cache, 'utf8').split('\n')[0]).toContain('"kinds":["build:full","build:incremental"]');
    expect(load(file, cache).use).toBe('cached');
  });

  test('never runs the code of an earlier script, even one of the same length', () => {
    const file = script('b.cjs', "'old'");
    const cache = path.join(temp, 'b.bin');
    load(file, cache, 'build:full');
    expect(load(file, cache).use).toBe('cached');
    // V8 itself checks only the length. The file's stats tell a rewritten one (as the code key's memo does).
    const before = statSync(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace("'old'", "'new'"));
    utimesSync(file, before.atime, new Date(before.mtimeMs + 1000));
    expect(load(file, cache)).toEqual({ value: 'new', use: 'none' });
  });

  test('a cache saved after the flags a large build sets is still taken by the next run', () => {
    const file = script('c.cjs', "'c'");
    const cache = path.join(temp, 'c.bin');
    load(file, cache, 'build:full', '--expose-gc --heap-growing-percent=50');
    expect(load(file, cache).use).toBe('cached');
  });

  test('a damaged cache only costs the compile', () => {
    const file = script('d.cjs', "'d'");
    const cache = path.join(temp, 'd.bin');
    load(file, cache, 'build:full');
    const bytes = readFileSync(cache);
    const head = bytes.indexOf(0x0a) + 1;
    writeFileSync(cache, Buffer.concat([bytes.subarray(0, head), Buffer.alloc(bytes.length - head, 7)]));
    expect(load(file, cache)).toEqual({ value: 'd', use: 'refused' });
    writeFileSync(cache, 'not a cache');
    expect(load(file, cache)).toEqual({ value: 'd', use: 'none' });
  });

  test('puts back every V8 flag that protodocs sets while it runs, except those every run starts with', () => {
    const set = new Set<string>();
    for (const rel of walkFiles(path.join(src, '..'))) {
      if (!rel.endsWith('.ts') || rel.endsWith('.test.ts')) continue;
      const text = readFileSync(path.join(src, '..', rel), 'utf8');
      if (!/setFlagsFromString|setV8Flags/.test(text)) continue;
      for (const [, flag] of text.matchAll(/'--(?:no-)?([a-z][a-z0-9-]*)(?:=[^']*)?'/g)) set.add(flag);
    }
    const name = (f: string) => /^--(?:no-)?([a-z][a-z0-9-]*)/.exec(f)![1];
    const restored = new Set(RUNTIME_FLAG_DEFAULTS.map(name));
    const launched = new Set(LAUNCH_FLAGS.map(name));
    expect([...set].filter((flag) => !launched.has(flag)).sort()).toEqual([...restored].sort());
    // A flag both set at launch and put back would make every saved cache one the next run refuses.
    expect([...launched].filter((flag) => restored.has(flag))).toEqual([]);
  });
});
