// The bad-input corpus: each case is one mistake an author, a flag or a hostile contributor can make, applied to a
// copy of test/fixtures/bad-input-base. test/bad-inputs.test.ts builds each with the real CLI and checks the exit code,
// the code and position of the problem, and that nothing outside the output folder changed.

/** File contents by path from the site root; null deletes the file. A function gets the base file's text. */
export type Overlay = Record<string, string | Buffer | null | ((base: string) => string)>;

export interface BadInput {
  name: string;
  files?: Overlay;
  /** Extra CLI arguments after `build`. */
  args?: string[];
  env?: Record<string, string>;
  /** Runs in the copy before the build (make a file where the output goes, a link, a read-only folder). */
  prepare?: (site: string) => void;
  /** 1 for author mistakes, 2 for how protodocs was asked to run. */
  exit: 1 | 2;
  /** The problem that must be reported; file/line/column checked when given. */
  expect: { code: string; file?: string; line?: number; column?: number };
}

const frontmatter = (fields: string, body = '# Page\n\nSome text.\n') => `---\n${fields}\n---\n\n${body}`;
const config = (extra: string) =>
  `import { defineConfig } from 'protodocs';\n\nexport default defineConfig({\n  title: 'Bad input base',\n  url: 'https://example.test',\n${extra}\n});\n`;
const aliasBomb = [
  'a: &a ["x","x","x","x","x","x","x","x","x"]',
  'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
  'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
  'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
  'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
].join('\n');

export const BAD_INPUTS: BadInput[] = [
  // The output folder: refused before any work, exit 2.
  { name: '--out . (the site root)', args: ['--out', '.'], exit: 2, expect: { code: 'PD8001' } },
  { name: '--out .. (the parent of the site)', args: ['--out', '..'], exit: 2, expect: { code: 'PD8001' } },
  { name: '--out / (the file-system root)', args: ['--out', '/'], exit: 2, expect: { code: 'PD8001' } },
  { name: '--out content (the sources)', args: ['--out', 'content'], exit: 2, expect: { code: 'PD8001' } },
  { name: '--out inside content/', args: ['--out', 'content/docs/out'], exit: 2, expect: { code: 'PD8002' } },
  { name: '--out inside node_modules/', args: ['--out', 'node_modules/out'], exit: 2, expect: { code: 'PD8002' } },
  { name: '--out inside src/', args: ['--out', 'src/out'], exit: 2, expect: { code: 'PD8002' } },
  {
    name: "outDir: '.' in the config",
    files: { 'site.config.ts': config("  outDir: '.',") },
    exit: 2,
    expect: { code: 'PD8001', file: 'site.config.ts', line: 6, column: 3 },
  },
  { name: "outDir: '..' in the config", files: { 'site.config.ts': config("  outDir: '..',") }, exit: 2, expect: { code: 'PD8001', file: 'site.config.ts', line: 6, column: 3 } },
  {
    name: 'a regular file at the output path',
    files: { build: 'not a folder\n' },
    exit: 2,
    expect: { code: 'PD8004' },
  },
  {
    name: 'a symbolic link at the output path',
    prepare: (site) => symlink('content', `${site}/build`),
    exit: 2,
    expect: { code: 'PD8004' },
  },
  {
    name: 'a folder protodocs did not write',
    files: { 'build/notes.txt': 'my notes\n' },
    exit: 2,
    expect: { code: 'PD8003' },
  },
  {
    name: 'a read-only output folder',
    files: { 'build/protodocs-manifest.json': '{}\n' },
    prepare: (site) => chmod(`${site}/build`, 0o555),
    exit: 2,
    expect: { code: 'PD8005' },
  },

  // Paths that would leave their place.
  { name: 'doc slug with ../', files: { 'content/docs/intro.md': frontmatter('title: Intro\nslug: ../../../../../../tmp/x') }, exit: 1, expect: { code: 'PD4020', file: 'content/docs/intro.md', line: 3, column: 7 } },
  { name: 'doc id with ../', files: { 'content/docs/guides/setup.md': frontmatter('title: Setup\nid: a b/../../c') }, exit: 1, expect: { code: 'PD4020', file: 'content/docs/guides/setup.md', line: 3, column: 5 } },
  { name: 'doc slug with %2e%2e', files: { 'content/docs/intro.md': frontmatter('title: Intro\nslug: /%2e%2e/%2E%2E/x') }, exit: 1, expect: { code: 'PD4020', file: 'content/docs/intro.md', line: 3, column: 7 } },
  { name: 'doc slug with a backslash', files: { 'content/docs/intro.md': frontmatter('title: Intro\nslug: "..\\\\..\\\\x"') }, exit: 1, expect: { code: 'PD4020', file: 'content/docs/intro.md', line: 3, column: 7 } },
  { name: 'doc slug with a control character', files: { 'content/docs/intro.md': frontmatter('title: Intro\nslug: "a\\u0000b"') }, exit: 1, expect: { code: 'PD4020', file: 'content/docs/intro.md', line: 3, column: 7 } },
  {
    name: 'blog post slug with ../',
    files: { 'content/blog/2025-01-17-welcome.md': frontmatter('title: Welcome\nauthors: [ada]\ntags: [hello]\nslug: ../../escape', 'The first post.\n') },
    exit: 1,
    expect: { code: 'PD4020', file: 'content/blog/2025-01-17-welcome.md', line: 5, column: 7 },
  },
  {
    name: 'author page permalink with ../',
    files: { 'content/blog/authors.yml': 'ada:\n  name: Ada Example\n  page:\n    permalink: ../../../escape\n' },
    exit: 1,
    expect: { code: 'PD4020', file: 'content/blog/authors.yml', line: 4, column: 16 },
  },
  {
    name: 'author key with ../ and a page',
    files: { 'content/blog/authors.yml': 'ada:\n  name: Ada Example\n"../x":\n  name: Eve\n  page: true\n' },
    exit: 1,
    expect: { code: 'PD4020', file: 'content/blog/authors.yml', line: 3, column: 1 },
  },
  { name: 'tag permalink with ../', files: { 'content/blog/tags.yml': 'hello:\n  label: Hello\n  permalink: ../../x\n' }, exit: 1, expect: { code: 'PD4020', file: 'content/blog/tags.yml', line: 3, column: 14 } },
  { name: 'tag key with ..', files: { 'content/blog/tags.yml': 'hello:\n  label: Hello\n"..":\n  label: Up\n' }, exit: 1, expect: { code: 'PD4020', file: 'content/blog/tags.yml', line: 3, column: 1 } },
  { name: 'docs.routeBasePath with ..', files: { 'site.config.ts': config("  docs: { routeBasePath: '../docs' },") }, exit: 1, expect: { code: 'PD1003', file: 'site.config.ts', line: 6, column: 11 } },
  { name: 'blog.routeBasePath with ..', files: { 'site.config.ts': config("  blog: { routeBasePath: '..' },") }, exit: 1, expect: { code: 'PD1003', file: 'site.config.ts', line: 6, column: 11 } },
  {
    name: 'docs version path with ..',
    files: { 'site.config.ts': config("  docs: { versions: [{ name: 'current' }, { name: 'old', path: '../../old' }] },") },
    exit: 1,
    expect: { code: 'PD1003', file: 'site.config.ts' },
  },
  {
    name: 'generated-index slug with ..',
    files: { 'content/sidebars.ts': "export default {\n  main: ['intro', { type: 'category', label: 'Guides', link: { type: 'generated-index', slug: '../../x' }, items: ['guides/setup'] }],\n};\n" },
    exit: 1,
    expect: { code: 'PD4003', file: 'content/sidebars.ts' },
  },
  {
    name: 'two docs with one URL',
    files: { 'content/docs/guides/setup.md': frontmatter('title: Setup\nslug: /intro') },
    exit: 1,
    expect: { code: 'PD4002', file: 'content/docs/guides/setup.md', line: 3, column: 7 },
  },
  { name: 'a public file over a page', files: { 'content/public/docs/intro/index.html': '<p>mine</p>\n' }, exit: 1, expect: { code: 'PD4021', file: 'content/public/docs/intro/index.html', line: 1, column: 1 } },

  // Frontmatter and YAML.
  { name: 'frontmatter YAML syntax error', files: { 'content/docs/intro.md': frontmatter('title: [unclosed') }, exit: 1, expect: { code: 'PD2002', file: 'content/docs/intro.md' } },
  { name: 'frontmatter alias bomb', files: { 'content/docs/intro.md': frontmatter(`title: Intro\n${aliasBomb}`) }, exit: 1, expect: { code: 'PD2002', file: 'content/docs/intro.md', line: 4, column: 8 } },
  { name: 'frontmatter never closed', files: { 'content/docs/intro.md': '---\ntitle: Intro\n\n# Intro\n\nText.\n' }, exit: 1, expect: { code: 'PD2020', file: 'content/docs/intro.md', line: 1, column: 1 } },
  { name: 'frontmatter field of the wrong type', files: { 'content/docs/intro.md': frontmatter('title: [1, 2]') }, exit: 1, expect: { code: 'PD2003', file: 'content/docs/intro.md', line: 2, column: 8 } },
  { name: 'frontmatter nested thousands deep', files: { 'content/docs/intro.md': frontmatter(`title: Intro\nx: ${'['.repeat(5000)}${']'.repeat(5000)}`) }, exit: 1, expect: { code: 'PD2002', file: 'content/docs/intro.md' } },
  { name: 'post by an undeclared author', files: { 'content/blog/2025-01-17-welcome.md': frontmatter('title: Welcome\nauthors: [ada, zed]', 'Text.\n') }, exit: 1, expect: { code: 'PD2006', file: 'content/blog/2025-01-17-welcome.md', line: 3, column: 16 } },
  { name: 'post with an undeclared tag', files: { 'content/blog/2025-01-17-welcome.md': frontmatter('title: Welcome\nauthors: [ada]\ntags:\n  - hello\n  - nope', 'Text.\n') }, exit: 1, expect: { code: 'PD2007', file: 'content/blog/2025-01-17-welcome.md', line: 6, column: 5 } },
  { name: 'post without a date', files: { 'content/blog/2025-01-17-welcome.md': null, 'content/blog/welcome.md': frontmatter('title: Welcome', 'Text.\n') }, exit: 1, expect: { code: 'PD2009', file: 'content/blog/welcome.md' } },
  { name: 'authors.yml not valid YAML', files: { 'content/blog/authors.yml': 'ada:\n  name: [Ada\n' }, exit: 1, expect: { code: 'PD2008', file: 'content/blog/authors.yml' } },
  { name: 'authors.yml a list, not a map', files: { 'content/blog/authors.yml': '- ada\n- bob\n' }, exit: 1, expect: { code: 'PD2008', file: 'content/blog/authors.yml', line: 1, column: 1 } },
  { name: 'authors.yml author without a name', files: { 'content/blog/authors.yml': 'ada:\n  title: Writer\n' }, exit: 1, expect: { code: 'PD2008', file: 'content/blog/authors.yml', line: 2, column: 3 } },
  { name: 'tags.yml alias bomb', files: { 'content/blog/tags.yml': `hello:\n  label: Hello\n${aliasBomb}\n` }, exit: 1, expect: { code: 'PD2008', file: 'content/blog/tags.yml', line: 4, column: 8 } },

  // Files that are not markdown text.
  { name: 'a binary file named .md', files: { 'content/docs/intro.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]) }, exit: 1, expect: { code: 'PD2021', file: 'content/docs/intro.md', line: 3, column: 1 } },
  {
    name: 'a file that is not UTF-8',
    files: { 'content/docs/intro.md': Buffer.concat([Buffer.from('---\ntitle: Intro\n---\n\nCaf'), Buffer.from([0xe9]), Buffer.from(' au lait.\n')]) },
    exit: 1,
    expect: { code: 'PD2022', file: 'content/docs/intro.md', line: 5, column: 4 },
  },
  { name: 'authors.yml not UTF-8', files: { 'content/blog/authors.yml': Buffer.concat([Buffer.from('ada:\n  name: Ad'), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]) }, exit: 1, expect: { code: 'PD2022', file: 'content/blog/authors.yml', line: 2, column: 11 } },
  { name: 'a markdown file over the size limit', files: { 'content/docs/intro.md': frontmatter('title: Intro', 'Words and more words.\n'.repeat(11_000)) }, exit: 1, expect: { code: 'PD2023', file: 'content/docs/intro.md', line: 1, column: 1 } },
  { name: 'a doc without a title', files: { 'content/docs/guides/setup.md': 'Just text, no heading and no frontmatter.\n' }, exit: 1, expect: { code: 'PD2025', file: 'content/docs/guides/setup.md', line: 1, column: 1 } },
  { name: 'a post without a title', files: { 'content/blog/2025-01-17-welcome.md': frontmatter('authors: [ada]', 'No heading here.\n') }, exit: 1, expect: { code: 'PD2025', file: 'content/blog/2025-01-17-welcome.md', line: 1, column: 1 } },

  // Markdown and MDX.
  { name: 'blockquotes nested 5,000 deep', files: { 'content/docs/intro.md': frontmatter('title: Intro', `${'>'.repeat(5000)} deep\n`) }, exit: 1, expect: { code: 'PD3022', file: 'content/docs/intro.md', line: 5, column: 101 } },
  { name: 'emphasis nested 5,000 deep', files: { 'content/docs/intro.md': frontmatter('title: Intro', `${'*'.repeat(5000)}x${'*'.repeat(5000)}\n`) }, exit: 1, expect: { code: 'PD3022', file: 'content/docs/intro.md', line: 5 } },
  { name: 'lists nested 150 deep', files: { 'content/docs/intro.md': frontmatter('title: Intro', Array.from({ length: 150 }, (_, i) => `${'  '.repeat(i)}- item\n`).join('')) }, exit: 1, expect: { code: 'PD3022', file: 'content/docs/intro.md' } },
  {
    name: 'MDX with an unclosed tag',
    files: { 'content/docs/card.mdx': frontmatter('title: Card', "import Card from '../components/Card.tsx';\n\n# Card\n\n<Card title=\"x\">\n\nMore text.\n") },
    exit: 1,
    expect: { code: 'PD3005', file: 'content/docs/card.mdx', line: 9, column: 1 },
  },
  { name: 'MDX expression', files: { 'content/docs/card.mdx': frontmatter('title: Card', '# Card\n\nTwo is {1 + 1}.\n') }, exit: 1, expect: { code: 'PD3005', file: 'content/docs/card.mdx', line: 7, column: 8 } },
  {
    name: 'MDX import of a missing file',
    files: { 'content/docs/card.mdx': frontmatter('title: Card', "import Missing from '../components/Missing.tsx';\n\n# Card\n\n<Missing />\n") },
    exit: 1,
    expect: { code: 'PD3023', file: 'content/docs/card.mdx', line: 5, column: 1 },
  },
  { name: 'MDX component never imported', files: { 'content/docs/card.mdx': frontmatter('title: Card', '# Card\n\n<Card title="x" />\n') }, exit: 1, expect: { code: 'PD3004', file: 'content/docs/card.mdx', line: 7, column: 1 } },
  { name: 'MDX export statement', files: { 'content/docs/card.mdx': frontmatter('title: Card', 'export const x = 1;\n\n# Card\n') }, exit: 1, expect: { code: 'PD3005', file: 'content/docs/card.mdx', line: 5, column: 1 } },
  { name: 'unknown admonition type', files: { 'content/docs/intro.md': frontmatter('title: Intro', ':::bogus\nText.\n:::\n') }, exit: 1, expect: { code: 'PD3006', file: 'content/docs/intro.md', line: 5, column: 1 } },
  { name: 'duplicate heading id', files: { 'content/docs/intro.md': frontmatter('title: Intro', '## One {#same}\n\n## Two {#same}\n') }, exit: 1, expect: { code: 'PD3007', file: 'content/docs/intro.md', line: 7 } },
  { name: 'image not found', files: { 'content/docs/intro.md': frontmatter('title: Intro', '![A diagram](./missing.png)\n') }, exit: 1, expect: { code: 'PD3008', file: 'content/docs/intro.md', line: 5, column: 1 } },
  { name: 'JSON example that does not parse', files: { 'content/docs/guides/setup.md': frontmatter('title: Setup', '```json schema=thing\n{ "name": }\n```\n') }, exit: 1, expect: { code: 'PD3003', file: 'content/docs/guides/setup.md', line: 6 } },
  { name: 'JSON example against its schema', files: { 'content/docs/guides/setup.md': frontmatter('title: Setup', '```json schema=thing\n{ "name": 1 }\n```\n') }, exit: 1, expect: { code: 'PD3001', file: 'content/docs/guides/setup.md' } },
  { name: 'JSON example naming an unknown schema', files: { 'content/docs/guides/setup.md': frontmatter('title: Setup', '```json schema=nope\n{}\n```\n') }, exit: 1, expect: { code: 'PD3002', file: 'content/docs/guides/setup.md', line: 5 } },
  { name: 'raw <script> (--strict)', args: ['--strict'], files: { 'content/docs/intro.md': frontmatter('title: Intro', 'Text.\n\n<script>alert(1)</script>\n') }, exit: 1, expect: { code: 'PD3020', file: 'content/docs/intro.md', line: 7, column: 1 } },
  { name: 'raw <img onerror> (--strict)', args: ['--strict'], files: { 'content/docs/intro.md': frontmatter('title: Intro', 'See <img src="x.png" onerror="alert(1)"> here.\n') }, exit: 1, expect: { code: 'PD3020', file: 'content/docs/intro.md', line: 5, column: 5 } },
  { name: 'raw <iframe> (--strict)', args: ['--strict'], files: { 'content/docs/intro.md': frontmatter('title: Intro', '<iframe src="https://example.org"></iframe>\n') }, exit: 1, expect: { code: 'PD3020', file: 'content/docs/intro.md', line: 5, column: 1 } },
  { name: 'javascript: link (--strict)', args: ['--strict'], files: { 'content/docs/intro.md': frontmatter('title: Intro', '[click](javascript:alert(1))\n') }, exit: 1, expect: { code: 'PD3021', file: 'content/docs/intro.md', line: 5, column: 1 } },
  { name: 'data:text/html link (--strict)', args: ['--strict'], files: { 'content/docs/intro.md': frontmatter('title: Intro', 'A [page](data:text/html,<b>x</b>).\n') }, exit: 1, expect: { code: 'PD3021', file: 'content/docs/intro.md', line: 5, column: 3 } },
  { name: 'broken link', files: { 'content/docs/intro.md': frontmatter('title: Intro', 'See [nothing](./nothing.md).\n') }, exit: 1, expect: { code: 'PD5001', file: 'content/docs/intro.md', line: 5, column: 5 } },
  { name: 'broken anchor', files: { 'content/docs/intro.md': frontmatter('title: Intro', 'See [setup](./guides/setup.md#nowhere).\n') }, exit: 1, expect: { code: 'PD5002', file: 'content/docs/intro.md', line: 5, column: 5 } },

  // The config and the modules it loads.
  { name: 'config that does not compile', files: { 'site.config.ts': 'export default {\n  title: "x",,\n};\n' }, exit: 1, expect: { code: 'PD1002', file: 'site.config.ts', line: 2, column: 14 } },
  { name: 'config that throws', files: { 'site.config.ts': "throw new Error('no');\nexport default {};\n" }, exit: 1, expect: { code: 'PD1002', file: 'site.config.ts' } },
  { name: 'config whose top-level await never settles', files: { 'site.config.ts': `await new Promise(() => {});\n${config('')}` }, exit: 1, expect: { code: 'PD1020', file: 'site.config.ts', line: 1, column: 1 } },
  { name: 'config with an endless loop', env: { PROTODOCS_CONFIG_TIMEOUT: '2' }, files: { 'site.config.ts': `while (true) {}\n${config('')}` }, exit: 1, expect: { code: 'PD1020', file: 'site.config.ts', line: 1, column: 1 } },
  { name: 'config value that is a function', files: { 'site.config.ts': config("  editUrl: 'https://example.test/',\n  footer: { copyright: () => '2025' },") }, exit: 1, expect: { code: 'PD1021', file: 'site.config.ts', line: 7, column: 13 } },
  { name: 'config without a default export', files: { 'site.config.ts': "export const title = 'x';\n" }, exit: 1, expect: { code: 'PD1004', file: 'site.config.ts', line: 1, column: 1 } },
  {
    name: 'config key misspelt (titel)',
    files: { 'site.config.ts': "import { defineConfig } from 'protodocs';\n\nexport default defineConfig({\n  title: 'Bad input base',\n  titel: 'Typo',\n  url: 'https://example.test',\n});\n" },
    exit: 1,
    expect: { code: 'PD1010', file: 'site.config.ts', line: 5, column: 3 },
  },
  { name: 'config without its url', files: { 'site.config.ts': "export default { title: 'No URL' };\n" }, exit: 1, expect: { code: 'PD1011', file: 'site.config.ts' } },
  { name: 'unclosed admonition', files: { 'content/docs/intro.md': frontmatter('title: Intro', ':::note\nNever closed.\n\nMore text.\n') }, exit: 1, expect: { code: 'PD3010', file: 'content/docs/intro.md', line: 5, column: 1 } },
  { name: 'config value of the wrong type', files: { 'site.config.ts': config('  tagline: 42,') }, exit: 1, expect: { code: 'PD1003', file: 'site.config.ts', line: 6, column: 3 } },
  { name: 'docs version without a name', files: { 'site.config.ts': config("  docs: { versions: [{ label: 'v1' }] },") }, exit: 1, expect: { code: 'PD1005', file: 'site.config.ts' } },
  { name: 'navbar naming a missing sidebar', files: { 'site.config.ts': config("  navbar: { items: [{ type: 'docSidebar', sidebarId: 'nope', label: 'Docs' }] },") }, exit: 1, expect: { code: 'PD1006', file: 'site.config.ts' } },
  { name: 'sidebar item without a target', files: { 'content/sidebars.ts': "export default {\n  main: ['intro', 'guides/nope'],\n};\n" }, exit: 1, expect: { code: 'PD4001', file: 'content/sidebars.ts', line: 2, column: 19 } },
  { name: 'sidebars that do not compile', files: { 'content/sidebars.ts': 'export default {\n  main: [,,\n' }, exit: 1, expect: { code: 'PD4003', file: 'content/sidebars.ts' } },
  { name: 'page module without a default export', files: { 'content/pages/about.tsx': "export const title = 'About';\n" }, exit: 1, expect: { code: 'PD2004', file: 'content/pages/about.tsx' } },
  { name: 'page module that throws', files: { 'content/pages/about.tsx': "throw new Error('broken');\nexport default function About() { return null; }\n" }, exit: 1, expect: { code: 'PD2005', file: 'content/pages/about.tsx' } },
  {
    name: "'use client' component that needs Node",
    files: {
      'content/components/Disk.tsx': "'use client';\nimport { readFileSync } from 'node:fs';\nexport default function Disk() { return <p>{readFileSync('x', 'utf8')}</p>; }\n",
      'content/docs/disk.mdx': frontmatter('title: Disk', "import Disk from '../components/Disk.tsx';\n\n<Disk />\n"),
    },
    exit: 1,
    expect: { code: 'PD6003', file: 'content/components/Disk.tsx', line: 2 },
  },
  { name: 'no content folder', prepare: (site) => rm(`${site}/content`), files: {}, exit: 1, expect: { code: 'PD2001' } },
  { name: 'no site.config.ts', files: { 'site.config.ts': null }, exit: 1, expect: { code: 'PD1001' } },
];

// Small file-system helpers the cases use, kept here so the table reads as data.
import { chmodSync, rmSync, symlinkSync } from 'node:fs';

function symlink(target: string, at: string): void {
  symlinkSync(target, at);
}

function chmod(at: string, mode: number): void {
  chmodSync(at, mode);
}

function rm(at: string): void {
  rmSync(at, { recursive: true, force: true });
}
