import { load } from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SidebarNode } from '../../src/shared/types.ts';
import { renderBody } from '../index.tsx';
import { docRoute } from '../testing/fixtures.ts';
import { DOCS_SIDEBAR_LABEL, Sidebar } from './Sidebar.tsx';
import { prerenderSidebar } from './sidebar-prerender.tsx';
import { markPrerendered } from './sidebar-prerendered.ts';

// A sidebar tree as the config gives it; `nodes` marks one doc active as route data does (see sidebarNodes).
type Tree =
  | { type: 'doc'; label: string; url: string }
  | { type: 'link'; label: string; href: string; external?: boolean }
  | { type: 'category'; label: string; url?: string; collapsed: boolean; items: Tree[] };

const tree: Tree[] = [
  { type: 'doc', label: 'Intro', url: '/docs/intro/' },
  {
    type: 'category',
    label: 'Guides',
    collapsed: false,
    items: [
      { type: 'doc', label: 'Install', url: '/docs/guides/install/' },
      { type: 'category', label: 'Deep', collapsed: true, items: [{ type: 'doc', label: 'Tuning', url: '/docs/guides/deep/tuning/' }] },
    ],
  },
  {
    type: 'category',
    label: 'API',
    url: '/docs/api/',
    collapsed: true,
    items: [
      { type: 'doc', label: 'Receipts', url: '/docs/api/receipts/' },
      { type: 'link', label: 'Spec', href: 'https://example.com/spec', external: true },
      { type: 'link', label: 'Changelog', href: '/changelog/' },
    ],
  },
  { type: 'link', label: 'GitHub & co', href: 'https://github.com/x', external: true },
];

function nodes(items: Tree[], activeUrl: string): { nodes: SidebarNode[]; active: boolean } {
  let any = false;
  const out = items.map((item): SidebarNode => {
    if (item.type === 'doc') {
      const active = item.url === activeUrl;
      any ||= active;
      return { type: 'doc', label: item.label, href: item.url, docId: item.url, active };
    }
    if (item.type === 'link') return { type: 'link', label: item.label, href: item.href, external: item.external ?? false };
    const inner = nodes(item.items, activeUrl);
    const active = inner.active || item.url === activeUrl;
    any ||= active;
    return { type: 'category', label: item.label, href: item.url, collapsed: item.collapsed && !active, active, items: inner.nodes };
  });
  return { nodes: out, active: any };
}

const pages = ['/docs/intro/', '/docs/guides/install/', '/docs/guides/deep/tuning/', '/docs/api/', '/docs/api/receipts/'];

/** React's own markup of a sidebar: items nothing has prerendered (a copy has none marked). */
function freshHtml(items: SidebarNode[]): string {
  return renderToString(<Sidebar items={structuredClone(items)} label={DOCS_SIDEBAR_LABEL} />);
}

function reusedHtml(items: SidebarNode[]): string {
  prerenderSidebar(items);
  return renderToString(<Sidebar items={items} label={DOCS_SIDEBAR_LABEL} />);
}

describe('prerendered sidebar items', () => {
  it('give the very markup React renders, for every page of a sidebar, in any order', () => {
    for (const url of [...pages, ...[...pages].reverse()]) {
      const items = nodes(tree, url).nodes;
      expect(reusedHtml(items)).toBe(freshHtml(items));
    }
  });

  it('show each page its own active doc and open categories', () => {
    reusedHtml(nodes(tree, '/docs/intro/').nodes);
    const $ = load(reusedHtml(nodes(tree, '/docs/guides/deep/tuning/').nodes));
    expect($('[aria-current="page"]').map((_, el) => $(el).text()).get()).toEqual(['Tuning']);
    const open = $('details[open] > summary').map((_, el) => $(el).text()).get();
    expect(open).toEqual(['Guides', 'Deep']);
    const $api = load(reusedHtml(nodes(tree, '/docs/api/receipts/').nodes));
    expect($api('[aria-current="page"]').text()).toBe('Receipts');
    expect($api('details[open] > summary').map((_, el) => $api(el).text()).get()).toEqual(['Guides', 'API']);
    expect($api('.menu__item--active')).toHaveLength(1);
  });

  it('are not served stale when a label, a link or a collapsed state changes in the same process', () => {
    reusedHtml(nodes(tree, '/docs/intro/').nodes);
    const edited = structuredClone(tree);
    const guides = edited[1] as Extract<Tree, { type: 'category' }>;
    (guides.items[1] as Extract<Tree, { type: 'category' }>).items[0].label = 'Tuning, renamed';
    (edited[2] as Extract<Tree, { type: 'category' }>).collapsed = false;
    (edited[3] as Extract<Tree, { type: 'link' }>).href = 'https://github.com/y';
    const items = nodes(edited, '/docs/intro/').nodes;
    const html = reusedHtml(items);
    expect(html).toBe(freshHtml(items));
    const $ = load(html);
    expect($('a:contains("Tuning, renamed")')).toHaveLength(1);
    expect($('details[open] > summary').map((_, el) => $(el).text()).get()).toEqual(['Guides', 'API']);
    expect($('a:contains("GitHub")').attr('href')).toBe('https://github.com/y');
  });

  it('serve an item found equal as data, as a worker receives it (a structured clone)', () => {
    const items = nodes(tree, '/docs/api/receipts/').nodes;
    reusedHtml(items);
    const received = structuredClone(items);
    expect(reusedHtml(received)).toBe(freshHtml(items));
  });

  it('are used only for the page prerendered last: an earlier page changed since renders afresh', () => {
    const earlier = nodes(tree, '/docs/intro/').nodes;
    prerenderSidebar(earlier);
    prerenderSidebar(nodes(tree, '/docs/api/').nodes);
    (earlier[1] as Extract<SidebarNode, { type: 'category' }>).label = 'Guides, later';
    const html = renderToString(<Sidebar items={earlier} label={DOCS_SIDEBAR_LABEL} />);
    expect(html).toContain('Guides, later');
    expect(html).toBe(freshHtml(earlier));
  });

  it('leave a doc page’s whole body as React renders it', () => {
    const route = docRoute({ sidebar: nodes(tree, '/docs/guides/install/').nodes });
    const reused = renderToString(renderBody(route));
    const element = renderBody(structuredClone(route));
    markPrerendered(new WeakMap());
    expect(reused).toBe(renderToString(element));
    expect(load(reused)('aside [aria-current="page"]').text()).toBe('Install');
  });
});
