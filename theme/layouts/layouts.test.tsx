import { load, type CheerioAPI } from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type {
  BlogListRouteData,
  BlogPostRouteData,
  NotFoundRouteData,
  RouteData,
  RouteKind,
  SearchRouteData,
} from '../../src/shared/types.ts';
import { BLOG_SIDEBAR_LABEL } from '../components/Sidebar.tsx';
import { renderBody } from '../index.tsx';
import { allRoutes, authors, docHtml, docRoute, makeSite, posts } from '../testing/fixtures.ts';

function render(route: RouteData): CheerioAPI {
  return load(renderToString(renderBody(route)));
}

function route<K extends RouteKind>(kind: K): Extract<RouteData, { kind: K }> {
  return allRoutes().find((r) => r.kind === kind) as Extract<RouteData, { kind: K }>;
}

describe('DocPage', () => {
  const $ = render(docRoute());

  it('renders the doc sidebar with the active item and <details> categories', () => {
    const nav = $('aside nav[aria-label="Docs sidebar"]');
    expect(nav).toHaveLength(1);
    expect(nav.find('[aria-current="page"]').text()).toBe('Introduction');
    const categories = nav.find('details.menu__category');
    expect(categories).toHaveLength(2);
    expect(categories.eq(0).attr('open')).toBeDefined(); // not collapsed
    expect(categories.eq(1).attr('open')).toBeUndefined(); // collapsed
    expect(nav.find('a[href^="https://"]').attr('target')).toBe('_blank');
  });

  it('keeps a collapsed category open when it holds the current doc', () => {
    const sidebar = docRoute().sidebar.map((node) =>
      node.type === 'category' && node.label === 'Compliance' ? { ...node, active: true } : node,
    );
    const $$ = render(docRoute({ sidebar }));
    expect($$('details.menu__category').eq(1).attr('open')).toBeDefined();
  });

  it('renders breadcrumbs with the current page last', () => {
    const crumbs = $('nav[aria-label="Breadcrumbs"]');
    expect(crumbs.find('a[aria-label="Home page"]').attr('href')).toBe('/');
    expect(crumbs.find('[aria-current="page"]').text()).toBe('Introduction');
  });

  it('renders the title as h1 in the article header when the body has none', () => {
    expect($('article header h1').text()).toBe('Introduction');
    expect($('h1')).toHaveLength(1);
  });

  it('leaves the h1 to the body when it has one', () => {
    const $$ = render(docRoute({ hasH1: true, html: '<h1 id="intro">Intro</h1>' + docHtml }));
    expect($$('article header h1')).toHaveLength(0);
    expect($$('h1').text()).toBe('Intro');
  });

  it('passes the body HTML through, "Direct link" anchors and code blocks included', () => {
    const anchor = $('article .markdown h2#what-is-iaindex a.hash-link');
    expect(anchor.attr('aria-label')).toBe('Direct link to What is IAIndex?');
    expect(anchor.attr('href')).toBe('#what-is-iaindex');
    expect($('article .code-block .code-title').text()).toBe('server.js');
    expect($('article pre code.hljs.language-javascript .hljs-keyword').text()).toBe('const');
  });

  it('renders the table of contents on the right and collapsed above the content', () => {
    const toc = $('nav[aria-label="On this page"]');
    expect(toc).toHaveLength(1);
    expect(toc.find('a').map((_, el) => $(el).attr('href')).get()).toEqual(['#what-is-iaindex', '#core-concepts', '#next-steps']);
    expect(toc.find('ul ul a').text()).toBe('Core concepts');
    const collapsible = $('details.toc--collapsible');
    expect(collapsible.find('summary').text()).toBe('On this page');
    expect(collapsible.find('a')).toHaveLength(3);
  });

  it('omits the table of contents when there are no headings', () => {
    const $$ = render(docRoute({ toc: [] }));
    expect($$('nav[aria-label="On this page"]')).toHaveLength(0);
    expect($$('.toc--collapsible')).toHaveLength(0);
  });

  it('shows the version label only where there is more than one version', () => {
    expect($('.doc-version')).toHaveLength(0);
    const versions = [
      { name: 'current', label: 'v2.0.0', href: '/docs/intro/', current: true },
      { name: '1.0', label: 'v1.0.0', href: '/docs/1.0/intro/', current: false },
    ];
    const $$ = render(docRoute({ site: makeSite({ versions }), version: { name: 'current', label: 'v2.0.0', current: true } }));
    expect($$('.doc-version').text()).toBe('Version: v2.0.0');
  });

  it('shows "Edit this page" and prev/next', () => {
    const edit = $('a.edit-link');
    expect(edit.text().trim()).toBe('Edit this page');
    expect(edit.attr('href')).toBe('https://github.com/example/iaindex/edit/main/content/docs/intro.md');
    expect(edit.attr('target')).toBe('_blank');
    const next = $('nav[aria-label="Docs pages"] a[rel="next"]');
    expect(next.attr('href')).toBe('/docs/quickstart/');
    expect(next.text()).toContain('Quick Start');
    expect($('nav[aria-label="Docs pages"] a[rel="prev"]')).toHaveLength(0);
  });

  it('has no edit link without editUrl', () => {
    expect(render(docRoute({ editUrl: undefined }))('a.edit-link')).toHaveLength(0);
  });

  it('shows doc tags', () => {
    const $$ = render(docRoute({ tags: [{ label: 'protocol', href: '/docs/tags/protocol/' }] }));
    expect($$('.tags a.tag').attr('href')).toBe('/docs/tags/protocol/');
  });
});

describe('BlogPost', () => {
  const $ = render(route('blog-post'));

  it('renders title, date, reading time and authors', () => {
    expect($('article.blog-post h1').text()).toBe('Welcome');
    expect($('article.blog-post time').attr('datetime')).toBe('2025-03-02');
    expect($('article.blog-post time').text()).toBe('March 2, 2025');
    expect($('.post-meta__reading-time').text()).toBe('3 min read');
    const ada = $('.post-authors .author').first();
    expect(ada.find('img').attr('alt')).toBe('Ada Lovelace');
    expect(ada.find('a').attr('href')).toBe('/blog/authors/ada/');
    expect(ada.find('.author__title').text()).toBe('Protocol lead');
    const alan = $('.post-authors .author').eq(1);
    expect(alan.find('a').attr('href')).toBe('https://example.org/alan');
    expect(alan.find('a').attr('target')).toBe('_blank');
  });

  it('renders tags and the next post', () => {
    expect($('article .tags a').text()).toBe('hello');
    const nav = $('nav[aria-label="Blog post page navigation"]');
    expect(nav.find('a[rel="next"]').attr('href')).toBe('/blog/short-note/');
  });

  it('renders the recent posts sidebar grouped by year', () => {
    const nav = $('aside nav[aria-label="Blog recent posts"]');
    expect(nav.find('h2').text()).toBe('Recent posts');
    expect(nav.find('h3').map((_, el) => $(el).text()).get()).toEqual(['2025', '2024']);
    expect(nav.find('[aria-current="page"]').text()).toBe('Welcome');
  });

  it('is also the mobile menu\'s secondary menu, found by its label and not copied into the menu', () => {
    const props = JSON.parse($('[data-pd-island="NavbarMenu"]').attr('data-pd-props')!);
    expect(props.secondary).toEqual({ title: 'Recent posts', label: BLOG_SIDEBAR_LABEL });
    expect($(`nav[aria-label="${BLOG_SIDEBAR_LABEL}"]`)).toHaveLength(1);
    const older = $('.blog-sidebar__link').last().attr('href')!;
    expect($(`a[href="${older}"]`).filter('.blog-sidebar__link')).toHaveLength(1);
    expect($(`header.navbar a[href="${older}"]`)).toHaveLength(0);
    expect($('[data-pd-island="NavbarMenu"]').attr('data-pd-props')).not.toContain(older);
  });

  it('rounds reading time up, to at least one minute', () => {
    const post = route('blog-post') as BlogPostRouteData;
    const $$ = render({ ...post, post: { ...post.post, readingTime: 0.2 } });
    expect($$('.post-meta__reading-time').text()).toBe('1 min read');
  });
});

describe('BlogList', () => {
  const $ = render(route('blog-list'));

  it('lists posts with excerpts, and "Read more" only for truncated ones', () => {
    const items = $('article.post-summary');
    expect(items).toHaveLength(2);
    expect(items.eq(0).find('h2 a').attr('href')).toBe('/blog/welcome/');
    expect(items.eq(0).find('.post-summary__excerpt').text()).toBe('Welcome to the blog.');
    expect(items.eq(0).find('a.read-more').text()).toBe('Read more');
    expect(items.eq(0).find('a.read-more').attr('aria-label')).toBe('Read more about Welcome');
    expect(items.eq(1).find('a.read-more')).toHaveLength(0);
    expect(items.eq(1).find('.post-meta__reading-time').text()).toBe('1 min read');
  });

  it('paginates', () => {
    const nav = $('nav[aria-label="Blog list page navigation"]');
    expect(nav.find('a[rel="next"]').attr('href')).toBe('/blog/page/2/');
    expect(nav.text()).toContain('Page 1 of 2');
  });

  it('shows a tag page with its post count and a link to all tags', () => {
    const list = route('blog-list') as BlogListRouteData;
    const $$ = render({ ...list, heading: '3 posts tagged with "hello"', tag: { label: 'hello', href: '/blog/tags/hello/', count: 3 } });
    expect($$('h1').text()).toBe('3 posts tagged with "hello"');
    expect($$('.page-header .badge').text()).toBe('3 posts');
    expect($$('a[href="/blog/tags/"]').text()).toBe('View all tags');
  });

  it('shows an author page with a link to all their articles', () => {
    const list = route('blog-list') as BlogListRouteData;
    const author = { ...authors[0], count: 2, allPostsHref: '/blog/authors/all-ada-articles/' };
    const $$ = render({ ...list, url: '/blog/authors/ada/', heading: 'Ada Lovelace', author, posts: [posts[0]] });
    expect($$('h1').text()).toBe('Ada Lovelace');
    expect($$('.author-header img').attr('alt')).toBe('Ada Lovelace');
    expect($$('a[href="/blog/authors/all-ada-articles/"]').text()).toBe('View all articles by Ada Lovelace');
    // On the "all articles" page itself the link is not repeated.
    const $all = render({ ...list, url: '/blog/authors/all-ada-articles/', heading: 'Ada Lovelace', author, posts });
    expect($all('a[href="/blog/authors/all-ada-articles/"]')).toHaveLength(0);
  });
});

describe('BlogArchive, BlogTags, BlogAuthors', () => {
  it('groups the archive by year', () => {
    const $ = render(route('blog-archive'));
    expect($('h1').text()).toBe('Archive');
    expect($('.archive h2').map((_, el) => $(el).text()).get()).toEqual(['2025', '2024']);
    expect($('.archive time').first().attr('datetime')).toBe('2025-03-02');
    expect($('.archive a').first().attr('href')).toBe('/blog/welcome/');
  });

  it('lists tags with their post counts', () => {
    const $ = render(route('blog-tags'));
    const tags = $('.tag-index a.tag');
    expect(tags.map((_, el) => $(el).attr('href')).get()).toEqual(['/blog/tags/hello/', '/blog/tags/hola/']);
    expect(tags.eq(0).find('.tag__count').text()).toBe('3');
  });

  it('lists authors with a link to all their articles', () => {
    const $ = render(route('blog-authors'));
    expect($('.author-grid .author__name').text()).toBe('Ada Lovelace');
    expect($('.author-grid .badge').text()).toBe('2 posts');
    expect($('.author-grid a[href="/blog/authors/all-ada-articles/"]').text()).toBe('View all articles by Ada Lovelace');
  });
});

describe('Page and PageModule', () => {
  it('renders a markdown page with the title as h1 when the body has none', () => {
    const $ = render(route('page'));
    expect($('article h1').text()).toBe('Markdown page');
    expect($('article .markdown').html()).toBe('<p>Plain page.</p>');
  });

  it('inserts the page module HTML as is', () => {
    const $ = render(route('page-module'));
    expect($('main#main h1').text()).toBe('Home hero');
  });
});

describe('SearchPage', () => {
  const searchRoute = route('search') as SearchRouteData;
  const $ = render(searchRoute);

  it('is a plain GET form that works without JavaScript', () => {
    const form = $('main form[role="search"]');
    expect(form.attr('action')).toMatch(/^\/search\/?$/);
    expect(form.attr('method')).toBe('get');
    const q = form.find('input[name="q"]');
    expect(q).toHaveLength(1);
    expect(form.find(`label[for="${q.attr('id')}"]`).text()).toBeTruthy();
    const types = form.find('select[name="type"] option').map((_, el) => $(el).attr('value')).get();
    expect(types).toEqual(expect.arrayContaining(['docs', 'blog']));
    for (const tag of searchRoute.docsTags) expect(form.find(`[value="${tag}"]`), tag).toHaveLength(1);
    expect(form.find('button[type="submit"]')).toHaveLength(1);
  });

  it('is inside a SearchPage island', () => {
    expect($('[data-pd-island="SearchPage"] form')).toHaveLength(1);
  });
});

describe('NotFound', () => {
  const $ = render(route('not-found') as NotFoundRouteData);

  it('says "Page not found" and offers helpful links', () => {
    expect($('h1').text()).toBe('Page not found');
    expect($('.not-found__suggestions a').map((_, el) => $(el).attr('href')).get()).toEqual(['/docs/intro/', '/blog/']);
    expect($('form.not-found__search').attr('method')).toBe('get');
    expect($('a[href="/"]').text()).toContain('Go to the home page');
  });
});

describe('footer', () => {
  it('is left out when the site has no footer links and no copyright (no empty band)', () => {
    const $$ = render(docRoute({ site: makeSite({ footer: { groups: [], copyright: '' } }) }));
    expect($$('footer.footer')).toHaveLength(0);
    const $c = render(docRoute({ site: makeSite({ footer: { groups: [], copyright: 'Copyright © 2025 X' } }) }));
    expect($c('footer .footer__copyright').text()).toBe('Copyright © 2025 X');
  });
});
