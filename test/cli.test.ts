import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { snapshotTree } from './tree-snapshot.ts';
import { writeCorpus } from './bench/corpus.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'bin', 'protodocs.js');
const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-cli-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function run(args: string[], cwd = repo) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('protodocs CLI', () => {
  it('prints help for each command and exits 0', () => {
    const r = run(['build', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--base-url');
  });

  it('exits 2 on a usage error', () => {
    const r = run(['build', '--no-such-flag']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown option');
  });

  it('lists every problem as file:line:column  reason  (hint) with exit 1 and no stack trace', () => {
    const r = run(['build', '--root', path.join(repo, 'test/fixtures/broken-links')]);
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => /^content\//.test(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^content\/docs\/intro\.md:5:5 {2}PD5001 .+ {2}\(hint: .+\)$/);
    expect(r.stderr).toContain('3 errors, 1 warning.');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a failed build of the real site leaves the previous output byte for byte', () => {
    const site = path.join(temp, 'site');
    cpSync(path.join(repo, 'content'), path.join(site, 'content'), { recursive: true });
    cpSync(path.join(repo, 'site.config.ts'), path.join(site, 'site.config.ts'));
    const ok = run(['build', '--root', site]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^Built \d+ pages in [\d.]+ s → /);
    const before = snapshotTree(path.join(site, 'build'));
    expect(before.has('docs/intro/index.html')).toBe(true);

    const quickstart = path.join(site, 'content/docs/quickstart.md');
    const source = readFileSync(quickstart, 'utf8');
    const broken = source.replace(/\]\(\.\/publishers\/([a-z-]+)\.md/, '](./publishers/$1-gone.md');
    expect(broken).not.toBe(source);
    writeFileSync(quickstart, broken);
    const failed = run(['build', '--root', site]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^content\/docs\/quickstart\.md:\d+:\d+ {2}PD5001 /m);
    expect(failed.stderr).toContain('Build failed; previous output left untouched.');
    expect(snapshotTree(path.join(site, 'build'))).toEqual(before);
    expect(readdirSync(site).filter((n) => n.startsWith('.protodocs-'))).toEqual([]);
  }, 60_000);

  it('--out and --base-url change where and under which path the site is written', () => {
    const out = path.join(temp, 'out-base');
    const r = run(['build', '--root', path.join(repo, 'test/fixtures/minimal'), '--out', out, '--base-url', '/preview/']);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(path.join(out, 'docs/intro/index.html'), 'utf8');
    expect(html).toContain('href="/preview/docs/guides/setup/#install-it"');
  });

  it('an unchanged rebuild leaves the output as it is, and any change to an input or the output builds again', () => {
    const site = path.join(temp, 'record');
    cpSync(path.join(repo, 'test/fixtures/minimal'), site, { recursive: true, filter: (src) => !src.includes('node_modules') && !src.endsWith('/build') });
    const built = (r: ReturnType<typeof run>) => {
      expect(r.code, r.stderr).toBe(0);
      return r.stdout.includes('(unchanged since the last build)') ? 'unchanged' : 'built';
    };
    const intro = path.join(site, 'build/docs/intro/index.html');
    expect(built(run(['build', '--root', site]))).toBe('built');
    const first = snapshotTree(path.join(site, 'build'));
    expect(built(run(['build', '--root', site]))).toBe('unchanged');
    expect(snapshotTree(path.join(site, 'build'))).toEqual(first);

    // Same size, new bytes: a content hash notices what a size check would not.
    const setup = path.join(site, 'content/docs/guides/setup.md');
    writeFileSync(setup, readFileSync(setup, 'utf8').replace('Install it', 'Install IT'));
    expect(built(run(['build', '--root', site]))).toBe('built');
    expect(readFileSync(path.join(site, 'build/docs/guides/setup/index.html'), 'utf8')).toContain('Install IT');
    expect(built(run(['build', '--root', site]))).toBe('unchanged');

    // A change that leaves every page's data as it was (a new public file) links the pages from the last output.
    const before = statSync(intro).ino;
    mkdirSync(path.join(site, 'content/public'), { recursive: true });
    writeFileSync(path.join(site, 'content/public/robots-extra.txt'), 'extra');
    expect(built(run(['build', '--root', site]))).toBe('built');
    expect(statSync(intro).ino).toBe(before);
    expect(readFileSync(path.join(site, 'build/robots-extra.txt'), 'utf8')).toBe('extra');

    // Pages taken from the last output (linked, or with their search index link patched after a text edit) are what
    // a build from scratch writes.
    writeFileSync(setup, readFileSync(setup, 'utf8').replace('Install IT', 'Install It'));
    expect(built(run(['build', '--root', site]))).toBe('built');
    const fresh = path.join(temp, 'record-fresh');
    expect(built(run(['build', '--root', site, '--out', fresh]))).toBe('built');
    expect(snapshotTree(path.join(site, 'build'))).toEqual(snapshotTree(fresh));

    // A new file nothing links to yet is still a change.
    writeFileSync(path.join(site, 'content/docs/extra.md'), '---\ntitle: Extra\n---\n\nMore.\n');
    expect(built(run(['build', '--root', site]))).toBe('built');
    expect(readFileSync(path.join(site, 'build/docs/extra/index.html'), 'utf8')).toContain('More.');

    // Output tampered with or missing: rebuilt, and the file is whole again.
    writeFileSync(intro, 'tampered');
    expect(built(run(['build', '--root', site]))).toBe('built');
    expect(readFileSync(intro, 'utf8')).toContain('<!doctype html>');
    rmSync(intro);
    expect(built(run(['build', '--root', site]))).toBe('built');
    expect(readFileSync(intro, 'utf8')).toContain('<!doctype html>');
    writeFileSync(path.join(site, 'build/stray.txt'), 'not ours');
    expect(built(run(['build', '--root', site]))).toBe('built');
    expect(readdirSync(path.join(site, 'build'))).not.toContain('stray.txt');

    // Other options write elsewhere: never answered from this record.
    const out = path.join(temp, 'record-out');
    expect(built(run(['build', '--root', site, '--out', out]))).toBe('built');
    expect(built(run(['build', '--root', site, '--out', out, '--base-url', '/x/']))).toBe('built');
  }, 120_000);

  it('shows a navbar or sidebar mistake before parsing the content, then lists the other problems, each once', () => {
    const site = path.join(temp, 'early');
    writeCorpus(site, 150);
    const config = path.join(site, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("sidebarId: 'section0'", "sidebarId: 'sectoin0'"));
    const sidebars = path.join(site, 'content', 'sidebars.ts');
    writeFileSync(sidebars, readFileSync(sidebars, 'utf8').replace('"intro":["intro"]', '"intro":["intro","section-0/no-such-page"]'));
    const doc = path.join(site, 'content', 'docs', 'section-1', 'page-120.md');
    writeFileSync(doc, readFileSync(doc, 'utf8') + '\nA [broken link](./missing.md).\n');
    const r = run(['build', '--root', site, '--verbose']);
    expect(r.code).toBe(1);
    const navbar = r.stderr.indexOf('navbar.items[0] names sidebar "sectoin0", which is not defined.');
    const sidebar = r.stderr.indexOf('Sidebar item "section-0/no-such-page" has no link target');
    const parse = r.stderr.indexOf('✓ parse');
    const broken = r.stderr.indexOf('content/docs/section-1/page-120.md:');
    expect(navbar).toBeGreaterThan(0);
    expect(sidebar).toBeGreaterThan(0);
    expect(r.stderr).toContain('Found before parsing the content; looking for other problems…');
    // Shown before the parse stage ends; the broken link, found later, after it; each problem once.
    expect(Math.max(navbar, sidebar)).toBeLessThan(parse);
    expect(broken).toBeGreaterThan(parse);
    expect(r.stderr.split('names sidebar "sectoin0"').length).toBe(2);
    expect(r.stderr.split('"section-0/no-such-page" has no link target').length).toBe(2);
    expect(r.stderr).toContain('3 errors, 1 warning.');
    expect(r.stderr).toContain('defined sidebars: intro, section0, section1');
  }, 60_000);

  it('runs from V8\'s code cache once a build or check succeeded; a failed build or --help saves none', () => {
    const site = path.join(temp, 'code-cache');
    cpSync(path.join(repo, 'test/fixtures/minimal'), site, { recursive: true, filter: (from) => !from.includes('node_modules') });
    const folder = path.join(temp, 'code-cache-folder');
    const withCache = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, PROTODOCS_CODE_CACHE: folder } });
    const cached = (args: string[]) => {
      const r = withCache([...args, '--root', site, '--verbose']);
      return { code: r.status, line: /^· code .*$/m.exec(r.stderr)?.[0] };
    };
    const config = path.join(site, 'site.config.ts');
    const source = readFileSync(config, 'utf8');
    writeFileSync(config, `${source}\nexport const broken = ;\n`);
    expect(cached(['build'])).toEqual({ code: 1, line: '· code compiled (no code cache yet)' });
    expect(withCache(['--help']).status).toBe(0);
    expect(readdirSync(temp)).not.toContain('code-cache-folder');
    writeFileSync(config, source);
    expect(cached(['build'])).toEqual({ code: 0, line: '· code compiled (no code cache yet)' });
    expect(readdirSync(folder)).toEqual(['cli.bin']);
    expect(cached(['build'])).toEqual({ code: 0, line: '· code from the code cache' });
    expect(cached(['check'])).toEqual({ code: 0, line: '· code from the code cache' });
    // Made by the build and the check since: what each of them compiled.
    expect(readFileSync(path.join(folder, 'cli.bin'), 'utf8').split('\n')[0]).toMatch(/"kinds":\["build:full","build:unchanged","check:[a-z]+"\]/);
  }, 60_000);
});
