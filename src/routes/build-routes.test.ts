import { describe, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import { doc, page, pageModule, post, routesOf } from './test-support.ts';

// The route table: every page of the site at exactly one URL, the static files beside them.

describe('buildRoutes', () => {
  test('pages under content/pages, page modules, the search page and the 404 page', () => {
    const { table, problems } = routesOf(testConfig(), [
      page('index', { h1: 'Home' }),
      page('about/index', { frontmatter: { title: 'About us', description: 'Who we are.' } }),
      page('markdown-page'),
      pageModule('showcase'),
      pageModule('tools/index'),
    ]);
    expect(problems).toEqual([]);
    expect(table.routes.map((r) => [r.kind, r.url, r.source])).toEqual([
      ['page', '/', 'content/pages/index.md'],
      ['page', '/about/', 'content/pages/about/index.md'],
      ['page', '/markdown-page/', 'content/pages/markdown-page.md'],
      ['page-module', '/showcase/', 'content/pages/showcase.tsx'],
      ['page-module', '/tools/', 'content/pages/tools/index.tsx'],
      ['search', '/search/', undefined],
      ['not-found', '/404.html', undefined],
    ]);
    expect(table.pages.map((p) => [p.title, p.description])).toEqual([
      ['Home', undefined],
      ['About us', 'Who we are.'],
      ['markdown-page', undefined],
    ]);
    expect(table.byUrl.get('/about/')!.kind).toBe('page');
    expect([...table.bySource]).toEqual([
      ['content/pages/index.md', '/'],
      ['content/pages/about/index.md', '/about/'],
      ['content/pages/markdown-page.md', '/markdown-page/'],
      ['content/pages/showcase.tsx', '/showcase/'],
      ['content/pages/tools/index.tsx', '/tools/'],
    ]);
  });

  test('docs, then the blog, then pages, in one table', () => {
    const { table } = routesOf(testConfig(), [page('index', { h1: 'Home' }), post('2025-01-01-hi', { h1: 'Hi' }), doc('intro', { h1: 'Intro' })]);
    expect(table.routes.map((r) => r.url)).toEqual(['/docs/', '/docs/intro/', '/blog/hi/', '/blog/', '/blog/archive/', '/blog/tags/', '/blog/authors/', '/', '/search/', '/404.html']);
    expect(table.docs).toHaveLength(1);
    expect(table.posts).toHaveLength(1);
    expect(table.pages).toHaveLength(1);
    expect(table.bySource.get('content/blog/2025-01-01-hi.md')).toBe('/blog/hi/');
  });

  test('two files at one URL: the second is refused, at its slug', () => {
    const { table, problems } = routesOf(testConfig(), [
      doc('intro', { h1: 'Intro' }),
      doc('other', { h1: 'Other', frontmatter: { slug: '/intro' }, positions: { slug: { line: 3, column: 7 } } }),
      doc('third', { h1: 'Third', frontmatter: { id: 'intro' }, positions: { id: { line: 2, column: 5 } } }),
      page('docs/intro/index', { h1: 'A page' }),
    ]);
    expect(problems).toEqual([
      'content/docs/other.md:3:7  PD4002 Two files produce the URL /docs/intro/.  (hint: content/docs/intro.md also produces it; change the slug or file name of one of them)',
      'content/docs/third.md:2:5  PD4002 Two files produce the URL /docs/intro/.  (hint: content/docs/intro.md also produces it; change the slug or file name of one of them)',
      'content/pages/docs/intro/index.md:1:1  PD4002 Two files produce the URL /docs/intro/.  (hint: content/docs/intro.md also produces it; change the slug or file name of one of them)',
    ]);
    expect(table.byUrl.get('/docs/intro/')!.source).toBe('content/docs/intro.md');
    expect(table.routes.filter((r) => r.url === '/docs/intro/')).toHaveLength(1);
  });

  test('a slug that moves a page onto a later one is reported at that slug, not at the plain file', () => {
    const { table, problems } = routesOf(testConfig(), [
      doc('a-setup', { h1: 'Setup', frontmatter: { slug: '/intro' }, positions: { slug: { line: 4, column: 7 } } }),
      doc('intro', { h1: 'Intro' }),
    ]);
    expect(problems).toEqual([
      'content/docs/a-setup.md:4:7  PD4002 Two files produce the URL /docs/intro/.  (hint: content/docs/intro.md also produces it; change the slug or file name of one of them)',
    ]);
    expect(table.byUrl.get('/docs/intro/')!.source).toBe('content/docs/a-setup.md');
  });

  test('a page at a generated URL (the search page) is refused too', () => {
    const { problems } = routesOf(testConfig(), [page('search/index', { h1: 'My search' })]);
    expect(problems).toEqual([
      'content/pages/search/index.md:1:1  PD4002 Two files produce the URL /search/.  (hint: content/pages/search/index.md also produces it; change the slug or file name of one of them)',
    ]);
  });

  test('the version-root alias of the main doc yields to a real page at that URL, whichever comes first', () => {
    // The doc at /docs/ comes after the alias: the alias is taken out.
    const later = routesOf(testConfig(), [doc('intro', { h1: 'Intro' }), doc('overview', { h1: 'Overview', frontmatter: { slug: '/' } })]);
    expect(later.problems).toEqual([]);
    expect(later.table.byUrl.get('/docs/')).toMatchObject({ kind: 'doc', doc: { id: 'overview' } });
    expect(later.table.routes.filter((r) => r.url === '/docs/')).toHaveLength(1);
    expect(later.table.bySource.get('content/docs/intro.md')).toBe('/docs/intro/');
    // A page at /docs/ comes after every doc route.
    const page_ = routesOf(testConfig(), [doc('intro', { h1: 'Intro' }), page('docs/index', { h1: 'Docs home' })]);
    expect(page_.problems).toEqual([]);
    expect(page_.table.byUrl.get('/docs/')!.kind).toBe('page');
    expect(page_.table.routes.filter((r) => r.url === '/docs/').map((r) => r.kind)).toEqual(['page']);
  });

  test('a page that claims the URL before the alias keeps it', () => {
    // An older version's root URL is also a generated index of the current version, which comes first.
    const config = testConfig(
      { docs: { versions: [{ name: 'current', mainDoc: 'intro' }, { name: 'old', path: 'legacy', mainDoc: 'intro' }] } },
      { sidebars: { main: [{ type: 'category', label: 'Legacy', link: { type: 'generated-index', slug: 'legacy' }, items: ['intro'] }] } },
    );
    const { table, problems } = routesOf(config, [doc('intro', { h1: 'Intro' }), doc('intro', { h1: 'Old intro', version: 'old' })]);
    expect(problems).toEqual([]);
    expect(table.routes.filter((r) => r.url === '/docs/legacy/').map((r) => r.kind)).toEqual(['generated-index']);
    expect(table.byUrl.get('/docs/legacy/')!.kind).toBe('generated-index');
    expect(table.bySource.get('content/versioned_docs/old/intro.md')).toBe('/docs/legacy/intro/');
  });

  test('public files are published as they are, unless one would replace a page', () => {
    const { table, problems } = routesOf(testConfig(), [page('index', { h1: 'Home' }), page('about', { h1: 'About' })], {
      publicFiles: { 'img/logo.svg': '/site/content/public/img/logo.svg', 'index.html': '/site/content/public/index.html', 'about/index.html': '/site/content/public/about/index.html', 'robots.txt': '/site/content/public/robots.txt', 'about/other.html': '/site/content/public/about/other.html' },
      schemas: { receipt: { file: 'content/schemas/receipt.json', schema: {}, text: '{}' } },
    });
    expect(problems).toEqual([
      'content/public/about/index.html:1:1  PD4021 content/public/about/index.html and the page /about/ are both written to about/index.html.  (hint: content/pages/about.md makes that page; move or rename the public file)',
      'content/public/index.html:1:1  PD4021 content/public/index.html and the page / are both written to index.html.  (hint: content/pages/index.md makes that page; move or rename the public file)',
    ]);
    expect([...table.staticFiles]).toEqual([
      ['/img/logo.svg', '/site/content/public/img/logo.svg'],
      ['/robots.txt', '/site/content/public/robots.txt'],
      ['/about/other.html', '/site/content/public/about/other.html'],
      ['/schemas/receipt.json', '/site/content/schemas/receipt.json'],
    ]);
  });

  test('a public 404.html would replace the generated 404 page', () => {
    const { problems } = routesOf(testConfig(), [], { publicFiles: { '404.html': '/site/content/public/404.html' } });
    expect(problems).toEqual([
      'content/public/404.html:1:1  PD4021 content/public/404.html and the page /404.html are both written to 404.html.  (hint: a generated page makes that page; move or rename the public file)',
    ]);
  });
});
