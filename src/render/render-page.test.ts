import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import { Diagnostics, formatDiagnostic } from '../errors/index.ts';
import { page, routesOf } from '../routes/test-support.ts';
import { loadComponentModule, renderComponentHtml, renderPageModule, type LoadedModule } from './modules.ts';
import { assemblePage, renderPage, renderPageBody, type PageShell } from './render-page.ts';
import { buildRouteData } from './route-data.ts';
import { documentHtml, routeDataContext } from './test-support.ts';
import type { AssetManifest } from './types.ts';

// A whole HTML document around a page body, with the scripts its islands need; page modules and MDX components
// rendered at build time.

let config: ReturnType<typeof testConfig>;
let ctx: ReturnType<typeof routeDataContext>;
let data: ReturnType<typeof buildRouteData>;
let shell: PageShell;
beforeEach(() => {
  config = testConfig({ colorMode: { defaultMode: 'dark' }, i18n: { defaultLocale: 'fr', locales: ['fr'] } });
  const { table } = routesOf(config, [page('about', { h1: 'About' })]);
  ctx = routeDataContext(config, table, new Map([['content/pages/about.md', documentHtml('<h1>About</h1><p>Text.</p>')]]));
  data = buildRouteData(table.byUrl.get('/about/')!, ctx);
  shell = { config, inlineScript: 'var s;', csp: "default-src 'self'", assets, feeds: [] };
});

const seen: { islands: readonly string[]; analytics: unknown }[] = [];
const assets: AssetManifest = {
  css: ['/assets/site.css'],
  headTags: '<link rel="modulepreload" href="/assets/x.js">',
  files: new Map(),
  scriptTags: (islands, pageData) => {
    seen.push({ islands, analytics: pageData?.analytics });
    return `<script type="module" src="/assets/run.js" data-islands="${islands.join(',')}"></script>`;
  },
};

describe('assemblePage', () => {
  test('the document: language, colour mode, head, the scripts for the islands in the body, the body', () => {
    seen.length = 0;
    const body = '<main><div data-pd-island="Tabs">a</div><div data-pd-island="Search">b</div><div data-pd-island="Tabs">c</div></main>';
    const html = assemblePage(data, body, shell);
    expect(html.startsWith('<!doctype html>\n<html lang="fr" dir="ltr" data-theme="dark">\n<head>\n<meta charset="utf-8">\n')).toBe(true);
    expect(html).toContain('<title>About | Test Site</title>');
    expect(html).toContain('<script>var s;</script>\n<link rel="stylesheet" href="/assets/site.css">\n<link rel="modulepreload" href="/assets/x.js">\n<script type="module" src="/assets/run.js" data-islands="Tabs,Search"></script>\n</head>\n<body>\n');
    expect(html.endsWith(`<body>\n${body}\n</body>\n</html>\n`)).toBe(true);
    expect(seen).toEqual([{ islands: ['Tabs', 'Search'], analytics: undefined }]);
  });

  test('the page analytics reach the script tags', () => {
    seen.length = 0;
    const cfg = testConfig({ analytics: { provider: 'beacon', endpoint: '/pv' } });
    const t = routesOf(cfg, []).table;
    assemblePage(buildRouteData(t.byUrl.get('/search/')!, routeDataContext(cfg, t, new Map())), '<main></main>', shell);
    expect(seen).toEqual([{ islands: [], analytics: { provider: 'beacon', endpoint: '/pv' } }]);
  });

  test('renderPage is the theme body in that document', () => {
    const body = renderPageBody(data);
    expect(body).toContain('<h1>About</h1><p>Text.</p>');
    expect(renderPage(data, shell)).toBe(assemblePage(data, body, shell));
  });
});

describe('page modules and components', () => {
  const Hello = (props: Record<string, unknown>) => createElement('p', { id: 'x' }, `Hello ${String(props.name ?? (props.site as { title: string })?.title)}`);
  const Throws = () => {
    throw new Error('no data');
  };
  const mod = (component: LoadedModule['component'], client = false): LoadedModule => ({ component, client, deps: [] });

  test('a page module gets the site as props', () => {
    const diagnostics = new Diagnostics();
    expect(renderPageModule(mod(Hello), 'content/pages/hello.tsx', ctx.chrome, diagnostics)).toBe('<p id="x">Hello Test Site</p>');
    expect(diagnostics.items).toEqual([]);
  });

  test('a page module that throws is a problem at its file, and renders nothing', () => {
    const diagnostics = new Diagnostics();
    expect(renderPageModule(mod(Throws), 'content/pages/bad.tsx', ctx.chrome, diagnostics)).toBe('');
    expect(diagnostics.items.map(formatDiagnostic)).toEqual([expect.stringMatching(/^content\/pages\/bad\.tsx:1:1 {2}PD6001 .*no data/)]);
  });

  test("a server component is its HTML; a client one is an island marker with its props and React's id prefix", () => {
    expect(renderComponentHtml(mod(Hello), 'Hello', { name: 'Ada' }, 'p1-')).toBe('<p id="x">Hello Ada</p>');
    expect(renderComponentHtml(mod(Hello, true), 'Hello "x"', { name: '<Ada & "Bob">' }, 'p"2')).toBe(
      '<div class="pd-island" data-pd-island="Hello &quot;x&quot;" data-pd-props="{&quot;name&quot;:&quot;&lt;Ada &amp; \\&quot;Bob\\&quot;&gt;&quot;}" data-pd-id-prefix="p&quot;2"><p id="x">Hello &lt;Ada &amp; &quot;Bob&quot;&gt;</p></div>',
    );
  });

  test('each root gets its own ids', async () => {
    const { useId } = await import('react');
    const WithId = () => createElement('span', { id: useId() });
    expect(renderComponentHtml(mod(WithId), 'W', {}, 'first-')).toContain('id="_first-R_');
    expect(renderComponentHtml(mod(WithId), 'W', {}, 'second-')).toContain('id="_second-R_');
  });
});

describe('loadComponentModule', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'protodocs-modules-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    writeFileSync(path.join(root, name), text);
    return path.join(root, name);
  };

  test('a component with its title, description and whether it runs in the browser', async () => {
    const abs = write('page.tsx', "'use client';\nexport const title = 'My page';\nexport const description = 'About it.';\nexport default function Page() { return <p>hi</p>; }\n");
    const diagnostics = new Diagnostics();
    const loaded = await loadComponentModule(abs, root, diagnostics);
    expect(diagnostics.items).toEqual([]);
    expect(loaded).toMatchObject({ title: 'My page', description: 'About it.', client: true, deps: [abs] });
    expect(typeof loaded!.component).toBe('function');
  });

  test('a server component; titles that are not strings are ignored', async () => {
    const abs = write('server.tsx', "// 'use client' in a comment does not count\nexport const title = 5;\nexport default function S() { return null; }\n");
    const loaded = await loadComponentModule(abs, root, new Diagnostics());
    expect(loaded).toMatchObject({ client: false, title: undefined, description: undefined });
    const quoted = await loadComponentModule(write('quoted.tsx', '  "use client"\nexport default () => null;\n'), root, new Diagnostics());
    expect(quoted!.client).toBe(true);
  });

  test('no component to render is a problem, as is a module that does not compile', async () => {
    const diagnostics = new Diagnostics();
    expect(await loadComponentModule(write('none.tsx', 'export const x = 1;\n'), root, diagnostics)).toBeUndefined();
    expect(await loadComponentModule(write('broken.tsx', 'export default function () { return <p>; }\n'), root, diagnostics)).toBeUndefined();
    expect(diagnostics.items.map((d) => [d.code, d.file])).toEqual([
      ['PD2004', 'none.tsx'],
      ['PD2005', 'broken.tsx'],
    ]);
  });
});
