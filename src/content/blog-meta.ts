import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import type { Diagnostics } from '../errors/index.ts';
import type { AuthorEntry, TagEntry } from './types.ts';

const authorSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
  image_url: z.string().optional(),
  page: z.union([z.boolean(), z.object({ permalink: z.string() })]).optional(),
});
const tagSchema = z.object({ label: z.string().optional(), description: z.string().optional(), permalink: z.string().optional() });

function loadYamlMap(abs: string, file: string, diagnostics: Diagnostics): Record<string, unknown> | undefined {
  if (!existsSync(abs)) return undefined;
  const doc = parseDocument(readFileSync(abs, 'utf8'));
  if (doc.errors.length) {
    for (const error of doc.errors) {
      diagnostics.add({
        code: 'PD2008',
        message: `${path.basename(file)} is not valid YAML: ${error.message.split('\n')[0]}.`,
        file,
        line: error.linePos?.[0].line ?? 1,
        column: error.linePos?.[0].col ?? 1,
      });
    }
    return undefined;
  }
  return (doc.toJS() ?? {}) as Record<string, unknown>;
}

function keyPosition(abs: string, key: string): { line: number; column: number } {
  const lines = readFileSync(abs, 'utf8').split('\n');
  const index = lines.findIndex((l) => l.startsWith(`${key}:`));
  return { line: index + 1 || 1, column: 1 };
}

export function loadAuthors(blogDir: string, root: string, diagnostics: Diagnostics): Map<string, AuthorEntry> | undefined {
  const abs = path.join(blogDir, 'authors.yml');
  const file = path.relative(root, abs).split(path.sep).join('/');
  const data = loadYamlMap(abs, file, diagnostics);
  if (!data) return undefined;
  const authors = new Map<string, AuthorEntry>();
  for (const [key, value] of Object.entries(data)) {
    const parsed = authorSchema.safeParse(value);
    if (!parsed.success) {
      diagnostics.add({
        code: 'PD2008',
        message: `Author "${key}" in authors.yml is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`).join('; ')}.`,
        file,
        ...keyPosition(abs, key),
        hint: 'each author needs at least a name',
      });
      continue;
    }
    const a = parsed.data;
    authors.set(key, {
      key,
      name: a.name,
      title: a.title,
      url: a.url,
      imageUrl: a.image_url,
      pageSlug: a.page === true ? key : typeof a.page === 'object' ? a.page.permalink.replace(/^\/+|\/+$/g, '') : undefined,
    });
  }
  return authors;
}

export function loadTags(blogDir: string, root: string, diagnostics: Diagnostics): Map<string, TagEntry> | undefined {
  const abs = path.join(blogDir, 'tags.yml');
  const file = path.relative(root, abs).split(path.sep).join('/');
  const data = loadYamlMap(abs, file, diagnostics);
  if (!data) return undefined;
  const tags = new Map<string, TagEntry>();
  for (const [key, value] of Object.entries(data)) {
    const parsed = tagSchema.safeParse(value ?? {});
    if (!parsed.success) {
      diagnostics.add({ code: 'PD2008', message: `Tag "${key}" in tags.yml is invalid.`, file, ...keyPosition(abs, key) });
      continue;
    }
    tags.set(key, {
      key,
      label: parsed.data.label ?? key,
      description: parsed.data.description,
      permalink: (parsed.data.permalink ?? key).replace(/^\/+|\/+$/g, ''),
    });
  }
  return tags;
}
