import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { problem, type Diagnostic, type Diagnostics } from '../errors/index.ts';
import { unsafeUrlPathReason } from '../shared/index.ts';
import { readYaml } from './read-yaml.ts';
import { readSourceText } from './source-text.ts';
import type { AuthorEntry, TagEntry } from './types.ts';
import { positionOf, type PositionIndex, type SourcePosition } from './yaml-positions.ts';

// Made on first use: building zod schemas is a few milliseconds of every start, and most builds read no authors or
// tags file (an edit of a docs page never does).
const makeSchemas = () => ({
  author: z.object({
    name: z.string(),
    title: z.string().optional(),
    url: z.string().optional(),
    image_url: z.string().optional(),
    page: z.union([z.boolean(), z.object({ permalink: z.string() })]).optional(),
  }),
  tag: z.object({ label: z.string().optional(), description: z.string().optional(), permalink: z.string().optional() }),
});
let schemas: ReturnType<typeof makeSchemas> | undefined;
const blogSchemas = () => (schemas ??= makeSchemas());

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
  const what = path.basename(file);
  const read = readYaml(text.text, { file, lineOffset: 0, what }, (p) =>
    diagnostics.add(problem('PD2008', { kind: 'yaml', what, reason: p.reason, yaml: p.kind, maxAliases: p.maxAliases }, p.at)),
  );
  if (!read) return undefined;
  const data = read.value;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    diagnostics.add(problem('PD2008', { kind: 'not-a-map', what }, { file }));
    return undefined;
  }
  return { data: data as Record<string, unknown>, positions: read.positions };
}

/** A key or permalink of authors.yml or tags.yml becomes a URL path: it must stay in its place. */
function urlProblem(value: string, what: string, file: string, at: SourcePosition): Diagnostic | undefined {
  const reason = unsafeUrlPathReason(value);
  return reason ? problem('PD4020', { what, value, reason }, { file, ...at }) : undefined;
}

export function loadAuthors(blogDir: string, root: string, diagnostics: Diagnostics): Map<string, AuthorEntry> | undefined {
  const abs = path.join(blogDir, 'authors.yml');
  const file = path.relative(root, abs).split(path.sep).join('/');
  const yaml = loadYamlMap(abs, file, diagnostics);
  if (!yaml) return undefined;
  const authors = new Map<string, AuthorEntry>();
  for (const [key, value] of Object.entries(yaml.data)) {
    const at = (...keys: string[]) => positionOf(yaml.positions, [key, ...keys], { line: 1, column: 1 });
    const parsed = blogSchemas().author.safeParse(value);
    if (!parsed.success) {
      const reason = parsed.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`).join('; ');
      diagnostics.add(problem('PD2008', { kind: 'author', key, reason }, { file, ...at(...parsed.error.issues[0].path.map(String)) }));
      continue;
    }
    const a = parsed.data;
    const pageSlug = a.page === true ? key : typeof a.page === 'object' ? a.page.permalink.replace(/^\/+|\/+$/g, '') : undefined;
    const unsafe = pageSlug === undefined ? undefined : a.page === true ? urlProblem(key, 'author key', file, yaml.positions[`@${key}`] ?? at()) : urlProblem(pageSlug, 'permalink', file, at('page', 'permalink'));
    if (unsafe) {
      diagnostics.add(unsafe);
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
    const parsed = blogSchemas().tag.safeParse(value ?? {});
    if (!parsed.success) {
      diagnostics.add(problem('PD2008', { kind: 'tag', key }, { file, ...at(...parsed.error.issues[0].path.map(String)) }));
      continue;
    }
    const permalink = (parsed.data.permalink ?? key).replace(/^\/+|\/+$/g, '');
    const unsafe = urlProblem(permalink, parsed.data.permalink === undefined ? 'tag key' : 'permalink', file, parsed.data.permalink === undefined ? (yaml.positions[`@${key}`] ?? at()) : at('permalink'));
    if (unsafe) {
      diagnostics.add(unsafe);
      continue;
    }
    tags.set(key, { key, label: parsed.data.label ?? key, description: parsed.data.description, permalink });
  }
  return tags;
}
