import { beforeEach, describe, expect, test } from 'vitest';
import type { SidebarItemConfig } from '../config/index.ts';
import { testConfig } from '../config/test-support.ts';
import { doc, routesOf, type FakeFile } from './test-support.ts';
import type { RouteEntry } from './types.ts';

// Docs routes: each doc's id and URL from its file and frontmatter, the versions and their main doc, and the links a
// sidebar gives a doc (previous/next, breadcrumbs).

const urls = (routes: readonly { url: string }[]) => routes.map((r) => r.url);

describe('ids and URLs', () => {
  const files: FakeFile[] = [
    doc('intro', { h1: 'Introduction' }),
    doc('guides/setup', { frontmatter: { title: 'Setup' } }),
    doc('guides', { h1: 'Guides' }),
    doc('guides/renamed', { frontmatter: { id: 'start', title: 'Start' } }),
    doc('guides/relative', { frontmatter: { slug: 'custom/path', title: 'Relative slug' } }),
    doc('guides/absolute', { frontmatter: { slug: '/top-level/', title: 'Absolute slug' } }),
    doc('guides/both', { frontmatter: { id: 'both-id', slug: 'both-slug', title: 'Both' } }),
  ];

  test('from the path under content/docs, the frontmatter id, or the slug (relative to the folder, or absolute)', () => {
    const { table, problems } = routesOf(testConfig(), files);
    expect(problems).toEqual([]);
    expect(table.docs.map((d) => [d.id, d.url, d.title])).toEqual([
      ['intro', '/docs/intro/', 'Introduction'],
      ['guides/setup', '/docs/guides/setup/', 'Setup'],
      ['guides', '/docs/guides/', 'Guides'],
      ['guides/start', '/docs/guides/start/', 'Start'],
      ['guides/relative', '/docs/guides/custom/path/', 'Relative slug'],
      ['guides/absolute', '/docs/top-level/', 'Absolute slug'],
      ['guides/both-id', '/docs/guides/both-slug/', 'Both'],
    ]);
    expect(table.docsById.get('current')!.get('guides/start')!.file.file).toBe('content/docs/guides/renamed.md');
    expect(table.bySource.get('content/docs/guides/absolute.md')).toBe('/docs/top-level/');
  });

  test('under another route base, and at the site root', () => {
    expect(urls(routesOf(testConfig({ docs: { routeBasePath: '/guide/' } }), files.slice(0, 2)).table.docs)).toEqual(['/guide/intro/', '/guide/guides/setup/']);
    expect(urls(routesOf(testConfig({ docs: { routeBasePath: '/' } }), files.slice(0, 2)).table.docs)).toEqual(['/intro/', '/guides/setup/']);
  });

  test('the frontmatter title wins over the heading; the sidebar label over both; tags and description are kept', () => {
    const { table } = routesOf(testConfig(), [
      doc('a', { h1: 'Heading', frontmatter: { title: 'Title', sidebar_label: 'Short', description: 'About a.', tags: ['x', 'y'] } }),
      doc('b', { h1: 'Heading only' }),
    ]);
    expect(table.docs.map((d) => ({ title: d.title, label: d.sidebarLabel, description: d.description, tags: d.tags }))).toEqual([
      { title: 'Title', label: 'Short', description: 'About a.', tags: ['x', 'y'] },
      { title: 'Heading only', label: 'Heading only', description: undefined, tags: [] },
    ]);
  });

  test('a doc without a title has no route', () => {
    const { table, problems } = routesOf(testConfig(), [doc('intro', { h1: 'Intro' }), doc('untitled')]);
    expect(problems).toEqual(['content/docs/untitled.md:1:1  PD2025 This doc has no title.  (hint: add title: to the frontmatter, or start the text with a # heading)']);
    expect(table.docs.map((d) => d.id)).toEqual(['intro']);
    expect(table.byUrl.has('/docs/untitled/')).toBe(false);
  });

  test('an id or slug that would leave its place is refused at its key', () => {
    const { table, problems } = routesOf(testConfig(), [
      doc('intro', { h1: 'Intro' }),
      doc('a', { h1: 'A', frontmatter: { slug: '../../etc' }, positions: { slug: { line: 3, column: 7 } } }),
      doc('b', { h1: 'B', frontmatter: { id: 'x/../..' }, positions: { id: { line: 2, column: 5 } } }),
    ]);
    expect(problems).toEqual([
      'content/docs/a.md:3:7  PD4020 The slug "../../etc" cannot be used in a URL: it has a ".." segment, which would resolve outside its place.  (hint: write the slug as plain path segments, e.g. slug: getting-started)',
      'content/docs/b.md:2:5  PD4020 The id "x/../.." cannot be used in a URL: it has a ".." segment, which would resolve outside its place.  (hint: write the id as plain path segments, e.g. id: getting-started)',
    ]);
    expect(table.docs.map((d) => d.id)).toEqual(['intro']);
  });
});

describe('versions', () => {
  const config = testConfig({
    docs: {
      versions: [
        { name: 'current', label: 'v2.0', mainDoc: 'intro' },
        { name: '1.0', mainDoc: 'start' },
        { name: '0.9', label: 'v0.9', path: 'legacy' },
      ],
    },
  });
  const files = [
    doc('intro', { h1: 'Intro' }),
    doc('start', { h1: 'Start (1.0)', version: '1.0' }),
    doc('intro', { h1: 'Intro (1.0)', version: '1.0' }),
    doc('intro', { h1: 'Intro (0.9)', version: '0.9' }),
  ];

  test('the current version at the route base, older ones under their path or name; labels default to the name', () => {
    const { table, problems } = routesOf(config, files);
    expect(problems).toEqual([]);
    expect(table.versions).toEqual([
      { name: 'current', label: 'v2.0', basePath: '/docs/', mainDocUrl: '/docs/intro/', current: true },
      { name: '1.0', label: '1.0', basePath: '/docs/1.0/', mainDocUrl: '/docs/1.0/start/', current: false },
      { name: '0.9', label: 'v0.9', basePath: '/docs/legacy/', mainDocUrl: '/docs/legacy/intro/', current: false },
    ]);
    expect(table.docs.map((d) => [d.version, d.id, d.url])).toEqual([
      ['current', 'intro', '/docs/intro/'],
      ['1.0', 'start', '/docs/1.0/start/'],
      ['1.0', 'intro', '/docs/1.0/intro/'],
      ['0.9', 'intro', '/docs/legacy/intro/'],
    ]);
  });

  test("each version's root URL shows its main doc, with the doc's own URL as canonical", () => {
    const { table } = routesOf(config, files);
    const aliases = table.routes.filter((r): r is Extract<RouteEntry, { kind: 'doc' }> => r.kind === 'doc' && r.canonicalUrl !== undefined);
    expect(aliases.map((r) => [r.url, r.canonicalUrl, r.doc.title])).toEqual([
      ['/docs/', '/docs/intro/', 'Intro'],
      ['/docs/1.0/', '/docs/1.0/start/', 'Start (1.0)'],
      ['/docs/legacy/', '/docs/legacy/intro/', 'Intro (0.9)'],
    ]);
    // The alias is not the doc's source URL: links to the file go to the doc's own URL.
    expect(table.bySource.get('content/docs/intro.md')).toBe('/docs/intro/');
    expect(table.bySource.get('content/versioned_docs/1.0/start.md')).toBe('/docs/1.0/start/');
  });

  test('a main doc whose URL is the root needs no alias', () => {
    const { table } = routesOf(testConfig(), [doc('intro', { h1: 'Intro', frontmatter: { slug: '/' } })]);
    expect(table.routes.filter((r) => r.kind === 'doc').map((r) => r.url)).toEqual(['/docs/']);
    expect(table.versions[0].mainDocUrl).toBe('/docs/');
  });

  test('a version with docs but not its main doc is a problem; a version without docs is not', () => {
    const { table, problems } = routesOf(testConfig({ docs: { versions: [{ name: 'current', mainDoc: 'welcome' }, { name: '1.0' }] } }), [doc('intro', { h1: 'Intro' })]);
    expect(problems).toEqual([
      'site.config.ts:1:1  PD4004 Docs version "current" has no main doc "welcome".  (hint: create content/docs/welcome.md or set docs.versions[0].mainDoc to an existing doc id)',
    ]);
    expect(table.versions[0].mainDocUrl).toBe('/docs/');
    expect(table.versions[1].mainDocUrl).toBe('/docs/1.0/');
  });
});

describe('sidebars give each doc its place', () => {
  const sidebars: Record<string, SidebarItemConfig[]> = {
    main: [
      'intro',
      {
        type: 'category',
        label: 'Guides',
        link: { type: 'generated-index', description: 'Every guide.' },
        items: ['guides/setup', { type: 'category', label: 'Deep', link: { type: 'doc', id: 'guides/deep' }, items: ['guides/deeper'] }],
      },
      { type: 'link', label: 'GitHub', href: 'https://github.com/x/y' },
      'last',
    ],
    other: ['intro', 'lonely'],
  };
  const files = ['intro', 'guides/setup', 'guides/deep', 'guides/deeper', 'last', 'lonely', 'orphan'].map((id) => doc(id, { h1: `Title of ${id}` }));
  let table: ReturnType<typeof routesOf>['table'];
  beforeEach(() => {
    table = routesOf(testConfig({}, { sidebars }), files).table;
  });
  const byId = (id: string) => table.docsById.get('current')!.get(id)!;

  test('previous and next follow the reading order, through category pages', () => {
    expect([byId('intro').prev, byId('intro').next]).toEqual([undefined, { label: 'Guides', url: '/docs/category/guides/' }]);
    expect([byId('guides/setup').prev, byId('guides/setup').next]).toEqual([
      { label: 'Guides', url: '/docs/category/guides/' },
      { label: 'Deep', url: '/docs/guides/deep/' },
    ]);
    expect([byId('guides/deeper').prev, byId('guides/deeper').next]).toEqual([
      { label: 'Deep', url: '/docs/guides/deep/' },
      { label: 'Title of last', url: '/docs/last/' },
    ]);
    expect([byId('last').prev, byId('last').next]).toEqual([{ label: 'Title of guides/deeper', url: '/docs/guides/deeper/' }, undefined]);
  });

  test('breadcrumbs are the categories above the doc, with their pages', () => {
    expect(byId('intro').breadcrumbs).toEqual([]);
    expect(byId('guides/setup').breadcrumbs).toEqual([{ label: 'Guides', url: '/docs/category/guides/' }]);
    expect(byId('guides/deeper').breadcrumbs).toEqual([
      { label: 'Guides', url: '/docs/category/guides/' },
      { label: 'Deep', url: '/docs/guides/deep/' },
    ]);
  });

  test('a doc belongs to the first sidebar that lists it; a doc in none has no neighbours', () => {
    expect(byId('intro').sidebarId).toBe('main');
    expect(byId('lonely').sidebarId).toBe('other');
    expect(byId('lonely').prev).toEqual({ label: 'Title of intro', url: '/docs/intro/' });
    const orphan = byId('orphan');
    expect([orphan.sidebarId, orphan.prev, orphan.next, orphan.breadcrumbs]).toEqual([undefined, undefined, undefined, []]);
  });

  test('a generated index is a page of its own, in its sidebar and version', () => {
    const index = table.routes.find((r) => r.kind === 'generated-index');
    expect(index).toMatchObject({ url: '/docs/category/guides/', title: 'Guides', description: 'Every guide.', sidebarId: 'main', version: 'current', source: 'content/sidebars.ts' });
    expect(table.routes.filter((r) => r.kind === 'generated-index')).toHaveLength(1);
    expect(table.sidebars.get('current')!.get('main')![1]).toMatchObject({ type: 'category', label: 'Guides', url: '/docs/category/guides/' });
  });

  test('generated indexes of nested categories and older versions', () => {
    const versioned = {
      main: [{ type: 'category', label: 'Old guides', link: { type: 'generated-index', slug: 'all-guides', title: 'All the old guides' }, items: ['setup', { type: 'category', label: 'Inner', link: { type: 'generated-index' }, items: ['setup'] }] }],
    };
    const { table: t, problems } = routesOf(testConfig({ docs: { versions: [{ name: 'current' }, { name: '1.0', mainDoc: 'setup' }] } }), [doc('setup', { h1: 'Old setup', version: '1.0' })], {
      versionedSidebars: { '1.0': versioned },
    });
    expect(problems).toEqual([]);
    expect(t.routes.filter((r) => r.kind === 'generated-index').map((r) => [r.url, (r as { title: string }).title, r.source])).toEqual([
      ['/docs/1.0/all-guides/', 'All the old guides', 'content/versioned_sidebars/1.0-sidebars.json'],
      ['/docs/1.0/category/inner/', 'Inner', 'content/versioned_sidebars/1.0-sidebars.json'],
    ]);
    expect(t.docsById.get('1.0')!.get('setup')!.breadcrumbs).toEqual([{ label: 'Old guides', url: '/docs/1.0/all-guides/' }]);
  });

  test('an older version without frozen sidebars has none', () => {
    const { table: t } = routesOf(testConfig({ docs: { versions: [{ name: 'current' }, { name: '1.0', mainDoc: 'setup' }] } }, { sidebars }), [doc('setup', { h1: 'Old', version: '1.0' })]);
    expect([...t.sidebars.get('1.0')!.keys()]).toEqual([]);
    expect(t.docsById.get('1.0')!.get('setup')!.sidebarId).toBeUndefined();
  });
});
