import { beforeEach, describe, expect, test } from 'vitest';
import type { SiteConfigInput } from '../config/index.ts';
import { testConfig } from '../config/test-support.ts';
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from '../errors/index.ts';
import type { DocumentHtml, OutgoingLink } from '../markdown/index.ts';
import { doc, page, post, routesOf } from '../routes/test-support.ts';
import { checkConfigLinks, checkInternalLinks } from './internal-links.ts';

// The build's own link checks: a #fragment must name a heading of its target page, and every link and file the config
// names must exist, each reported where it is written.

const print = (items: Diagnostic[]) => sortDiagnostics(items).map(formatDiagnostic);

function rendered(anchors: string[], links: Partial<OutgoingLink>[] = []): DocumentHtml {
  return { html: '', toc: [], anchors, links: links.map((l) => ({ url: '', fragment: '', line: 1, column: 1, ...l })), sections: [], wordCount: 0, diagnostics: [] };
}

describe('checkInternalLinks', () => {
  let table: ReturnType<typeof routesOf>['table'];
  beforeEach(() => {
    ({ table } = routesOf(testConfig({ baseUrl: '/b/' }), [doc('intro', { h1: 'Intro' }), doc('guides/setup', { h1: 'Setup' }), post('2025-01-01-hello', { h1: 'Hello' }), page('about', { h1: 'About' })]));
  });
  const html = new Map([
    [
      'content/docs/intro.md',
      rendered(['intro', 'install-it', 'configure'], [
        { url: '/b/docs/guides/setup/', fragment: 'install', line: 3, column: 5 },
        { url: '/b/docs/guides/setup/', fragment: 'step-one', line: 4, column: 1 },
        { url: '', fragment: 'instal-it', line: 5, column: 9 },
        { url: '', fragment: 'configure', line: 6, column: 1 },
        { url: '/b/docs/guides/setup', fragment: 'zzz-nothing-like-it', line: 8, column: 2 },
        { url: '/b/assets/file.pdf', fragment: 'page=2', line: 9, column: 1 },
        { url: '/b/blog/hello/?x=1', fragment: 'greeting', line: 10, column: 1 },
        { url: '/b/about/', fragment: 'team', line: 11, column: 1 },
      ]),
    ],
    ['content/docs/guides/setup.md', rendered(['step-one', 'step-two', 'install'])],
    ['content/blog/2025-01-01-hello.md', rendered(['greeting'])],
    ['content/pages/about.md', rendered(['mission'], [{ url: '', fragment: 'mision', line: 2, column: 3 }])],
    // A file that produced no route (a draft, say) has no URL of its own.
    ['content/docs/orphan.md', rendered([], [{ url: '', fragment: 'x' }])],
  ]);

  test('a fragment that names no heading of its page is reported at the link, with a near miss', () => {
    expect(print(checkInternalLinks(table, html, '/b/'))).toEqual([
      'content/docs/intro.md:5:9  PD5002 Broken anchor: /docs/intro/#instal-it has no heading with that id.  (hint: did you mean #install-it?)',
      'content/docs/intro.md:8:2  PD5002 Broken anchor: /docs/guides/setup/#zzz-nothing-like-it has no heading with that id.  (hint: heading ids are the heading text in lower case with dashes)',
      'content/docs/intro.md:11:1  PD5002 Broken anchor: /about/#team has no heading with that id.  (hint: heading ids are the heading text in lower case with dashes)',
      'content/pages/about.md:2:3  PD5002 Broken anchor: /about/#mision has no heading with that id.  (hint: did you mean #mission?)',
    ]);
  });

  test('a page without rendered markdown has no anchors to check against', () => {
    const only = new Map([['content/docs/intro.md', rendered([], [{ url: '/b/docs/guides/setup/', fragment: 'anything' }])]]);
    expect(checkInternalLinks(table, only, '/b/')).toEqual([]);
  });

  test("a page no link names a fragment of never has its anchors read (a cached page's are read from disk)", () => {
    const unread = rendered([]);
    Object.defineProperty(unread, 'anchors', { get: () => { throw new Error('anchors of an unlinked page were read'); } });
    const lazy = new Map([
      ['content/docs/intro.md', rendered(['a'], [{ url: '/b/about/', fragment: 'gone', line: 7, column: 3 }, { url: '/b/about/', fragment: 'team' }])],
      ['content/docs/guides/setup.md', unread],
      ['content/pages/about.md', rendered(['team'])],
    ]);
    expect(print(checkInternalLinks(table, lazy, '/b/'))).toEqual([
      'content/docs/intro.md:7:3  PD5002 Broken anchor: /about/#gone has no heading with that id.  (hint: heading ids are the heading text in lower case with dashes)',
    ]);
  });

  test('the version root alias has the anchors of its doc', () => {
    const aliasHtml = new Map([
      ['content/docs/intro.md', rendered(['top-heading'])],
      ['content/pages/about.md', rendered([], [{ url: '/b/docs/', fragment: 'top-heading' }, { url: '/b/docs/', fragment: 'nope', line: 4, column: 4 }])],
    ]);
    expect(print(checkInternalLinks(table, aliasHtml, '/b/'))).toEqual([
      'content/pages/about.md:4:4  PD5002 Broken anchor: /docs/#nope has no heading with that id.  (hint: heading ids are the heading text in lower case with dashes)',
    ]);
  });
});

describe('checkConfigLinks', () => {
  const SOURCE = `export default defineConfig({
  title: 'T',
  favicon: '/img/favicon.ico',
  image: '/img/card.png?v=2',
  navbar: {
    logo: { src: 'img/logo.svg', alt: 'Logo' },
    items: [
      { type: 'docSidebar', sidebarId: 'mian', label: 'Docs' },
      { to: '/docs/intro', label: 'Intro' },
      { to: '/docs/missing', label: 'Missing' },
      { href: 'https://github.com/acme', label: 'GitHub' },
      { to: '/blog/#latest', label: 'Blog' },
      { to: '/files/guide.pdf', label: 'PDF' },
    ],
  },
  footer: { links: [{ title: 'More', items: [{ label: 'Gone', to: '/gone/' }, { label: 'X', href: 'https://x.test' }, { label: 'Home', to: '/' }] }] },
});
`;
  const input: Partial<SiteConfigInput> = {
    favicon: '/img/favicon.ico',
    image: '/img/card.png?v=2',
    navbar: {
      logo: { src: 'img/logo.svg', alt: 'Logo' },
      items: [
        { type: 'docSidebar', sidebarId: 'mian', label: 'Docs' },
        { to: '/docs/intro', label: 'Intro' },
        { to: '/docs/missing', label: 'Missing' },
        { href: 'https://github.com/acme', label: 'GitHub' },
        { to: '/blog/#latest', label: 'Blog' },
        { to: '/files/guide.pdf', label: 'PDF' },
      ],
    },
    footer: { links: [{ title: 'More', items: [{ label: 'Gone', to: '/gone/' }, { label: 'X', href: 'https://x.test' }, { label: 'Home', to: '/' }] }] },
  };
  const files = [doc('intro', { h1: 'Intro' }), post('2025-01-01-a', { h1: 'A' }), page('index', { h1: 'Home' })];

  test('every broken link and missing file, at the value in site.config.ts (sidebar ids are checked before parsing: routes/structure-check)', () => {
    const config = testConfig(input, { sidebars: { main: ['intro'], other: [] } });
    const { table } = routesOf(config, files, { publicFiles: { 'files/guide.pdf': '/site/content/public/files/guide.pdf' } });
    expect(print(checkConfigLinks(config, table, SOURCE))).toEqual([
      'site.config.ts:3:12  PD6050 favicon names /img/favicon.ico, which is not a file of content/public: every page would request it in vain.  (hint: add content/public/img/favicon.ico, or fix the path in site.config.ts)',
      'site.config.ts:4:10  PD6050 image names /img/card.png?v=2, which is not a file of content/public: every page would request it in vain.  (hint: add content/public/img/card.png, or fix the path in site.config.ts)',
      'site.config.ts:6:18  PD6050 navbar.logo.src names img/logo.svg, which is not a file of content/public: every page would request it in vain.  (hint: add content/public/img/logo.svg, or fix the path in site.config.ts)',
      'site.config.ts:10:13  PD1006 navbar.items[2] links to /docs/missing, which is not a page of the site.  (hint: probably in the navbar or footer: fix the link in site.config.ts)',
      'site.config.ts:16:67  PD1006 footer.links[0].items[0] links to /gone/, which is not a page of the site.  (hint: probably in the navbar or footer: fix the link in site.config.ts)',
    ]);
  });

  test('files that exist, external files, and a navbar sidebar that is not checked here', () => {
    const config = testConfig({ ...input, favicon: 'https://cdn.test/f.ico', navbar: { ...input.navbar!, items: [{ type: 'docSidebar', sidebarId: 'main', label: 'Docs' }] } });
    const { table } = routesOf(config, files, { publicFiles: { 'img/card.png': '/p/card.png', 'img/logo.svg': '/p/logo.svg' } });
    expect(print(checkConfigLinks(config, table))).toEqual([
      'site.config.ts:1:1  PD1006 footer.links[0].items[0] links to /gone/, which is not a page of the site.  (hint: probably in the navbar or footer: fix the link in site.config.ts)',
    ]);
  });

  test('a config with nothing to check', () => {
    const config = testConfig();
    expect(checkConfigLinks(config, routesOf(config, [page('index', { h1: 'Home' })]).table, '')).toEqual([]);
  });

  test('a site without a page at / is warned at its title, which the navbar links home; docs at / count', () => {
    const config = testConfig({ title: 'T' });
    expect(print(checkConfigLinks(config, routesOf(config, [doc('intro', { h1: 'Intro' })]).table, SOURCE))).toEqual([
      'site.config.ts:2:10  warning PD4022 The site has no page at /, yet every page links there: the navbar title "T" and the 404 page\'s way back.  (hint: add content/pages/index.md (or index.tsx), or give a doc slug: / under docs.routeBasePath: "/")',
    ]);
    const docsAtRoot = testConfig({ title: 'T', docs: { routeBasePath: '/' } });
    expect(checkConfigLinks(docsAtRoot, routesOf(docsAtRoot, [doc('intro', { h1: 'Intro', frontmatter: { slug: '/' } })]).table, SOURCE)).toEqual([]);
  });
});
