import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, test } from 'vitest';
import type { SiteConfigInput } from '../config/index.ts';
import { testConfig } from '../config/test-support.ts';
import { doc, post, routesOf } from '../routes/test-support.ts';
import type { RouteData } from '../shared/index.ts';
import { contentSecurityPolicy, GTAG_CONNECT_SOURCES, GTAG_SCRIPT_SOURCES, inlineHeadScript, renderHead, sha256Base64 } from './head.ts';
import { buildRouteData } from './route-data.ts';
import { documentHtml, routeDataContext } from './test-support.ts';

// Everything in <head>: the policy the page runs under, its titles and descriptions for browsers, search engines and
// social cards, its feeds, its one inline script.

describe('contentSecurityPolicy', () => {
  const policy = (input: Partial<SiteConfigInput> = {}, host?: string) => contentSecurityPolicy(testConfig(input), 'HASH=', host);

  test('only the site itself, and the one hashed inline script', () => {
    expect(policy()).toBe(
      "default-src 'self'; script-src 'self' 'sha256-HASH='; style-src 'self'; img-src 'self' data: https:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
  });

  test('the hosted search host and an answer endpoint on another origin may be fetched', () => {
    expect(policy({ search: { ai: { endpoint: 'https://ask.example.com/api/ask?x=1' } } }, 'https://APP-dsn.algolia.net')).toContain(
      "connect-src 'self' https://APP-dsn.algolia.net https://ask.example.com;",
    );
    // An endpoint on the site itself needs nothing more.
    expect(policy({ search: { ai: { endpoint: '/api/ask' } } })).toContain("connect-src 'self';");
  });

  test("Google Analytics gets Google's hosts; a beacon elsewhere gets its origin", () => {
    const gtag = policy({ analytics: { provider: 'gtag', trackingId: 'G-1' } });
    expect(gtag).toContain(`script-src 'self' 'sha256-HASH=' ${GTAG_SCRIPT_SOURCES.join(' ')};`);
    expect(gtag).toContain(`connect-src 'self' ${GTAG_CONNECT_SOURCES.join(' ')};`);
    expect(GTAG_SCRIPT_SOURCES).toEqual(['https://*.googletagmanager.com']);
    expect(GTAG_CONNECT_SOURCES).toEqual(['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']);
    // gtag without an id sends nothing, so allows nothing.
    expect(policy({ analytics: { provider: 'gtag' } })).not.toContain('google');
    expect(policy({ analytics: { provider: 'beacon', endpoint: 'https://stats.example.com/hit' } })).toContain("connect-src 'self' https://stats.example.com;");
    expect(policy({ analytics: { provider: 'beacon', endpoint: 'http://stats.example.com:8080/hit' } })).toContain("connect-src 'self' http://stats.example.com:8080;");
    expect(policy({ analytics: { provider: 'beacon', endpoint: '/api/hit' } })).toContain("connect-src 'self';");
  });
});

describe('sha256Base64', () => {
  test('the CSP hash of a script', () => {
    expect(sha256Base64('alert(1)')).toBe(createHash('sha256').update('alert(1)').digest('base64'));
    expect(sha256Base64('')).toBe('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });
});

describe('inlineHeadScript', () => {
  test('applies the colour mode and storage settings, and knows the base URL', () => {
    const script = inlineHeadScript(testConfig({ baseUrl: '/sub/', colorMode: { defaultMode: 'dark', respectPrefersColorScheme: false }, storage: { keySuffix: '-docs' }, announcementBar: { id: 'bar-7', content: 'x' } }));
    expect(script).toContain('"/sub/"');
    expect(script).toContain('theme-docs');
    expect(script).toContain('bar-7');
    expect(script).toContain('"d":"dark"');
    expect(script).toContain('"r":false');
    const plain = inlineHeadScript(testConfig());
    expect(plain).toContain('"d":"light"');
    expect(plain).toContain('"r":true');
    expect(plain).toContain('"a":null');
    expect(plain).toContain('"/"');
  });
});

describe('renderHead', () => {
  const makeConfig = () => testConfig({
    title: 'Acme & Co',
    baseUrl: '/b/',
    image: '/img/card.png',
    favicon: '/favicon.png',
    blog: { title: 'News "quoted"', routeBasePath: 'news' },
    i18n: { defaultLocale: 'pt-BR', locales: ['pt-BR'] },
    search: { hosted: { appId: 'APP', apiKey: 'realkey', indexName: 'i' } },
  });
  let config: ReturnType<typeof makeConfig>;
  let table: ReturnType<typeof routesOf>['table'];
  let ctx: ReturnType<typeof routeDataContext>;
  beforeEach(() => {
    config = makeConfig();
    ({ table } = routesOf(config, [doc('intro', { h1: 'Intro <1>', frontmatter: { description: 'Say "hi" & go' } }), post('2025-01-01-a', { h1: 'A' })]));
    ctx = routeDataContext(config, table, new Map([['content/docs/intro.md', documentHtml('<p>x</p>')]]));
  });
  const route = (url: string) => buildRouteData(table.byUrl.get(url)!, ctx);
  const head = (r: RouteData, feeds: ('rss' | 'atom' | 'json')[] = []) =>
    renderHead({ route: r, config, inlineScript: 'var x=1;', csp: "default-src 'self'", stylesheets: ['/b/assets/a.css', '/b/assets/b.css'], extraHeadTags: '<link rel="modulepreload" href="/b/assets/m.js">', feeds }).split('\n');

  test('a doc page: every tag, escaped, in order', () => {
    const lines = head(route('/docs/intro/'));
    expect(lines.slice(0, 24)).toEqual([
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;">',
      '<title>Intro &lt;1&gt; | Acme &amp; Co</title>',
      '<meta name="description" content="Say &quot;hi&quot; &amp; go">',
      '<link rel="canonical" href="https://example.test/b/docs/intro/">',
      '<link rel="alternate" hreflang="pt-BR" href="https://example.test/b/docs/intro/">',
      '<link rel="alternate" hreflang="x-default" href="https://example.test/b/docs/intro/">',
      '<meta property="og:title" content="Intro &lt;1&gt; | Acme &amp; Co">',
      '<meta property="og:description" content="Say &quot;hi&quot; &amp; go">',
      '<meta property="og:type" content="article">',
      '<meta property="og:url" content="https://example.test/b/docs/intro/">',
      '<meta property="og:site_name" content="Acme &amp; Co">',
      '<meta property="og:locale" content="pt_BR">',
      '<meta name="twitter:card" content="summary_large_image">',
      '<meta name="twitter:title" content="Intro &lt;1&gt; | Acme &amp; Co">',
      '<meta name="twitter:description" content="Say &quot;hi&quot; &amp; go">',
      '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff">',
      '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1b1b1d">',
      '<meta name="color-scheme" content="light dark">',
      '<meta property="og:image" content="https://example.test/b/img/card.png">',
      '<meta name="twitter:image" content="https://example.test/b/img/card.png">',
      '<link rel="icon" href="/b/favicon.png" type="image/png">',
      '<link rel="preconnect" href="https://APP-dsn.algolia.net" crossorigin>',
    ]);
    expect(lines[24]).toMatch(/^<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"BreadcrumbList"/);
    expect(lines.slice(25)).toEqual([
      '<script>var x=1;</script>',
      '<link rel="stylesheet" href="/b/assets/a.css">',
      '<link rel="stylesheet" href="/b/assets/b.css">',
      '<link rel="modulepreload" href="/b/assets/m.js">',
    ]);
  });

  test('the feeds the site writes, each named after the blog', () => {
    const lines = head(route('/search/'), ['rss', 'atom', 'json']);
    expect(lines.filter((l) => l.includes('rel="alternate" type='))).toEqual([
      '<link rel="alternate" type="application/rss+xml" href="/b/news/rss.xml" title="News &quot;quoted&quot; RSS Feed">',
      '<link rel="alternate" type="application/atom+xml" href="/b/news/atom.xml" title="News &quot;quoted&quot; Atom Feed">',
      '<link rel="alternate" type="application/feed+json" href="/b/news/feed.json" title="News &quot;quoted&quot; JSON Feed">',
    ]);
    expect(head(route('/search/'), ['atom']).filter((l) => l.includes('rel="alternate" type='))).toHaveLength(1);
  });

  test('a page that is not indexed, without image, structured data or extra tags', () => {
    const plain = testConfig();
    const t = routesOf(plain, []).table;
    const r = buildRouteData(t.byUrl.get('/404.html')!, routeDataContext(plain, t, new Map()));
    const lines = renderHead({ route: r, config: plain, inlineScript: 's', csp: 'c', stylesheets: [], extraHeadTags: '', feeds: [] }).split('\n');
    expect(lines).toContain('<meta name="robots" content="noindex">');
    expect(lines).toContain('<meta name="twitter:card" content="summary">');
    expect(lines).toContain('<meta property="og:type" content="website">');
    expect(lines.some((l) => l.includes('og:image') || l.includes('twitter:image') || l.includes('ld+json') || l.includes('preconnect'))).toBe(false);
    expect(lines.at(-1)).toBe('<script>s</script>');
    expect(lines.filter((l) => l.startsWith('<link rel="icon"'))).toHaveLength(1);
  });

  test('an icon whose type the name does not tell', () => {
    const cfg = testConfig({ favicon: 'https://cdn.test/icon' });
    const t = routesOf(cfg, []).table;
    const r = buildRouteData(t.byUrl.get('/search/')!, routeDataContext(cfg, t, new Map()));
    expect(renderHead({ route: r, config: cfg, inlineScript: '', csp: '', stylesheets: [], extraHeadTags: '', feeds: [] })).toContain('<link rel="icon" href="https://cdn.test/icon">');
  });
});
