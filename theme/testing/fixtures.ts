// Small in-memory RouteData for the theme's tests. Not used at build time.

import type {
  Author,
  BlogPostSummary,
  BlogSidebarData,
  DocRouteData,
  RouteData,
  SidebarNode,
  SiteChrome,
  TocItem,
} from '../../src/shared/types.ts';

export function makeSite(overrides: Partial<SiteChrome> = {}): SiteChrome {
  return {
    title: 'IAIndex Documentation',
    tagline: 'A transparent AI training attribution protocol',
    url: 'https://docs.example.org',
    baseUrl: '/',
    titleDelimiter: '|',
    lang: 'en',
    locales: [{ code: 'en', label: 'English', href: '/docs/intro/', current: true }],
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false },
    storageKeySuffix: '',
    announcementBar: {
      id: 'star-1',
      content: 'Give us a star on <a href="https://github.com/example/iaindex">GitHub</a>!',
      closable: true,
    },
    navbar: {
      title: 'IAIndex',
      logo: { src: '/img/logo.svg', alt: 'IAIndex logo' },
      items: [
        { type: 'docSidebar', label: 'Documentation', href: '/docs/intro/', sidebarId: 'mainSidebar', position: 'left', active: true },
        { type: 'docSidebar', label: 'Protocol', href: '/docs/protocol/schema/', sidebarId: 'protocolSidebar', position: 'left' },
        { type: 'docSidebar', label: 'SDKs', href: '/docs/sdks/nodejs/', sidebarId: 'sdksSidebar', position: 'left' },
        { type: 'docSidebar', label: 'Plugins', href: '/docs/plugins/wordpress/', sidebarId: 'pluginsSidebar', position: 'left' },
        { type: 'link', label: 'Blog', href: '/blog/', position: 'left' },
        { type: 'docsVersionDropdown', position: 'right' },
        { type: 'search', position: 'right' },
      ],
    },
    footer: {
      groups: [
        { title: 'Documentation', items: [{ label: 'Introduction', href: '/docs/intro/' }] },
        { title: 'Developers', items: [{ label: 'SDKs', href: '/docs/sdks/nodejs/' }] },
        {
          title: 'Community',
          items: [
            { label: 'GitHub', href: 'https://github.com/example/iaindex', external: true },
            { label: 'Discord', href: 'https://discord.gg/example', external: true },
          ],
        },
        { title: 'Legal', items: [{ label: 'Terms of Service', href: '/docs/compliance/terms/' }] },
      ],
      copyright: 'Copyright © 2025 Example Ltd.',
    },
    versions: [{ name: 'current', label: 'v1.0.0', href: '/docs/intro/', current: true }],
    search: { language: 'en', docsTags: ['default'] },
    repoUrl: 'https://github.com/example/iaindex',
    ...overrides,
  };
}

const base = (url: string, title: string, site: SiteChrome) => ({
  url,
  title,
  site,
  head: { title: `${title} | IAIndex Documentation`, description: '', canonical: 'https://docs.example.org' + url, ogType: 'article' as const },
});

export const sidebar: SidebarNode[] = [
  { type: 'doc', label: 'Introduction', href: '/docs/intro/', docId: 'intro', active: true },
  { type: 'doc', label: 'Quick Start', href: '/docs/quickstart/', docId: 'quickstart', active: false },
  {
    type: 'category',
    label: 'Publishers',
    collapsed: false,
    active: false,
    items: [{ type: 'doc', label: 'Domain Verification', href: '/docs/publishers/domain-verification/', docId: 'dv', active: false }],
  },
  {
    type: 'category',
    label: 'Compliance',
    collapsed: true,
    active: false,
    items: [{ type: 'doc', label: 'GDPR', href: '/docs/compliance/gdpr/', docId: 'gdpr', active: false }],
  },
  { type: 'link', label: 'Examples', href: 'https://github.com/example/iaindex/tree/main/examples', external: true },
];

export const toc: TocItem[] = [
  { id: 'what-is-iaindex', text: 'What is IAIndex?', depth: 2, children: [{ id: 'core-concepts', text: 'Core concepts', depth: 3, children: [] }] },
  { id: 'next-steps', text: 'Next steps', depth: 2, children: [] },
];

export const docHtml =
  '<p>IAIndex is an open protocol.</p>' +
  '<h2 id="what-is-iaindex">What is IAIndex?<a href="#what-is-iaindex" class="hash-link" aria-label="Direct link to What is IAIndex?" title="Direct link to What is IAIndex?">\u200b</a></h2>' +
  '<h3 id="core-concepts">Core concepts<a href="#core-concepts" class="hash-link" aria-label="Direct link to Core concepts" title="Direct link to Core concepts">\u200b</a></h3>' +
  '<div class="code-block"><div class="code-title">server.js</div><pre><code class="hljs language-javascript"><span class="hljs-keyword">const</span> x = 1;</code></pre></div>' +
  '<h2 id="next-steps">Next steps<a href="#next-steps" class="hash-link" aria-label="Direct link to Next steps" title="Direct link to Next steps">\u200b</a></h2>';

export function docRoute(overrides: Partial<DocRouteData> = {}): DocRouteData {
  const site = makeSite();
  return {
    ...base('/docs/intro/', 'Introduction', site),
    kind: 'doc',
    html: docHtml,
    toc,
    sidebarId: 'mainSidebar',
    sidebar,
    breadcrumbs: [{ label: 'Introduction', href: '/docs/intro/', active: true }],
    prev: undefined,
    next: { label: 'Quick Start', href: '/docs/quickstart/' },
    editUrl: 'https://github.com/example/iaindex/edit/main/content/docs/intro.md',
    version: { name: 'current', label: 'v1.0.0', current: true },
    tags: [],
    hasH1: false,
    ...overrides,
  };
}

export const authors: Author[] = [
  { key: 'ada', name: 'Ada Lovelace', title: 'Protocol lead', url: 'https://example.org/ada', imageUrl: '/img/ada.png', page: '/blog/authors/ada/' },
  { key: 'alan', name: 'Alan Turing', title: 'Engineer', url: 'https://example.org/alan' },
];

export const posts: BlogPostSummary[] = [
  {
    title: 'Welcome',
    href: '/blog/welcome/',
    date: '2025-03-02',
    formattedDate: 'March 2, 2025',
    readingTime: 2.4,
    authors,
    tags: [{ label: 'hello', href: '/blog/tags/hello/' }],
    excerptHtml: '<p>Welcome to the blog.</p>',
    truncated: true,
  },
  {
    title: 'Short note',
    href: '/blog/short-note/',
    date: '2024-11-20',
    formattedDate: 'November 20, 2024',
    readingTime: 0.3,
    authors: [authors[1]],
    tags: [],
    excerptHtml: '<p>All of it.</p>',
    truncated: false,
  },
];

export const blogSidebar: BlogSidebarData = {
  title: 'Recent posts',
  years: [
    { year: '2025', posts: [{ title: 'Welcome', href: '/blog/welcome/', active: true }] },
    { year: '2024', posts: [{ title: 'Short note', href: '/blog/short-note/', active: false }] },
  ],
};

/** One route of every kind. */
export function allRoutes(): RouteData[] {
  const site = makeSite();
  return [
    docRoute(),
    {
      ...base('/blog/welcome/', 'Welcome', site),
      kind: 'blog-post',
      html: '<p>Hello.</p><h2 id="more">More</h2>',
      toc: [{ id: 'more', text: 'More', depth: 2, children: [] }],
      post: posts[0],
      prev: undefined,
      next: { label: 'Short note', href: '/blog/short-note/' },
      blogSidebar,
      editUrl: 'https://github.com/example/iaindex/edit/main/content/blog/welcome.md',
    },
    {
      ...base('/blog/', 'Blog', site),
      kind: 'blog-list',
      heading: 'Blog',
      posts,
      pagination: { page: 1, totalPages: 2, next: { label: 'Older entries', href: '/blog/page/2/' } },
      blogSidebar,
    },
    {
      ...base('/blog/archive/', 'Archive', site),
      kind: 'blog-archive',
      years: [
        { year: '2025', posts: [{ title: 'Welcome', href: '/blog/welcome/', date: '2025-03-02', formattedDate: 'March 2, 2025' }] },
        { year: '2024', posts: [{ title: 'Short note', href: '/blog/short-note/', date: '2024-11-20', formattedDate: 'November 20, 2024' }] },
      ],
    },
    {
      ...base('/blog/tags/', 'Tags', site),
      kind: 'blog-tags',
      tags: [
        { label: 'hola', href: '/blog/tags/hola/', count: 1 },
        { label: 'hello', href: '/blog/tags/hello/', count: 3 },
      ],
    },
    {
      ...base('/blog/authors/', 'Authors', site),
      kind: 'blog-authors',
      authors: [{ ...authors[0], count: 2, allPostsHref: '/blog/authors/all-ada-articles/' }],
    },
    { ...base('/markdown-page/', 'Markdown page', site), kind: 'page', html: '<p>Plain page.</p>', toc: [], hasH1: false },
    { ...base('/', 'Home', site), kind: 'page-module', html: '<section><h1>Home hero</h1><p>Hi</p></section>' },
    { ...base('/search/', 'Search', site), kind: 'search', docsTags: ['protocol', 'sdk'] },
    {
      ...base('/404.html', 'Page not found', site),
      kind: 'not-found',
      suggestions: [
        { label: 'Introduction', href: '/docs/intro/' },
        { label: 'Blog', href: '/blog/' },
      ],
    },
  ];
}
