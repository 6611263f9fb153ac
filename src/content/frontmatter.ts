import { z } from 'zod';
import { Diagnostics, problem, type Diagnostic } from '../errors/index.ts';
import { readYaml } from './read-yaml.ts';
import { positionOf, type PositionIndex } from './yaml-positions.ts';

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
  /** The file opens a block with `---` that no later `---` line closes. */
  unclosed?: boolean;
}

const OPENING_FENCE = /^---[ \t]*\r?\n/;
const CLOSING_FENCE = /^---[ \t]*$/;

export function splitFrontmatter(source: string): SplitFrontmatter {
  const opening = OPENING_FENCE.exec(source);
  if (!opening) return { yaml: '', body: source, bodyLineOffset: 0 };
  let start = opening[0].length;
  let line = 1;
  while (start <= source.length) {
    const end = source.indexOf('\n', start);
    const text = source.slice(start, end === -1 ? source.length : end).replace(/\r$/, '');
    line++;
    if (CLOSING_FENCE.test(text)) {
      const yaml = source.slice(opening[0].length, start).replace(/\r?\n$/, '');
      // Keep the body's own line numbers stable by replacing the block with nothing and reporting the offset.
      return { yaml, body: end === -1 ? '' : source.slice(end + 1), bodyLineOffset: line };
    }
    if (end === -1) break;
    start = end + 1;
  }
  return { yaml: '', body: source, bodyLineOffset: 0, unclosed: true };
}

/** Validated frontmatter with the file position of each of its values. */
export interface Frontmatter<T> {
  value: T;
  positions: PositionIndex;
}

/**
 * Frontmatter validated in earlier builds, by file. `protodocs serve` keeps one: YAML parsing is most of a rescan,
 * and between two saves only the edited file's frontmatter can have changed. Values are shared between builds, so
 * nothing downstream may modify them.
 */
export type FrontmatterMemo = Map<string, { yaml: string; schema: z.ZodType; result: Frontmatter<unknown> | undefined; problems: Diagnostic[] }>;

/** The schemas by name, so that a memo kept on disk can name the one each entry was validated with. */
export const FRONTMATTER_SCHEMAS: Readonly<Record<string, z.ZodType>> = { doc: docFrontmatterSchema, blog: blogFrontmatterSchema, page: pageFrontmatterSchema };

/** Parses and validates a frontmatter block; problems go to diagnostics with file positions. */
export function parseFrontmatter<S extends z.ZodType>(
  split: SplitFrontmatter,
  schema: S,
  file: string,
  diagnostics: Diagnostics,
  memo?: FrontmatterMemo,
): Frontmatter<z.output<S>> | undefined {
  if (!memo) return validateFrontmatter(split, schema, file, diagnostics);
  let known = memo.get(file);
  if (known?.yaml !== split.yaml || known.schema !== schema) {
    const own = new Diagnostics();
    known = { yaml: split.yaml, schema, result: validateFrontmatter(split, schema, file, own), problems: own.items };
    memo.set(file, known);
  }
  diagnostics.addAll(known.problems);
  return known.result as Frontmatter<z.output<S>> | undefined;
}

function validateFrontmatter<S extends z.ZodType>(
  split: SplitFrontmatter,
  schema: S,
  file: string,
  diagnostics: Diagnostics,
): Frontmatter<z.output<S>> | undefined {
  if (split.unclosed) {
    diagnostics.add(problem('PD2020', {}, { file }));
    return undefined;
  }
  if (!split.yaml.trim()) return { value: schema.parse({}) as z.output<S>, positions: {} };
  const read = readYaml(split.yaml, { file, lineOffset: 1, what: 'The frontmatter' }, (p) => diagnostics.add(problem('PD2002', { what: p.what, reason: p.reason, kind: p.kind, maxAliases: p.maxAliases }, p.at)));
  if (!read) return undefined;
  const parsed = schema.safeParse(read.value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const invalidType = issue.code === 'invalid_type';
      diagnostics.add(
        problem(
          'PD2003',
          { key: issue.path.join('.'), reason: invalidType ? `expected ${issue.expected}` : issue.message, expected: invalidType ? issue.expected : undefined },
          { file, ...positionOf(read.positions, issue.path, { line: 1, column: 1 }) },
        ),
      );
    }
    return undefined;
  }
  return { value: parsed.data as z.output<S>, positions: read.positions };
}
