import { describe, expect, test } from 'vitest';
import type { SiteConfigInput } from '../config/index.ts';
import { testConfig } from '../config/test-support.ts';
import { doc, routesOf, type FakeFile } from '../routes/test-support.ts';
import { buildSiteChrome } from './site-chrome.ts';

// The part of every page that does not depend on the page: navbar, footer, versions, locales, search settings.

function chrome(input: Partial<SiteConfigInput>, files: FakeFile[] = [doc('intro', { h1: 'Intro' })], sidebars = {}, indexUrl?: string, askEndpoint?: string) {
  const config = testConfig(input, { sidebars });
  return buildSiteChrome(config, routesOf(config, files).table, indexUrl, askEndpoint);
}

describe('buildSiteChrome', () => {
  test('the site as a whole', () => {
    const c = chrome({ title: 'Acme', tagline: 'Tools', baseUrl: '/b/', titleDelimiter: '·', colorMode: { defaultMode: 'dark' }, storage: { keySuffix: '-x' }, repoUrl: 'https://github.com/acme/tools/' });
    expect(c).toMatchObject({
      title: 'Acme',
      tagline: 'Tools',
      url: 'https://example.test',
      baseUrl: '/b/',
      titleDelimiter: '·',
      lang: 'en',
      colorMode: { defaultMode: 'dark', respectPrefersColorScheme: true, disableSwitch: false },
      storageKeySuffix: '-x',
      repoUrl: 'https://github.com/acme/tools/',
    });
    expect(c.announcementBar).toBeUndefined();
    expect(c.analytics).toBeUndefined();
    expect(c.search.issuesUrl).toBe('https://github.com/acme/tools/issues');
    expect(c.favicon).toEqual({ href: expect.stringMatching(/^\/b\/assets\/favicon\.[0-9a-f]{10}\.svg$/), type: 'image/svg+xml' });
  });

  test('navbar items: a sidebar link leads to its first doc (or category page), links get the base URL', () => {
    const sidebars = {
      main: [{ type: 'category', label: 'Empty first', items: [{ type: 'category', label: 'Inner', items: ['guides/setup'] }] }, 'intro'],
      cat: [{ type: 'link', label: 'L', href: 'https://l.test' }, { type: 'category', label: 'C', link: { type: 'doc', id: 'intro' }, items: ['guides/setup'] }],
      links: [{ type: 'link', label: 'L', href: 'https://l.test' }],
    };
    const c = chrome(
      {
        baseUrl: '/b/',
        navbar: {
          title: 'Navbar title',
          logo: { src: '/img/logo.svg', alt: 'Logo' },
          items: [
            { type: 'docSidebar', sidebarId: 'main', label: 'Docs' },
            { type: 'docSidebar', sidebarId: 'cat', label: 'Cat', position: 'right' },
            { type: 'docSidebar', sidebarId: 'links', label: 'Links' },
            { type: 'docSidebar', sidebarId: 'missing', label: 'Missing' },
            { to: '/blog', label: 'Blog' },
            { href: 'https://github.com/acme', label: 'GitHub', position: 'right' },
            { label: 'Nowhere' },
            { type: 'search' },
            { type: 'docsVersionDropdown', position: 'left' },
            { type: 'localeDropdown' },
          ],
        },
      },
      [doc('intro', { h1: 'Intro' }), doc('guides/setup', { h1: 'Setup' })],
      sidebars,
    );
    expect(c.navbar).toEqual({
      title: 'Navbar title',
      logo: { src: '/b/img/logo.svg', alt: 'Logo' },
      items: [
        { type: 'docSidebar', label: 'Docs', sidebarId: 'main', href: '/b/docs/guides/setup/', position: 'left' },
        { type: 'docSidebar', label: 'Cat', sidebarId: 'cat', href: '/b/docs/intro/', position: 'right' },
        { type: 'docSidebar', label: 'Links', sidebarId: 'links', href: '/b/docs/', position: 'left' },
        { type: 'docSidebar', label: 'Missing', sidebarId: 'missing', href: '/b/docs/', position: 'left' },
        { type: 'link', label: 'Blog', href: '/b/blog', external: false, position: 'left' },
        { type: 'link', label: 'GitHub', href: 'https://github.com/acme', external: true, position: 'right' },
        { type: 'link', label: 'Nowhere', href: '/b/', external: false, position: 'left' },
        { type: 'search', position: 'right' },
        { type: 'docsVersionDropdown', position: 'left' },
        { type: 'localeDropdown', position: 'right' },
      ],
    });
  });

  test('the navbar title is the site title unless set; no logo unless set', () => {
    const c = chrome({ title: 'Acme' });
    expect(c.navbar).toEqual({ title: 'Acme', logo: undefined, items: [] });
  });

  test('footer groups with their links', () => {
    const c = chrome({
      baseUrl: '/b/',
      footer: {
        copyright: '© Acme',
        links: [{ title: 'Docs', items: [{ label: 'Intro', to: '/docs/intro/' }, { label: 'Repo', href: 'https://github.com/acme' }, { label: 'Mail', href: 'mailto:a@acme.test' }, { label: 'Home' }] }],
      },
    });
    expect(c.footer).toEqual({
      copyright: '© Acme',
      groups: [
        {
          title: 'Docs',
          items: [
            { label: 'Intro', href: '/b/docs/intro/', external: false },
            { label: 'Repo', href: 'https://github.com/acme', external: true },
            { label: 'Mail', href: 'mailto:a@acme.test', external: true },
            { label: 'Home', href: '/b/', external: false },
          ],
        },
      ],
    });
  });

  test('versions lead to their main docs', () => {
    const c = chrome({ docs: { versions: [{ name: 'current', label: 'Next' }, { name: '1.0' }] } }, [doc('intro', { h1: 'Intro' }), doc('intro', { h1: 'Old', version: '1.0' })]);
    expect(c.versions).toEqual([
      { name: 'current', label: 'Next', href: '/docs/intro/', current: true },
      { name: '1.0', label: '1.0', href: '/docs/1.0/intro/', current: false },
    ]);
    expect(c.search.docsTags).toEqual(['docs-default-current']);
  });

  test('locales: labels from the config, else known names, else the code; all at the home page', () => {
    const c = chrome({ baseUrl: '/b/', i18n: { defaultLocale: 'fr', locales: ['en', 'fr', 'xx'], localeConfigs: { fr: { label: 'Français' } } } });
    expect(c.lang).toBe('fr');
    expect(c.locales).toEqual([
      { code: 'en', label: 'English', href: '/b/', current: false },
      { code: 'fr', label: 'Français', href: '/b/', current: true },
      { code: 'xx', label: 'xx', href: '/b/', current: false },
    ]);
    expect(c.search.language).toBe('fr');
  });

  test('the announcement bar and analytics as configured', () => {
    const c = chrome({ announcementBar: { id: 'v2', content: 'v2 is <b>out</b>' }, analytics: { provider: 'beacon', endpoint: '/pv' } });
    expect(c.announcementBar).toEqual({ id: 'v2', content: 'v2 is <b>out</b>', closable: true });
    expect(c.analytics).toEqual({ provider: 'beacon', endpoint: '/pv' });
  });

  describe('search', () => {
    const hosted = { appId: 'APP1', apiKey: 'realkey123', indexName: 'docs' };

    test('the local index, and AI answers from it', () => {
      expect(chrome({}, undefined, {}, '/assets/search/i.json').search).toEqual({
        indexUrl: '/assets/search/i.json',
        hosted: undefined,
        ai: {},
        issuesUrl: undefined,
        language: 'en',
        docsTags: ['docs-default-current'],
      });
    });

    test('without an index or an endpoint there is no AI mode', () => {
      expect(chrome({}).search.ai).toBeUndefined();
    });

    test("an answer endpoint: the config's (a site path gets the base URL), else the server's", () => {
      expect(chrome({ baseUrl: '/b/', search: { ai: { endpoint: '/api/ask' } } }, undefined, {}, undefined, '/__serve/ask').search.ai).toEqual({ endpoint: '/b/api/ask' });
      expect(chrome({ baseUrl: '/b/', search: { ai: { endpoint: 'https://ask.test/q' } } }).search.ai).toEqual({ endpoint: 'https://ask.test/q' });
      expect(chrome({ baseUrl: '/b/' }, undefined, {}, undefined, '/__serve/ask').search.ai).toEqual({ endpoint: '/__serve/ask' });
    });

    test('hosted search with real credentials, at its own host or the default one', () => {
      expect(chrome({ search: { hosted } }).search.hosted).toEqual({ ...hosted, host: 'https://APP1-dsn.algolia.net' });
      expect(chrome({ search: { hosted: { ...hosted, host: 'https://search.acme.test' } } }).search.hosted).toEqual({ ...hosted, host: 'https://search.acme.test' });
      expect(chrome({ search: { hosted: { ...hosted, apiKey: '{key}' } } }).search.hosted).toBeUndefined();
    });

    test('the issues link of a repository without a trailing slash', () => {
      expect(chrome({ repoUrl: 'https://github.com/acme/tools' }).search.issuesUrl).toBe('https://github.com/acme/tools/issues');
    });
  });
});
