import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { absoluteUrl, isPlaceholder, resolveConfig, routeBase, siteOrigin } from './resolve.ts';
import { configSchema } from './schema.ts';
import { testConfig } from './test-support.ts';

// Every derived path, URL and default is computed once here; the stages only read it.

describe('routeBase', () => {
  test.each([
    ['docs', '/docs/'],
    ['/blog/', '/blog/'],
    ['/blog', '/blog/'],
    ['blog/', '/blog/'],
    ['//news//', '/news/'],
    ['guide/v2', '/guide/v2/'],
    ['/', '/'],
    ['', '/'],
  ])('%j is the site path %j', (written, expected) => {
    expect(routeBase(written)).toBe(expected);
  });
});

describe('siteOrigin', () => {
  test.each([
    ['https://docs.example.com', 'https://docs.example.com'],
    ['https://docs.example.com/', 'https://docs.example.com'],
    ['https://docs.example.com///', 'https://docs.example.com'],
    ['https://example.com/docs/', 'https://example.com/docs'],
  ])('%j → %j', (url, origin) => {
    expect(siteOrigin(url)).toBe(origin);
  });
});

describe('absoluteUrl', () => {
  const site = { origin: 'https://example.test', baseUrl: '/sub/' };
  test('a site path gets the origin and the base URL', () => {
    expect(absoluteUrl(site, '/docs/intro/')).toBe('https://example.test/sub/docs/intro/');
    expect(absoluteUrl(site, 'img/card.png')).toBe('https://example.test/sub/img/card.png');
    expect(absoluteUrl({ origin: 'https://example.test', baseUrl: '/' }, '/')).toBe('https://example.test/');
  });

  test.each(['https://cdn.example.com/card.png', 'HTTP://EXAMPLE.COM/', 'mailto:team@example.com', 'git+ssh://host/repo', 'web.cal-1:x'])(
    'a URL with a scheme (%s) is kept as written',
    (href) => {
      expect(absoluteUrl(site, href)).toBe(href);
    },
  );

  test('something that only looks like a scheme is a path', () => {
    expect(absoluteUrl(site, '1http:x')).toBe('https://example.test/sub/1http:x');
    expect(absoluteUrl(site, 'a b:c')).toBe('https://example.test/sub/a b:c');
    expect(absoluteUrl(site, 'docs/a:b')).toBe('https://example.test/sub/docs/a:b');
  });
});

describe('isPlaceholder', () => {
  test.each(['{appId}', '{}', 'x', 'XXXX', 'placeholder', 'PLACEHOLDER', 'your-api-key', 'your_key', 'your key', 'yourKey', 'your', 'changeme', 'ChangeMe'])(
    '%j is a value not filled in yet',
    (value) => {
      expect(isPlaceholder(value)).toBe(true);
    },
  );

  test.each(['BH4D9OD16A', '6b8a0e7c1e3f4d2a9c5b7e1f0a2d3c4b', 'a{appId}', '{appId}b', '{a}{b}', 'xylophone', 'xx1', 'my-placeholder', 'placeholders', 'changeme2', 'not-your-key', 'your-key!', ''])(
    '%j is a real value',
    (value) => {
      expect(isPlaceholder(value)).toBe(false);
    },
  );
});

describe('resolveConfig', () => {
  test('the defaults an author gets for a config of title and url only', () => {
    const config = testConfig();
    expect(config).toMatchObject({
      root: '/site',
      outDirAbs: '/site/build',
      contentDir: path.join('/site', 'content'),
      sidebars: {},
      sidebarsFile: 'content/sidebars.ts',
      configDeps: [],
      hostedSearchEnabled: false,
      origin: 'https://example.test',
      docsPath: '/docs/',
      blogPath: '/blog/',
      baseUrl: '/',
      titleDelimiter: '|',
      tagline: '',
    });
    expect(config.analytics).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  test('paths are absolute from the root; --out wins over outDir', () => {
    const data = configSchema.parse({ title: 'T', url: 'https://example.test/', outDir: 'public', docs: { routeBasePath: '/guide/' }, blog: { routeBasePath: 'news/' } });
    const relative = resolveConfig(data, { root: 'some/site' });
    expect(relative.root).toBe(path.resolve('some/site'));
    expect(relative.outDirAbs).toBe(path.resolve('some/site/public'));
    expect(relative.contentDir).toBe(path.resolve('some/site/content'));
    expect(relative.docsPath).toBe('/guide/');
    expect(relative.blogPath).toBe('/news/');
    expect(relative.origin).toBe('https://example.test');
    expect(resolveConfig(data, { root: '/site', outDir: 'dist/site' }).outDirAbs).toBe('/site/dist/site');
    expect(resolveConfig(data, { root: '/site', outDir: '/elsewhere' }).outDirAbs).toBe('/elsewhere');
  });

  test('the sidebars module and the files the config came from are kept', () => {
    const sidebars = { main: ['intro'] };
    const config = testConfig({}, { sidebars, sidebarsFile: 'content/my-sidebars.ts', configDeps: ['/site/site.config.ts'] });
    expect(config.sidebars).toBe(sidebars);
    expect(config.sidebarsFile).toBe('content/my-sidebars.ts');
    expect(config.configDeps).toEqual(['/site/site.config.ts']);
    expect(testConfig({ docs: { sidebarPath: 'sidebars.ts' } }).sidebarsFile).toBe('sidebars.ts');
  });

  describe('hosted search is used only with real credentials', () => {
    const real = { appId: 'BH4D9OD16A', apiKey: '6b8a0e7c1e3f4d2a', indexName: 'docs' };
    test.each([
      [{ hosted: real }, true],
      [{ hosted: real, engine: 'hosted' as const }, true],
      [{ hosted: real, engine: 'local' as const }, false],
      [{ hosted: { ...real, appId: '{appId}' } }, false],
      [{ hosted: { ...real, apiKey: 'your-api-key' } }, false],
      [{ hosted: { ...real, apiKey: 'your-api-key' }, engine: 'hosted' as const }, false],
      [{}, false],
      [{ engine: 'hosted' as const }, false],
    ])('%j → %s', (search, enabled) => {
      expect(testConfig({ search }).hostedSearchEnabled).toBe(enabled);
    });
  });

  describe('analytics', () => {
    test('a beacon is sent where the config says, whatever id the build is given', () => {
      const beacon = { provider: 'beacon' as const, endpoint: '/api/page-view' };
      expect(testConfig({ analytics: beacon }, { analyticsId: 'G-FROMCLI' }).analytics).toEqual(beacon);
    });

    test("gtag uses the build's id over the config's, trimmed, and anonymises IPs unless told not to", () => {
      const gtag = { provider: 'gtag' as const, trackingId: 'G-CONFIG' };
      expect(testConfig({ analytics: gtag }).analytics).toEqual({ provider: 'gtag', trackingId: 'G-CONFIG', anonymizeIp: true });
      expect(testConfig({ analytics: gtag }, { analyticsId: ' G-CLI ' }).analytics).toEqual({ provider: 'gtag', trackingId: 'G-CLI', anonymizeIp: true });
      expect(testConfig({ analytics: { ...gtag, anonymizeIp: false } }, { analyticsId: 'G-CLI' }).analytics).toEqual({ provider: 'gtag', trackingId: 'G-CLI', anonymizeIp: false });
      // A blank id from the environment is no id: the config's is used.
      expect(testConfig({ analytics: gtag }, { analyticsId: '   ' }).analytics).toEqual({ provider: 'gtag', trackingId: 'G-CONFIG', anonymizeIp: true });
      expect(testConfig({ analytics: { provider: 'gtag', trackingId: '  G-PADDED ' } }).analytics).toMatchObject({ trackingId: 'G-PADDED' });
    });

    test('an id given at build time turns gtag on without any analytics config', () => {
      expect(testConfig({}, { analyticsId: 'G-CLI' }).analytics).toEqual({ provider: 'gtag', trackingId: 'G-CLI', anonymizeIp: true });
    });

    test('without a real id nothing is sent', () => {
      expect(testConfig({ analytics: { provider: 'gtag' } }).analytics).toBeUndefined();
      expect(testConfig({ analytics: { provider: 'gtag', trackingId: '{trackingId}' } }).analytics).toBeUndefined();
      expect(testConfig({ analytics: { provider: 'gtag', trackingId: '  ' } }).analytics).toBeUndefined();
      expect(testConfig({}, { analyticsId: 'your-id' }).analytics).toBeUndefined();
      expect(testConfig({}, { analyticsId: '' }).analytics).toBeUndefined();
    });
  });
});
