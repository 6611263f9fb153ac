import type { z } from 'zod';
import { didYouMean, problem, type Diagnostics } from '../errors/index.ts';
import { docusaurusKeyHint, docusaurusValueHint } from './docusaurus-keys.ts';
import { findConfigPosition, findKeyPosition } from './key-position.ts';
import { jsLiteral, keysAt, schemasAt, unionOptions, unwrap } from './schema-walk.ts';

// Schema issues → diagnostics at the key in the file: an unknown key (with "did you mean" or the Docusaurus
// equivalent), a missing key (with an example), a value of the wrong shape.

export interface IssueContext {
  file: string;
  source: string;
  /** The value that was validated, to tell a missing key from a wrong one. */
  input: unknown;
  /** The schema it was validated against. */
  schema: z.core.$ZodType;
  diagnostics: Diagnostics;
  /** Which module the values come from: the codes of its problems (PD1003 or PD4003) follow. */
  of: 'config' | 'sidebars';
  /** Applies Docusaurus hints (site.config.ts, not the sidebars module). */
  docusaurus: boolean;
}

export function reportIssues(issues: readonly z.core.$ZodIssue[], context: IssueContext): void {
  for (const issue of issues) reportIssue(issue, [], context.schema, context);
}

function reportIssue(issue: z.core.$ZodIssue, prefix: PropertyKey[], schema: z.core.$ZodType, context: IssueContext): void {
  const keyPath = [...prefix, ...issue.path];
  if (issue.code === 'unrecognized_keys') {
    for (const key of issue.keys) unknownKey([...keyPath, key], keysAt(schema, issue.path), context);
    return;
  }
  if (issue.code === 'invalid_union') {
    const union = schemasAt(schema, issue.path).map(unionOptions).find((o) => o !== undefined);
    if (union && union.length === issue.errors.length) return unionIssue(issue, keyPath, union, context);
  }
  const parent = valueAt(context.input, keyPath.slice(0, -1));
  const key = keyPath[keyPath.length - 1];
  const isVersionName = keyPath[0] === 'docs' && keyPath[1] === 'versions' && key === 'name';
  if (
    !isVersionName &&
    issue.code === 'invalid_type' &&
    key !== undefined &&
    parent !== null &&
    typeof parent === 'object' &&
    !Object.hasOwn(parent, key as string)
  ) {
    return missingKey(keyPath, schemasAt(schema, issue.path)[0], keysAt(schema, issue.path.slice(0, -1)), context);
  }
  const shown = showPath(keyPath);
  const at = positionOf(context.source, keyPath);
  const valueHint = context.docusaurus ? docusaurusValueHint(keyPath, valueAt(context.input, keyPath)) : undefined;
  const where = { file: context.file, ...at };
  if (isVersionName) return context.diagnostics.add(problem('PD1005', { at: shown.replace(/\.name$/, '') }, where));
  invalid(context, { key: shown, reason: describeIssue(issue), expected: issue.code === 'invalid_type' ? issue.expected : undefined, docusaurus: valueHint }, where);
}

/**
 * A value that matches none of a union's shapes. The shapes are told apart by `type` (or `provider`): when the value
 * names one, its problems are that shape's; otherwise the name itself is the problem.
 */
function unionIssue(issue: z.core.$ZodIssue & { code: 'invalid_union' }, keyPath: PropertyKey[], options: z.core.$ZodType[], context: IssueContext): void {
  const discriminators = ['type', 'provider'];
  const branches = issue.errors.map((issues, i) => ({ issues, option: options[i] }));
  const names = (b: { issues: readonly z.core.$ZodIssue[] }) =>
    b.issues.some((i) => i.path.length === 1 && discriminators.includes(String(i.path[0])) && (i.code === 'invalid_value' || i.code === 'invalid_type'));
  const viable = branches.filter((b) => !names(b) && !b.issues.some((i) => i.path.length === 0 && i.code === 'invalid_type'));
  if (viable.length > 0) {
    const best = viable.reduce((a, b) => (b.issues.length < a.issues.length ? b : a));
    for (const inner of best.issues) reportIssue(inner, keyPath, best.option, context);
    return;
  }
  const value = valueAt(context.input, keyPath);
  const discriminator = value !== null && typeof value === 'object' ? discriminators.find((d) => Object.hasOwn(value, d)) : undefined;
  if (discriminator) {
    const path = [...keyPath, discriminator];
    const allowed = options.flatMap((o) => literalValues(o, discriminator));
    const given = (value as Record<string, unknown>)[discriminator];
    const close = didYouMean(String(given), allowed.map(String));
    invalid(
      context,
      {
        key: showPath(path),
        reason: `${jsLiteral(given)} is not one of ${allowed.map((v) => jsLiteral(v)).join(', ')}`,
        docusaurus: context.docusaurus ? docusaurusValueHint(path, given) : undefined,
        suggestion: close === undefined ? undefined : jsLiteral(close),
      },
      { file: context.file, ...positionOf(context.source, path) },
    );
    return;
  }
  invalid(context, { key: showPath(keyPath), reason: 'it matches none of the shapes it can take', shapes: true }, { file: context.file, ...positionOf(context.source, keyPath) });
}

function literalValues(option: z.core.$ZodType, key: string): unknown[] {
  const shape = (unwrap(option).schema._zod.def as { shape?: Record<string, z.core.$ZodType> }).shape;
  const literal = shape?.[key] ? (unwrap(shape[key]).schema._zod.def as { type: string; values?: unknown[] }) : undefined;
  return literal?.type === 'literal' ? (literal.values ?? []) : [];
}

function unknownKey(keyPath: PropertyKey[], allowed: readonly string[], context: IssueContext): void {
  const key = String(keyPath[keyPath.length - 1]);
  const shown = showPath(keyPath);
  const docusaurus = context.docusaurus ? docusaurusKeyHint(keyPath, valueAt(context.input, keyPath)) : undefined;
  const close = didYouMean(key, allowed);
  const where = keyPath.length > 1 ? `${showPath(keyPath.slice(0, -1))} takes` : 'the top level takes';
  context.diagnostics.add(problem('PD1010', { key: shown, docusaurus, suggestion: close, where, allowed }, { file: context.file, ...positionOf(context.source, keyPath) }));
}

function missingKey(keyPath: PropertyKey[], schema: z.core.$ZodType | undefined, allowed: readonly string[], context: IssueContext): void {
  const key = String(keyPath[keyPath.length - 1]);
  // `sidebarID` for `sidebarId`: the unknown-key error already says "did you mean sidebarId?".
  const written = Object.keys(valueAt(context.input, keyPath.slice(0, -1)) as object).filter((k) => !allowed.includes(k));
  if (written.some((k) => didYouMean(k, [key]) === key)) return;
  const meta = schema ? unwrap(schema).meta : {};
  const example = meta.examples?.[0];
  const at =
    keyPath.length > 1 ? positionOf(context.source, keyPath.slice(0, -1)) : (findConfigPosition(context.source) ?? { line: 1, column: 1 });
  context.diagnostics.add(
    problem('PD1011', { key: showPath(keyPath), name: key, description: meta.description, example: example === undefined ? undefined : jsLiteral(example) }, { file: context.file, ...at }),
  );
}

/** A value of the wrong shape: PD1003 in the config, PD4003 in the sidebars module. */
function invalid(context: IssueContext, data: InvalidValueData, at: { file: string; line: number; column: number }): void {
  context.diagnostics.add(context.of === 'sidebars' ? problem('PD4003', { kind: 'schema', ...data }, at) : problem('PD1003', data, at));
}

type InvalidValueData = { key: string; reason: string; expected?: string; docusaurus?: string; suggestion?: string; shapes?: boolean };

function positionOf(source: string, keyPath: readonly PropertyKey[]): { line: number; column: number } {
  return findKeyPosition(source, keyPath) ?? findConfigPosition(source) ?? { line: 1, column: 1 };
}

function valueAt(value: unknown, keyPath: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of keyPath) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export function showPath(keyPath: readonly PropertyKey[]): string {
  return keyPath.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`;
  if (issue.code === 'invalid_union') return 'does not match any allowed shape';
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map((v) => jsLiteral(v)).join(', ')}`;
  return issue.message;
}
