// The output folder is protodocs' own, and output depends only on the inputs: the good paths of the checks that
// test/bad-inputs.test.ts shows refusing.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { snapshotTree } from './tree-snapshot.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'bin', 'protodocs.js');
const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-safety-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function build(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [bin, 'build', ...args], { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function copySite(fixture: string, to: string): string {
  cpSync(path.join(repo, 'test', 'fixtures', fixture), to, { recursive: true, filter: (src) => !/[\\/](build|node_modules)$/.test(src) });
  return to;
}

describe('output', () => {
  it('is byte-identical when the same sources are built from two checkout paths', () => {
    // The e2e site has a client component of its own, whose bundle once carried the path to the site.
    const a = copySite('e2e-site', path.join(temp, 'a', 'site'));
    const b = copySite('e2e-site', path.join(temp, 'elsewhere', 'deeper', 'site'));
    for (const site of [a, b]) expect(build(site).code).toBe(0);
    const left = snapshotTree(path.join(a, 'build'));
    const right = snapshotTree(path.join(b, 'build'));
    expect([...right.keys()].sort()).toEqual([...left.keys()].sort());
    for (const [rel, content] of left) expect(right.get(rel), rel).toBe(content);
  });

  it('is written to a new folder outside the site, and the folder is then accepted as protodocs’ own', () => {
    const site = copySite('bad-input-base', path.join(temp, 'outside', 'site'));
    const out = path.join(temp, 'outside', 'public-html');
    expect(build(site, '--out', out).code).toBe(0);
    expect(existsSync(path.join(out, 'protodocs-manifest.json'))).toBe(true);
    writeFileSync(path.join(site, 'content', 'docs', 'intro.md'), readFileSync(path.join(site, 'content', 'docs', 'intro.md'), 'utf8') + '\nMore.\n');
    expect(build(site, '--out', out).code).toBe(0);
    expect(readFileSync(path.join(out, 'docs', 'intro', 'index.html'), 'utf8')).toContain('More.');
  });

  it('_headers carries the exact Content-Security-Policy of the pages', () => {
    const site = copySite('bad-input-base', path.join(temp, 'headers', 'site'));
    expect(build(site).code).toBe(0);
    const headers = readFileSync(path.join(site, 'build', '_headers'), 'utf8');
    const page = readFileSync(path.join(site, 'build', 'docs', 'intro', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)?.[1].replaceAll('&#x27;', "'").replaceAll('&#39;', "'");
    expect(meta).toMatch(/script-src 'self' 'sha256-/);
    expect(headers).toContain(`/*\n  Content-Security-Policy: ${meta}\n`);
    expect(headers).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
  });

  it('removes temp and old folders left by a killed build, and leaves those of a running one', () => {
    const site = copySite('bad-input-base', path.join(temp, 'stale', 'site'));
    // Process 2^22 - 1 cannot exist (the kernel's largest pid), so its folders are garbage.
    const stale = [path.join(site, '.protodocs-tmp-4194303-1'), path.join(site, '.protodocs-old-4194303-2')];
    const running = path.join(site, `.protodocs-tmp-${process.pid}-3`);
    for (const dir of [...stale, running]) mkdirSync(path.join(dir, 'docs'), { recursive: true });
    expect(build(site).code).toBe(0);
    for (const dir of stale) expect(existsSync(dir), dir).toBe(false);
    expect(existsSync(running)).toBe(true);
  });
});

describe('author input that must simply work', () => {
  it('a UTF-8 byte-order mark before the frontmatter (Windows editors write one)', () => {
    const site = copySite('bad-input-base', path.join(temp, 'bom', 'site'));
    writeFileSync(path.join(site, 'content', 'docs', 'intro.md'), '\uFEFF---\ntitle: Marked\ndescription: Saved on Windows.\n---\n\n## Introduction\n\nBody text.\n');
    const r = build(site);
    expect(r.code, r.stderr).toBe(0);
    const page = readFileSync(path.join(site, 'build', 'docs', 'intro', 'index.html'), 'utf8');
    expect(page).toContain('<title>Marked | Bad input base</title>');
    expect(page).not.toMatch(/<hr>|title: Marked/);
  });

  it('a file over the warning size (64 KB) is built, with a warning at the file; one over 128 KB is not', () => {
    const site = copySite('bad-input-base', path.join(temp, 'size', 'site'));
    const body = (kb: number) => 'Words and more words in a sentence.\n'.repeat(Math.ceil((kb * 1024) / 36));
    writeFileSync(path.join(site, 'content', 'docs', 'intro.md'), `---\ntitle: Long\n---\n\n## Introduction\n\n${body(70)}`);
    const warned = build(site);
    expect(warned.code, warned.stderr).toBe(0);
    expect(warned.stderr).toMatch(/content\/docs\/intro\.md:1:1 +warning PD2024 This file is 7\d KB; markdown files over 64 KB slow every build/);
    expect(readFileSync(path.join(site, 'build', 'docs', 'intro', 'index.html'), 'utf8')).toContain('Words and more words');

    writeFileSync(path.join(site, 'content', 'docs', 'intro.md'), `---\ntitle: Long\n---\n\n## Introduction\n\n${body(130)}`);
    const refused = build(site);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/content\/docs\/intro\.md:1:1 +PD2023 This file is 13\d KB; markdown files over 128 KB are not built/);
  });
});
