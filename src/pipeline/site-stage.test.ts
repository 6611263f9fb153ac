import { describe, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import { Diagnostics } from '../errors/index.ts';
import type { OutputSink } from '../output/index.ts';
import { documentHtml } from '../render/test-support.ts';
import { noReuse } from '../reuse/index.ts';
import { doc, routesOf } from '../routes/test-support.ts';
import { renderSite, type SiteInput } from './site-stage.ts';

// The pages, then the site's other files, then the sitemap and the manifest, made of what writing the pages gave.

/** A sink that records each write as it starts, and fails the writes of `failing` once their turn comes. */
function recordingSink(failing: (rel: string) => boolean = () => false): OutputSink & { order: string[]; files: Map<string, string> } {
  const order: string[] = [];
  const files = new Map<string, string>();
  return {
    order,
    files,
    async write(rel, content) {
      order.push(rel);
      // Every write waits for the event loop, as a file system's would.
      await new Promise((resolve) => setImmediate(resolve));
      if (failing(rel)) throw new Error(`cannot write ${rel}`);
      files.set(rel, String(content));
    },
    // An output folder's (none of its files is kept here: the reuse below knows no earlier build).
    reuse: async () => {
      throw new Error('nothing to keep');
    },
  };
}

function siteInput(sink: OutputSink, count = 40): SiteInput {
  const config = testConfig();
  const docs = Array.from({ length: count }, (_, i) => doc(`page-${i}`, { h1: `Page ${i}`, body: `Text of page ${i}.\n` }));
  const { table } = routesOf(config, docs);
  const html = new Map(docs.map((d, i) => [d.file.file, documentHtml(`<p>Text of page ${i}.</p>`)]));
  return {
    config,
    table,
    html,
    modules: { imports: new Map(), components: new Map(), pages: new Map() },
    assets: { css: [], headTags: '', files: new Map([['assets/site.css', 'body{}']]), scriptTags: () => '' },
    bundleKey: '',
    indexUrl: '/search-index/',
    // Keyed, as a build that can keep files is: llms-full.txt is made in segments, and their layout kept.
    reuse: { ...noReuse(), keysPages: true, segments: () => undefined, keepSegments: () => {} },
    keyed: true,
    sink,
    diagnostics: new Diagnostics(),
    onPage: () => {},
  };
}

const isPage = (rel: string) => rel.endsWith('.html');

describe('renderSite', () => {
  test('every page, then the site files, then the sitemap and the manifest', async () => {
    const sink = recordingSink();
    const pages = await renderSite(siteInput(sink));
    const lastPage = sink.order.findLastIndex(isPage);
    const siteFiles = sink.order.slice(lastPage + 1);
    expect(siteFiles).toEqual(expect.arrayContaining(['robots.txt', '_headers', 'llms.txt', 'llms-full.txt', 'docs/page-0.md', 'docs/page-39.md']));
    expect(siteFiles.slice(-2)).toEqual(['sitemap.xml', 'protodocs-manifest.json']);
    expect(sink.files.get('sitemap.xml')).toContain('/docs/page-39/');
    expect(JSON.parse(sink.files.get('protodocs-manifest.json')!)).toEqual(pages.manifest);
    expect(sink.files.get('llms-full.txt')).toContain('Text of page 39.');
    // Each file once.
    expect(new Set(sink.order).size).toBe(sink.order.length);
  });

  test('llms-full.txt failing to write fails the render once the other site files have been written, before the sitemap', async () => {
    const sink = recordingSink((rel) => rel === 'llms-full.txt');
    const input = siteInput(sink);
    const error = await renderSite(input).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('cannot write llms-full.txt');
    expect([...sink.files.keys()].filter(isPage)).toHaveLength(input.table.routes.length);
    for (const rel of ['robots.txt', 'llms.txt', 'docs/page-39.md']) expect(sink.files.has(rel), rel).toBe(true);
    expect(sink.order).not.toContain('sitemap.xml');
  });

  test('another site file failing: the first failure in order is the one passed on, once llms-full.txt is written', async () => {
    const sink = recordingSink((rel) => rel === 'robots.txt' || rel === 'docs/page-3.md');
    const error = await renderSite(siteInput(sink)).catch((e: unknown) => e as Error);
    expect((error as Error).message).toBe('cannot write robots.txt');
    expect(sink.files.has('llms-full.txt')).toBe(true);
    expect(sink.order).not.toContain('docs/page-3.md');
  });

  test('a long run of .md twins kept without waiting gives the event loop turns, for the llms-full.txt beside them', async () => {
    let turns = 0;
    let going = true;
    const turn = () => {
      turns++;
      if (going) setImmediate(turn);
    };
    const seen: number[] = [];
    const sink = recordingSink();
    sink.reuse = async (rel) => {
      if (rel.endsWith('.md')) seen.push(turns);
    };
    const input = siteInput(sink, 600);
    // Every file is the previous build's, kept as it is.
    input.reuse = { ...input.reuse, page: () => ({ file: '/previous/file' }) };
    setImmediate(turn);
    await renderSite(input);
    going = false;
    expect(seen).toHaveLength(600);
    expect(seen.at(-1)! - seen[0]).toBeGreaterThanOrEqual(2);
  });
});
