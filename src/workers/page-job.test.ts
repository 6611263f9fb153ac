import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import { buildRouteData, renderPage } from '../render/index.ts';
import { documentHtml, routeDataContext } from '../render/test-support.ts';
import { doc, routesOf } from '../routes/test-support.ts';
import { pageShellOf, writePagesJob, type PageShellData } from './page-job.ts';

// A worker renders pages whole and writes them into the output itself: the same bytes a page rendered in the main
// thread has, and the same rules as the output's own writes (a patched output keeps a page it holds as it is).

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-page-job-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function pages() {
  const config = testConfig({}, { sidebars: { main: ['intro', 'guide'] } });
  const { table } = routesOf(config, [doc('intro', { h1: 'Intro' }), doc('guide', { h1: 'Guide' })]);
  const html = new Map([
    ['content/docs/intro.md', documentHtml('<p>Intro text</p>')],
    ['content/docs/guide.md', documentHtml('<p>Guide text</p>')],
  ]);
  const context = routeDataContext(config, table, html);
  const routes = table.routes.filter((r) => r.kind === 'doc').map((r) => buildRouteData(r, context));
  const shell: PageShellData = {
    config,
    inlineScript: 'void 0',
    csp: "default-src 'self'",
    feeds: [],
    bundle: { css: ['/assets/style.css'], headTags: '', baseUrl: '/', loaderUrl: '/assets/loader.js', hydrateUrl: '/assets/hydrate.js', islandUrls: new Map([['NavbarMenu', '/assets/island-NavbarMenu.js']]) },
  };
  // As a message carries them.
  return structuredClone({ routes, shell, outFiles: routes.map((r) => `${r.url.slice(1)}index.html`) });
}

test('each page is written as the main thread would render it', () => {
  const { routes, shell, outFiles } = pages();
  const directory = path.join(temp, 'fresh');
  const results = writePagesJob({ routes, outFiles, shell, writeTo: { directory, outDir: path.join(temp, 'out') } });
  expect(results).toEqual(routes.map(() => ({ ok: true })));
  for (const [i, rel] of outFiles.entries()) {
    const written = readFileSync(path.join(directory, rel), 'utf8');
    expect(written).toBe(renderPage(routes[i], pageShellOf(shell)));
    expect(written).toContain('/assets/island-NavbarMenu.js');
  }
  expect(outFiles.map((rel) => readFileSync(path.join(directory, rel), 'utf8')).some((html) => html.includes('<p>Intro text</p>'))).toBe(true);
});

test('a patched output keeps a page it holds byte for byte; a changed page is written into the temp folder', () => {
  const { routes, shell, outFiles } = pages();
  const previous = path.join(temp, 'previous');
  writePagesJob({ routes, outFiles, shell, writeTo: { directory: previous, outDir: previous } });
  writeFileSync(path.join(previous, outFiles[1]), 'an older page');
  const directory = path.join(temp, 'patch');
  mkdirSync(directory);
  expect(writePagesJob({ routes, outFiles, shell, writeTo: { directory, previous, outDir: previous } })).toEqual(routes.map(() => ({ ok: true })));
  expect(statSync(path.join(directory, outFiles[0]), { throwIfNoEntry: false })).toBeUndefined();
  expect(readFileSync(path.join(directory, outFiles[1]), 'utf8')).toBe(renderPage(routes[1], pageShellOf(shell)));
});

test('a page whose layout throws has its message; the others are written', () => {
  const { routes, shell, outFiles } = pages();
  const broken = { ...routes[0], site: undefined } as unknown as (typeof routes)[0];
  const directory = path.join(temp, 'broken');
  const results = writePagesJob({ routes: [broken, routes[1]], outFiles, shell, writeTo: { directory, outDir: directory } });
  expect(results[0]).toMatchObject({ ok: false, error: expect.any(String) });
  expect(results[1]).toEqual({ ok: true });
  expect(statSync(path.join(directory, outFiles[0]), { throwIfNoEntry: false })).toBeUndefined();
});

test('a write that fails ends the batch with the file system problem, named by the output path', () => {
  const { routes, shell, outFiles } = pages();
  const directory = path.join(temp, 'read-only');
  mkdirSync(directory);
  chmodSync(directory, 0o500);
  // root may write anyway: the problem is then the file in the way of a folder.
  writeFileSync(path.join(temp, 'a-file'), '');
  const blocked = process.getuid?.() === 0 ? path.join(temp, 'a-file') : directory;
  const results = writePagesJob({ routes, outFiles, shell, writeTo: { directory: blocked, outDir: '/site/build' } });
  expect(results).toHaveLength(1);
  expect(results[0]).toMatchObject({ ok: false, problem: { code: 'PD8006', severity: 'error' } });
  expect((results[0] as { problem: { message: string } }).problem.message).toContain(path.join('/site/build', outFiles[0]));
  chmodSync(directory, 0o700);
});
