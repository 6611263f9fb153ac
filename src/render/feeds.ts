import { absoluteUrl, type SiteConfig } from '../config/index.ts';
import { escapeHtml, type BlogPostSummary } from '../shared/index.ts';

/** A link of a page (its base URL included) as an absolute URL. */
function absolute(config: SiteConfig, href: string): string {
  return href.startsWith('http') ? href : config.origin + href;
}

/** Rewrites root-relative links in post HTML so feed readers resolve them. */
function absoluteHtml(config: SiteConfig, html: string): string {
  return html.replace(/(href|src)="\/(?!\/)/g, `$1="${config.origin}/`);
}

const xml = escapeHtml;

export interface FeedPost extends BlogPostSummary {
  contentHtml: string;
}

export function rssFeed(config: SiteConfig, posts: readonly FeedPost[]): string {
  const blogUrl = absoluteUrl(config, config.blogPath);
  const items = posts
    .map(
      (p) => `    <item>
      <title>${xml(p.title)}</title>
      <link>${xml(absolute(config, p.href))}</link>
      <guid isPermaLink="true">${xml(absolute(config, p.href))}</guid>
      <pubDate>${new Date(`${p.date}T00:00:00Z`).toUTCString()}</pubDate>
      <description>${xml(p.description ?? '')}</description>
      <content:encoded><![CDATA[${absoluteHtml(config, p.contentHtml).replace(/]]>/g, ']]]]><![CDATA[>')}]]></content:encoded>
${p.tags.map((t) => `      <category>${xml(t.label)}</category>`).join('\n')}
    </item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(config.blog.title)}</title>
    <link>${xml(blogUrl)}</link>
    <description>${xml(config.blog.description || config.tagline)}</description>
    <language>${xml(config.i18n.defaultLocale)}</language>
    <atom:link href="${xml(blogUrl + 'rss.xml')}" rel="self" type="application/rss+xml"/>
${posts[0] ? `    <lastBuildDate>${new Date(`${posts[0].date}T00:00:00Z`).toUTCString()}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`;
}

export function atomFeed(config: SiteConfig, posts: readonly FeedPost[]): string {
  const blogUrl = absoluteUrl(config, config.blogPath);
  const updated = posts[0] ? `${posts[0].date}T00:00:00Z` : '1970-01-01T00:00:00Z';
  const entries = posts
    .map(
      (p) => `  <entry>
    <title type="html">${xml(p.title)}</title>
    <id>${xml(absolute(config, p.href))}</id>
    <link href="${xml(absolute(config, p.href))}"/>
    <updated>${p.date}T00:00:00Z</updated>
    <summary type="html">${xml(p.description ?? '')}</summary>
    <content type="html">${xml(absoluteHtml(config, p.contentHtml))}</content>
${p.authors.map((a) => `    <author><name>${xml(a.name)}</name>${a.url ? `<uri>${xml(a.url)}</uri>` : ''}</author>`).join('\n')}
${p.tags.map((t) => `    <category term="${xml(t.label)}" label="${xml(t.label)}"/>`).join('\n')}
  </entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${xml(blogUrl)}</id>
  <title>${xml(config.blog.title)}</title>
  <updated>${updated}</updated>
  <link rel="alternate" href="${xml(blogUrl)}"/>
  <link rel="self" href="${xml(blogUrl + 'atom.xml')}"/>
  <subtitle>${xml(config.blog.description || config.tagline)}</subtitle>
${entries}
</feed>
`;
}

export function jsonFeed(config: SiteConfig, posts: readonly FeedPost[]): string {
  const blogUrl = absoluteUrl(config, config.blogPath);
  return (
    JSON.stringify(
      {
        version: 'https://jsonfeed.org/version/1.1',
        title: config.blog.title,
        home_page_url: blogUrl,
        feed_url: blogUrl + 'feed.json',
        description: config.blog.description || config.tagline,
        language: config.i18n.defaultLocale,
        items: posts.map((p) => ({
          id: absolute(config, p.href),
          url: absolute(config, p.href),
          title: p.title,
          summary: p.description,
          content_html: absoluteHtml(config, p.contentHtml),
          date_published: `${p.date}T00:00:00Z`,
          authors: p.authors.map((a) => ({ name: a.name, url: a.url })),
          tags: p.tags.map((t) => t.label),
        })),
      },
      null,
      2,
    ) + '\n'
  );
}

export function sitemap(config: SiteConfig, urls: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${xml(absoluteUrl(config, u))}</loc></url>`).join('\n')}
</urlset>
`;
}

export function robotsTxt(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(config, '/sitemap.xml')}\n`;
}
