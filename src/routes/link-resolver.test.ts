import { beforeEach, describe, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import { createLinkResolver, GENERATED_FILES, linkIndexOf, routePathOf } from './link-resolver.ts';
import { doc, page, routesOf } from './test-support.ts';

// Links as authors write them in markdown: to a file by its relative path, or to a site path; each resolves to the
// page's URL under the base URL, or is broken with a hint.

let table: ReturnType<typeof routesOf>['table'];
beforeEach(() => {
  ({ table } = routesOf(testConfig(), [doc('intro', { h1: 'Intro' }), doc('guides/setup', { h1: 'Setup' }), doc('my doc', { h1: 'Spaced' }), page('about', { h1: 'About' })], {
    publicFiles: { 'img/logo.svg': '/site/content/public/img/logo.svg' },
  }));
});

describe('linkIndexOf', () => {
  test('every route, static file, extra file and generated file; every source with its URL', () => {
    const index = linkIndexOf(table, '/base/', ['/assets/extra.js']);
    expect(index.baseUrl).toBe('/base/');
    expect(index.paths).toEqual([...table.byUrl.keys(), '/img/logo.svg', '/assets/extra.js', ...GENERATED_FILES]);
    expect(index.paths).toEqual(expect.arrayContaining(['/docs/intro/', '/sitemap.xml', '/robots.txt', '/llms.txt', '/llms-full.txt']));
    expect(index.sources).toEqual([...table.bySource]);
    expect(linkIndexOf(table, '/').paths).not.toContain('/assets/extra.js');
  });
});

describe('createLinkResolver', () => {
  let resolve: ReturnType<typeof createLinkResolver>;
  let fromSetup: ReturnType<typeof resolve>;
  beforeEach(() => {
    resolve = createLinkResolver(linkIndexOf(table, '/base/'));
    fromSetup = resolve('content/docs/guides/setup.md', '/docs/guides/setup/');
  });

  test('external links, same-page fragments and other schemes are left as they are', () => {
    for (const href of ['', 'https://example.com/x', '//cdn.example.com/x', '#install', 'mailto:a@example.com', 'tel:123', 'ftp://x', 'javascript:void(0)']) {
      expect(fromSetup(href), href).toBeUndefined();
    }
  });

  test('a markdown file by its relative path is its page, under the base URL, query kept', () => {
    expect(fromSetup('../intro.md')).toEqual({ url: '/base/docs/intro/' });
    expect(fromSetup('./setup.md')).toEqual({ url: '/base/docs/guides/setup/' });
    expect(fromSetup('setup.md?tab=npm')).toEqual({ url: '/base/docs/guides/setup/?tab=npm' });
    expect(fromSetup('../my%20doc.md')).toEqual({ url: '/base/docs/my doc/' });
    expect(resolve('content/pages/about.md', '/about/')('../docs/intro.md')).toEqual({ url: '/base/docs/intro/' });
  });

  test('a markdown file that is not there', () => {
    expect(fromSetup('../nope.md')).toEqual({ broken: true, hint: 'no content file content/docs/nope.md; link to an existing .md file by its relative path' });
    expect(fromSetup('intro.mdx')).toEqual({ broken: true, hint: 'no content file content/docs/guides/intro.mdx; link to an existing .md file by its relative path' });
  });

  test('a site path is checked against the routes and files, as written or with its trailing slash', () => {
    expect(fromSetup('/docs/intro/')).toEqual({ url: '/base/docs/intro/' });
    expect(fromSetup('/docs/intro')).toEqual({ url: '/base/docs/intro' });
    expect(fromSetup('/docs/intro/?x=1')).toEqual({ url: '/base/docs/intro/?x=1' });
    expect(fromSetup('/img/logo.svg')).toEqual({ url: '/base/img/logo.svg' });
    expect(fromSetup('/sitemap.xml')).toEqual({ url: '/base/sitemap.xml' });
    expect(fromSetup('/404.html')).toEqual({ url: '/base/404.html' });
    expect(fromSetup('/docs/missing')).toEqual({ broken: true, hint: 'there is no page at /docs/missing/' });
  });

  test('a relative site path is relative to the page URL', () => {
    expect(fromSetup('../../intro/')).toEqual({ url: '/base/docs/intro/' });
    expect(fromSetup('../')).toEqual({ broken: true, hint: 'there is no page at /docs/guides/' });
    // From a file URL, relative to its folder.
    expect(resolve('x', '/docs/page.html')('intro/')).toEqual({ url: '/base/docs/intro/' });
    expect(resolve('x', '/docs/page.html')('/about')).toEqual({ url: '/base/about' });
  });
});

describe('routePathOf', () => {
  test.each([
    ['/base/docs/intro/', '/base/', '/docs/intro/'],
    ['/base/docs/intro', '/base/', '/docs/intro/'],
    ['/base/docs/intro/?q=1', '/base/', '/docs/intro/'],
    ['/docs/intro', '/', '/docs/intro/'],
    ['/other/docs/', '/base/', '/other/docs/'],
    ['/base/rss.xml', '/base/', '/rss.xml'],
  ])('%s under %s is %s', (url, base, expected) => {
    expect(routePathOf(url, base)).toBe(expected);
  });
});
