// The problem catalogue, in the manner of Astro's errors-data.ts: one entry per code with a title, a message built from
// the data a call site passes, and a hint. Call sites pass data only (`problem('PD4002', { url, other }, at)`), so
// every wording lives here and reads as one voice.
//
// Codes are permanent: never renumber or reuse one. Ranges: PD1xxx config, PD2xxx content, frontmatter and page
// modules, PD3xxx markdown, PD4xxx routes, sidebars and versions, PD5xxx links, PD6xxx render and islands, PD8xxx the
// output folder and the file system, PD9xxx internal.
//
// Message rules: say what happened and why; no "Error:" prefix and no position inside the message (the position is
// the diagnostic's). The hint says what to do, or "did you mean …".

import type { Severity } from './protodocs-error.ts';

export interface CatalogueEntry<D> {
  /** A short name of the problem, as a reader would search for it. */
  title: string;
  message: (data: D) => string;
  hint?: (data: D) => string | undefined;
  /** Default 'error'; a warning stops the build only with --strict. */
  severity?: Severity;
}

/** Declares an entry whose message takes data of type D (none by default). */
function entry<D = Record<string, never>>(e: CatalogueEntry<D>): CatalogueEntry<D> {
  return e;
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);
/** A config or sidebars value of the wrong shape; the hint names the Docusaurus equivalent or a near miss when there is one. */
type InvalidValue = { key: string; reason: string; expected?: string; docusaurus?: string; suggestion?: string; shapes?: boolean };
const invalidValueMessage = ({ key, reason }: InvalidValue) => `Config key ${key || '(root)'} is invalid: ${reason}.`;
const invalidValueHint = ({ key, expected, docusaurus, suggestion, shapes }: InvalidValue) =>
  docusaurus ??
  (suggestion ? `did you mean ${suggestion}?` : shapes ? 'see this key in CONFIGURATION.md for the shapes it takes' : expected ? `set ${key} to a ${expected}` : undefined);
type ModuleFailure = { file: string; reason: string; stage: 'compile' | 'load' };
const moduleMessage = ({ file, reason, stage }: ModuleFailure) =>
  stage === 'compile' ? `${file} could not be compiled: ${reason}.` : `${file} threw while loading: ${reason}.`;
const moduleHint = ({ stage }: ModuleFailure) =>
  stage === 'compile'
    ? 'fix the problem at this position (syntax, or an import that does not resolve)'
    : 'the module runs at build time; make sure its top-level code does not throw';
const yamlHint = (kind: 'syntax' | 'depth' | 'aliases', maxAliases?: number) =>
  kind === 'depth'
    ? 'flatten the structure'
    : kind === 'aliases'
      ? `use at most ${maxAliases} alias expansions, or write the values out`
      : 'quote values that contain a colon, and indent lists consistently';
/** MDX partials (Docusaurus's `import Intro from './_intro.mdx'`) are not components here. */
const mdxPartialHint = (found: string) =>
  `${found} is an MDX file, and only .tsx or .jsx files can be components: copy its text into this page, or make it a .tsx component`;
const didYouMeanOr = (suggestion: string | undefined, quote: (s: string) => string, otherwise: string) =>
  suggestion ? `did you mean ${quote(suggestion)}?` : otherwise;

export const CATALOGUE = {
  // PD1xxx: config.
  PD1001: entry<{ root: string }>({
    title: 'config file not found',
    message: ({ root }) => `No site.config.ts in ${root}.`,
    hint: () => 'run protodocs in the folder that holds site.config.ts, or pass --root',
  }),
  PD1002: entry<ModuleFailure>({ title: 'config file failed to compile or run', message: moduleMessage, hint: moduleHint }),
  PD1003: entry<InvalidValue>({ title: 'config value invalid', message: invalidValueMessage, hint: invalidValueHint }),
  PD1004: entry({
    title: 'config has no default export',
    message: () => 'site.config.ts has no default export.',
    hint: () => 'end the file with `export default defineConfig({ ... })`',
  }),
  PD1005: entry<{ at: string }>({
    title: 'docs version without a name',
    message: ({ at }) => `The docs version at ${at} has no name.`,
    hint: () => 'give every docs version a name, e.g. { name: "current", label: "v1.0.0" }',
  }),
  PD1006: entry<
    { kind: 'link'; where: string; to: string } | { kind: 'sidebar'; index: number; sidebar: string; defined: string[] }
  >({
    title: 'navbar or footer link broken',
    message: (d) => (d.kind === 'link' ? `${d.where} links to ${d.to}, which is not a page of the site.` : `navbar.items[${d.index}] names sidebar "${d.sidebar}", which is not defined.`),
    hint: (d) => (d.kind === 'link' ? 'probably in the navbar or footer: fix the link in site.config.ts' : `defined sidebars: ${d.defined.join(', ') || 'none'}`),
  }),
  PD1010: entry<{ key: string; docusaurus?: string; suggestion?: string; where: string; allowed: readonly string[] }>({
    title: 'unknown config key',
    message: ({ key }) => `Config key ${key} is not a protodocs setting, so it would do nothing.`,
    hint: ({ docusaurus, suggestion, where, allowed }) => docusaurus ?? (suggestion ? `did you mean ${suggestion}?` : `${where} ${allowed.join(', ')}`),
  }),
  PD1011: entry<{ key: string; name: string; description?: string; example?: string }>({
    title: 'required config key missing',
    message: ({ key, description }) => `Config key ${key} is missing${description ? `: ${description.charAt(0).toLowerCase()}${description.slice(1)}` : '.'}`,
    hint: ({ name, example }) => (example === undefined ? `add ${name}` : `add it, e.g. ${name}: ${example}`),
  }),
  PD1007: entry({
    title: 'search configured with placeholder credentials',
    message: () => 'search.engine is "hosted" but search.hosted has placeholder credentials, so the built-in local search is used.',
    hint: () => 'set real appId and apiKey values to use the hosted search service',
    severity: 'warning',
  }),
  PD1020: entry<{ file: string; kind: 'timeout'; seconds: number } | { file: string; kind: 'unsettled' }>({
    title: 'config did not finish loading in time',
    message: (d) =>
      d.kind === 'timeout' ? `${d.file} did not finish loading within ${d.seconds} s.` : `${d.file} never finished loading: its top-level await waits on something that never settles.`,
    hint: (d) => (d.kind === 'timeout' ? 'look for an endless loop or an await that never settles in its top-level code' : 'make every top-level await settle, or remove it'),
  }),
  PD1021: entry<{ file: string; path: string; what: string }>({
    title: 'config value is not plain data',
    message: ({ file, path, what }) => `${path ? `The value at ${path}` : 'The default export'} is ${what}; ${file} may hold plain data only.`,
    hint: () => 'write the value out (strings, numbers, booleans, arrays and objects)',
  }),

  // PD2xxx: content, frontmatter, page modules.
  PD2001: entry<{ folder: string }>({
    title: 'content folder missing',
    message: ({ folder }) => `The content folder ${folder} does not exist.`,
    hint: () => 'create content/docs, content/blog or content/pages',
  }),
  PD2002: entry<{ what: string; reason: string; kind: 'syntax' | 'depth' | 'aliases'; maxAliases?: number }>({
    title: 'frontmatter is not valid YAML',
    message: ({ what, reason }) => `${what} is not valid YAML: ${reason}.`,
    hint: ({ kind, maxAliases }) => yamlHint(kind, maxAliases),
  }),
  PD2003: entry<{ key: string; reason: string; expected?: string }>({
    title: 'frontmatter field invalid',
    message: ({ key, reason }) => `Frontmatter field "${key}" is invalid: ${reason}.`,
    hint: ({ key, expected }) => (expected ? `write ${key} as a ${expected}` : undefined),
  }),
  PD2004: entry<{ file: string }>({
    title: 'page module has no default export',
    message: ({ file }) => `${file} has no default export.`,
    hint: () => 'export the page component as default: `export default function Page() { ... }`',
  }),
  PD2005: entry<ModuleFailure>({ title: 'page module failed to compile or run', message: moduleMessage, hint: moduleHint }),
  PD2006: entry<{ author: string; declared: string[] }>({
    title: 'blog author not declared',
    message: ({ author }) => `Author "${author}" is not declared in content/blog/authors.yml.`,
    hint: ({ declared }) => (declared.length ? `declared authors: ${declared.join(', ')}` : 'create content/blog/authors.yml'),
  }),
  PD2007: entry<{ tag: string; declared: string[] }>({
    title: 'blog tag not declared',
    message: ({ tag }) => `Tag "${tag}" is not declared in content/blog/tags.yml.`,
    hint: ({ declared }) => `declared tags: ${declared.join(', ')}`,
  }),
  PD2008: entry<
    | { kind: 'yaml'; what: string; reason: string; yaml: 'syntax' | 'depth' | 'aliases'; maxAliases?: number }
    | { kind: 'not-a-map'; what: string }
    | { kind: 'author'; key: string; reason: string }
    | { kind: 'tag'; key: string }
    | { kind: 'schema-json'; name: string; reason: string }
  >({
    title: 'authors.yml, tags.yml or a schema invalid',
    message: (d) => {
      switch (d.kind) {
        case 'yaml':
          return `${d.what} is not valid YAML: ${d.reason}.`;
        case 'not-a-map':
          return `${d.what} must map keys to entries.`;
        case 'author':
          return `Author "${d.key}" in authors.yml is invalid: ${d.reason}.`;
        case 'tag':
          return `Tag "${d.key}" in tags.yml is invalid.`;
        case 'schema-json':
          return `${d.name} is not valid JSON: ${d.reason}.`;
      }
    },
    hint: (d) => {
      if (d.kind === 'yaml') return yamlHint(d.yaml, d.maxAliases);
      if (d.kind === 'not-a-map') return 'write one key per entry, e.g. jane: { name: Jane Doe }';
      if (d.kind === 'author') return 'each author needs at least a name';
      return undefined;
    },
  }),
  PD2009: entry<{ written?: string }>({
    title: 'blog post date missing or invalid',
    message: ({ written }) => `Blog post has no valid date${written ? ` ("${written}")` : ''}.`,
    hint: () => 'name the file YYYY-MM-DD-slug.md or set date: YYYY-MM-DD in the frontmatter',
  }),
  PD2020: entry({
    title: 'frontmatter block never closed',
    message: () => 'The frontmatter block opened by "---" on line 1 is never closed.',
    hint: () => 'end the frontmatter with a line of three dashes (---); to start the page with a horizontal rule, put a blank line before it',
  }),
  PD2021: entry({
    title: 'source file is binary',
    message: () => 'This file holds binary data (a NUL byte), not markdown text.',
    hint: () => 'move non-text files to content/public, or rename the file',
  }),
  PD2022: entry({
    title: 'source file is not UTF-8',
    message: () => 'This file is not valid UTF-8.',
    hint: () => 'save the file as UTF-8 in your editor',
  }),
  PD2023: entry<{ bytes: number; limit: number }>({
    title: 'source file too large to build',
    message: ({ bytes, limit }) => `This file is ${size(bytes)}; markdown files over ${size(limit)} are not built, because parsing one would hold the build for many seconds.`,
    hint: () => 'split it into several pages',
  }),
  PD2024: entry<{ bytes: number; limit: number }>({
    title: 'source file large',
    message: ({ bytes, limit }) => `This file is ${size(bytes)}; markdown files over ${size(limit)} slow every build that parses them.`,
    hint: () => 'split it into several pages',
    severity: 'warning',
  }),
  PD2025: entry<{ kind: 'doc' | 'post' }>({
    title: 'doc or post without a title',
    message: ({ kind }) => `This ${kind} has no title.`,
    hint: () => 'add title: to the frontmatter, or start the text with a # heading',
  }),

  // PD3xxx: markdown.
  PD3001: entry<{ schema: string; reason: string }>({
    title: 'markdown example does not match its schema',
    message: ({ schema, reason }) => `The JSON example does not match the schema "${schema}": ${reason}.`,
    hint: ({ schema }) => `fix the example, or the schema in content/schemas/${schema}.json if the example is right`,
  }),
  PD3002: entry<{ schema: string }>({
    title: 'unknown schema named by a code block',
    message: ({ schema }) => `The code block names the schema "${schema}", which does not exist.`,
    hint: ({ schema }) => {
      // `DOC:operationId/part` names a body in an OpenAPI document (see markdown/example-schemas.ts).
      const [doc, part] = schema.split(':', 2);
      return part === undefined
        ? `add content/schemas/${schema}.json, or fix the name after schema=`
        : `after "${doc}:" name an operationId of content/schemas/${doc}.json and "request" or a status it answers with a JSON body, e.g. ${doc}:createItem/201`;
    },
  }),
  PD3003: entry<{ schema: string; reason: string }>({
    title: 'code block is not valid JSON',
    message: ({ schema, reason }) => `This code block is marked schema=${schema} but is not valid JSON: ${reason}.`,
    hint: () => 'JSON needs double-quoted keys and strings, and allows no comments or trailing commas',
  }),
  PD3004: entry<
    { kind: 'not-imported'; name: string; suggestion?: string; found?: string; componentsFolder: string } | { kind: 'no-components'; name: string }
  >({
    title: 'unknown MDX component',
    message: (d) => (d.kind === 'not-imported' ? `<${d.name}> is not an imported component.` : `<${d.name}> cannot be rendered: components are not available for this file.`),
    hint: (d) => {
      if (d.kind === 'no-components') return 'components work only in .mdx files';
      if (d.suggestion) return `did you mean <${d.suggestion}>?`;
      if (d.found?.endsWith('.mdx')) return mdxPartialHint(d.found);
      if (d.found) return `import it at the top of the file: import ${d.name} from '${d.found}'`;
      return `put it in content/components/${d.name}.tsx and import it at the top of the file: import ${d.name} from '${d.componentsFolder}/${d.name}.tsx'`;
    },
  }),
  PD3010: entry<{ name: string; fence: number }>({
    title: 'admonition not closed',
    message: ({ name }) => `":::${name}" has no closing ":::", so everything after it would be inside it.`,
    hint: ({ fence }) => `end it with a line of ${':'.repeat(fence)}`,
  }),
  PD3005: entry<
    | { kind: 'syntax'; reason: string }
    | { kind: 'expression' }
    | { kind: 'spread'; value: string }
    | { kind: 'prop'; prop: string; component: string }
    | { kind: 'attribute'; attribute: string; component: string }
    | { kind: 'import'; componentsFolder: string }
    | { kind: 'statement' }
  >({
    title: 'MDX syntax, expression or non-literal prop',
    message: (d) => {
      switch (d.kind) {
        case 'syntax':
          return `The MDX could not be parsed: ${d.reason}.`;
        case 'expression':
          return 'MDX expressions ({…}) are not supported: protodocs renders MDX to HTML and nothing would evaluate them.';
        case 'spread':
          return `Spread props ({${d.value}}) are not supported.`;
        case 'prop':
          return `The prop "${d.prop}" of <${d.component}> is not a literal, and nothing would evaluate it.`;
        case 'attribute':
          return `The attribute "${d.attribute}" of <${d.component}> must be a string, number or boolean.`;
        case 'import':
          return 'This import is not a default import of one component, so it cannot be used as a component.';
        case 'statement':
          return 'MDX files cannot export or run code: protodocs renders MDX as HTML with component holes.';
      }
    },
    hint: (d) => {
      switch (d.kind) {
        case 'syntax':
          return 'in MDX, `{` starts an expression and `<` a component; write `\\{` or `\\<` for the characters themselves';
        case 'expression':
          return 'write the value as text, or escape the brace as \\{ if you mean the character';
        case 'spread':
        case 'prop':
          return 'props must be literals: text="…", count={3}, on={true}, items={["a", "b"]}, data={{"key": "value"}} (JSON)';
        case 'attribute':
          return undefined;
        case 'import':
          return `import each component on its own: import Name from '${d.componentsFolder}/Name.tsx'`;
        case 'statement':
          return 'keep only default imports of components; put data in the frontmatter';
      }
    },
  }),
  PD3006: entry<{ name: string; suggestion?: string; types: readonly string[] }>({
    title: 'unknown admonition type',
    message: ({ name }) => `":::${name}" is not an admonition type.`,
    hint: ({ suggestion, types }) => didYouMeanOr(suggestion, (s) => `:::${s}`, `use one of ${types.map((type) => ':::' + type).join(', ')}`),
  }),
  PD3007: entry<{ id: string; firstLine: number }>({
    title: 'duplicate heading id',
    message: ({ id }) => `Two headings have the id "${id}", so links to #${id} cannot tell them apart.`,
    hint: ({ firstLine }) => `the other heading is on line ${firstLine}; change one of the {#…} ids`,
  }),
  PD3008: entry<{ src: string }>({
    title: 'image not found',
    message: ({ src }) => `The image "${src}" was not found.`,
    hint: () => 'image paths are relative to the markdown file; put site-wide images in content/public/ and use /path',
  }),
  PD3020: entry<{ removed: string }>({
    title: 'raw HTML removed by the sanitizer',
    message: ({ removed }) => `Removed the ${removed} from this HTML: raw HTML in .md pages may not run script or embed other pages.`,
    hint: () => 'use markdown, or an MDX component for interactive parts',
    severity: 'warning',
  }),
  PD3021: entry<{ kind: 'link' | 'image'; scheme: string }>({
    title: 'link with an unsafe URL scheme',
    message: ({ kind, scheme }) => `This ${kind} uses a ${scheme}: URL, which can run script; it is rendered without it.`,
    hint: () => 'link to a page or a file instead; put interactive code in an MDX component',
    severity: 'warning',
  }),
  PD3022: entry<{ max: number }>({
    title: 'markdown nested too deeply',
    message: ({ max }) => `The markdown here is nested more than ${max} levels deep (quotes, lists or emphasis inside each other).`,
    hint: () => 'flatten the structure; no page needs this depth',
  }),
  PD3023: entry<{ name: string; specifier: string; likely?: string; from: string }>({
    title: 'MDX import of a missing file',
    message: ({ name, specifier }) => `The import of ${name} names ${specifier}, which does not exist.`,
    hint: ({ likely, from }) =>
      likely?.endsWith('.mdx') ? mdxPartialHint(likely) : likely ? `did you mean '${likely}'? (the path is resolved from ${from}/)` : `the path is resolved from ${from}/`,
  }),

  PD3040: entry<{ reason: string; hint?: string }>({
    title: 'malformed line range in a code fence',
    message: ({ reason }) => `The code fence's line range is malformed: ${reason}.`,
    hint: ({ hint }) => hint,
  }),
  PD3041: entry<{ lines: number[]; lineCount: number }>({
    title: 'highlighted line outside the code block',
    message: ({ lines, lineCount }) => `The fence highlights line ${lines.join(', ')}, but the block has ${lineCount} line${lineCount === 1 ? '' : 's'}.`,
    hint: () => 'count the lines of the block as it is shown, without highlight comments',
  }),
  PD3042: entry<{ reason: string; hint?: string }>({
    title: 'unbalanced highlight comment in a code block',
    message: ({ reason }) => `In this code block, ${reason}.`,
    hint: ({ hint }) => hint,
  }),

  // PD4xxx: routes, sidebars, versions.
  PD4001: entry<
    { kind: 'doc'; id: string; suggestion?: string } | { kind: 'category-link'; label: string; id: string } | { kind: 'empty-category'; label: string }
  >({
    title: 'sidebar item without a link target',
    message: (d) =>
      d.kind === 'doc'
        ? `Sidebar item "${d.id}" has no link target: there is no doc with that id.`
        : d.kind === 'category-link'
          ? `Category "${d.label}" links to doc "${d.id}", which does not exist.`
          : `Category "${d.label}" has no link target: it has neither items nor a link.`,
    hint: (d) =>
      d.kind === 'doc'
        ? didYouMeanOr(d.suggestion, (s) => `"${s}"`, 'doc ids are paths under content/docs without the extension')
        : d.kind === 'category-link'
          ? 'link the category to an existing doc id, or use { type: "generated-index" }'
          : 'add items to the category or give it a link to a doc',
  }),
  PD4002: entry<{ url: string; other?: string }>({
    title: 'two files produce one URL',
    message: ({ url }) => `Two files produce the URL ${url}.`,
    hint: ({ other }) => `${other ?? 'a generated page'} also produces it; change the slug or file name of one of them`,
  }),
  PD4003: entry<
    | ({ kind: 'schema' } & InvalidValue)
    | { kind: 'json'; version: string; reason: string }
    | ({ kind: 'module' } & ModuleFailure)
  >({
    title: 'sidebar invalid',
    message: (d) =>
      d.kind === 'schema'
        ? invalidValueMessage(d)
        : d.kind === 'json'
          ? `Sidebars of version ${d.version} are not valid JSON: ${d.reason}.`
          : moduleMessage(d),
    hint: (d) => (d.kind === 'schema' ? invalidValueHint(d) : d.kind === 'module' ? moduleHint(d) : undefined),
  }),
  PD4004: entry<{ version: string; mainDoc: string; index: number }>({
    title: 'docs version has no main doc',
    message: ({ version, mainDoc }) => `Docs version "${version}" has no main doc "${mainDoc}".`,
    hint: ({ mainDoc, index }) => `create content/docs/${mainDoc}.md or set docs.versions[${index}].mainDoc to an existing doc id`,
  }),
  PD4020: entry<{ what: string; value: string; reason: string; example?: boolean }>({
    title: 'slug, id or permalink is not a safe URL path',
    message: ({ what, value, reason }) => `The ${what} "${value}" cannot be used in a URL: ${reason}.`,
    hint: ({ what, example }) => `write the ${what} as plain path segments${example ? `, e.g. ${what}: getting-started` : ''}`,
  }),
  PD4022: entry<{ title: string }>({
    title: 'no home page',
    message: ({ title }) => `The site has no page at /, yet every page links there: the navbar title "${title}" and the 404 page's way back.`,
    hint: () => 'add content/pages/index.md (or index.tsx), or give a doc slug: / under docs.routeBasePath: "/"',
    severity: 'warning',
  }),
  PD4021: entry<{ rel: string; url: string; source?: string }>({
    title: 'page and public file at one output path',
    message: ({ rel, url }) => `content/public/${rel} and the page ${url} are both written to ${rel}.`,
    hint: ({ source }) => `${source ?? 'a generated page'} makes that page; move or rename the public file`,
  }),

  // PD5xxx: links.
  PD5001: entry<{ target: string; hint?: string }>({
    title: 'broken internal link',
    message: ({ target }) => `The link target "${target}" does not exist.`,
    hint: ({ hint }) => hint ?? 'link to another page by its file path relative to this file, e.g. ./other-page.md',
  }),
  PD5002: entry<{ target: string; fragment: string; suggestion?: string }>({
    title: 'broken anchor',
    message: ({ target, fragment }) => `Broken anchor: ${target}#${fragment} has no heading with that id.`,
    hint: ({ suggestion }) => didYouMeanOr(suggestion, (s) => `#${s}`, 'heading ids are the heading text in lower case with dashes'),
  }),
  PD5003: entry<{ page: string; what: string; hint: string; sharedBy?: number }>({
    title: 'crawl found a broken link',
    message: ({ page, what, sharedBy }) => (sharedBy ? `${page} (and ${sharedBy - 1} other pages) ${what}` : `${page} ${what}`),
    hint: ({ hint, sharedBy }) => (sharedBy ? `broken on ${sharedBy} pages, so probably in the navbar, footer or theme; ${hint}` : hint),
  }),

  // PD6xxx: render and islands.
  PD6001: entry<{ kind: 'page'; url: string; reason: string } | { kind: 'module'; file: string; reason: string } | { kind: 'component'; name: string; reason: string }>({
    title: 'page failed to render',
    message: (d) =>
      d.kind === 'page'
        ? `Rendering ${d.url} failed: ${d.reason}.`
        : d.kind === 'module'
          ? `${d.file} threw while rendering: ${d.reason}.`
          : `The component <${d.name}> failed to render: ${d.reason}`,
    hint: (d) =>
      d.kind === 'module'
        ? 'page modules render at build time: do not read window or document during render'
        : d.kind === 'component'
          ? 'components render at build time: they must not read window, document or anything not in their props'
          : undefined,
  }),
  PD6002: entry<{ name: string; reason: string }>({
    title: 'island props are not JSON',
    message: ({ name, reason }) => `The props of the island <${name}> are not JSON: ${reason}.`,
    hint: () => 'pass only strings, numbers, booleans, arrays and plain objects to interactive components',
  }),
  PD6003: entry<{ reason: string }>({
    title: 'client component cannot be bundled for the browser',
    message: ({ reason }) => `This component runs in the browser but cannot be bundled for it: ${reason}.`,
    hint: () => "files starting with 'use client' may import only browser-safe modules; move Node-only code out of it",
  }),
  PD6050: entry<{ key: string; file: string; sitePath: string }>({
    title: 'config names a missing public file',
    message: ({ key, file }) => `${key} names ${file}, which is not a file of content/public: every page would request it in vain.`,
    hint: ({ sitePath }) => `add content/public${sitePath}, or fix the path in site.config.ts`,
  }),

  // PD8xxx: the output folder and the file system.
  PD8001: entry<{ outDir: string; named: string; holds: 'is-root' | 'contains-root' | { is: boolean; source: string } }>({
    title: 'output folder holds the site or its sources',
    message: ({ outDir, named, holds }) =>
      holds === 'is-root' || holds === 'contains-root'
        ? `The output folder ${outDir} ${holds === 'is-root' ? 'is the site root' : 'contains the site root'} (${named}): a build replaces its output folder, and that would delete the site's sources.`
        : `The output folder ${outDir} ${holds.is ? 'is' : 'holds'} ${holds.source}, which the build reads (${named}): a build replaces its output folder.`,
    hint: () => 'write the site to a folder of its own, e.g. --out build',
  }),
  PD8002: entry<{ outDir: string; named: string; source: string }>({
    title: 'output folder inside a source folder',
    message: ({ outDir, named, source }) => `The output folder ${outDir} is inside ${source}, a folder the build reads (${named}).`,
    hint: () => 'write the site to a folder outside the sources, e.g. --out build',
  }),
  PD8003: entry<{ outDir: string; entries: number; marker: string }>({
    title: 'output folder holds files protodocs did not write',
    message: ({ outDir, entries, marker }) =>
      `The output folder ${outDir} holds ${entries} ${entries === 1 ? 'entry' : 'entries'} that protodocs did not write (it has no ${marker}); a build would replace them.`,
    hint: () => 'choose an empty or new folder, or empty this one yourself if its contents can go',
  }),
  PD8004: entry<{ kind: 'link'; path: string; named: string } | { kind: 'file'; path: string; named: string } | { kind: 'parent'; path: string }>({
    title: 'output path is a file or a link',
    message: (d) =>
      d.kind === 'link'
        ? `The output path ${d.path} is a symbolic link (${d.named}); protodocs does not replace links or write through them.`
        : d.kind === 'file'
          ? `The output path ${d.path} is a file, not a folder (${d.named}).`
          : `The output folder's parent ${d.path} is not a folder.`,
    hint: (d) =>
      d.kind === 'link' ? 'remove the link, or name the folder it points to' : d.kind === 'file' ? 'remove the file, or choose another output folder' : 'choose an output folder whose parent is a folder',
  }),
  PD8005: entry<{ path: string; isParent: boolean }>({
    title: 'output folder is read-only',
    message: ({ path, isParent }) =>
      isParent ? `The folder ${path} is read-only, so the build cannot make its output folder there.` : `The output folder ${path} is read-only, so the build cannot replace it.`,
    hint: ({ path }) => `make it writable (chmod u+w ${path}) or choose another output folder`,
  }),
  PD8006: entry<{ operation: string; path: string; reason: string; advice?: string }>({
    title: 'file-system operation failed',
    message: ({ operation, path, reason }) => `Could not ${operation} ${path}: ${reason}.`,
    hint: ({ advice }) => advice ?? 'check that this path can be written',
  }),
  PD8007: entry<{ rel: string }>({
    title: 'output file outside the output folder',
    message: ({ rel }) => `The output file "${rel}" would be written outside the output folder.`,
    hint: () => 'no slug, id or permalink may contain "." or ".." segments',
  }),

  // PD9xxx: protodocs itself.
  PD9000: entry<{ reason: string }>({
    title: 'internal error in protodocs',
    message: ({ reason }) => `Internal error in protodocs: ${reason}`,
    hint: () => 'please report it; run with --verbose for the stack trace',
  }),
} as const;

export type ErrorCode = keyof typeof CATALOGUE;

/** The data a code's message is built from. */
export type ProblemData<C extends ErrorCode> = (typeof CATALOGUE)[C] extends CatalogueEntry<infer D> ? D : never;

/**
 * Problems with how protodocs was asked to run rather than with the site: the CLI exits 2 for them, as for a bad flag.
 * They are found before any work is done.
 */
export const USAGE_CODES: ReadonlySet<ErrorCode> = new Set(['PD8001', 'PD8002', 'PD8003', 'PD8004', 'PD8005']);
