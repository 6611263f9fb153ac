import { describe, expect, test } from 'vitest';
import type { SidebarItemConfig } from '../config/index.ts';
import { testConfig } from '../config/test-support.ts';
import { Diagnostics, formatDiagnostic } from '../errors/index.ts';
import { flattenSidebar, normalizeSidebar } from './sidebars.ts';
import { doc, routesOf } from './test-support.ts';
import type { DocFrontmatter } from '../content/index.ts';

// A sidebar as written in the sidebars module becomes the tree every doc page shows: doc ids resolved to their pages,
// folders listed in order, and every item pointing somewhere.

function docsOf(specs: [id: string, frontmatter?: DocFrontmatter][]) {
  return routesOf(testConfig(), specs.map(([id, frontmatter]) => doc(id, { h1: `T ${id}`, frontmatter }))).table.docsById.get('current')!;
}

const SOURCE = `export default {
  main: [
    'intro',
    'guides/setpu',
    { type: 'category', label: 'Empty', items: [] },
    { type: 'category', label: 'Linked', link: { type: 'doc', id: 'nowhere' }, items: ['intro'] },
  ],
};
`;

function sidebar(items: SidebarItemConfig[], specs: [string, DocFrontmatter?][] = [['intro'], ['guides/setup']], source = SOURCE) {
  const diagnostics = new Diagnostics();
  const tree = normalizeSidebar(items, {
    docs: docsOf(specs),
    file: 'content/sidebars.ts',
    source,
    diagnostics,
    generatedIndexUrl: (slug) => `/docs/${slug}/`,
  });
  return { tree, problems: diagnostics.items.map(formatDiagnostic) };
}

describe('normalizeSidebar', () => {
  test('doc ids become links to their pages, labelled by the sidebar label unless the item names one', () => {
    const { tree, problems } = sidebar(['intro', { type: 'doc', id: 'guides/setup', label: 'Set it up' }, { type: 'doc', id: 'intro' }], [['intro', { sidebar_label: 'Start here' }], ['guides/setup']]);
    expect(problems).toEqual([]);
    expect(tree).toEqual([
      { type: 'doc', docId: 'intro', label: 'Start here', url: '/docs/intro/' },
      { type: 'doc', docId: 'guides/setup', label: 'Set it up', url: '/docs/guides/setup/' },
      { type: 'doc', docId: 'intro', label: 'Start here', url: '/docs/intro/' },
    ]);
  });

  test('links and categories keep their shape; a category is open unless it says otherwise', () => {
    const { tree } = sidebar([
      { type: 'link', label: 'GitHub', href: 'https://github.com/x' },
      { type: 'category', label: 'Open', items: ['intro'] },
      { type: 'category', label: 'Shut', collapsed: true, items: ['intro'] },
      { type: 'category', label: 'Landing', link: { type: 'doc', id: 'guides/setup' }, items: [] },
    ]);
    expect(tree).toEqual([
      { type: 'link', label: 'GitHub', href: 'https://github.com/x' },
      { type: 'category', label: 'Open', url: undefined, collapsed: false, items: [{ type: 'doc', docId: 'intro', label: 'T intro', url: '/docs/intro/' }], generatedIndex: undefined },
      { type: 'category', label: 'Shut', url: undefined, collapsed: true, items: [{ type: 'doc', docId: 'intro', label: 'T intro', url: '/docs/intro/' }], generatedIndex: undefined },
      { type: 'category', label: 'Landing', url: '/docs/guides/setup/', collapsed: false, items: [], generatedIndex: undefined },
    ]);
  });

  test('a generated index gets its URL from its slug, else from the label; its title from the link, else the label', () => {
    const { tree } = sidebar([
      { type: 'category', label: 'API Reference & More!', link: { type: 'generated-index' }, items: [] },
      { type: 'category', label: 'Guides', link: { type: 'generated-index', slug: 'all/guides', title: 'Every guide', description: 'All of them.' }, items: ['intro'] },
    ]);
    expect(tree.map((c) => c.type === 'category' && [c.url, c.generatedIndex])).toEqual([
      ['/docs/category/api-reference-more/', { title: 'API Reference & More!', description: undefined }],
      ['/docs/all/guides/', { title: 'Every guide', description: 'All of them.' }],
    ]);
  });

  test('an item without a target is reported where the sidebars module names it, with a near miss', () => {
    const { tree, problems } = sidebar([
      'intro',
      'guides/setpu',
      { type: 'category', label: 'Empty', items: [] },
      { type: 'category', label: 'Linked', link: { type: 'doc', id: 'nowhere' }, items: ['intro'] },
      'zzz',
    ]);
    expect(problems).toEqual([
      'content/sidebars.ts:4:5  PD4001 Sidebar item "guides/setpu" has no link target: there is no doc with that id.  (hint: did you mean "guides/setup"?)',
      'content/sidebars.ts:5:32  PD4001 Category "Empty" has no link target: it has neither items nor a link.  (hint: add items to the category or give it a link to a doc)',
      'content/sidebars.ts:6:67  PD4001 Category "Linked" links to doc "nowhere", which does not exist.  (hint: link the category to an existing doc id, or use { type: "generated-index" })',
      'content/sidebars.ts:1:1  PD4001 Sidebar item "zzz" has no link target: there is no doc with that id.  (hint: doc ids are paths under content/docs without the extension)',
    ]);
    // The empty category is left out; the one with a broken link keeps its items.
    expect(tree.map((i) => i.label)).toEqual(['T intro', 'Linked']);
    expect(tree[1]).toMatchObject({ type: 'category', url: undefined });
  });
});

describe('autogenerated', () => {
  const specs: [string, DocFrontmatter?][] = [
    ['intro', { sidebar_position: 1 }],
    ['zeta'],
    ['alpha'],
    ['api/overview', { sidebar_position: 0 }],
    ['api/receipts', { sidebar_position: 2 }],
    ['02-getting-started/first_steps', { sidebar_position: 3 }],
    ['02-getting-started/nested/deep', { sidebar_position: 5 }],
    ['guides/b'],
    ['guides/a'],
  ];
  const labels = (items: ReturnType<typeof sidebar>['tree']): unknown[] =>
    items.map((i) => (i.type === 'category' ? { [i.label]: labels(i.items) } : i.type === 'doc' ? i.docId : i.label));

  test('docs of a folder by sidebar_position, then by name; folders as open categories ordered by their first doc', () => {
    const { tree, problems } = sidebar([{ type: 'autogenerated', dirName: '.' }], specs);
    expect(problems).toEqual([]);
    expect(labels(tree)).toEqual([
      { Api: ['api/overview', 'api/receipts'] },
      'intro',
      { 'Getting started': ['02-getting-started/first_steps', { Nested: ['02-getting-started/nested/deep'] }] },
      'alpha',
      { Guides: ['guides/a', 'guides/b'] },
      'zeta',
    ]);
    expect(tree[0]).toMatchObject({ type: 'category', collapsed: false });
    expect(tree[0]).not.toHaveProperty('url');
    expect(tree[1]).toEqual({ type: 'doc', docId: 'intro', label: 'T intro', url: '/docs/intro/' });
  });

  test.each(['api', './api', 'api/', './api/'])('one folder, written %j', (dirName) => {
    expect(labels(sidebar([{ type: 'autogenerated', dirName }], specs).tree)).toEqual(['api/overview', 'api/receipts']);
  });

  test('a folder name that is a prefix of another is not that folder', () => {
    expect(labels(sidebar([{ type: 'autogenerated', dirName: 'guides' }], [...specs, ['guidesextra/x']]).tree)).toEqual(['guides/a', 'guides/b']);
  });

  test('beside other items', () => {
    expect(labels(sidebar(['intro', { type: 'autogenerated', dirName: 'guides' }, 'zeta'], specs).tree)).toEqual(['intro', 'guides/a', 'guides/b', 'zeta']);
  });
});

describe('flattenSidebar', () => {
  test('docs and category pages in reading order, each with the trail of categories above it', () => {
    const flat = flattenSidebar([
      { type: 'doc', docId: 'a', label: 'A', url: '/a/' },
      { type: 'link', label: 'Out', href: 'https://x' },
      {
        type: 'category',
        label: 'C',
        url: '/c/',
        collapsed: false,
        items: [{ type: 'category', label: 'D', collapsed: true, items: [{ type: 'doc', docId: 'e', label: 'E', url: '/e/' }] }],
      },
    ]);
    expect(flat).toEqual([
      { docId: 'a', label: 'A', url: '/a/', trail: [] },
      { docId: undefined, label: 'C', url: '/c/', trail: [] },
      { docId: 'e', label: 'E', url: '/e/', trail: [{ label: 'C', url: '/c/' }, { label: 'D', url: undefined }] },
    ]);
  });
});
