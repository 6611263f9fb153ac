import { describe, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import { doc, page, post, routesOf } from '../routes/test-support.ts';
import type { RouteData } from '../shared/index.ts';
import { buildRouteData } from './route-data.ts';
import { jsonLdScript, structuredData } from './structured-data.ts';
import { documentHtml, routeDataContext } from './test-support.ts';

// What search engines read for rich results: the breadcrumb trail of a doc, the article data of a post.

// Made anew on each call, inside the tests, so mutation testing can tell which test covers which code.
function route(url: string): RouteData {
  const config = testConfig(
    { title: 'Acme', url: 'https://example.test/', baseUrl: '/b/', image: '/img/card.png' },
    {
      sidebars: {
        main: [
          { type: 'category', label: 'Guides', link: { type: 'generated-index' }, items: [{ type: 'category', label: 'No page', items: ['guides/setup'] }] },
          { type: 'category', label: 'Home cat', link: { type: 'doc', id: 'home' }, items: ['home'] },
        ],
      },
    },
  );
  const { table } = routesOf(
    config,
    [
      doc('guides/setup', { h1: 'Setup' }),
      doc('home', { h1: 'Home doc', frontmatter: { slug: '/' } }),
      post('2025-03-01-launch', { h1: 'Launch', frontmatter: { description: 'We launched.', authors: ['ada', 'bob', { name: 'Guest', url: 'https://guest.test/' }], tags: ['release', 'news'] } }),
      post('2025-03-02-bare', { h1: 'Bare' }),
      page('about', { h1: 'About' }),
    ],
    { authors: [{ key: 'ada', name: 'Ada', title: 'Engineer', imageUrl: '/img/ada.png', pageSlug: 'ada' }, { key: 'bob', name: 'Bob', imageUrl: 'https://cdn.test/bob.png' }] },
  );
  const ctx = routeDataContext(config, table, new Map([['content/blog/2025-03-01-launch.md', documentHtml('<p>x</p>')]]));
  return buildRouteData(table.byUrl.get(url)!, ctx);
}

describe('structuredData', () => {
  test('a doc: the home page, then each crumb that has a page, then the doc, with absolute URLs', () => {
    expect(structuredData(route('/docs/guides/setup/'))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Acme', item: 'https://example.test/b/' },
        { '@type': 'ListItem', position: 2, name: 'Guides', item: 'https://example.test/b/docs/category/guides/' },
        { '@type': 'ListItem', position: 3, name: 'Setup', item: 'https://example.test/b/docs/guides/setup/' },
      ],
    });
  });

  test('a doc at the home page is not listed twice', () => {
    const cfg = testConfig({ docs: { routeBasePath: '/' } }, { sidebars: { main: ['home'] } });
    const t = routesOf(cfg, [doc('home', { h1: 'Home', frontmatter: { slug: '/' } })]).table;
    const data = buildRouteData(t.byUrl.get('/')!, routeDataContext(cfg, t, new Map()));
    expect((structuredData(data) as { itemListElement: unknown[] }).itemListElement).toEqual([{ '@type': 'ListItem', position: 1, name: 'Test Site', item: 'https://example.test/' }]);
  });

  test('a post: headline, dates, language, authors (their site, else their page), image and keywords', () => {
    expect(structuredData(route('/blog/launch/'))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      '@id': 'https://example.test/b/blog/launch/',
      mainEntityOfPage: 'https://example.test/b/blog/launch/',
      url: 'https://example.test/b/blog/launch/',
      headline: 'Launch',
      name: 'Launch',
      description: 'We launched.',
      datePublished: '2025-03-01',
      dateModified: '2025-03-01',
      inLanguage: 'en',
      author: [
        { '@type': 'Person', name: 'Ada', url: 'https://example.test/b/blog/authors/ada/', jobTitle: 'Engineer', image: 'https://example.test/b/img/ada.png' },
        { '@type': 'Person', name: 'Bob', image: 'https://cdn.test/bob.png' },
        { '@type': 'Person', name: 'Guest', url: 'https://guest.test/' },
      ],
      image: ['https://example.test/b/img/card.png'],
      keywords: ['release', 'news'],
    });
  });

  test('a post without authors, tags or image has none of them', () => {
    const cfg = testConfig();
    const t = routesOf(cfg, [post('2025-03-02-bare', { h1: 'Bare' })]).table;
    const data = structuredData(buildRouteData(t.byUrl.get('/blog/bare/')!, routeDataContext(cfg, t, new Map())))!;
    expect(Object.keys(data)).toEqual(['@context', '@type', '@id', 'mainEntityOfPage', 'url', 'headline', 'name', 'description', 'datePublished', 'dateModified', 'inLanguage']);
  });

  test('other pages have none', () => {
    expect(structuredData(route('/about/'))).toBeUndefined();
    expect(structuredData(route('/blog/'))).toBeUndefined();
    expect(structuredData(route('/404.html'))).toBeUndefined();
  });
});

describe('jsonLdScript', () => {
  test('a data block no text can end early', () => {
    expect(jsonLdScript({ name: '</script><script>alert(1)</script>', a: '<<' })).toBe(
      '<script type="application/ld+json">{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>","a":"\\u003c\\u003c"}</script>',
    );
  });
});
