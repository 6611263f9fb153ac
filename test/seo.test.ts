import * as cheerio from 'cheerio';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../src/pipeline/index.ts';

// The search-engine side of a built site (test/fixtures/seo-base-url: titles only in the frontmatter, no favicon,
// base URL /docs-site/): the JSON-LD checked against Google's structured-data rules, and the default icon.

const FIXTURE = fileURLToPath(new URL('./fixtures/seo-base-url/', import.meta.url));
const ORIGIN = 'https://seo.example';
const SITE = `${ORIGIN}/docs-site/`;

type Json = Record<string, unknown>;

// Google's rules, from its Search Central pages on Breadcrumb and Article structured data.
// BreadcrumbList: itemListElement is required, a list of ListItem; each ListItem requires position (an integer,
// counting from 1 in trail order) and name, and item (the crumb's URL) on every crumb but the last.
// Article/BlogPosting: no property is required; author (with name, and url), datePublished, dateModified (ISO
// 8601), headline and image (absolute URLs) are recommended. author.name holds only the name.
const ARTICLE_RECOMMENDED = ['author', 'datePublished', 'dateModified', 'headline', 'image'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

function isAbsoluteUrl(value: unknown): boolean {
  return typeof value === 'string' && /^https?:\/\/[^/]+/.test(value) && URL.canParse(value);
}

function contextProblems(data: Json): string[] {
  return /^https?:\/\/schema\.org\/?$/.test(String(data['@context'])) ? [] : [`@context is ${String(data['@context'])}, not https://schema.org`];
}

function breadcrumbProblems(data: Json): string[] {
  const problems = contextProblems(data);
  if (data['@type'] !== 'BreadcrumbList') problems.push(`@type is ${String(data['@type'])}`);
  const items = data.itemListElement;
  if (!Array.isArray(items) || items.length === 0) return [...problems, 'itemListElement (required) is not a non-empty list'];
  items.forEach((raw: Json, index) => {
    const at = `itemListElement[${index}]`;
    if (raw['@type'] !== 'ListItem') problems.push(`${at} is not a ListItem`);
    if (raw.position !== index + 1) problems.push(`${at}.position is ${String(raw.position)}, not ${index + 1}`);
    if (typeof raw.name !== 'string' || raw.name.trim() === '') problems.push(`${at}.name (required) is missing`);
    const last = index === items.length - 1;
    if (!(raw.item === undefined && last) && !isAbsoluteUrl(raw.item)) problems.push(`${at}.item (required but on the last crumb) is not an absolute URL`);
  });
  return problems;
}

function articleProblems(data: Json): string[] {
  const problems = contextProblems(data);
  if (!['Article', 'NewsArticle', 'BlogPosting'].includes(String(data['@type']))) problems.push(`@type is ${String(data['@type'])}`);
  for (const key of ARTICLE_RECOMMENDED) if (data[key] === undefined) problems.push(`${key} (recommended) is missing`);
  if (data.headline !== undefined && (typeof data.headline !== 'string' || data.headline.trim() === '')) problems.push('headline is empty');
  for (const key of ['datePublished', 'dateModified']) {
    if (data[key] !== undefined && !ISO_DATE.test(String(data[key]))) problems.push(`${key} is not an ISO 8601 date`);
  }
  if (typeof data.datePublished === 'string' && typeof data.dateModified === 'string' && data.dateModified < data.datePublished) {
    problems.push('dateModified is before datePublished');
  }
  const images = data.image === undefined ? [] : Array.isArray(data.image) ? data.image : [data.image];
  for (const image of images) {
    const url = typeof image === 'object' && image !== null ? (image as Json).url : image;
    if (!isAbsoluteUrl(url)) problems.push(`image ${JSON.stringify(image)} is not an absolute URL`);
  }
  const authors = data.author === undefined ? [] : Array.isArray(data.author) ? data.author : [data.author];
  authors.forEach((author: Json, index) => {
    const at = `author[${index}]`;
    if (!['Person', 'Organization'].includes(String(author['@type']))) problems.push(`${at} is not a Person or Organization`);
    if (typeof author.name !== 'string' || author.name.trim() === '') problems.push(`${at}.name is missing`);
    else if (/^(?:posted|written)? ?by\b/i.test(author.name) || author.name.includes(',')) problems.push(`${at}.name holds more than the name`);
    if (author.url !== undefined && !isAbsoluteUrl(author.url)) problems.push(`${at}.url is not an absolute URL`);
  });
  return problems;
}

describe('the rules the JSON-LD is checked against', () => {
  it('catch what Google would reject or flag', () => {
    expect(breadcrumbProblems({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [] })).toEqual([
      'itemListElement (required) is not a non-empty list',
    ]);
    expect(
      breadcrumbProblems({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: '/docs-site/' },
          { '@type': 'ListItem', position: 3, name: '' },
        ],
      }),
    ).toEqual([
      'itemListElement[0].item (required but on the last crumb) is not an absolute URL',
      'itemListElement[1].position is 3, not 2',
      'itemListElement[1].name (required) is missing',
    ]);
    expect(
      articleProblems({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: 'x',
        datePublished: 'February 3, 2025',
        image: '/img/card.png',
        author: { '@type': 'Person', name: 'By Ada, Maintainer' },
      }),
    ).toEqual([
      'dateModified (recommended) is missing',
      'datePublished is not an ISO 8601 date',
      'image "/img/card.png" is not an absolute URL',
      'author[0].name holds more than the name',
    ]);
  });
});

describe('SEO of a site with titles only, no favicon and a base URL', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await build({ root: FIXTURE, write: false, minify: false });
  });

  const page = (rel: string) => {
    const content = result.files.get(rel);
    expect(content, `${rel} was built`).toBeTypeOf('string');
    return cheerio.load(content as string);
  };
  const jsonLd = (rel: string): Json[] => {
    const $ = page(rel);
    return $('script[type="application/ld+json"]')
      .toArray()
      .map((el) => JSON.parse($(el).text()) as Json);
  };

  it('builds', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('gives a docs page the breadcrumb trail as a BreadcrumbList, with absolute URLs under the base URL', () => {
    const [data, ...more] = jsonLd('docs/guides/setup/index.html');
    expect(more).toEqual([]);
    expect(breadcrumbProblems(data)).toEqual([]);
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'SEO Site', item: SITE },
      { '@type': 'ListItem', position: 2, name: 'Guides', item: `${SITE}docs/category/guides/` },
      { '@type': 'ListItem', position: 3, name: 'Setup', item: `${SITE}docs/guides/setup/` },
    ]);
    // The visible trail names the same pages.
    const $ = page('docs/guides/setup/index.html');
    expect($('nav[aria-label="Breadcrumbs"] a[href="/docs-site/docs/category/guides/"]').text()).toBe('Guides');
  });

  it('leaves out a category crumb that has no page, since every crumb but the last needs a URL', () => {
    const [data] = jsonLd('docs/reference/api/index.html');
    expect(breadcrumbProblems(data)).toEqual([]);
    expect((data.itemListElement as Json[]).map((i) => i.name)).toEqual(['SEO Site', 'API']);
    expect(page('docs/reference/api/index.html')('nav[aria-label="Breadcrumbs"]').text()).toContain('Reference');
  });

  it('gives a post a BlogPosting with headline, dates, authors and image', () => {
    const [data, ...more] = jsonLd('blog/launch/index.html');
    expect(more).toEqual([]);
    expect(articleProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      '@id': `${SITE}blog/launch/`,
      mainEntityOfPage: `${SITE}blog/launch/`,
      headline: 'Launching </script> safely',
      description: 'The first release is out, and this first paragraph is what search engines and feeds show for the post.',
      datePublished: '2025-02-03',
      dateModified: '2025-02-03',
      image: [`${SITE}img/card.png`],
      keywords: ['Launch'],
      author: [
        { '@type': 'Person', name: 'Ada Example', url: 'https://example.org/ada', jobTitle: 'Maintainer', image: `${SITE}img/ada.png` },
        { '@type': 'Person', name: 'Bob Example', url: `${SITE}blog/authors/bob/` },
      ],
    });
    // The data block cannot be ended early by text inside it, and the page shows the same title.
    const $ = page('blog/launch/index.html');
    expect($('script[type="application/ld+json"]').text()).not.toContain('</script');
    expect($('h1').text()).toBe(data.headline);
  });

  it('gives other pages no structured data', () => {
    expect(jsonLd('about/index.html')).toEqual([]);
    expect(jsonLd('blog/index.html')).toEqual([]);
  });

  it("links protodocs' icon from every page under the base URL, and writes it", () => {
    const href = page('docs/intro/index.html')('link[rel="icon"]').attr('href')!;
    expect(href).toMatch(/^\/docs-site\/assets\/favicon\.[0-9a-f]{10}\.svg$/);
    for (const rel of ['about/index.html', 'blog/launch/index.html', '404.html', 'search/index.html']) {
      expect(page(rel)('link[rel="icon"]').attr('href'), rel).toBe(href);
    }
    const svg = result.files.get(href.slice('/docs-site/'.length));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>\n$/);
    expect(page('docs/intro/index.html')('link[rel="icon"]').attr('type')).toBe('image/svg+xml');
  });
});
