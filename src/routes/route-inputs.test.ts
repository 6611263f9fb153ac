import { describe, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import type { ContentFile } from '../content/index.ts';
import { Diagnostics } from '../errors/index.ts';
import { buildRoutes } from './build-routes.ts';
import { routeInputsText } from './route-inputs.ts';
import { contentSet, doc, page, post, summary, type FakeContent, type FakeFile } from './test-support.ts';
import type { ParsedSummary } from './types.ts';

// A build keeps a page without making its data when the route table's inputs are the same as the last build's (see
// page-reads.ts): the text here must change with everything the table is made from, and with nothing it is not.

const config = testConfig({}, { sidebars: { main: ['intro', 'guide'] } });

function site(overrides: { intro?: Parameters<typeof doc>[1]; extra?: FakeContent; more?: FakeFile[] } = {}): FakeFile[] {
  return [doc('intro', { h1: 'Intro', ...overrides.intro }), doc('guide', { h1: 'Guide' }), post('2025-01-01-hello', { h1: 'Hello' }), page('about', { h1: 'About' }), ...(overrides.more ?? [])];
}

function text(files: FakeFile[], extra: FakeContent = {}, summaries?: Map<string, ParsedSummary>): string {
  const parsed = summaries ?? new Map(files.flatMap((f) => (f.parsed ? [[f.file.file, f.parsed] as const] : [])));
  return routeInputsText(contentSet(files, extra), parsed);
}

describe('routeInputsText', () => {
  test("the same for another body, source hash or parse summary (but the h1): a body edit leaves the table's inputs as they were", () => {
    const before = text(site());
    const edited = site({ intro: { body: '# Intro\n\nOther text, and [a link](./guide.md).\n' } });
    edited[0].parsed = { ...summary('Intro'), links: [{ href: './guide.md', line: 3, column: 13, kind: 'link' }], diagnostics: [] };
    expect(text(edited)).toBe(before);
  });

  test('changes with a frontmatter value, an h1, a file added or left without a summary, and the content set’s other parts', () => {
    const before = text(site());
    const changed = [
      text(site({ intro: { frontmatter: { title: 'Introduction' } } })),
      text(site({ intro: { frontmatter: { sidebar_label: 'Start' } } })),
      text(site({ intro: { h1: 'Introduction' } })),
      text(site({ more: [doc('extra')] })),
      text(site(), {}, new Map(site().slice(1).map((f) => [f.file.file, f.parsed!]))),
      text(site(), { authors: [{ key: 'ann', name: 'Ann' }] }),
      text(site(), { tags: [{ key: 't', label: 'T', permalink: 't' }] }),
      text(site(), { publicFiles: { 'logo.svg': '/site/content/public/logo.svg' } }),
      text(site(), { versionedSidebars: { '1.0': { main: ['intro'] } } }),
    ];
    for (const [i, t] of changed.entries()) expect(t, `change ${i}`).not.toBe(before);
    expect(new Set(changed).size).toBe(changed.length);
  });

  test("reads no file's text: a lazy one stays unread", () => {
    const files = site();
    let reads = 0;
    for (const { file } of files) Object.defineProperty(file, 'source', { enumerable: true, get: () => (reads++, 'text') });
    text(files);
    expect(reads).toBe(0);
  });
});

describe('buildRoutes', () => {
  test("reads of a file only what routeInputsText writes: not its text, nor of its summary more than the h1", () => {
    const files = site();
    const touched: string[] = [];
    const guard = <T extends object>(target: T, keys: readonly string[], name: string): T => {
      for (const key of keys) {
        Object.defineProperty(target, key, {
          enumerable: true,
          get: () => {
            touched.push(`${name}.${key}`);
            return undefined;
          },
        });
      }
      return target;
    };
    for (const f of files) {
      guard(f.file as ContentFile & object, ['source', 'body', 'sourceHash'], f.file.file);
      guard(f.parsed!, ['links', 'mdxImports', 'diagnostics'], `${f.file.file} summary`);
    }
    const parsed = new Map(files.map((f) => [f.file.file, f.parsed!] as const));
    const table = buildRoutes(config, contentSet(files), parsed, new Diagnostics());
    expect(table.routes.map((r) => r.url)).toContain('/docs/guide/');
    expect(touched).toEqual([]);
  });
});
