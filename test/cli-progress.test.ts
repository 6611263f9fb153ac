import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What `protodocs build` and `check` print while they work: a stage line each in a log, one redrawn line on a
// terminal (a real pseudo-terminal, through util-linux `script`), nothing with --quiet.

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'bin', 'protodocs.js');
const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-progress-'));
const site = path.join(temp, 'site');
const STAGE_LINE = /^(config|scan|parse|routes|markdown|checks|bundle|search|render|write|record|unchanged|crawl) +\d+(?:\.\d+)? m?s(?: {2}.+)?$/;

// Without node_modules/: a cache left there by another run would change the stage details.
beforeAll(() => cpSync(path.join(repo, 'test/fixtures/minimal'), site, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) }));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function run(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: site, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('progress', () => {
  it('without a terminal, build prints one line per stage with its time, in order', () => {
    const r = run(['build', '--out', path.join(temp, 'out-lines')]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.every((l) => STAGE_LINE.test(l)), r.stderr).toBe(true);
    expect(lines.map((l) => l.split(' ')[0])).toEqual(['config', 'scan', 'parse', 'routes', 'markdown', 'checks', 'bundle', 'search', 'render', 'write', 'record']);
    expect(r.stderr).toMatch(/^parse +\d+ ms {2}6 docs$/m);
    expect(r.stderr).toMatch(/^render +\d+ ms {2}18 pages$/m);
    expect(r.stderr).not.toContain('\r');
    expect(r.stdout).toMatch(/^Built 18 pages in [\d.]+ s → /);
  });

  it('--quiet prints no progress, only the result', () => {
    const r = run(['build', '--quiet', '--out', path.join(temp, 'out-quiet')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Built 18 pages in [\d.]+ s → [^\n]+\n$/);
  });

  it('check prints the build stages and its crawl without a terminal, and nothing extra with --quiet', () => {
    const r = run(['check']);
    expect(r.code, r.stderr).toBe(0);
    // It reuses the per-file cache the builds above left (what the README's CI workflow keeps between runs).
    expect(r.stderr).toMatch(/^parse +\d+ ms {2}6 docs, 6 cached$/m);
    expect(r.stderr).toMatch(/^crawl +\d+(?:\.\d+)? m?s {2}18 pages, \d+ links$/m);
    const quiet = run(['check', '--quiet']);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toContain('No problems found.');
  });

  it.skipIf(!existsSync('/usr/bin/script'))('on a terminal, one line is redrawn with the stage and the page counter, then cleared', () => {
    const out = path.join(temp, 'out-tty');
    const command = [process.execPath, bin, 'build', '--out', out].map((a) => `'${a}'`).join(' ');
    const r = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], { cwd: site, encoding: 'utf8', env: { ...process.env, COLUMNS: '100' } });
    expect(r.status, r.stdout).toBe(0);
    const text = r.stdout;
    const frames = text.split('\r\x1b[2K');
    expect(frames.length).toBeGreaterThan(5);
    expect(text).toContain('loading the config');
    expect(text).toContain('parsing markdown');
    expect(text).toMatch(/writing pages \d+\/18 pages/);
    // No stage lines: the line is redrawn in place, and cleared before the result is printed.
    expect(text.split(/\r?\n/).some((l) => STAGE_LINE.test(l))).toBe(false);
    expect(frames[frames.length - 1]).toMatch(/^Built 18 pages in [\d.]+ s → [^\n]+\r?\n$/);
  });
});
