import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../src/pipeline/index.ts';
import { diskReuse } from '../src/reuse/index.ts';

// The per-file cache may only save work: a cached build must produce the very same files and problems.

const fixture = fileURLToPath(new URL('./fixtures/minimal/', import.meta.url));
const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-cache-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function textFiles(result: BuildResult): Record<string, string> {
  return Object.fromEntries(
    [...result.files].map(([f, c]) => [f, typeof c === 'string' ? c : Buffer.from(c).toString('utf8')]),
  );
}

describe('build cache', () => {
  const site = path.join(temp, 'site');
  cpSync(fixture, site, { recursive: true, filter: (src) => !src.includes('node_modules') });
  const run = (cache: boolean) => build({ root: site, write: false, reuse: cache ? diskReuse({ record: false }) : undefined, minify: false });

  it('gives identical output warm and cold, and follows edits', async () => {
    const cold = await run(false);
    await run(true);
    const warm = await run(true);
    expect(warm.ok).toBe(true);
    expect(textFiles(warm)).toEqual(textFiles(cold));

    const setup = path.join(site, 'content/docs/guides/setup.md');
    writeFileSync(setup, readFileSync(setup, 'utf8').replace('## Install it', '## Install it now'));
    const edited = await run(true);
    expect(textFiles(edited)).toEqual(textFiles(await run(false)));
    expect(textFiles(edited)['docs/guides/setup/index.html']).toContain('Install it now');
  });

  it('keeps the description made from the first paragraph, which is part of the cached document', async () => {
    const intro = path.join(site, 'content/docs/intro.md');
    writeFileSync(intro, readFileSync(intro, 'utf8').replace(/^description: .*\n/m, ''));
    const cold = await run(false);
    await run(true);
    const warm = await run(true);
    expect(textFiles(warm)['docs/intro/index.html']).toContain('<meta name="description" content="Read the setup guide first.">');
    expect(textFiles(warm)).toEqual(textFiles(cold));
  });

  it("shows a cached document's table of contents, read from the cache after an edit elsewhere, as a cold build does", async () => {
    const own = path.join(temp, 'toc');
    cpSync(fixture, own, { recursive: true, filter: (src) => !src.includes('node_modules') });
    const runOwn = (cache: boolean) => build({ root: own, write: false, reuse: cache ? diskReuse({ record: false }) : undefined, minify: false });
    await runOwn(true);
    const setup = path.join(own, 'content/docs/guides/setup.md');
    writeFileSync(setup, readFileSync(setup, 'utf8') + '\nOne more line.\n');
    const toc = (result: BuildResult) => /<nav aria-label="On this page".*?<\/nav>/s.exec(textFiles(result)['docs/intro/index.html'])?.[0];
    const warm = toc(await runOwn(true));
    expect(warm).toContain('href="#details"');
    expect(warm).toBe(toc(await runOwn(false)));
  });

  it('reports a link broken by a change to another file, though the linking file is unchanged', async () => {
    await run(true);
    renameSync(path.join(site, 'content/docs/guides/deep.md'), path.join(site, 'content/docs/guides/deeper.md'));
    const warm = await run(true);
    const cold = await run(false);
    expect(warm.ok).toBe(false);
    expect(warm.diagnostics).toEqual(cold.diagnostics);
    expect(warm.diagnostics.some((d) => d.code === 'PD5001' && d.file === 'content/docs/intro.md')).toBe(true);
  });

  it('follows a page to its new URL in the unchanged pages that link to it', async () => {
    const own = path.join(temp, 'moved');
    cpSync(fixture, own, { recursive: true, filter: (src) => !src.includes('node_modules') });
    const runOwn = (cache: boolean) => build({ root: own, write: false, reuse: cache ? diskReuse({ record: false }) : undefined, minify: false });
    expect((await runOwn(true)).ok).toBe(true);
    expect(textFiles(await runOwn(true))['docs/intro/index.html']).toContain('href="/docs/guides/deep/"');
    const deep = path.join(own, 'content/docs/guides/deep.md');
    writeFileSync(deep, readFileSync(deep, 'utf8').replace('title: Deep dive', 'title: Deep dive\nslug: /guides/deeper-dive'));
    const warm = await runOwn(true);
    expect(warm.ok).toBe(true);
    expect(textFiles(warm)['docs/intro/index.html']).toContain('href="/docs/guides/deeper-dive/"');
    expect(textFiles(warm)).toEqual(textFiles(await runOwn(false)));
  });
});
