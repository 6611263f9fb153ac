import { beforeEach, describe, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import type { AuthorEntry, TagEntry } from '../content/index.ts';
import { post, routesOf } from './test-support.ts';
import type { RouteEntry } from './types.ts';

// Blog routes: each post's date, authors, tags and URL; the list, its pages, the archive, and the tag and author
// pages.

const ada: AuthorEntry = { key: 'ada', name: 'Ada Lovelace', title: 'Engineer', url: 'https://ada.example', imageUrl: '/img/ada.png', pageSlug: 'ada' };
const bob: AuthorEntry = { key: 'bob', name: 'Bob' };
const cyd: AuthorEntry = { key: 'cyd', name: 'Cyd Page', pageSlug: 'cyd-page' };
const release: TagEntry = { key: 'release', label: 'Release', permalink: 'releases', description: 'New versions.' };
const howto: TagEntry = { key: 'howto', label: 'How-to', permalink: 'how-to' };

type ListRoute = Extract<RouteEntry, { kind: 'blog-list' }>;
const lists = (routes: readonly RouteEntry[]) => routes.filter((r): r is ListRoute => r.kind === 'blog-list');

describe('a post', () => {
  test('its date comes from the frontmatter, else the file name', () => {
    const { table, problems } = routesOf(testConfig(), [
      post('2025-01-17-from-name', { h1: 'From name' }),
      post('2025-01-17-overridden', { h1: 'Overridden', frontmatter: { date: '2024-12-31T23:00:00Z' } }),
      post('dated', { h1: 'A Date object', frontmatter: { date: new Date(Date.UTC(2023, 5, 9, 12)) } }),
    ]);
    expect(problems).toEqual([]);
    expect(table.posts.map((p) => [p.title, p.date])).toEqual([
      ['From name', '2025-01-17'],
      ['Overridden', '2024-12-31'],
      ['A Date object', '2023-06-09'],
    ]);
  });

  test('without a valid date it has no route, and the problem is at the date', () => {
    const { table, problems } = routesOf(testConfig(), [
      post('undated', { h1: 'No date' }),
      post('words', { h1: 'Words', frontmatter: { date: 'yesterday' }, positions: { date: { line: 3, column: 7 } } }),
      post('bad-month', { h1: 'Month 13', frontmatter: { date: '2025-13-45' }, positions: { date: { line: 2, column: 7 } } }),
    ]);
    expect(table.posts).toEqual([]);
    expect(problems).toEqual([
      'content/blog/bad-month.md:2:7  PD2009 Blog post has no valid date ("2025-13-45").  (hint: name the file YYYY-MM-DD-slug.md or set date: YYYY-MM-DD in the frontmatter)',
      'content/blog/undated.md:1:1  PD2009 Blog post has no valid date.  (hint: name the file YYYY-MM-DD-slug.md or set date: YYYY-MM-DD in the frontmatter)',
      'content/blog/words.md:3:7  PD2009 Blog post has no valid date ("yesterday").  (hint: name the file YYYY-MM-DD-slug.md or set date: YYYY-MM-DD in the frontmatter)',
    ]);
  });

  test('its URL is the blog base and its slug, from the frontmatter or the file name', () => {
    const { table } = routesOf(testConfig({ blog: { routeBasePath: '/news/' } }), [
      post('2025-01-01-welcome', { h1: 'Welcome' }),
      post('2025-01-02-x', { h1: 'Custom', frontmatter: { slug: '/2025/custom/' } }),
      post('2025-01-03-folder/index', { h1: 'In a folder' }),
    ]);
    expect(table.posts.map((p) => [p.slug, p.url])).toEqual([
      ['folder', '/news/folder/'],
      ['2025/custom', '/news/2025/custom/'],
      ['welcome', '/news/welcome/'],
    ]);
  });

  test('its title from the frontmatter, else its heading; without either it has no route', () => {
    const { table, problems } = routesOf(testConfig(), [
      post('2025-01-01-a', { h1: 'Heading', frontmatter: { title: 'Frontmatter title', description: 'About it.' } }),
      post('2025-01-02-b'),
    ]);
    expect(table.posts.map((p) => [p.title, p.description])).toEqual([['Frontmatter title', 'About it.']]);
    expect(problems).toEqual(['content/blog/2025-01-02-b.md:1:1  PD2025 This post has no title.  (hint: add title: to the frontmatter, or start the text with a # heading)']);
  });

  test('a slug that would leave the blog is refused', () => {
    const { table, problems } = routesOf(testConfig(), [post('2025-01-01-a', { h1: 'A', frontmatter: { slug: '../../escape' }, positions: { slug: { line: 4, column: 7 } } })]);
    expect(table.posts).toEqual([]);
    expect(problems).toEqual([
      'content/blog/2025-01-01-a.md:4:7  PD4020 The slug "../../escape" cannot be used in a URL: it has a ".." segment, which would resolve outside its place.  (hint: write the slug as plain path segments, e.g. slug: getting-started)',
    ]);
  });

  test('authors from authors.yml by key, or written inline; an unknown key is reported at its list item', () => {
    const { table, problems } = routesOf(
      testConfig(),
      [
        post('2025-01-01-a', { h1: 'A', frontmatter: { authors: ['ada', 'nobody', { name: 'Guest Writer!', title: 'Visitor', url: 'https://g.example', image_url: 'https://g.example/me.png' }] }, positions: { 'authors.1': { line: 3, column: 17 } } }),
        post('2025-01-02-b', { h1: 'B', frontmatter: { authors: 'bob' } }),
        post('2025-01-03-c', { h1: 'C', frontmatter: { authors: 'eve' }, positions: { authors: { line: 2, column: 10 } } }),
      ],
      { authors: [ada, bob] },
    );
    expect(problems).toEqual([
      'content/blog/2025-01-01-a.md:3:17  PD2006 Author "nobody" is not declared in content/blog/authors.yml.  (hint: declared authors: ada, bob)',
      'content/blog/2025-01-03-c.md:2:10  PD2006 Author "eve" is not declared in content/blog/authors.yml.  (hint: declared authors: ada, bob)',
    ]);
    const byTitle = new Map(table.posts.map((p) => [p.title, p.authors]));
    expect(byTitle.get('A')).toEqual([ada, { key: 'guest-writer', name: 'Guest Writer!', title: 'Visitor', url: 'https://g.example', imageUrl: 'https://g.example/me.png', inline: true }]);
    expect(byTitle.get('B')).toEqual([bob]);
    expect(byTitle.get('C')).toEqual([]);
  });

  test('an unknown author without authors.yml says to create it', () => {
    expect(routesOf(testConfig(), [post('2025-01-01-a', { h1: 'A', frontmatter: { authors: ['ada'] } })]).problems).toEqual([
      'content/blog/2025-01-01-a.md:1:1  PD2006 Author "ada" is not declared in content/blog/authors.yml.  (hint: create content/blog/authors.yml)',
    ]);
  });

  test('tags: declared ones must exist in tags.yml; without tags.yml any tag goes, its permalink made from it', () => {
    const declared = routesOf(testConfig(), [post('2025-01-01-a', { h1: 'A', frontmatter: { tags: ['release', 'typo'] }, positions: { 'tags.1': { line: 5, column: 9 } } })], {
      tags: [release, howto],
      tagsDeclared: true,
    });
    expect(declared.problems).toEqual([
      'content/blog/2025-01-01-a.md:5:9  PD2007 Tag "typo" is not declared in content/blog/tags.yml.  (hint: declared tags: release, howto)',
    ]);
    expect(declared.table.posts[0].tags).toEqual([release]);
    const free = routesOf(testConfig(), [post('2025-01-01-a', { h1: 'A', frontmatter: { tags: ['Big News!', 'release'] } })], { tags: [release] });
    expect(free.problems).toEqual([]);
    expect(free.table.posts[0].tags).toEqual([{ key: 'Big News!', label: 'Big News!', permalink: 'big-news' }, release]);
  });
});

describe('the blog', () => {
  const posts = [
    post('2025-03-01-march', { h1: 'March', frontmatter: { tags: ['release'], authors: ['ada'] } }),
    post('2025-01-01-b-january', { h1: 'B January', frontmatter: { tags: ['release', 'howto'], authors: ['ada', 'bob'] } }),
    post('2025-01-01-a-january', { h1: 'A January', frontmatter: { tags: ['howto'] } }),
    post('2024-06-01-june', { h1: 'June', frontmatter: { tags: ['release'], authors: ['bob'] } }),
    post('2025-02-01-february', { h1: 'February', frontmatter: { tags: ['release'] } }),
  ];
  const content = { authors: [ada, bob, cyd], tags: [release, howto], tagsDeclared: true, authorsDeclared: true };
  let table: ReturnType<typeof routesOf>['table'];
  let problems: string[];
  beforeEach(() => {
    ({ table, problems } = routesOf(testConfig({ blog: { postsPerPage: 2, title: 'News' } }), posts, content));
  });

  test('posts newest first, same-day posts by title', () => {
    expect(problems).toEqual([]);
    expect(table.posts.map((p) => p.title)).toEqual(['March', 'February', 'A January', 'B January', 'June']);
  });

  test('each post links the newer and the older one', () => {
    const routes = table.routes.filter((r): r is Extract<RouteEntry, { kind: 'blog-post' }> => r.kind === 'blog-post');
    expect(routes.map((r) => [r.url, r.newer?.title, r.older?.title, r.source])).toEqual([
      ['/blog/march/', undefined, 'February', 'content/blog/2025-03-01-march.md'],
      ['/blog/february/', 'March', 'A January', 'content/blog/2025-02-01-february.md'],
      ['/blog/a-january/', 'February', 'B January', 'content/blog/2025-01-01-a-january.md'],
      ['/blog/b-january/', 'A January', 'June', 'content/blog/2025-01-01-b-january.md'],
      ['/blog/june/', 'B January', undefined, 'content/blog/2024-06-01-june.md'],
    ]);
  });

  test('the list in pages of postsPerPage, each linking its neighbours', () => {
    const main = lists(table.routes).filter((r) => !r.tag && !r.author);
    expect(main.map((r) => ({ url: r.url, heading: r.heading, posts: r.posts.map((p) => p.title), page: r.page, of: r.totalPages, prev: r.prevUrl, next: r.nextUrl }))).toEqual([
      { url: '/blog/', heading: 'News', posts: ['March', 'February'], page: 1, of: 3, prev: undefined, next: '/blog/page/2/' },
      { url: '/blog/page/2/', heading: 'News', posts: ['A January', 'B January'], page: 2, of: 3, prev: '/blog/', next: '/blog/page/3/' },
      { url: '/blog/page/3/', heading: 'News', posts: ['June'], page: 3, of: 3, prev: '/blog/page/2/', next: undefined },
    ]);
  });

  test('the archive, the tags and the authors have index pages', () => {
    expect(table.routes.filter((r) => ['blog-archive', 'blog-tags', 'blog-authors'].includes(r.kind)).map((r) => [r.kind, r.url])).toEqual([
      ['blog-archive', '/blog/archive/'],
      ['blog-tags', '/blog/tags/'],
      ['blog-authors', '/blog/authors/'],
    ]);
  });

  test('a page per tag, at its permalink, paginated, with its count', () => {
    const tagPages = lists(table.routes).filter((r) => r.tag);
    expect(tagPages.map((r) => [r.url, r.heading, r.posts.map((p) => p.title), r.tag!.count, r.prevUrl, r.nextUrl])).toEqual([
      ['/blog/tags/releases/', '4 posts tagged with "Release"', ['March', 'February'], 4, undefined, '/blog/tags/releases/page/2/'],
      ['/blog/tags/releases/page/2/', '4 posts tagged with "Release"', ['B January', 'June'], 4, '/blog/tags/releases/', undefined],
      ['/blog/tags/how-to/', '2 posts tagged with "How-to"', ['A January', 'B January'], 2, undefined, undefined],
    ]);
    expect(table.tags.get('howto')).toMatchObject({ label: 'How-to', count: 2 });
    expect(table.tags.get('release')!.posts.map((p) => p.title)).toEqual(['March', 'February', 'B January', 'June']);
  });

  test('a page per author who has one, even before their first post; none for authors without', () => {
    const authorPages = lists(table.routes).filter((r) => r.author);
    expect(authorPages.map((r) => [r.url, r.heading, r.posts.map((p) => p.title), r.author!.count])).toEqual([
      ['/blog/authors/ada/', 'Posts by Ada Lovelace', ['March', 'B January'], 2],
      ['/blog/authors/cyd-page/', 'Posts by Cyd Page', [], 0],
    ]);
    expect([...table.authors.keys()]).toEqual(['ada', 'cyd']);
  });

  test('one post on a tag says "post"', () => {
    const one = routesOf(testConfig(), [post('2025-01-01-a', { h1: 'A', frontmatter: { tags: ['solo'] } })]);
    expect(lists(one.table.routes).find((r) => r.tag)!.heading).toBe('1 post tagged with "solo"');
  });

  test('without posts, one empty list page still exists when authors or tags are declared', () => {
    const declared = routesOf(testConfig(), [], { authorsDeclared: true });
    expect(declared.table.routes.filter((r) => r.kind.startsWith('blog')).map((r) => r.url)).toEqual(['/blog/', '/blog/archive/', '/blog/tags/', '/blog/authors/']);
    expect(lists(declared.table.routes)[0]).toMatchObject({ page: 1, totalPages: 1, posts: [] });
    expect(routesOf(testConfig(), [], { tagsDeclared: true }).table.routes.some((r) => r.url === '/blog/')).toBe(true);
  });

  test('a site without posts, authors or tags has no blog', () => {
    expect(routesOf(testConfig(), []).table.routes.map((r) => r.url)).toEqual(['/search/', '/404.html']);
  });
});
