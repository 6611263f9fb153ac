import { beforeEach, describe, expect, test } from 'vitest';
import type { SidebarItemConfig } from '../config/index.ts';
import { testConfig } from '../config/test-support.ts';
import type { DocumentHtml } from '../markdown/index.ts';
import type { RouteEntry } from '../routes/index.ts';
import { doc, page, pageModule, post, routesOf } from '../routes/test-support.ts';
import type { RouteData, SidebarNode } from '../shared/index.ts';
import { blogSidebarData, buildRouteData, formatDate, readingTime, sharedSidebarNodes } from './route-data.ts';
import { documentHtml, routeDataContext } from './test-support.ts';

// Route data is everything a page shows: the theme only lays it out. Each kind of page is checked for what a reader
// gets: its links (under the base URL), its place in the sidebar, its neighbours, its head.

const sidebars: Record<string, SidebarItemConfig[]> = {
  main: [
    'intro',
    {
      type: 'category',
      label: 'Guides',
      collapsed: true,
      link: { type: 'generated-index', description: 'All <guides> & more.' },
      items: ['guides/setup', { type: 'category', label: 'Deep', collapsed: true, items: ['guides/deep'] }, { type: 'link', label: 'Out', href: 'https://out.test' }],
    },
    { type: 'category', label: 'Closed', collapsed: true, items: ['closed'] },
    { type: 'link', label: 'Elsewhere', href: 'https://elsewhere.test/x' },
    { type: 'link', label: 'Home', href: '/' },
  ],
};

function makeConfig() {
  return testConfig(
  {
    title: 'Test Site',
    tagline: 'Docs for tests',
    url: 'https://example.test/',
    baseUrl: '/base/',
    image: '/img/card.png',
    editUrl: 'https://github.com/acme/site/edit/main',
    docs: { versions: [{ name: 'current', label: 'v2' }, { name: '1.0', label: 'v1' }] },
    blog: { postsPerPage: 1, description: 'News from us.', title: 'Acme blog' },
    navbar: {
      items: [
        { type: 'docSidebar', sidebarId: 'main', label: 'Docs' },
        { to: '/blog', label: 'Blog' },
        { to: '/', label: 'Home' },
        { to: '/docs/guides/setup/', label: 'Setup' },
        { href: 'https://github.com/acme', label: 'GitHub' },
        { type: 'docsVersionDropdown' },
      ],
    },
  },
  { sidebars },
);
}

function makeTable(config: ReturnType<typeof makeConfig>) {
  return routesOf(
  config,
  [
    doc('intro', { h1: 'Intro', frontmatter: { tags: ['getting started', 'api', 'api'] } }),
    doc('guides/setup', { frontmatter: { title: 'Setup', description: 'Set it up.', sidebar_label: 'Set up' } }),
    doc('guides/deep', { h1: 'Deep dive', frontmatter: { hide_table_of_contents: true } }),
    doc('closed', { h1: 'Closed doc' }),
    doc('intro', { h1: 'Old intro', version: '1.0' }),
    doc('only-old', { h1: 'Only old', version: '1.0' }),
    post('2025-03-01-launch', { h1: 'Launch & party', frontmatter: { authors: ['ada', { name: 'Guest', url: 'https://guest.test' }], tags: ['release'] } }),
    post('2025-03-01-alpha', { h1: 'Alpha', frontmatter: { description: 'The alpha post.', authors: ['bob'], hide_table_of_contents: true } }),
    post('2024-12-24-holiday', { h1: 'Holiday', frontmatter: { tags: ['release'] } }),
    page('index', { h1: 'Test Site' }),
    page('about', { frontmatter: { title: 'About', hide_table_of_contents: true } }),
    page('plain', { h1: 'Plain' }),
    pageModule('showcase'),
    pageModule('bare'),
  ],
  {
    authors: [
      { key: 'ada', name: 'Ada', title: 'Engineer', url: 'https://ada.test', imageUrl: '/img/ada.png', pageSlug: 'ada-l' },
      { key: 'bob', name: 'Bob', imageUrl: 'https://cdn.test/bob.png' },
    ],
    tags: [{ key: 'release', label: 'Release', permalink: 'releases', description: 'New versions.' }],
    tagsDeclared: true,
  },
);
}

const toc = [{ id: 'a', text: 'A', depth: 2, children: [] }];
const html = new Map<string, DocumentHtml>([
  ['content/docs/intro.md', documentHtml('<p>Intro body</p>', { toc, description: 'From the first paragraph.' })],
  ['content/docs/guides/setup.md', documentHtml('<p>Setup body</p>', { toc })],
  ['content/docs/guides/deep.md', documentHtml('<p>Deep body</p>', { toc })],
  ['content/blog/2025-03-01-launch.md', documentHtml('<p>Launch body</p>', { toc, wordCount: 700, excerptHtml: '<p>Launch</p>', description: 'Launch text.' })],
  ['content/blog/2025-03-01-alpha.md', documentHtml('<p>Alpha body</p>', { toc, wordCount: 99 })],
  ['content/blog/2024-12-24-holiday.md', documentHtml('<p>Holiday body</p>', { wordCount: 301 })],
  ['content/pages/index.md', documentHtml('<h1>Test Site</h1>', { toc })],
  ['content/pages/about.md', documentHtml('<p>About body</p>', { toc, description: 'About text.' })],
]);
const moduleHtml = new Map([['content/pages/showcase.tsx', { html: '<div>Showcase</div>', title: 'Showcase', description: 'Things we made.' }]]);
// Built in each test (not once per file), so mutation testing can tell which tests cover which code.
let config: ReturnType<typeof makeConfig>;
let table: ReturnType<typeof makeTable>['table'];
let problems: string[];
let context: ReturnType<typeof routeDataContext>;
beforeEach(() => {
  config = makeConfig();
  ({ table, problems } = makeTable(config));
  context = routeDataContext(config, table, html, moduleHtml, '/base/assets/search/index.abc.json');
});

function data<K extends RouteData['kind']>(url: string, kind: K): Extract<RouteData, { kind: K }> {
  const route = table.byUrl.get(url);
  if (!route) throw new Error(`no route at ${url}`);
  const result = buildRouteData(route, context);
  expect(result.kind).toBe(kind);
  return result as Extract<RouteData, { kind: K }>;
}

test('the fixture site has no problems', () => {
  expect(problems).toEqual([]);
});

describe('a doc', () => {
  let intro: Extract<RouteData, { kind: 'doc' }>;
  let setup: typeof intro;
  let deep: typeof intro;
  beforeEach(() => {
    intro = data('/docs/intro/', 'doc');
    setup = data('/docs/guides/setup/', 'doc');
    deep = data('/docs/guides/deep/', 'doc');
  });

  test('its text, title and description (the frontmatter, else the first paragraph)', () => {
    expect([intro.url, intro.title, intro.description, intro.html]).toEqual(['/docs/intro/', 'Intro', 'From the first paragraph.', '<p>Intro body</p>']);
    expect([setup.title, setup.description]).toEqual(['Setup', 'Set it up.']);
    expect(deep.description).toBeUndefined();
    expect(intro.hasH1).toBe(true);
    expect(setup.hasH1).toBe(false);
  });

  test('its head: titled after the site, canonical and image absolute, an article', () => {
    expect(intro.head).toEqual({
      title: 'Intro | Test Site',
      description: 'From the first paragraph.',
      canonical: 'https://example.test/base/docs/intro/',
      image: 'https://example.test/base/img/card.png',
      ogType: 'article',
      noindex: false,
    });
    // Without a description of its own: the tagline.
    expect(deep.head.description).toBe('Docs for tests');
  });

  test('its table of contents, unless the doc hides it', () => {
    expect(intro.toc).toEqual(toc);
    expect(deep.toc).toEqual([]);
  });

  test('previous and next under the base URL', () => {
    expect([intro.prev, intro.next]).toEqual([undefined, { label: 'Guides', href: '/base/docs/category/guides/' }]);
    expect([setup.prev, setup.next]).toEqual([
      { label: 'Guides', href: '/base/docs/category/guides/' },
      { label: 'Deep dive', href: '/base/docs/guides/deep/' },
    ]);
  });

  test('breadcrumbs: the categories above it, then the doc itself, active', () => {
    expect(intro.breadcrumbs).toEqual([{ label: 'Intro', href: '/base/docs/intro/', active: true }]);
    expect(deep.breadcrumbs).toEqual([
      { label: 'Guides', href: '/base/docs/category/guides/' },
      { label: 'Deep', href: '' },
      { label: 'Deep dive', href: '/base/docs/guides/deep/', active: true },
    ]);
    expect(setup.breadcrumbs.at(-1)).toEqual({ label: 'Set up', href: '/base/docs/guides/setup/', active: true });
  });

  test('the sidebar: the doc active, the categories above it active and open, the rest as configured', () => {
    expect(deep.sidebarId).toBe('main');
    expect(deep.sidebar).toEqual([
      { type: 'doc', label: 'Intro', href: '/base/docs/intro/', docId: 'intro', active: false },
      {
        type: 'category',
        label: 'Guides',
        href: '/base/docs/category/guides/',
        collapsed: false,
        active: true,
        items: [
          { type: 'doc', label: 'Set up', href: '/base/docs/guides/setup/', docId: 'guides/setup', active: false },
          { type: 'category', label: 'Deep', href: undefined, collapsed: false, active: true, items: [{ type: 'doc', label: 'Deep dive', href: '/base/docs/guides/deep/', docId: 'guides/deep', active: true }] },
          { type: 'link', label: 'Out', href: 'https://out.test', external: true },
        ],
      },
      { type: 'category', label: 'Closed', href: undefined, collapsed: true, active: false, items: [{ type: 'doc', label: 'Closed doc', href: '/base/docs/closed/', docId: 'closed', active: false }] },
      { type: 'link', label: 'Elsewhere', href: 'https://elsewhere.test/x', external: true },
      { type: 'link', label: 'Home', href: '/base/', external: false },
    ]);
    // On the intro, Guides keeps its configured collapsed state.
    expect(intro.sidebar[0]).toMatchObject({ active: true });
    expect(intro.sidebar[1]).toMatchObject({ type: 'category', collapsed: true, active: false });
  });

  test('with shared sidebar nodes, the pages of a sidebar share each item that holds neither, and their data is what each makes alone', () => {
    const urls = ['/docs/intro/', '/docs/guides/setup/', '/docs/guides/deep/', '/docs/closed/', '/docs/category/guides/'];
    const alone = urls.map((url) => structuredClone(buildRouteData(table.byUrl.get(url)!, context)));
    context.sidebarNodes = sharedSidebarNodes();
    const shared = urls.map((url) => buildRouteData(table.byUrl.get(url)!, context) as Extract<RouteData, { kind: 'doc' }>);
    expect(shared.map((d) => structuredClone(d))).toEqual(alone);
    const [onIntro, onSetup, onDeep, onClosed] = shared.map((d) => d.sidebar);
    // Closed holds neither intro nor setup: one node for both pages; on its own doc's page it is that page's.
    expect(onIntro[2]).toBe(onSetup[2]);
    expect(onClosed[2]).not.toBe(onIntro[2]);
    expect(onClosed[2]).toMatchObject({ active: true, collapsed: false });
    // Inside the active Guides, the items off the page's path are shared too; the path is each page's own.
    const guides = (d: SidebarNode[]) => (d[1] as Extract<SidebarNode, { type: 'category' }>).items;
    expect(guides(onSetup)[2]).toBe(guides(onDeep)[2]);
    expect(guides(onSetup)[1]).toBe(onIntro[1].type === 'category' ? onIntro[1].items[1] : undefined);
    expect(guides(onDeep)[1]).toMatchObject({ active: true, collapsed: false });
    expect(guides(onSetup)[1]).toMatchObject({ active: false, collapsed: true });
  });

  test('shared sidebar nodes made anew show a tree changed since the last', () => {
    context.sidebarNodes = sharedSidebarNodes();
    expect(data('/docs/intro/', 'doc').sidebar[2]).toMatchObject({ label: 'Closed' });
    const tree = table.sidebars.get('current')!.get('main')!;
    tree[2].label = 'Closed, renamed';
    context.sidebarNodes = sharedSidebarNodes();
    expect(data('/docs/intro/', 'doc').sidebar[2]).toMatchObject({ label: 'Closed, renamed' });
  });

  test('a doc in no sidebar has none', () => {
    const old = data('/docs/1.0/only-old/', 'doc');
    expect([old.sidebarId, old.sidebar, old.prev, old.next]).toEqual([undefined, [], undefined, undefined]);
  });

  test('the edit link: the config prefix, one slash, the source path', () => {
    expect(intro.editUrl).toBe('https://github.com/acme/site/edit/main/content/docs/intro.md');
    const slashed = routeDataContext(testConfig({ editUrl: 'https://x.test/edit/' }), table, html);
    expect((buildRouteData(table.byUrl.get('/docs/intro/')!, slashed) as { editUrl?: string }).editUrl).toBe('https://x.test/edit/content/docs/intro.md');
    const none = routeDataContext(testConfig(), table, html);
    expect((buildRouteData(table.byUrl.get('/docs/intro/')!, none) as { editUrl?: string }).editUrl).toBeUndefined();
  });

  test('its version, and its tags as search links', () => {
    expect(intro.version).toEqual({ name: 'current', label: 'v2', current: true });
    expect(data('/docs/1.0/intro/', 'doc').version).toEqual({ name: '1.0', label: 'v1', current: false });
    expect(intro.tags).toEqual([
      { label: 'getting started', href: '/base/search/?q=getting%20started' },
      { label: 'api', href: '/base/search/?q=api' },
      { label: 'api', href: '/base/search/?q=api' },
    ]);
  });

  test('the version menu leads to the same doc in each version where it exists, else to its main doc', () => {
    expect(intro.site.versions).toEqual([
      { name: 'current', label: 'v2', href: '/base/docs/intro/', current: true },
      { name: '1.0', label: 'v1', href: '/base/docs/1.0/intro/', current: false },
    ]);
    expect(data('/docs/1.0/only-old/', 'doc').site.versions).toEqual([
      { name: 'current', label: 'v2', href: '/base/docs/intro/', current: false },
      { name: '1.0', label: 'v1', href: '/base/docs/1.0/only-old/', current: true },
    ]);
    expect(setup.site.versions[1]).toEqual({ name: '1.0', label: 'v1', href: '/base/docs/1.0/intro/', current: false });
  });

  test("the navbar's sidebar link is active on the sidebar's docs; links are active on their pages and below", () => {
    const active = (d: RouteData) => d.site.navbar.items.map((i) => ('active' in i ? i.active : undefined));
    // docSidebar, /blog, /, /docs/guides/setup/, external, version menu
    expect(active(setup)).toEqual([true, false, false, true, undefined, undefined]);
    expect(active(data('/docs/1.0/only-old/', 'doc'))).toEqual([false, false, false, false, undefined, undefined]);
    expect(active(data('/', 'page'))).toEqual([false, false, true, false, undefined, undefined]);
    expect(active(data('/blog/launch/', 'blog-post'))).toEqual([false, true, false, false, undefined, undefined]);
    expect(active(data('/blog/page/2/', 'blog-list'))).toEqual([false, true, false, false, undefined, undefined]);
    expect(active(data('/about/', 'page'))).toEqual([false, false, false, false, undefined, undefined]);
  });

  test('the version root shows the main doc with its own URL as canonical', () => {
    const alias = table.routes.find((r): r is Extract<RouteEntry, { kind: 'doc' }> => r.kind === 'doc' && r.url === '/docs/')!;
    const root = buildRouteData(alias, context);
    expect(root.url).toBe('/docs/');
    expect(root.head.canonical).toBe('https://example.test/base/docs/intro/');
    expect(root.title).toBe('Intro');
  });
});

describe('a generated index', () => {
  let index: Extract<RouteData, { kind: 'doc' }>;
  beforeEach(() => {
    index = data('/docs/category/guides/', 'doc');
  });

  test('lists the category items that have pages, escaped, with its description first', () => {
    expect(index.html).toBe(
      '<p>All &lt;guides&gt; &amp; more.</p><ul class="generated-index"><li><a href="/base/docs/guides/setup/">Set up</a></li></ul>',
    );
    expect([index.title, index.description, index.hasH1, index.toc, index.tags]).toEqual(['Guides', 'All <guides> & more.', false, [], []]);
  });

  test('its head, breadcrumb, sidebar and version', () => {
    expect(index.head).toMatchObject({ title: 'Guides | Test Site', ogType: 'website', canonical: 'https://example.test/base/docs/category/guides/', description: 'All <guides> & more.' });
    expect(index.breadcrumbs).toEqual([{ label: 'Guides', href: '/base/docs/category/guides/', active: true }]);
    expect(index.sidebarId).toBe('main');
    expect(index.sidebar[1]).toMatchObject({ type: 'category', label: 'Guides', active: true, collapsed: false });
    expect(index.version).toEqual({ name: 'current', label: 'v2', current: true });
  });

  test('a category page among the items is listed; links and categories without pages are not', () => {
    const cfg = testConfig(
      {},
      {
        sidebars: {
          s: [
            {
              type: 'category',
              label: 'Top',
              link: { type: 'generated-index', title: 'Top <title>' },
              items: ['a', { type: 'category', label: 'Sub & co', link: { type: 'doc', id: 'b' }, items: ['a'] }, { type: 'category', label: 'Bare', items: ['a'] }, { type: 'link', label: 'L', href: '/x' }],
            },
          ],
        },
      },
    );
    const t = routesOf(cfg, [doc('a', { h1: 'A' }), doc('b', { h1: 'B' })]).table;
    const route = t.routes.find((r) => r.kind === 'generated-index')!;
    const d = buildRouteData(route, routeDataContext(cfg, t, new Map())) as Extract<RouteData, { kind: 'doc' }>;
    expect(d.html).toBe('<ul class="generated-index"><li><a href="/docs/a/">A</a></li><li><a href="/docs/b/">Sub &amp; co</a></li></ul>');
    expect(d.title).toBe('Top <title>');
    expect(d.description).toBeUndefined();
  });
});

describe('a blog post', () => {
  let launch: Extract<RouteData, { kind: 'blog-post' }>;
  let alpha: typeof launch;
  beforeEach(() => {
    launch = data('/blog/launch/', 'blog-post');
    alpha = data('/blog/alpha/', 'blog-post');
  });

  test('its text, head and edit link', () => {
    expect([launch.title, launch.description, launch.html]).toEqual(['Launch & party', 'Launch text.', '<p>Launch body</p>']);
    expect(launch.head).toEqual({
      title: 'Launch & party | Test Site',
      description: 'Launch text.',
      canonical: 'https://example.test/base/blog/launch/',
      image: 'https://example.test/base/img/card.png',
      ogType: 'article',
      noindex: false,
    });
    expect(launch.editUrl).toBe('https://github.com/acme/site/edit/main/content/blog/2025-03-01-launch.md');
    expect(launch.toc).toEqual(toc);
    expect(alpha.toc).toEqual([]);
    expect(alpha.description).toBe('The alpha post.');
  });

  test('the post summary: date, reading time, authors with their pages, tags', () => {
    expect(launch.post).toEqual({
      title: 'Launch & party',
      href: '/base/blog/launch/',
      date: '2025-03-01',
      formattedDate: 'March 1, 2025',
      readingTime: 4,
      authors: [
        { key: 'ada', name: 'Ada', title: 'Engineer', url: 'https://ada.test', imageUrl: '/base/img/ada.png', page: '/base/blog/authors/ada-l/' },
        { key: 'guest', name: 'Guest', title: undefined, url: 'https://guest.test', imageUrl: undefined, page: undefined },
      ],
      tags: [{ label: 'Release', href: '/base/blog/tags/releases/', count: undefined, description: 'New versions.' }],
      excerptHtml: '<p>Launch</p>',
      truncated: true,
      description: 'Launch text.',
    });
    expect(alpha.post).toMatchObject({ readingTime: 1, excerptHtml: '<p>Alpha body</p>', truncated: false, authors: [{ key: 'bob', name: 'Bob', imageUrl: 'https://cdn.test/bob.png', page: undefined }] });
  });

  test('previous is the newer post, next the older', () => {
    // Newest first: Alpha and Launch share a date and sort by title.
    expect([alpha.prev, alpha.next]).toEqual([undefined, { label: 'Launch & party', href: '/base/blog/launch/' }]);
    expect([launch.prev, launch.next]).toEqual([
      { label: 'Alpha', href: '/base/blog/alpha/' },
      { label: 'Holiday', href: '/base/blog/holiday/' },
    ]);
  });

  test('the blog sidebar by year, this post active', () => {
    expect(launch.blogSidebar).toEqual({
      title: 'Recent posts',
      years: [
        {
          year: '2025',
          posts: [
            { title: 'Alpha', href: '/base/blog/alpha/', active: false },
            { title: 'Launch & party', href: '/base/blog/launch/', active: true },
          ],
        },
        { year: '2024', posts: [{ title: 'Holiday', href: '/base/blog/holiday/', active: false }] },
      ],
    });
  });
});

describe('blog lists', () => {
  test('the blog: its title, description, posts and pages', () => {
    const first = data('/blog/', 'blog-list');
    expect([first.title, first.description, first.heading, first.intro]).toEqual(['Acme blog', 'News from us.', 'Acme blog', 'News from us.']);
    expect(first.head).toMatchObject({ title: 'Acme blog | Test Site', ogType: 'website', description: 'News from us.' });
    expect(first.posts.map((p) => p.title)).toEqual(['Alpha']);
    expect(first.pagination).toEqual({ page: 1, totalPages: 3, prev: undefined, next: { label: 'Older posts', href: '/base/blog/page/2/' } });
    expect([first.author, first.tag]).toEqual([undefined, undefined]);
    expect(first.blogSidebar).toBe(context.blogSidebar);
    const second = data('/blog/page/2/', 'blog-list');
    expect(second.title).toBe('Acme blog (page 2)');
    expect(second.head.title).toBe('Acme blog (page 2) | Test Site');
    expect(second.pagination).toEqual({
      page: 2,
      totalPages: 3,
      prev: { label: 'Newer posts', href: '/base/blog/' },
      next: { label: 'Older posts', href: '/base/blog/page/3/' },
    });
  });

  test('a blog without a description has none', () => {
    const cfg = testConfig();
    const t = routesOf(cfg, [post('2025-01-01-a', { h1: 'A' })]).table;
    const list = buildRouteData(t.byUrl.get('/blog/')!, routeDataContext(cfg, t, new Map())) as Extract<RouteData, { kind: 'blog-list' }>;
    expect([list.description, list.intro, list.head.description]).toEqual([undefined, undefined, 'Blog | Test Site']);
  });

  test('a tag page', () => {
    const tag = data('/blog/tags/releases/', 'blog-list');
    expect([tag.title, tag.description, tag.intro, tag.heading]).toEqual(['Posts tagged "Release"', 'New versions.', 'New versions.', '2 posts tagged with "Release"']);
    expect(tag.tag).toEqual({ label: 'Release', href: '/base/blog/tags/releases/', count: 2, description: 'New versions.' });
    expect(data('/blog/tags/releases/page/2/', 'blog-list').title).toBe('Posts tagged "Release" (page 2)');
  });

  test('an author page', () => {
    const author = data('/blog/authors/ada-l/', 'blog-list');
    expect([author.title, author.description, author.intro, author.heading]).toEqual(['Ada', 'Posts by Ada', undefined, 'Posts by Ada']);
    expect(author.author).toEqual({
      key: 'ada',
      name: 'Ada',
      title: 'Engineer',
      url: 'https://ada.test',
      imageUrl: '/base/img/ada.png',
      page: '/base/blog/authors/ada-l/',
      count: 1,
      allPostsHref: '/base/blog/authors/ada-l/',
    });
  });

  test('the archive, by year, newest first', () => {
    const archive = data('/blog/archive/', 'blog-archive');
    expect([archive.title, archive.description]).toEqual(['Archive', 'Every post of the Acme blog, by year.']);
    expect(archive.head).toMatchObject({ title: 'Archive | Test Site', description: 'Every post of the Acme blog, by year.', ogType: 'website' });
    expect(archive.years).toEqual([
      {
        year: '2025',
        posts: [
          { title: 'Alpha', href: '/base/blog/alpha/', date: '2025-03-01', formattedDate: 'March 1, 2025' },
          { title: 'Launch & party', href: '/base/blog/launch/', date: '2025-03-01', formattedDate: 'March 1, 2025' },
        ],
      },
      { year: '2024', posts: [{ title: 'Holiday', href: '/base/blog/holiday/', date: '2024-12-24', formattedDate: 'December 24, 2024' }] },
    ]);
  });

  test('the tags, by label, with counts', () => {
    const cfg = testConfig();
    const t = routesOf(cfg, [post('2025-01-01-a', { h1: 'A', frontmatter: { tags: ['zebra', 'Apple', 'zebra2'] } }), post('2025-01-02-b', { h1: 'B', frontmatter: { tags: ['zebra'] } })]).table;
    const tags = buildRouteData(t.byUrl.get('/blog/tags/')!, routeDataContext(cfg, t, new Map())) as Extract<RouteData, { kind: 'blog-tags' }>;
    expect(tags.tags).toEqual([
      { label: 'Apple', href: '/blog/tags/apple/', count: 1, description: undefined },
      { label: 'zebra', href: '/blog/tags/zebra/', count: 2, description: undefined },
      { label: 'zebra2', href: '/blog/tags/zebra2/', count: 1, description: undefined },
    ]);
    expect([tags.title, tags.description, tags.head.title]).toEqual(['Tags', 'Topics of the Blog.', 'Tags | Test Site']);
  });

  test('the authors, with their counts and pages', () => {
    const authors = data('/blog/authors/', 'blog-authors');
    expect([authors.title, authors.description, authors.head.description]).toEqual(['Authors', 'The people who write the Acme blog.', 'The people who write the Acme blog.']);
    expect(authors.authors).toEqual([
      { key: 'ada', name: 'Ada', title: 'Engineer', url: 'https://ada.test', imageUrl: '/base/img/ada.png', page: '/base/blog/authors/ada-l/', count: 1, allPostsHref: '/base/blog/authors/ada-l/' },
    ]);
  });
});

describe('pages', () => {
  test('the home page is titled with the tagline', () => {
    const home = data('/', 'page');
    expect(home.head.title).toBe('Test Site | Docs for tests');
    expect([home.title, home.html, home.hasH1, home.toc]).toEqual(['Test Site', '<h1>Test Site</h1>', true, toc]);
    expect(home.head).toMatchObject({ ogType: 'website', canonical: 'https://example.test/base/', description: 'Docs for tests' });
  });

  test('a page: its description, its table of contents unless hidden', () => {
    const about = data('/about/', 'page');
    expect([about.title, about.description, about.toc, about.hasH1, about.head.title]).toEqual(['About', 'About text.', [], false, 'About | Test Site']);
    const plain = data('/plain/', 'page');
    expect([plain.html, plain.toc, plain.description]).toEqual(['', [], undefined]);
  });

  test('a page module: its own title and description, else the site title', () => {
    const showcase = data('/showcase/', 'page-module');
    expect([showcase.title, showcase.description, showcase.html, showcase.head.title]).toEqual(['Showcase', 'Things we made.', '<div>Showcase</div>', 'Showcase | Test Site']);
    const bare = data('/bare/', 'page-module');
    expect([bare.title, bare.description, bare.html, bare.head.title]).toEqual(['Test Site', undefined, '', 'Test Site | Test Site']);
  });

  test('the search page is not indexed and offers the docs tags', () => {
    const search = data('/search/', 'search');
    expect([search.title, search.description, search.docsTags]).toEqual(['Search', 'Search the Test Site documentation and blog.', ['api', 'getting started']]);
    expect(search.head).toMatchObject({ noindex: true, title: 'Search | Test Site', canonical: 'https://example.test/base/search/' });
  });

  test('the 404 page is not indexed and suggests where to go', () => {
    const missing = data('/404.html', 'not-found');
    expect([missing.title, missing.description]).toEqual(['Page not found', 'We could not find what you were looking for.']);
    expect(missing.head).toMatchObject({ noindex: true, title: 'Page not found | Test Site' });
    expect(missing.suggestions).toEqual([
      { label: 'Home', href: '/base/' },
      { label: 'Documentation', href: '/base/docs/intro/' },
      { label: 'Blog', href: '/base/blog/' },
      { label: 'Search', href: '/base/search/' },
    ]);
    // Without posts, no blog to suggest.
    const cfg = testConfig();
    const t = routesOf(cfg, []).table;
    const bare = buildRouteData(t.byUrl.get('/404.html')!, routeDataContext(cfg, t, new Map())) as Extract<RouteData, { kind: 'not-found' }>;
    expect(bare.suggestions).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Documentation', href: '/docs/' },
      { label: 'Search', href: '/search/' },
    ]);
  });

  test('without an image or tagline, the head has no image and describes the page by its title', () => {
    const cfg = testConfig();
    const t = routesOf(cfg, [page('x', { h1: 'X' })]).table;
    const x = buildRouteData(t.byUrl.get('/x/')!, routeDataContext(cfg, t, new Map()));
    expect(x.head).toEqual({ title: 'X | Test Site', description: 'X | Test Site', canonical: 'https://example.test/x/', image: undefined, ogType: 'website', noindex: false });
  });
});

describe('helpers', () => {
  test.each([
    ['2025-03-01', 'March 1, 2025'],
    ['2024-12-31', 'December 31, 2024'],
    ['2000-01-09', 'January 9, 2000'],
  ])('formatDate(%s) is %s, whatever the time zone', (date, text) => {
    expect(formatDate(date)).toBe(text);
  });

  test.each([
    [0, 1],
    [99, 1],
    [299, 1],
    [300, 2],
    [500, 3],
    [2000, 10],
  ])('readingTime(%i words) is %i minutes', (words, minutes) => {
    expect(readingTime(words)).toBe(minutes);
  });

  test('blogSidebarData groups posts by year in their order, under the base URL', () => {
    expect(blogSidebarData(table.posts, 'All posts', '/b/')).toEqual({
      title: 'All posts',
      years: [
        {
          year: '2025',
          posts: [
            { title: 'Alpha', href: '/b/blog/alpha/', active: false },
            { title: 'Launch & party', href: '/b/blog/launch/', active: false },
          ],
        },
        { year: '2024', posts: [{ title: 'Holiday', href: '/b/blog/holiday/', active: false }] },
      ],
    });
  });
});

describe('what route data reads', () => {
  test("no file's text and no summary part but the h1, of any page: a body reaches a page only through its document", () => {
    const touched: string[] = [];
    const guard = (target: object, keys: readonly string[], name: string) => {
      for (const key of keys) Object.defineProperty(target, key, { enumerable: true, get: () => void touched.push(`${name}.${key}`) });
    };
    for (const entry of [...table.docs, ...table.posts, ...table.pages]) {
      guard(entry.file, ['source', 'body', 'sourceHash'], entry.file.file);
      guard(entry.parsed, ['links', 'mdxImports', 'diagnostics'], `${entry.file.file} summary`);
    }
    context.reading = [];
    for (const route of table.routes) JSON.stringify(buildRouteData(route, context));
    expect(touched).toEqual([]);
  });

  test('every document a page reads is noted while reading is on: its own, and the posts a blog list shows', () => {
    const readBy = (url: string) => {
      context.reading = [];
      buildRouteData(table.byUrl.get(url)!, context);
      const files = context.reading;
      context.reading = undefined;
      return [...new Set(files)];
    };
    expect(readBy('/docs/intro/')).toEqual(['content/docs/intro.md']);
    expect(readBy('/blog/launch/')).toEqual(['content/blog/2025-03-01-launch.md']);
    expect(readBy('/about/')).toEqual(['content/pages/about.md']);
    expect(readBy('/blog/').length).toBe(1);
    expect(readBy('/blog/archive/')).toEqual([]);
  });
});
