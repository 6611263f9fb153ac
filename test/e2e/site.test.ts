import * as cheerio from 'cheerio';
import { XMLValidator } from 'fast-xml-parser';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { crawlSite } from '../../src/checks/index.ts';
import { formatDiagnostic } from '../../src/errors/index.ts';
import { walkFiles } from '../../src/files/index.ts';
import { searchShards, type SearchEntry, type ShardedScope } from '../../src/search-engine/index.ts';
import { SITE_ROOT } from './env.ts';
import { setupE2E } from './helpers.ts';

// The real IAIndex site, built once by the global setup (test/e2e/env.ts) for every test that reads or crawls it:
// every route of SPEC.md §2 and what a reader sees on it, and no broken link, image or anchor anywhere on it.

const e2e = setupE2E();
const result = { files: new Map<string, string>(), diagnostics: [] as { severity: string }[] };
beforeAll(() => {
  const { dir, diagnostics } = e2e.env.site;
  for (const file of walkFiles(dir)) if (/\.(html|xml|json|txt|md)$/.test(file)) result.files.set(file, readFileSync(path.join(dir, file), 'utf8'));
  result.diagnostics = diagnostics;
});

const SPEC_ROUTES = [
  '/',
  '/blog', '/blog/archive', '/blog/authors', '/blog/first-blog-post', '/blog/long-blog-post', '/blog/mdx-blog-post', '/blog/welcome', '/blog/tags',
  '/markdown-page', '/search',
  '/docs', '/docs/intro', '/docs/quickstart',
  '/docs/api/analytics', '/docs/api/attestations', '/docs/api/authentication', '/docs/api/receipts',
  '/docs/clients/langchain', '/docs/clients/llamaindex',
  '/docs/compliance/gdpr', '/docs/compliance/popia', '/docs/compliance/terms',
  ...['bubble', 'framer', 'ghost', 'shopify', 'squarespace', 'webflow', 'wix', 'wordpress'].map((p) => `/docs/plugins/${p}`),
  '/docs/protocol/receipts', '/docs/protocol/schema', '/docs/protocol/signatures',
  '/docs/publishers/domain-verification', '/docs/publishers/generating-index', '/docs/publishers/receiving-receipts',
  '/docs/sdks/nodejs', '/docs/sdks/python',
];

function page(route: string): cheerio.CheerioAPI {
  const file = route === '/' ? 'index.html' : `${route.replace(/^\//, '')}/index.html`;
  const html = result.files.get(file);
  if (typeof html !== 'string') throw new Error(`${file} was not built`);
  return cheerio.load(html);
}

function text(file: string): string {
  const content = result.files.get(file);
  if (content === undefined) throw new Error(`${file} was not built`);
  return typeof content === 'string' ? content : Buffer.from(content).toString('utf8');
}

/** Words of the article body, without code blocks. */
function articleWords($: cheerio.CheerioAPI): number {
  const article = $('article').first().clone();
  article.find('pre, .code-block, nav, .hash-link').remove();
  return article.text().split(/\s+/).filter((w) => /[a-z]/i.test(w)).length;
}

describe('the IAIndex site', () => {
  it('builds without errors', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it.each(SPEC_ROUTES)('%s has a title in the "Page | IAIndex" format and a description', (route) => {
    const $ = page(route);
    expect($('title').text()).toMatch(/ \| IAIndex/);
    expect($('meta[name="description"]').attr('content')?.length).toBeGreaterThan(20);
    expect($('h1')).toHaveLength(1);
  });

  it.each(SPEC_ROUTES.filter((r) => r.startsWith('/docs/')))('%s has at least 300 words of content', (route) => {
    expect(articleWords(page(route))).toBeGreaterThanOrEqual(300);
  });

  it('has the four blog tag pages, two author pages and the all-articles page', () => {
    const tagPages = [...result.files.keys()].filter((f) => /^blog\/tags\/[^/]+\/index\.html$/.test(f));
    expect(tagPages).toHaveLength(4);
    expect(tagPages).toEqual(expect.arrayContaining(['blog/tags/hello/index.html', 'blog/tags/hola/index.html']));
    const authorPages = [...result.files.keys()].filter((f) => /^blog\/authors\/[^/]+\/index\.html$/.test(f));
    expect(authorPages.some((f) => /^blog\/authors\/all-[a-z-]+-articles\//.test(f))).toBe(true);
    expect(authorPages.length).toBeGreaterThanOrEqual(2);
  });

  it('has no placeholder text and no empty section anywhere', () => {
    for (const [file, content] of result.files) {
      if (!file.endsWith('.html')) continue;
      const $ = cheerio.load(typeof content === 'string' ? content : Buffer.from(content).toString('utf8'));
      const body = $('main').text();
      expect(body, file).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|placeholder/i);
      $('main article h2, main article h3').each((_, heading) => {
        // Empty: the next element is a heading of the same or a higher level (a subsection is content).
        const level = Number($(heading).prop('tagName')!.slice(1));
        const next = $(heading).next();
        const nextLevel = /^H([1-6])$/.exec(next.prop('tagName') ?? '')?.[1];
        const empty = next.length === 0 || (nextLevel !== undefined && Number(nextLevel) <= level);
        expect(empty, `${file}: empty section "${$(heading).text()}"`).toBe(false);
      });
    }
  });

  it('puts the skip link first, the navbar items in order and the footer groups with 2025 on every page', () => {
    for (const route of ['/', '/docs/intro', '/blog/welcome']) {
      const $ = page(route);
      const first = $('body a, body button').first();
      expect(first.attr('href')).toBe('#main');
      const navText = $('header nav').first().text();
      const order = ['Documentation', 'Protocol', 'SDKs', 'Plugins', 'Blog'].map((l) => navText.indexOf(l));
      expect(order.every((i) => i >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(navText).toContain('v1.0.0');
      expect($('header a[href="https://github.com/claimtec/iaindex"]').length).toBeGreaterThan(0);
      const footer = $('footer').text();
      for (const group of ['Documentation', 'Developers', 'Community', 'Legal', 'Copyright © 2025']) expect(footer).toContain(group);
    }
  });

  it('lists h2 and h3 in the table of contents, never h4, and labels heading anchors "Direct link to"', () => {
    const $ = page('/docs/quickstart');
    const toc = $('nav[aria-label="On this page"]').first();
    const ids = toc.find('a').map((_, a) => $(a).attr('href')!.slice(1)).get();
    expect(ids.length).toBeGreaterThan(2);
    for (const id of ids) expect(['H2', 'H3']).toContain($(`[id="${id}"]`).prop('tagName'));
    $('article h2').each((_, h) => {
      expect($(h).find('a.hash-link').attr('aria-label')).toBe(`Direct link to ${$(h).text().replace(/#$/, '').trim()}`);
    });
  });

  it('shows reading time on every post and groups the archive by year', () => {
    for (const slug of ['welcome', 'first-blog-post', 'long-blog-post', 'mdx-blog-post']) {
      expect(page(`/blog/${slug}`)('main').text()).toMatch(/\d+ min read/);
    }
    const years = page('/blog/archive')('main h2, main h3').map((_, h) => cheerio.load(h).text()).get().filter((t) => /^\d{4}$/.test(t.trim()));
    expect(years.length).toBeGreaterThanOrEqual(2);
  });

  it('publishes RSS, Atom and JSON feeds that parse and list every post', () => {
    const posts = ['welcome', 'first-blog-post', 'long-blog-post', 'mdx-blog-post'];
    for (const file of ['blog/rss.xml', 'blog/atom.xml']) {
      const xml = text(file);
      expect(XMLValidator.validate(xml), file).toBe(true);
      for (const slug of posts) expect(xml).toContain(`/blog/${slug}/`);
    }
    const feed = JSON.parse(text('blog/feed.json')) as { items: { url: string }[] };
    expect(feed.items.map((i) => i.url.replace(/^https?:\/\/[^/]+/, '')).sort()).toEqual(posts.map((s) => `/blog/${s}/`).sort());
    expect(page('/docs/intro')('link[rel="alternate"][type="application/rss+xml"]').length).toBe(1);
  });

  it('has a 404 page with helpful links', () => {
    const $ = cheerio.load(text('404.html'));
    expect($('h1').text()).toContain('Page not found');
    expect($('main a').length).toBeGreaterThanOrEqual(3);
  });

  it('publishes the JSON Schemas and the AI-readable outputs', () => {
    for (const name of ['receipt', 'attestation', 'index']) expect(existsSync(path.join(e2e.env.site.dir, `schemas/${name}.json`))).toBe(true);
    expect(text('llms.txt')).toContain('/docs/intro.md');
    expect(text('llms-full.txt').length).toBeGreaterThan(20_000);
    expect(text('docs/protocol/signatures.md')).toMatch(/^# /);
  });

  it('writes every code block of the docs and blog in one of the seven highlighted languages', () => {
    const allowed = new Set(['bash', 'json', 'python', 'javascript', 'typescript', 'php', 'ruby']);
    const offenders: string[] = [];
    for (const [file, content] of result.files) {
      if (!/^(docs|blog)\/.*index\.html$/.test(file)) continue;
      const $ = cheerio.load(typeof content === 'string' ? content : Buffer.from(content).toString('utf8'));
      $('article pre > code').each((_, code) => {
        const language = /language-([a-z]+)/.exec($(code).attr('class') ?? '')?.[1];
        if (!language || !allowed.has(language)) offenders.push(`${file}: ${language ?? 'no language'}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('marks external links to open in a new tab', () => {
    const $ = page('/docs/intro');
    $('article a[href^="http"]').each((_, a) => {
      expect($(a).attr('target')).toBe('_blank');
      expect($(a).attr('rel')).toContain('noopener');
    });
  });
});

describe('search on the real site', () => {
  // Captured with the engine the sharded index replaced (MiniSearch, commit c5f0cbd) on this content. A content change
  // that moves a result means capturing again; the index must not move one by itself.
  const before = JSON.parse(readFileSync(new URL('../search-quality/real-site.json', import.meta.url), 'utf8')) as Record<string, { total: number; top: string[] }>;
  const pageOf = (url: string) => url.replace(/#.*$/, '');

  for (const [query, expected] of Object.entries(before)) {
    it(`"${query}" has the same best result and five best pages as before`, async () => {
      const read = async <T,>(urlPath: string) => JSON.parse(result.files.get(urlPath.replace(/^\//, ''))!) as T;
      const entry = await read<SearchEntry>('/search-index/main/entry.json');
      const scope: ShardedScope = { entry, file: (name) => read(entry.assets + name), details: (page) => read(`${entry.pages}${page}.json`), text: (page) => read(`${entry.pages}${page}.text.json`) };
      const found = await searchShards([scope], query, { maxGroups: 5, maxHitsPerGroup: 1 });
      const top = found.groups.map((g) => g.hits[0].url);
      expect(top[0]).toBe(expected.top[0]);
      expect(top.map(pageOf).sort()).toEqual(expected.top.map(pageOf).sort());
    });
  }
});

// What `protodocs check` does for the site (the command itself is tested on fixtures in test/check.test.ts): a crawl
// of every page as a browser sees it, each problem at its source.
describe('the IAIndex site, crawled', () => {
  it('has no broken link, image, script or anchor', async () => {
    const { dir, url, manifest, siteUrl } = e2e.env.site;
    const pages = walkFiles(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => '/' + file.replace(/(^|\/)index\.html$/, '$1').split('/').map(encodeURIComponent).join('/'));
    const report = await crawlSite({
      origin: new URL(url).origin,
      baseUrl: '/',
      pages,
      manifest,
      siteUrl,
      readSource: (file) => (existsSync(path.join(SITE_ROOT, file)) ? readFileSync(path.join(SITE_ROOT, file), 'utf8') : undefined),
    });
    expect(report.diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(report.pages).toBe(pages.length);
    expect(report.pages).toBeGreaterThan(40);
  }, 120_000);
});
