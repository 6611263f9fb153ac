import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { walkFiles } from '../files/index.ts';

// The starter site of `protodocs init`: templates/site/ of this package, with the answers filled in.

export interface SiteAnswers {
  title: string;
  tagline: string;
  /** Where the site will be published, e.g. https://docs.example.com */
  url: string;
  /** Today, as YYYY-MM-DD: the date of the first blog post. */
  date: string;
}

export const DEFAULT_ANSWERS: Omit<SiteAnswers, 'date'> = {
  title: 'My Docs',
  tagline: 'Documentation for my project.',
  url: 'https://docs.example.com',
};

/** templates/site/ of this protodocs, in a checkout and in an installed package alike. */
export function templateDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'templates', 'site')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'templates', 'site');
}

/** npm drops a package's .gitignore files, so the template's is stored without the dot. */
const RENAMED: Readonly<Record<string, string>> = { gitignore: '.gitignore' };

/** Every file of the starter site: path relative to the site folder → content. */
export function scaffoldFiles(answers: SiteAnswers, templates = templateDir()): Map<string, string> {
  const values: Record<string, string> = { ...answers, year: answers.date.slice(0, 4) };
  const files = new Map<string, string>();
  for (const rel of walkFiles(templates)) {
    const text = readFileSync(path.join(templates, rel), 'utf8');
    const target = fill(RENAMED[rel] ?? rel, values, (v) => v);
    files.set(target, fillTemplate(rel, text, values));
  }
  return files;
}

/** Values are escaped for where they land: a '…' string in TypeScript, a "…" scalar in YAML, text in markdown. */
function fillTemplate(rel: string, text: string, values: Record<string, string>): string {
  if (rel.endsWith('.ts')) return fill(text, values, (v) => v.replace(/[\\']/g, (c) => '\\' + c));
  if (rel.endsWith('.yml')) return fill(text, values, yamlEscape);
  if (!rel.endsWith('.md')) return text;
  const frontmatter = /^---\n[\s\S]*?\n---\n/.exec(text)?.[0] ?? '';
  // Any ASCII punctuation may be backslash-escaped in markdown, so a title never turns into emphasis or HTML.
  return fill(frontmatter, values, yamlEscape) + fill(text.slice(frontmatter.length), values, (v) => v.replace(/[\\`*_{}[\]<>()#+!|~-]/g, (c) => '\\' + c));
}

function fill(text: string, values: Record<string, string>, escape: (value: string) => string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => (Object.hasOwn(values, name) ? escape(values[name]) : all));
}

// Template YAML puts placeholders inside "…".
function yamlEscape(value: string): string {
  return value.replace(/[\\"]/g, (c) => '\\' + c);
}

/** Files of the scaffold that already exist in `dir`: init writes nothing when there is any. */
export function existingFiles(dir: string, files: Iterable<string>): string[] {
  return [...files].filter((rel) => existsSync(path.join(dir, rel)));
}
