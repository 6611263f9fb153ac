import { beforeEach, describe, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import type { DocumentHtml } from '../markdown/index.ts';
import type { SiteConfig } from '../config/index.ts';
import type { RouteTable } from '../routes/index.ts';
import { doc, post, routesOf } from '../routes/test-support.ts';
import { hostHeaders } from './host-headers.ts';
import { llmsFileKeys, llmsFiles, markdownFileOf } from './llms.ts';
import { pageListFiles, siteFeeds, siteFiles, type SiteFile } from './site-files.ts';
import { DEFAULT_FAVICON_FILE } from './site-icon.ts';
import { documentHtml, routeDataContext } from './test-support.ts';

// The files of a site besides its pages: feeds, robots.txt, host headers, llms files, the icon; and those made of what
// writing the pages gave, the sitemap and the manifest.

const textsOf = (files: SiteFile[]) => new Map(files.map(([rel, text]) => [rel, typeof text === 'string' ? text : text()]));
/** The llms files' texts, every one made. */
const llmsTexts = (config: SiteConfig, table: RouteTable) => new Map([...llmsFiles(config, table)].map(([rel, make]) => [rel, make()]));

describe('siteFiles', () => {
  const posts = Array.from({ length: 22 }, (_, i) => post(`2025-01-${String(i + 1).padStart(2, '0')}-p${i + 1}`, { h1: `Post ${i + 1}` }));
  const html = new Map<string, DocumentHtml>(posts.map((p, i) => [p.file.file, documentHtml(`<p>Body ${i + 1}</p>`)]));
  let table: ReturnType<typeof routesOf>['table'];
  let files: Map<string, string>;
  beforeEach(() => {
    const config = testConfig({ blog: { routeBasePath: '/news/', feeds: ['rss', 'json'] }, baseUrl: '/b/' });
    ({ table } = routesOf(config, [doc('intro', { h1: 'Intro', body: 'The intro.\n' }), ...posts]));
    files = textsOf([
      ...siteFiles({ config, table, html, context: routeDataContext(config, table, html), csp: "default-src 'self'" }),
      ...pageListFiles(config, { sitemapUrls: ['/', '/docs/intro/'], manifest: { 'docs/intro/index.html': 'content/docs/intro.md' } }),
    ]);
  });

  test('one file of each kind, the feeds in the blog folder; the two that list the pages apart', () => {
    expect([...files.keys()]).toEqual([
      'news/rss.xml',
      'news/feed.json',
      'robots.txt',
      '_headers',
      'llms.txt',
      'llms-full.txt',
      'docs/intro.md',
      DEFAULT_FAVICON_FILE,
      'sitemap.xml',
      'protodocs-manifest.json',
    ]);
  });

  test('the feeds carry the newest 20 posts with their full HTML', () => {
    const feed = JSON.parse(files.get('news/feed.json')!);
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0]).toMatchObject({ title: 'Post 22', url: 'https://example.test/b/news/p22/', content_html: '<p>Body 22</p>' });
    expect(feed.items[19].title).toBe('Post 3');
    expect(files.get('news/rss.xml')).toContain('<title>Post 22</title>');
  });

  test('the sitemap lists the URLs given; the manifest maps pages to sources', () => {
    expect(files.get('sitemap.xml')).toContain('<loc>https://example.test/b/docs/intro/</loc>');
    expect(files.get('sitemap.xml')).toContain('<loc>https://example.test/b/</loc>');
    expect(JSON.parse(files.get('protodocs-manifest.json')!)).toEqual({ 'docs/intro/index.html': 'content/docs/intro.md' });
    expect(files.get('_headers')).toContain("Content-Security-Policy: default-src 'self'");
    expect(files.get('robots.txt')).toContain('Sitemap: https://example.test/b/sitemap.xml');
  });

  test('a site without posts has no feeds, whatever the config says', () => {
    const plain = testConfig();
    const t = routesOf(plain, [doc('intro', { h1: 'Intro' })]).table;
    expect(siteFeeds(plain, t)).toEqual([]);
    expect(siteFeeds(plain, table)).toEqual(['rss', 'atom', 'json']);
    const names = siteFiles({ config: plain, table: t, html: new Map(), context: routeDataContext(plain, t, new Map()), csp: '' }).map(([name]) => name);
    expect(names.some((n) => /rss|atom|feed/.test(n))).toBe(false);
  });

  test('all three feeds by default, the post HTML empty when it was not rendered', () => {
    const cfg = testConfig();
    const t = routesOf(cfg, [post('2025-01-01-a', { h1: 'A' })]).table;
    const out = textsOf(siteFiles({ config: cfg, table: t, html: new Map(), context: routeDataContext(cfg, t, new Map()), csp: '' }));
    expect([...out.keys()].slice(0, 3)).toEqual(['blog/rss.xml', 'blog/atom.xml', 'blog/feed.json']);
    expect(JSON.parse(out.get('blog/feed.json')!).items[0].content_html).toBe('');
  });
});

describe('hostHeaders', () => {
  test('the CSP and safe defaults on every page, immutable caching of hashed assets, revalidated search entries, under the base URL', () => {
    expect(hostHeaders("default-src 'self'", '/b/')).toBe(
      "/b/*\n  Content-Security-Policy: default-src 'self'\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n/b/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n/b/search-index/*\n  Cache-Control: no-cache\n",
    );
  });
});

describe('llms files', () => {
  let files: Map<string, string>;
  beforeEach(() => {
    const config = testConfig({ title: 'Acme', tagline: 'Tools', baseUrl: '/b/', docs: { versions: [{ name: 'current' }, { name: '1.0' }] } });
    const { table } = routesOf(config, [
      doc('intro', { h1: 'Intro', frontmatter: { description: 'Start here.' }, body: '# Intro\n\nHello.\n\n' }),
      doc('guides/setup', { frontmatter: { title: 'Setup' }, body: '\nSteps.\n' }),
      doc('intro', { h1: 'Old', version: '1.0', body: 'Old text.' }),
    ]);
    files = llmsTexts(config, table);
  });

  test('llms.txt indexes the current docs, linking their markdown twins', () => {
    expect(files.get('llms.txt')).toBe(
      '# Acme\n\n> Tools\n\n## Docs\n\n- [Intro](https://example.test/b/docs/intro.md): Start here.\n- [Setup](https://example.test/b/docs/guides/setup.md)\n',
    );
  });

  test('llms-full.txt has every current doc; each doc has its markdown beside its route', () => {
    expect(files.get('llms-full.txt')).toBe('# Acme\n\n> Tools\n\n# Intro\n\n> Start here.\n\n# Intro\n\nHello.\n\n---\n\n# Setup\n\nSteps.\n');
    expect(files.get('docs/intro.md')).toBe('# Intro\n\n> Start here.\n\n# Intro\n\nHello.\n');
    expect(files.get('docs/guides/setup.md')).toBe('# Setup\n\nSteps.\n');
    expect([...files.keys()]).toEqual(['llms.txt', 'llms-full.txt', 'docs/intro.md', 'docs/guides/setup.md']);
  });

  test('each markdown file is keyed by what makes it: its key changes when, and only when, its text does', () => {
    const site = (over: { title?: string; introTitle?: string; description?: string; introBody?: string; setupBody?: string } = {}) => {
      const config = testConfig({ title: over.title ?? 'Acme', tagline: 'Tools' });
      const { table } = routesOf(config, [
        doc('intro', { frontmatter: { title: over.introTitle ?? 'Intro', description: over.description ?? 'Start here.' }, body: over.introBody ?? 'Hello.\n' }),
        doc('guides/setup', { frontmatter: { title: 'Setup' }, body: over.setupBody ?? 'Steps.\n' }),
      ]);
      return { texts: llmsTexts(config, table), keys: llmsFileKeys(config, table) };
    };
    const before = site();
    expect([...before.keys.keys()].sort()).toEqual(['docs/guides/setup.md', 'docs/intro.md', 'llms-full.txt']);
    for (const change of [{ title: 'Acme Docs' }, { introTitle: 'Welcome' }, { description: 'Begin here.' }, { introBody: 'Hello there.\n' }, { setupBody: 'More steps.\n' }]) {
      const after = site(change);
      for (const [rel, key] of before.keys) expect([rel, after.keys.get(rel) === key]).toEqual([rel, after.texts.get(rel) === before.texts.get(rel)]);
    }
  });

  test('markdownFileOf', () => {
    expect(markdownFileOf('/docs/intro/')).toBe('docs/intro.md');
    expect(markdownFileOf('/docs/')).toBe('docs.md');
  });
});
