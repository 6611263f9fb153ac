import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Diagnostics, type ProtodocsError, formatDiagnostic, toDiagnostic } from '../errors/index.ts';
import { loadConfig } from './load.ts';

// What an author sees for a config protodocs cannot use as written: each problem at its key, in the printed format.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function problems(config: string, sidebars?: string): Promise<string[]> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'protodocs-config-'));
  dirs.push(root);
  writeFileSync(path.join(root, 'site.config.ts'), config);
  if (sidebars !== undefined) {
    mkdirSync(path.join(root, 'content'));
    writeFileSync(path.join(root, 'content', 'sidebars.ts'), sidebars);
  }
  const diagnostics = new Diagnostics();
  await loadConfig({ root }, diagnostics);
  // In file order, as they are printed.
  return diagnostics.items.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)).map(formatDiagnostic);
}

const config = (body: string) => `import { defineConfig } from 'protodocs';\n\nexport default defineConfig({\n${body}\n});\n`;
const BASE = "  title: 'My Site',\n  url: 'https://docs.example.com',";

describe('config errors', () => {
  it('a missing required key says "missing", at the config, with an example', async () => {
    expect(await problems(config("  title: 'My Site',"))).toEqual([
      "site.config.ts:3:16  PD1011 Config key url is missing: where the site is published, without the base path: canonical links, the sitemap and the feeds use it.  (hint: add it, e.g. url: 'https://docs.example.com')",
    ]);
  });

  it('a missing key inside an object is reported at that object', async () => {
    expect(await problems(config(`${BASE}\n  announcementBar: {\n    content: 'Hello',\n  },`))).toEqual([
      "site.config.ts:6:3  PD1011 Config key announcementBar.id is missing: identifies the announcement: change it and readers who closed the old one see the new one.  (hint: add it, e.g. id: 'release-2-0')",
    ]);
  });

  it('an unknown key is an error at the key, with "did you mean"', async () => {
    expect(await problems(config(`${BASE}\n  navBar: { items: [] },\n  colorMode: { defaultMod: 'dark' },`))).toEqual([
      'site.config.ts:6:3  PD1010 Config key navBar is not a protodocs setting, so it would do nothing.  (hint: did you mean navbar?)',
      'site.config.ts:7:16  PD1010 Config key colorMode.defaultMod is not a protodocs setting, so it would do nothing.  (hint: did you mean defaultMode?)',
    ]);
  });

  it('without a close match, the hint lists the keys the object takes', async () => {
    expect(await problems(config(`${BASE}\n  storage: { prefix: 'x' },`))).toEqual([
      'site.config.ts:6:14  PD1010 Config key storage.prefix is not a protodocs setting, so it would do nothing.  (hint: storage takes keySuffix)',
    ]);
  });

  it('the position follows array items: the typo in the third navbar item is reported there', async () => {
    // The other items have labels too: a search for the first `label:` after `items` would point at the first one.
    const items = [
      "    { to: '/docs', label: 'Docs' },",
      "    { href: 'https://example.com', label: 'Elsewhere' },",
      "    { to: '/blog',",
      "      lable: 'Blog' },",
    ].join('\n');
    expect(await problems(config(`${BASE}\n  navbar: { items: [\n${items}\n  ] },`))).toEqual([
      'site.config.ts:10:7  PD1010 Config key navbar.items[2].lable is not a protodocs setting, so it would do nothing.  (hint: did you mean label?)',
    ]);
  });

  it('Docusaurus keys get the protodocs name in the hint', async () => {
    const body = [
      BASE,
      "  themeConfig: { navbar: { items: [] }, footer: { copyright: 'x' }, prism: {} },",
      '  presets: [],',
      "  onBrokenLinks: 'throw',",
      "  organizationName: 'acme',",
      "  blog: { blogTitle: 'News', feedOptions: { type: 'all' } },",
      "  announcementBar: { id: 'a', content: 'b', isCloseable: false },",
      "  navbar: { hideOnScroll: true, items: [{ type: 'doc', docId: 'intro', label: 'Docs' }] },",
    ].join('\n');
    expect(await problems(config(body))).toEqual([
      "site.config.ts:6:3  PD1010 Config key themeConfig is not a protodocs setting, so it would do nothing.  (hint: protodocs has no themeConfig: move navbar, footer to the top level; prism is highlight)",
      "site.config.ts:7:3  PD1010 Config key presets is not a protodocs setting, so it would do nothing.  (hint: protodocs has no presets: the classic preset's docs and blog options are the top-level docs and blog keys, and the theme is built in)",
      'site.config.ts:8:3  PD1010 Config key onBrokenLinks is not a protodocs setting, so it would do nothing.  (hint: protodocs always fails the build on a broken link, so there is nothing to set: remove it)',
      "site.config.ts:9:3  PD1010 Config key organizationName is not a protodocs setting, so it would do nothing.  (hint: protodocs names the project by its URL: set repoUrl: 'https://github.com/<organization>/<project>')",
      'site.config.ts:10:11  PD1010 Config key blog.blogTitle is not a protodocs setting, so it would do nothing.  (hint: protodocs calls it blog.title)',
      "site.config.ts:10:30  PD1010 Config key blog.feedOptions is not a protodocs setting, so it would do nothing.  (hint: the feeds are blog.feeds: ['rss', 'atom', 'json'])",
      'site.config.ts:11:45  PD1010 Config key announcementBar.isCloseable is not a protodocs setting, so it would do nothing.  (hint: protodocs calls it announcementBar.closable)',
      'site.config.ts:12:13  PD1010 Config key navbar.hideOnScroll is not a protodocs setting, so it would do nothing.  (hint: the navbar always hides while the reader scrolls down: remove it)',
      "site.config.ts:12:43  PD1003 Config key navbar.items[0].type is invalid: 'doc' is not one of 'docSidebar', 'docsVersionDropdown', 'localeDropdown', 'search', 'link'.  (hint: link one doc with { to: '/docs/<id>', label }, or a whole sidebar with { type: 'docSidebar', sidebarId, label })",
    ]);
  });

  it('a navbar item of a known type reports its own keys; a misspelt key is not also reported missing', async () => {
    expect(await problems(config(`${BASE}\n  navbar: { items: [{ type: 'docSidebar', sidebarID: 'docs', label: 'Docs' }] },`))).toEqual([
      'site.config.ts:6:43  PD1010 Config key navbar.items[0].sidebarID is not a protodocs setting, so it would do nothing.  (hint: did you mean sidebarId?)',
    ]);
  });

  it('the sidebars module is strict too', async () => {
    const sidebars = "export default {\n  docs: [\n    'intro',\n    { type: 'category', label: 'Guides', colapsed: true, items: ['a'] },\n  ],\n};\n";
    expect(await problems(config(BASE), sidebars)).toEqual([
      'content/sidebars.ts:4:42  PD1010 Config key docs[1].colapsed is not a protodocs setting, so it would do nothing.  (hint: did you mean collapsed?)',
    ]);
  });

  it('placeholder hosted-search credentials use the local engine quietly, and warn only when hosted search is asked for', async () => {
    const hosted = "  search: { hosted: { appId: '{appId}', apiKey: '{key}', indexName: 'docs' } },";
    expect(await problems(config(`${BASE}\n${hosted}`))).toEqual([]);
    expect(await problems(config(`${BASE}\n${hosted.replace('search: {', "search: { engine: 'hosted',")}`))).toEqual([
      'site.config.ts:6:31  warning PD1007 search.engine is "hosted" but search.hosted has placeholder credentials, so the built-in local search is used.  (hint: set real appId and apiKey values to use the hosted search service)',
    ]);
  });
});

describe('loadConfig', () => {
  function site(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(os.tmpdir(), 'protodocs-config-'));
    dirs.push(root);
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    return root;
  }

  async function thrown(root: string): Promise<string> {
    try {
      await loadConfig({ root }, new Diagnostics());
    } catch (error) {
      return formatDiagnostic(toDiagnostic(error as ProtodocsError));
    }
    throw new Error('expected loadConfig to throw');
  }

  it('a folder without site.config.ts', async () => {
    const root = site({ 'README.md': '# not a site\n' });
    expect(await thrown(root)).toBe(`protodocs  PD1001 No site.config.ts in ${root}.  (hint: run protodocs in the folder that holds site.config.ts, or pass --root)`);
  });

  it.each([
    ['no default export', "export const title = 'x';\n"],
    ['a default export that is not an object', 'export default 5;\n'],
    ['a default export of null', 'export default null;\n'],
  ])('a config with %s', async (_, text) => {
    expect(await thrown(site({ 'site.config.ts': text }))).toBe('site.config.ts:1:1  PD1004 site.config.ts has no default export.  (hint: end the file with `export default defineConfig({ ... })`)');
  });

  it('resolves the config with the sidebars module, the overrides and every file it was made from', async () => {
    const root = site({
      'site.config.ts': config(`${BASE}\n  baseUrl: '/from-config/',\n  docs: { sidebarPath: 'content/nav/sidebars.ts' },`),
      'content/nav/sidebars.ts': "import { defineSidebars } from 'protodocs';\nimport { items } from './items.ts';\nexport default defineSidebars({ main: items });\n",
      'content/nav/items.ts': "export const items = ['intro', { type: 'link', label: 'Home', href: '/' }];\n",
    });
    const diagnostics = new Diagnostics();
    const loaded = await loadConfig({ root, baseUrl: '/from-cli/', outDir: 'out', analyticsId: 'G-CLI' }, diagnostics);
    expect(diagnostics.items).toEqual([]);
    expect(loaded).toMatchObject({
      title: 'My Site',
      baseUrl: '/from-cli/',
      root,
      outDirAbs: path.join(root, 'out'),
      sidebarsFile: path.join('content', 'nav', 'sidebars.ts'),
      sidebars: { main: ['intro', { type: 'link', label: 'Home', href: '/' }] },
      analytics: { provider: 'gtag', trackingId: 'G-CLI', anonymizeIp: true },
    });
    // The site's files (and, run from the sources, protodocs' own API module), each once.
    expect(loaded!.configDeps).toEqual(
      expect.arrayContaining([path.join(root, 'site.config.ts'), path.join(root, 'content/nav/sidebars.ts'), path.join(root, 'content/nav/items.ts')]),
    );
    expect(new Set(loaded!.configDeps).size).toBe(loaded!.configDeps.length);
    expect(Object.isFrozen(loaded)).toBe(true);
  });

  it('without a sidebars module there are no sidebars, and no problem', async () => {
    const diagnostics = new Diagnostics();
    const loaded = await loadConfig({ root: site({ 'site.config.ts': config(BASE) }) }, diagnostics);
    expect(loaded!.sidebars).toEqual({});
    expect(loaded!.baseUrl).toBe('/');
    expect(diagnostics.items).toEqual([]);
  });

  it('an invalid config or sidebars module gives no config, only its problems', async () => {
    const diagnostics = new Diagnostics();
    expect(await loadConfig({ root: site({ 'site.config.ts': config("  title: 'x',\n  url: 5,") }) }, diagnostics)).toBeUndefined();
    expect(diagnostics.items.map((d) => d.code)).toEqual(['PD1003']);
    const sidebars = new Diagnostics();
    const root = site({ 'site.config.ts': config(BASE), 'content/sidebars.ts': 'export default { main: [5] };\n' });
    expect(await loadConfig({ root }, sidebars)).toBeUndefined();
    expect(sidebars.items.map((d) => [d.code, d.file])).toEqual([['PD4003', 'content/sidebars.ts']]);
  });

  it('a sidebars module without a default export has no sidebars', async () => {
    const diagnostics = new Diagnostics();
    const root = site({ 'site.config.ts': config(BASE), 'content/sidebars.ts': 'export const main = [];\n' });
    expect((await loadConfig({ root }, diagnostics))!.sidebars).toEqual({});
    expect(diagnostics.items).toEqual([]);
  });

  it('a config that takes too long stops at the time given', async () => {
    const root = site({ 'site.config.ts': `await new Promise((resolve) => setTimeout(resolve, 5000));\n${config(BASE)}` });
    try {
      await loadConfig({ root, timeoutMs: 200 }, new Diagnostics());
      expect.unreachable();
    } catch (error) {
      expect(toDiagnostic(error as ProtodocsError)).toMatchObject({ code: 'PD1020', message: 'site.config.ts did not finish loading within 0.2 s.' });
    }
  });
});
