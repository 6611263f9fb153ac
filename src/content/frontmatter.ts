import { z } from 'zod';
import { parseDocument } from 'yaml';
import { Diagnostics, type Diagnostic } from '../errors/index.ts';

const stringList = z.union([z.string().transform((s) => [s]), z.array(z.string())]);

export const docFrontmatterSchema = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  slug: z.string().optional(),
  tags: stringList.optional(),
  draft: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(1).max(6).optional(),
  toc_max_heading_level: z.number().int().min(1).max(6).optional(),
  image: z.string().optional(),
});

const inlineAuthor = z.object({
  name: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
  image_url: z.string().optional(),
});

export const blogFrontmatterSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  slug: z.string().optional(),
  date: z.union([z.string(), z.date()]).optional(),
  authors: z.union([z.string(), inlineAuthor, z.array(z.union([z.string(), inlineAuthor]))]).optional(),
  tags: stringList.optional(),
  draft: z.boolean().optional(),
  image: z.string().optional(),
  hide_table_of_contents: z.boolean().optional(),
});

export const pageFrontmatterSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  hide_table_of_contents: z.boolean().optional(),
  image: z.string().optional(),
});

export type DocFrontmatter = z.output<typeof docFrontmatterSchema>;
export type BlogFrontmatter = z.output<typeof blogFrontmatterSchema>;
export type PageFrontmatter = z.output<typeof pageFrontmatterSchema>;
export type InlineAuthor = z.output<typeof inlineAuthor>;

export interface SplitFrontmatter {
  /** YAML text between the fences ('' when there is no block). */
  yaml: string;
  body: string;
  /** Lines taken by the frontmatter block including fences; body line N is file line N + bodyLineOffset. */
  bodyLineOffset: number;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

export function splitFrontmatter(source: string): SplitFrontmatter {
  const match = FENCE.exec(source);
  if (!match) return { yaml: '', body: source, bodyLineOffset: 0 };
  const block = match[0];
  const lines = block.split('\n').length - (block.endsWith('\n') ? 1 : 0);
  // Keep the body's own line numbers stable by replacing the block with nothing and reporting the offset.
  return { yaml: match[1], body: source.slice(block.length), bodyLineOffset: lines };
}

/** Line (1-based, in the file) of a top-level key in a frontmatter block. */
function keyLine(yaml: string, key: PropertyKey | undefined): { line: number; column: number } {
  if (typeof key === 'string') {
    const lines = yaml.split('\n');
    const index = lines.findIndex((l) => l.startsWith(`${key}:`) || l.startsWith(`"${key}":`));
    if (index >= 0) {
      const valueColumn = lines[index].indexOf(':') + 2;
      return { line: index + 2, column: Math.min(valueColumn, lines[index].length + 1) };
    }
  }
  return { line: 1, column: 1 };
}

/** Parses and validates a frontmatter block; problems go to diagnostics with file positions. */
/**
 * Frontmatter validated in earlier builds, by file. `protodocs serve` keeps one: YAML parsing is most of a rescan,
 * and between two saves only the edited file's frontmatter can have changed. Values are shared between builds, so
 * nothing downstream may modify them.
 */
export type FrontmatterMemo = Map<string, { yaml: string; schema: z.ZodType; value: unknown; problems: Diagnostic[] }>;

export function parseFrontmatter<S extends z.ZodType>(
  split: SplitFrontmatter,
  schema: S,
  file: string,
  diagnostics: Diagnostics,
  memo?: FrontmatterMemo,
): z.output<S> | undefined {
  if (!memo) return validateFrontmatter(split, schema, file, diagnostics);
  let known = memo.get(file);
  if (known?.yaml !== split.yaml || known.schema !== schema) {
    const own = new Diagnostics();
    known = { yaml: split.yaml, schema, value: validateFrontmatter(split, schema, file, own), problems: own.items };
    memo.set(file, known);
  }
  diagnostics.addAll(known.problems);
  return known.value as z.output<S> | undefined;
}

function validateFrontmatter<S extends z.ZodType>(
  split: SplitFrontmatter,
  schema: S,
  file: string,
  diagnostics: Diagnostics,
): z.output<S> | undefined {
  if (!split.yaml.trim()) return schema.parse({}) as z.output<S>;
  const doc = parseDocument(split.yaml, { prettyErrors: false });
  if (doc.errors.length) {
    for (const error of doc.errors) {
      const pos = error.linePos?.[0];
      diagnostics.add({
        code: 'PD2002',
        message: `The frontmatter is not valid YAML: ${error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}.`,
        file,
        line: (pos?.line ?? 1) + 1,
        column: pos?.col ?? 1,
        hint: 'quote values that contain a colon, and indent lists consistently',
      });
    }
    return undefined;
  }
  const value = doc.toJS() ?? {};
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const pos = keyLine(split.yaml, issue.path[0]);
      const key = issue.path.join('.');
      diagnostics.add({
        code: 'PD2003',
        message: `Frontmatter field "${key}" is invalid: ${issue.code === 'invalid_type' ? `expected ${issue.expected}` : issue.message}.`,
        file,
        line: pos.line,
        column: pos.column,
        hint: issue.code === 'invalid_type' ? `write ${key} as a ${issue.expected}` : undefined,
      });
    }
    return undefined;
  }
  return parsed.data as z.output<S>;
}
