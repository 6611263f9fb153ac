import { describe, expect, test } from 'vitest';
import { resolveConfig } from '../config/index.ts';
import { configSchema } from '../config/schema.ts';
import { atomFeed, jsonFeed, robotsTxt, rssFeed, sitemap, type FeedPost } from './feeds.ts';

function siteConfig(input: Record<string, unknown>) {
  return resolveConfig(configSchema.parse({ title: 'Feeds', url: 'https://example.test/', ...input }), { root: '/site' });
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

describe('feeds', () => {
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
    expect(sitemap(config, ['/docs/intro/'])).toContain('<loc>https://example.test/docs-site/docs/intro/</loc>');
    expect(robotsTxt(config)).toContain('Sitemap: https://example.test/docs-site/sitemap.xml');
  });

  test('links inside post HTML become absolute, so feed readers resolve them', () => {
    expect(rssFeed(siteConfig({}), [post])).toContain('<a href="https://example.test/docs/intro/">');
  });
});
