import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DiagnosticInit, Diagnostics } from '../errors/index.ts';
import { unsafeUrlPathReason } from '../shared/index.ts';
import { readYaml } from './read-yaml.ts';
import { readSourceText } from './source-text.ts';
import type { AuthorEntry, TagEntry } from './types.ts';
import { positionOf, type PositionIndex, type SourcePosition } from './yaml-positions.ts';

const authorSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
  image_url: z.string().optional(),
  page: z.union([z.boolean(), z.object({ permalink: z.string() })]).optional(),
});
const tagSchema = z.object({ label: z.string().optional(), description: z.string().optional(), permalink: z.string().optional() });

interface YamlMap {
  data: Record<string, unknown>;
  positions: PositionIndex;
}

function loadYamlMap(abs: string, file: string, diagnostics: Diagnostics): YamlMap | undefined {
  if (!existsSync(abs)) return undefined;
  const text = readSourceText(readFileSync(abs), file);
  if ('problem' in text) {
    diagnostics.add(text.problem);
    return undefined;
  }
  const problems: DiagnosticInit[] = [];
  const read = readYaml(text.text, { file, lineOffset: 0, code: 'PD2008', what: path.basename(file) }, problems);
  for (const problem of problems) diagnostics.add(problem);
  if (!read) return undefined;
  const data = read.value;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    diagnostics.add({ code: 'PD2008', message: `${path.basename(file)} must map keys to entries.`, file, line: 1, column: 1, hint: 'write one key per entry, e.g. jane: { name: Jane Doe }' });
    return undefined;
  }
  return { data: data as Record<string, unknown>, positions: read.positions };
}

/** A key or permalink of authors.yml or tags.yml becomes a URL path: it must stay in its place. */
function urlProblem(value: string, what: string, file: string, at: SourcePosition): DiagnosticInit | undefined {
  const reason = unsafeUrlPathReason(value);
  return reason
    ? { code: 'PD4020', message: `The ${what} "${value}" cannot be used in a URL: ${reason}.`, file, ...at, hint: `write the ${what} as plain path segments` }
    : undefined;
}

export function loadAuthors(blogDir: string, root: string, diagnostics: Diagnostics): Map<string, AuthorEntry> | undefined {
  const abs = path.join(blogDir, 'authors.yml');
  const file = path.relative(root, abs).split(path.sep).join('/');
  const yaml = loadYamlMap(abs, file, diagnostics);
  if (!yaml) return undefined;
  const authors = new Map<string, AuthorEntry>();
  for (const [key, value] of Object.entries(yaml.data)) {
    const at = (...keys: string[]) => positionOf(yaml.positions, [key, ...keys], { line: 1, column: 1 });
    const parsed = authorSchema.safeParse(value);
    if (!parsed.success) {
      diagnostics.add({
        code: 'PD2008',
        message: `Author "${key}" in authors.yml is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`).join('; ')}.`,
        file,
        ...at(...parsed.error.issues[0].path.map(String)),
        hint: 'each author needs at least a name',
      });
      continue;
    }
    const a = parsed.data;
    const pageSlug = a.page === true ? key : typeof a.page === 'object' ? a.page.permalink.replace(/^\/+|\/+$/g, '') : undefined;
    const problem = pageSlug === undefined ? undefined : a.page === true ? urlProblem(key, 'author key', file, yaml.positions[`@${key}`] ?? at()) : urlProblem(pageSlug, 'permalink', file, at('page', 'permalink'));
    if (problem) {
      diagnostics.add(problem);
      continue;
    }
    authors.set(key, { key, name: a.name, title: a.title, url: a.url, imageUrl: a.image_url, pageSlug });
  }
  return authors;
}

export function loadTags(blogDir: string, root: string, diagnostics: Diagnostics): Map<string, TagEntry> | undefined {
  const abs = path.join(blogDir, 'tags.yml');
  const file = path.relative(root, abs).split(path.sep).join('/');
  const yaml = loadYamlMap(abs, file, diagnostics);
  if (!yaml) return undefined;
  const tags = new Map<string, TagEntry>();
  for (const [key, value] of Object.entries(yaml.data)) {
    const at = (...keys: string[]) => positionOf(yaml.positions, [key, ...keys], { line: 1, column: 1 });
    const parsed = tagSchema.safeParse(value ?? {});
    if (!parsed.success) {
      diagnostics.add({ code: 'PD2008', message: `Tag "${key}" in tags.yml is invalid.`, file, ...at(...parsed.error.issues[0].path.map(String)) });
      continue;
    }
    const permalink = (parsed.data.permalink ?? key).replace(/^\/+|\/+$/g, '');
    const problem = urlProblem(permalink, parsed.data.permalink === undefined ? 'tag key' : 'permalink', file, parsed.data.permalink === undefined ? (yaml.positions[`@${key}`] ?? at()) : at('permalink'));
    if (problem) {
      diagnostics.add(problem);
      continue;
    }
    tags.set(key, { key, label: parsed.data.label ?? key, description: parsed.data.description, permalink });
  }
  return tags;
}
