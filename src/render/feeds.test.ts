import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeEach, describe, expect, test } from 'vitest';
import type { SiteConfigInput } from '../config/index.ts';
import { testConfig } from '../config/test-support.ts';
import { atomFeed, jsonFeed, robotsTxt, rssFeed, sitemap, type FeedPost } from './feeds.ts';

// The feeds a reader subscribes to and the files crawlers read, checked against their formats: RSS 2.0, Atom 1.0
// (RFC 4287), JSON Feed 1.1 and the sitemaps protocol. Every URL in them is absolute.

function siteConfig(input: Partial<SiteConfigInput> = {}) {
  return testConfig({ title: 'Feeds', url: 'https://example.test/', ...input });
}

const post: FeedPost = {
  title: 'Launch',
  href: '/blog/launch/',
  date: '2025-03-01',
  formattedDate: 'March 1, 2025',
  readingTime: 2,
  authors: [],
  tags: [],
  excerptHtml: '<p>First.</p>',
  truncated: false,
  description: 'The first post.',
  contentHtml: '<p>See <a href="/docs/intro/">the intro</a>.</p>',
};

const tricky: FeedPost = {
  ...post,
  title: 'Tom & Jerry <3 "quotes"',
  href: '/blog/tom-&-jerry/',
  date: '2024-12-24',
  description: undefined,
  authors: [
    { key: 'ada', name: 'Ada & Co', url: 'https://ada.test/?a=1&b=2' },
    { key: 'bob', name: 'Bob' },
  ],
  tags: [
    { label: 'R&D', href: '/blog/tags/r-d/' },
    { label: 'news', href: '/blog/tags/news/' },
  ],
  contentHtml: '<p>Code: <code>a[b[0]]&gt;c</code> ends with ]]> here.</p><img src="/img/x.png"><a href="//cdn.test/y">y</a><a href="https://other.test/">o</a>',
};

const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ABSOLUTE = /^https?:\/\/[^/]+\//;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', cdataPropName: '#cdata', isArray: (name) => ['item', 'entry', 'category', 'author', 'link', 'url'].includes(name) });

function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  expect(text.startsWith('<?xml version="1.0" encoding="')).toBe(true);
  return parser.parse(text);
}

describe('RSS 2.0', () => {
  let rss: ReturnType<typeof parseXml>;
  beforeEach(() => {
    rss = parseXml(rssFeed(siteConfig({ tagline: 'Tools & more', blog: { description: 'News & notes' } }), [post, tricky])).rss;
  });

  test('a channel with its required elements, absolute links, and a self link', () => {
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:content']).toBe('http://purl.org/rss/1.0/modules/content/');
    expect(rss['@xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    const channel = rss.channel;
    expect(channel.title).toBe('Blog');
    expect(channel.link).toEqual(['https://example.test/blog/']);
    expect(channel.description).toBe('News & notes');
    expect(channel.language).toBe('en');
    expect(channel['atom:link']).toEqual({ '@href': 'https://example.test/blog/rss.xml', '@rel': 'self', '@type': 'application/rss+xml' });
    expect(channel.lastBuildDate).toBe('Sat, 01 Mar 2025 00:00:00 GMT');
  });

  test('each item: title, link, permalink guid, an RFC 822 date, description, full content and categories', () => {
    const [first, second] = rss.channel.item;
    expect(first).toMatchObject({
      title: 'Launch',
      link: ['https://example.test/blog/launch/'],
      guid: { '#text': 'https://example.test/blog/launch/', '@isPermaLink': 'true' },
      pubDate: 'Sat, 01 Mar 2025 00:00:00 GMT',
      description: 'The first post.',
    });
    expect(first['content:encoded']['#cdata']).toBe('<p>See <a href="https://example.test/docs/intro/">the intro</a>.</p>');
    expect(first.category).toBeUndefined();
    expect(second.title).toBe('Tom & Jerry <3 "quotes"');
    expect(second.link).toEqual(['https://example.test/blog/tom-&-jerry/']);
    expect(second.pubDate).toMatch(RFC_822);
    expect(second.pubDate).toBe('Tue, 24 Dec 2024 00:00:00 GMT');
    expect(second.description).toBe('');
    expect(second.category).toEqual(['R&D', 'news']);
  });

  test('content with "]]>" in it survives the CDATA section, links made absolute', () => {
    const [, second] = rss.channel.item;
    const cdata = second['content:encoded']['#cdata'];
    expect(Array.isArray(cdata) ? cdata.join('') : cdata).toBe(
      '<p>Code: <code>a[b[0]]&gt;c</code> ends with ]]> here.</p><img src="https://example.test/img/x.png"><a href="//cdn.test/y">y</a><a href="https://other.test/">o</a>',
    );
  });

  test('the description falls back to the tagline; a blog without posts has no build date', () => {
    const empty = parseXml(rssFeed(siteConfig({ tagline: 'Just the tagline' }), [])).rss.channel;
    expect(empty.description).toBe('Just the tagline');
    expect(empty.lastBuildDate).toBeUndefined();
    expect(empty.item).toBeUndefined();
  });
});

describe('Atom 1.0', () => {
  let feed: ReturnType<typeof parseXml>;
  beforeEach(() => {
    feed = parseXml(atomFeed(siteConfig({ blog: { routeBasePath: 'news', title: 'News <&>' } }), [post, tricky])).feed;
  });

  test('a feed with id, title, updated (the newest post), alternate and self links', () => {
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe('https://example.test/news/');
    expect(feed.title).toBe('News <&>');
    expect(feed.updated).toBe('2025-03-01T00:00:00Z');
    expect(feed.updated).toMatch(RFC_3339);
    expect(feed.link).toEqual([
      { '@rel': 'alternate', '@href': 'https://example.test/news/' },
      { '@rel': 'self', '@href': 'https://example.test/news/atom.xml' },
    ]);
    expect(feed.subtitle).toBe('');
  });

  test('each entry: id, title, link, updated, summary, HTML content, authors and categories', () => {
    const [first, second] = feed.entry;
    expect(first).toMatchObject({
      title: { '#text': 'Launch', '@type': 'html' },
      id: 'https://example.test/blog/launch/',
      link: [{ '@href': 'https://example.test/blog/launch/' }],
      updated: '2025-03-01T00:00:00Z',
      summary: { '#text': 'The first post.', '@type': 'html' },
      content: { '#text': '<p>See <a href="https://example.test/docs/intro/">the intro</a>.</p>', '@type': 'html' },
    });
    expect(first.author).toBeUndefined();
    expect(second.title['#text']).toBe('Tom & Jerry <3 "quotes"');
    expect(second.updated).toMatch(RFC_3339);
    expect(second.author).toEqual([{ name: 'Ada & Co', uri: 'https://ada.test/?a=1&b=2' }, { name: 'Bob' }]);
    expect(second.category).toEqual([
      { '@term': 'R&D', '@label': 'R&D' },
      { '@term': 'news', '@label': 'news' },
    ]);
    expect(second.content['#text']).toContain('<img src="https://example.test/img/x.png">');
  });

  test('an empty blog still has a valid updated date', () => {
    const empty = parseXml(atomFeed(siteConfig({ tagline: 'T' }), [])).feed;
    expect(empty.updated).toBe('1970-01-01T00:00:00Z');
    expect(empty.subtitle).toBe('T');
    expect(empty.entry).toBeUndefined();
  });
});

describe('JSON Feed 1.1', () => {
  let feed: ReturnType<typeof JSON.parse>;
  beforeEach(() => {
    feed = JSON.parse(jsonFeed(siteConfig({ baseUrl: '/site/', i18n: { defaultLocale: 'de', locales: ['de'] }, blog: { description: 'Neues' } }), [{ ...post, href: '/site/blog/launch/' }, tricky]));
  });

  test('the top-level fields', () => {
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Blog',
      home_page_url: 'https://example.test/site/blog/',
      feed_url: 'https://example.test/site/blog/feed.json',
      description: 'Neues',
      language: 'de',
    });
  });

  test('each item: id, absolute URL, title, summary, HTML, an RFC 3339 date, authors and tags', () => {
    expect(feed.items[0]).toEqual({
      id: 'https://example.test/site/blog/launch/',
      url: 'https://example.test/site/blog/launch/',
      title: 'Launch',
      summary: 'The first post.',
      content_html: '<p>See <a href="https://example.test/docs/intro/">the intro</a>.</p>',
      date_published: '2025-03-01T00:00:00Z',
      authors: [],
      tags: [],
    });
    expect(feed.items[1].date_published).toMatch(RFC_3339);
    expect(feed.items[1].authors).toEqual([{ name: 'Ada & Co', url: 'https://ada.test/?a=1&b=2' }, { name: 'Bob' }]);
    expect(feed.items[1].tags).toEqual(['R&D', 'news']);
    expect(feed.items[1]).not.toHaveProperty('summary');
    for (const item of feed.items) expect(item.url).toMatch(ABSOLUTE);
  });

  test('ends with a newline', () => {
    expect(jsonFeed(siteConfig(), [])).toMatch(/\n$/);
    expect(JSON.parse(jsonFeed(siteConfig({ tagline: 'T' }), []))).toMatchObject({ description: 'T', items: [] });
  });
});

describe('every feed', () => {
  test.each(['blog', '/blog/', '/blog', 'blog/'])('routeBasePath %j gives one blog URL in every feed', (routeBasePath) => {
    const config = siteConfig({ blog: { routeBasePath } });
    for (const feed of [rssFeed(config, [post]), atomFeed(config, [post]), jsonFeed(config, [post])]) {
      expect(feed).toContain('https://example.test/blog/');
      expect(feed).not.toMatch(/example\.test\/\/|blog\/\//);
    }
  });

  test('a base URL is in every absolute URL, once', () => {
    const config = siteConfig({ baseUrl: '/docs-site/' });
    const withBase = { ...post, href: '/docs-site/blog/launch/' };
    expect(rssFeed(config, [withBase])).toContain('<link>https://example.test/docs-site/blog/</link>');
    expect(rssFeed(config, [withBase])).toContain('<link>https://example.test/docs-site/blog/launch/</link>');
    expect(atomFeed(config, [withBase])).toContain('<id>https://example.test/docs-site/blog/launch/</id>');
  });

  test('a post link that is already absolute is kept', () => {
    const external = { ...post, href: 'https://elsewhere.test/p/' };
    expect(rssFeed(siteConfig(), [external])).toContain('<link>https://elsewhere.test/p/</link>');
    expect(JSON.parse(jsonFeed(siteConfig(), [external])).items[0].id).toBe('https://elsewhere.test/p/');
  });
});

describe('sitemap', () => {
  test('a urlset of absolute URLs under the base URL, escaped', () => {
    const text = sitemap(siteConfig({ baseUrl: '/b/' }), ['/', '/docs/intro/', '/blog/tom-&-jerry/']);
    const urlset = parseXml(text).urlset;
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset.url.map((u: { loc: string }) => u.loc)).toEqual(['https://example.test/b/', 'https://example.test/b/docs/intro/', 'https://example.test/b/blog/tom-&-jerry/']);
    expect(text).toContain('<loc>https://example.test/b/blog/tom-&amp;-jerry/</loc>');
    expect(text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset/);
  });

  test('an empty site has an empty urlset', () => {
    expect(parseXml(sitemap(siteConfig(), [])).urlset.url).toBeUndefined();
  });
});

describe('robots.txt', () => {
  test('allows everything and names the sitemap', () => {
    expect(robotsTxt(siteConfig())).toBe('User-agent: *\nAllow: /\n\nSitemap: https://example.test/sitemap.xml\n');
    expect(robotsTxt(siteConfig({ baseUrl: '/docs-site/' }))).toBe('User-agent: *\nAllow: /\n\nSitemap: https://example.test/docs-site/sitemap.xml\n');
  });
});
