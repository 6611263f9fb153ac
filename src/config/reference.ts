import type { z } from 'zod';
import { jsLiteral, walkKeys, type KeyReference } from './schema-walk.ts';

// CONFIGURATION.md, generated from the config schema (`npm run reference`); test/config-reference.test.ts fails when the
// file and the schema disagree.

export const REFERENCE_FILE = 'CONFIGURATION.md';

const INTRO = `# Configuration reference

<!-- Generated from src/config/schema.ts by \`npm run reference\`. Do not edit by hand: a test fails when it is out of date. -->

A site is configured in \`site.config.ts\` at its root. Only \`title\` and \`url\` are required:

\`\`\`typescript
import { defineConfig } from 'protodocs';

export default defineConfig({
  title: 'My Docs',
  url: 'https://docs.example.com',
});
\`\`\`

\`defineConfig\` only adds types: your editor completes and checks every key below. A key protodocs does not know is an
error (with a "did you mean" for a typo), so a setting is never dropped silently; a key that Docusaurus names
differently gets a hint with the protodocs name. Paths such as \`/img/logo.svg\` are files under \`content/public\`;
links (\`to\`) are paths on the site, without the base URL, and every one of them is checked at build time.

In a path below, \`[]\` stands for any item of a list and \`<key>\` for any key of a map.
`;

/** The whole reference, as markdown. */
export function configurationReference(schema: z.core.$ZodType): string {
  const keys = walkKeys(schema);
  const byPath = new Map(keys.map((k) => [k.path, k]));
  // A table per object: the top level first, then each object below it, each shape of a union on its own.
  const groups = new Map<string, { path: string; variant?: string; members: KeyReference[] }>();
  for (const key of keys) {
    const path = parentPath(key.path);
    const id = key.variant ? `${path}\0${key.variant}` : path;
    if (!groups.has(id)) groups.set(id, { path, variant: key.variant, members: [] });
    groups.get(id)!.members.push(key);
  }
  const sections: string[] = [INTRO];
  const introduced = new Set<string>();
  for (const { path, variant, members } of groups.values()) {
    const owner = byPath.get(ownerPath(path));
    if (variant && !introduced.has(path)) {
      introduced.add(path);
      const shapes = [...groups.values()].filter((g) => g.path === path && g.variant).map((g) => `[${g.variant}](#${anchorOf(title(g.path, g.variant))})`);
      const subject = path.endsWith('[]') ? 'Each item takes' : 'It takes';
      sections.push(heading(2, title(path)) + about(owner) + `${subject} one of these shapes: ${shapes.join(', ')}.\n`);
    }
    const table = members.map((key) => row(key, groups));
    sections.push(
      heading(variant ? 3 : 2, title(path, variant)) +
        (variant ? '' : about(owner)) +
        ['| Key | Type | Default | What it does | Example |', '|---|---|---|---|---|', ...table].join('\n') +
        '\n',
    );
  }
  return sections.join('\n');
}

function heading(level: number, text: string): string {
  return `${'#'.repeat(level)} ${text}\n\n`;
}

function title(path: string, variant?: string): string {
  if (path === '') return 'Top-level keys';
  return variant ? `\`${path}\`: ${variant}` : `\`${path}\``;
}

/** The key whose value these keys belong to: `navbar.items` for `navbar.items[]`. */
function ownerPath(path: string): string {
  return path.replace(/(\[\]|\.<key>)+$/, '');
}

function about(owner: KeyReference | undefined): string {
  if (!owner) return '';
  let text = owner.description ? `${owner.description}\n\n` : '';
  if (owner.example !== undefined) text += '```typescript\n' + `${lastKey(owner.path)}: ${jsLiteral(owner.example)},\n` + '```\n\n';
  return text;
}

function row(key: KeyReference, groups: Map<string, { path: string; variant?: string }>): string {
  const name = lastKey(key.path);
  let example = key.example === undefined ? '' : code(`${name}: ${jsLiteral(key.example)}`);
  if (key.isObject) {
    const below = [...groups.values()].find((g) => ownerPath(g.path) === key.path);
    if (below) example = `see [\`${below.path}\`](#${anchorOf(title(below.path))})`;
  }
  return `| ${code(name)} | ${code(key.type)} | ${defaultText(key)} | ${cell(key.description ?? '')} | ${example} |`;
}

function parentPath(path: string): string {
  const at = path.lastIndexOf('.');
  return at < 0 ? '' : path.slice(0, at);
}

function lastKey(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

function defaultText(key: KeyReference): string {
  if (key.required) return '**required**';
  if (!key.hasDefault) return '—';
  const value = key.default;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) return 'its keys’ defaults';
  return code(jsLiteral(value));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\- _]/gu, '').replace(/ /g, '-');
}

// One line in a table cell; a pipe ends the cell even inside a code span unless escaped.
function code(text: string): string {
  return '`' + text.replace(/,?\n\s*/g, (m) => (m.startsWith(',') ? ', ' : ' ')).replace(/, ([\]}])/g, ' $1').replace(/\|/g, '\\|') + '`';
}

// Descriptions are plain text: `<name>` must not turn into an HTML tag.
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
