import { describe, expect, test } from 'vitest';
import { Diagnostics, formatDiagnostic, sortDiagnostics } from '../errors/index.ts';
import { reportIssues, showPath } from './issues.ts';
import { configSchema, sidebarsSchema } from './schema.ts';

// What an author reads for each kind of schema problem, at its key in the file, without compiling a config: the
// module's text is both the source positions are found in and (evaluated) the value that was validated.

function problems(literal: string, of: 'config' | 'sidebars' = 'config'): string[] {
  const source = of === 'config' ? `import { defineConfig } from 'protodocs';\n\nexport default defineConfig(${literal});\n` : `export default ${literal};\n`;
  const input: unknown = new Function(`return (${literal});`)();
  const schema = of === 'config' ? configSchema : sidebarsSchema;
  const parsed = schema.safeParse(input);
  if (parsed.success) return [];
  const diagnostics = new Diagnostics();
  const file = of === 'config' ? 'site.config.ts' : 'content/sidebars.ts';
  reportIssues(parsed.error.issues, { file, source, input, schema, diagnostics, of, docusaurus: of === 'config' });
  return sortDiagnostics(diagnostics.items).map(formatDiagnostic);
}

const site = (extra: string) => `{\n  title: 'T',\n  url: 'https://example.test',\n${extra}\n}`;

describe('unknown keys', () => {
  test('at the top level, a near miss is suggested', () => {
    expect(problems(site('  tittle: 1,'))).toEqual([
      'site.config.ts:6:3  PD1010 Config key tittle is not a protodocs setting, so it would do nothing.  (hint: did you mean title?)',
    ]);
  });

  test('without a near miss, the hint lists what the object takes', () => {
    const [top] = problems(site('  zzz: 1,'));
    expect(top).toMatch(/^site\.config\.ts:6:3 {2}PD1010 Config key zzz is not a protodocs setting, so it would do nothing\. {2}\(hint: the top level takes title, tagline, url, baseUrl, /);
    expect(problems(site("  colorMode: { qqq: 'dark' },"))).toEqual([
      'site.config.ts:6:16  PD1010 Config key colorMode.qqq is not a protodocs setting, so it would do nothing.  (hint: colorMode takes defaultMode, respectPrefersColorScheme, disableSwitch)',
    ]);
  });

  test('a key of a union takes the keys of all its shapes', () => {
    expect(problems(site("  analytics: { provider: 'beacon', endpoint: '/e', qqq: 1 },"))).toEqual([
      'site.config.ts:6:52  PD1010 Config key analytics.qqq is not a protodocs setting, so it would do nothing.  (hint: analytics takes provider, trackingId, anonymizeIp, endpoint)',
    ]);
  });

  test('in a record of arrays (the sidebars), the position follows the path', () => {
    expect(problems("{\n  docs: ['intro', { type: 'doc', id: 'a', lable: 'A' }],\n}", 'sidebars')).toEqual([
      'content/sidebars.ts:2:43  PD1010 Config key docs[1].lable is not a protodocs setting, so it would do nothing.  (hint: did you mean label?)',
    ]);
  });
});

describe('missing keys', () => {
  test('a missing top-level key is reported at the config object, with its description and an example', () => {
    expect(problems("{ url: 'https://example.test' }")).toEqual([
      "site.config.ts:3:16  PD1011 Config key title is missing: name of the site, at the end of every page title (\"Page | Title\") and in the feeds and llms.txt.  (hint: add it, e.g. title: 'My Docs')",
    ]);
  });

  test('a missing key of one shape of a union is that shape\'s', () => {
    expect(problems(site("  analytics: { provider: 'beacon' },"))).toEqual([
      "site.config.ts:6:3  PD1011 Config key analytics.endpoint is missing: where page views are sent (navigator.sendBeacon).  (hint: add it, e.g. endpoint: '/api/page-view')",
    ]);
  });

  test('a missing key without a description or example says only to add it', () => {
    expect(problems("{\n  docs: [{ type: 'link', label: 'Home' }],\n}", 'sidebars')).toEqual([
      'content/sidebars.ts:2:10  PD1011 Config key docs[0].href is missing.  (hint: add href)',
    ]);
  });

  test('a docs version without a name has its own message', () => {
    expect(problems(site("  docs: { versions: [{ name: 'current' }, { label: 'Old' }] },"))).toEqual([
      'site.config.ts:6:43  PD1005 The docs version at docs.versions[1] has no name.  (hint: give every docs version a name, e.g. { name: "current", label: "v1.0.0" })',
    ]);
  });
});

describe('values of the wrong shape', () => {
  test('a wrong type says what was expected and how to set it', () => {
    expect(problems(site('  tagline: 5,'))).toEqual([
      'site.config.ts:6:3  PD1003 Config key tagline is invalid: expected string.  (hint: set tagline to a string)',
    ]);
  });

  test("an enum lists its values as they would be written", () => {
    expect(problems(site("  colorMode: { defaultMode: 'blue' },"))).toEqual([
      "site.config.ts:6:16  PD1003 Config key colorMode.defaultMode is invalid: expected one of 'light', 'dark'.",
    ]);
  });

  test('a refinement gives its own reason', () => {
    expect(problems(site("  baseUrl: 'docs',"))).toEqual(['site.config.ts:6:3  PD1003 Config key baseUrl is invalid: must start and end with "/".']);
    expect(problems(site("  blog: { routeBasePath: 'a/../b' },"))).toEqual([
      'site.config.ts:6:11  PD1003 Config key blog.routeBasePath is invalid: cannot be used in a URL: it has a ".." segment, which would resolve outside its place.',
    ]);
  });

  test('a union member named by a misspelt type gets "did you mean" with the literal', () => {
    expect(problems(site("  navbar: { items: [{ type: 'docsidebar', sidebarId: 'main', label: 'Docs' }] },"))).toEqual([
      "site.config.ts:6:23  PD1003 Config key navbar.items[0].type is invalid: 'docsidebar' is not one of 'docSidebar', 'docsVersionDropdown', 'localeDropdown', 'search', 'link'.  (hint: did you mean 'docSidebar'?)",
    ]);
  });

  test('a union member named by an unknown provider lists the providers', () => {
    expect(problems(site("  analytics: { provider: 'plausible' },"))).toEqual([
      "site.config.ts:6:16  PD1003 Config key analytics.provider is invalid: 'plausible' is not one of 'gtag', 'beacon'.",
    ]);
  });

  test('a value that is no shape of its union at all', () => {
    expect(problems(site("  navbar: { items: ['Docs'] },"))).toEqual([
      'site.config.ts:6:21  PD1003 Config key navbar.items[0] is invalid: it matches none of the shapes it can take.  (hint: see this key in CONFIGURATION.md for the shapes it takes)',
    ]);
  });

  test('the best-fitting shape of a union reports its own problems', () => {
    expect(problems(site("  navbar: { items: [{ label: 'Docs', to: 5 }] },"))).toEqual([
      'site.config.ts:6:38  PD1003 Config key navbar.items[0].to is invalid: expected string.  (hint: set navbar.items[0].to to a string)',
    ]);
  });

  test('the sidebars module reports wrong values as sidebar problems (PD4003)', () => {
    const [line] = problems("{\n  docs: [{ type: 'category', label: 5, items: [] }],\n}", 'sidebars');
    expect(line).toMatch(/^content\/sidebars\.ts:2:\d+ {2}PD4003 /);
    expect(line).toContain('docs[0].label');
  });

  test('a Docusaurus navbar item type gets the protodocs way', () => {
    expect(problems(site("  navbar: { items: [{ type: 'dropdown', label: 'More', items: [] }] },"))).toEqual([
      "site.config.ts:6:23  PD1003 Config key navbar.items[0].type is invalid: 'dropdown' is not one of 'docSidebar', 'docsVersionDropdown', 'localeDropdown', 'search', 'link'.  (hint: protodocs navbars have no custom dropdowns: list the links as items)",
    ]);
  });
});

describe('showPath', () => {
  test('keys with dots, indexes in brackets', () => {
    expect(showPath(['navbar', 'items', 2, 'label'])).toBe('navbar.items[2].label');
    expect(showPath([0, 'id'])).toBe('[0].id');
    expect(showPath(['docs'])).toBe('docs');
    expect(showPath([])).toBe('');
  });
});
