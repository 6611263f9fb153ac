import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/index.ts';
import { scanHtml } from '../src/checks/index.ts';
import type { Diagnostic } from '../src/errors/index.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'bin', 'protodocs.js');

function check(args: string[]) {
  const r = spawnSync(process.execPath, [bin, 'check', ...args], { cwd: repo, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('scanHtml', () => {
  it('finds ids and URLs the way a browser would, skipping comments and script text', () => {
    const page = scanHtml(
      `<!doctype html><html><head><link rel="stylesheet" href="/a.css"><link rel="preconnect" href="https://cdn.example">
      <script>const s = '<a href="/not-a-link">';</script><script type="module" src="/assets/x.js"></script></head>
      <body><!-- <a href="/commented"> --><h2 id="one">One</h2><a name="legacy"></a>
      <a href="/docs/intro/#Caf%C3%A9">x</a><a href='../up/?q=1&amp;r=2'>y</a><img srcset="/s1.png 1x, /s2.png 2x" src=/plain.png>
      <a data-title="a > b" href="#one">z</a></body></html>`,
      'http://127.0.0.1:1/docs/page/',
    );
    expect([...page.ids]).toEqual(['one', 'legacy']);
    expect(page.links.map((l) => [l.tag, l.target, l.fragment])).toEqual([
      ['link', 'http://127.0.0.1:1/a.css', undefined],
      ['script', 'http://127.0.0.1:1/assets/x.js', undefined],
      ['a', 'http://127.0.0.1:1/docs/intro/', 'Café'],
      ['a', 'http://127.0.0.1:1/docs/up/?q=1&r=2', undefined],
      ['img', 'http://127.0.0.1:1/plain.png', undefined],
      ['img', 'http://127.0.0.1:1/s1.png', undefined],
      ['img', 'http://127.0.0.1:1/s2.png', undefined],
      ['a', 'http://127.0.0.1:1/docs/page/', 'one'],
    ]);
  });
});

// bin/protodocs.js runs dist/, which test/setup-dist.ts (the unit project's globalSetup) compiles once per run.
describe('protodocs check', () => {
  it('the check-broken fixture builds cleanly: its problems are only visible to the crawl', async () => {
    const result = await build({ root: path.join(repo, 'test/fixtures/check-broken'), write: false, minify: false });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('fails on a missing image, a broken fragment and a broken link, each at its source file', () => {
    const r = check(['--root', 'test/fixtures/check-broken']);
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l.includes('PD5003'));
    expect(lines).toHaveLength(3);
    expect(lines).toContainEqual(
      expect.stringMatching(/^content\/docs\/intro\.md:9:11 {2}PD5003 \/docs\/(?:intro\/)? shows the image \/img\/missing\.png, which returns 404\. {2}\(hint: .+\)$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^content\/docs\/other\.md:7:48 {2}PD5003 \/docs\/other\/ links to \/docs\/intro\/#no-such-heading, but \/docs\/intro\/ has no element with id "no-such-heading"\./),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^content\/pages\/index\.tsx:9:18 {2}PD5003 \/ links to \/docs\/removed-page\/, which returns 404\./),
    );
    expect(r.stdout).toContain('Check failed.');
  });

  it('prints { ok, problems } with --format json', () => {
    const r = check(['--root', 'test/fixtures/check-broken', '--format', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { ok: boolean; problems: Diagnostic[] };
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => [p.code, p.file, p.severity]).sort()).toEqual([
      ['PD5003', 'content/docs/intro.md', 'error'],
      ['PD5003', 'content/docs/other.md', 'error'],
      ['PD5003', 'content/pages/index.tsx', 'error'],
    ]);
  });

  it('passes on the minimal fixture without touching its output folder', () => {
    const outDir = path.join(repo, 'test/fixtures/minimal/build');
    const hadOutput = existsSync(outDir);
    const r = check(['--root', 'test/fixtures/minimal']);
    expect(existsSync(outDir)).toBe(hadOutput);
    expect(r.stderr).not.toContain('PD5003');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Checked \d+ pages and \d+ links .*No problems found\.$/m);
  });

  it('fails on a JSON example that does not match its declared schema, naming the example\'s file and line', () => {
    const r = check(['--root', path.join(repo, 'test/fixtures/schema-example-invalid')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^content\/docs\/intro\.md:13:\d+ {2}PD3001 .*purpose/m);
  });

  it('reports build errors and does not crawl a failed build', () => {
    const r = check(['--root', 'test/fixtures/broken-links', '--format', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { ok: boolean; problems: Diagnostic[] };
    expect(report.problems.map((p) => p.code)).toEqual(expect.arrayContaining(['PD5001', 'PD5002']));
    expect(report.problems.some((p) => p.code === 'PD5003')).toBe(false);
  });
});
