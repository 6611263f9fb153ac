import type { z } from 'zod';

// Reads the config schema as data: which keys an object takes, and for each key its type, default, description and
// example. The configuration reference is generated from it, and config errors use it for their hints.

type Schema = z.core.$ZodType;

interface Unwrapped {
  schema: Schema;
  optional: boolean;
  hasDefault: boolean;
  default?: unknown;
  meta: { title?: string; description?: string; examples?: unknown[] };
}

function def(schema: Schema): z.core.$ZodTypeDef & Record<string, unknown> {
  return schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
}

function metaOf(schema: Schema): Unwrapped['meta'] {
  return ((schema as { meta?: () => unknown }).meta?.() as Unwrapped['meta'] | undefined) ?? {};
}

/** Looks through optional, default and lazy wrappers, keeping what they say about the key. */
export function unwrap(schema: Schema): Unwrapped {
  const out: Unwrapped = { schema, optional: false, hasDefault: false, meta: {} };
  for (let current: Schema | undefined = schema; current; ) {
    out.meta = { ...metaOf(current), ...out.meta };
    const d = def(current);
    if (d.type === 'optional') out.optional = true;
    if (d.type === 'default') {
      out.hasDefault = true;
      out.default = d.defaultValue;
    }
    if (d.type === 'optional' || d.type === 'default' || d.type === 'nullable' || d.type === 'readonly') current = d.innerType as Schema;
    else if (d.type === 'lazy') current = (d.getter as () => Schema)();
    else {
      out.schema = current;
      current = undefined;
    }
  }
  return out;
}

/** The shape of an object schema (after unwrapping), or undefined. */
export function shapeOf(schema: Schema): Record<string, Schema> | undefined {
  const inner = unwrap(schema).schema;
  return def(inner).type === 'object' ? (def(inner).shape as Record<string, Schema>) : undefined;
}

/** The options of a union schema (after unwrapping), or undefined. */
export function unionOptions(schema: Schema): Schema[] | undefined {
  const inner = unwrap(schema).schema;
  return def(inner).type === 'union' ? (def(inner).options as Schema[]) : undefined;
}

/** The schema at a key path: object keys, array indexes and record keys; every union option that has the path. */
export function schemasAt(schema: Schema, keyPath: readonly PropertyKey[]): Schema[] {
  let current: Schema[] = [schema];
  for (const key of keyPath) {
    const next: Schema[] = [];
    for (const candidate of current.flatMap((s) => unionOptions(s) ?? [s])) {
      const inner = unwrap(candidate).schema;
      const d = def(inner);
      if (d.type === 'object' && typeof key === 'string' && Object.hasOwn(d.shape as object, key)) next.push((d.shape as Record<string, Schema>)[key]);
      else if (d.type === 'array' && typeof key === 'number') next.push(d.element as Schema);
      else if (d.type === 'record') next.push(d.valueType as Schema);
    }
    current = next;
  }
  return current;
}

/** Every key an object at this path may have (all union options together). */
export function keysAt(schema: Schema, keyPath: readonly PropertyKey[]): string[] {
  const keys = new Set<string>();
  for (const at of schemasAt(schema, keyPath)) {
    for (const option of unionOptions(at) ?? [at]) for (const key of Object.keys(shapeOf(option) ?? {})) keys.add(key);
  }
  return [...keys];
}

/** How a type reads in the reference: `string`, `'left' | 'right'`, `string[]`, `object`. */
export function typeName(schema: Schema): string {
  const inner = unwrap(schema).schema;
  const d = def(inner);
  switch (d.type) {
    case 'string':
      return d.format === 'url' ? 'string (URL)' : 'string';
    case 'number':
      return (inner as { isInt?: boolean }).isInt ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    case 'literal':
      return (d.values as unknown[]).map((v) => jsLiteral(v)).join(' | ');
    case 'enum':
      return Object.values(d.entries as Record<string, string>).map((v) => jsLiteral(v)).join(' | ');
    case 'array': {
      const element = typeName(d.element as Schema);
      return element.includes(' | ') ? `(${element})[]` : `${element}[]`;
    }
    case 'object':
    case 'record':
      return 'object';
    case 'union': {
      const names = [...new Set((d.options as Schema[]).map(typeName))];
      return names.join(' | ');
    }
    default:
      return d.type;
  }
}

/** A value as it would be written in site.config.ts. */
export function jsLiteral(value: unknown, indent = ''): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) {
    const items = value.map((v) => jsLiteral(v, indent));
    return items.join(', ').length > 70 ? `[\n${items.map((i) => `${indent}  ${i}`).join(',\n')},\n${indent}]` : `[${items.join(', ')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : jsLiteral(k)}: ${jsLiteral(v, indent + '  ')}`);
    if (entries.length === 0) return '{}';
    return entries.join(', ').length > 70 ? `{\n${entries.map((e) => `${indent}  ${e}`).join(',\n')},\n${indent}}` : `{ ${entries.join(', ')} }`;
  }
  return String(value);
}

/** One key of the config, as the reference documents it. */
export interface KeyReference {
  /** `navbar.items[].label`; `[]` stands for any array index, `<key>` for any record key. */
  path: string;
  /** For a key of one shape of a union: that shape's title ("Sidebar link"). */
  variant?: string;
  type: string;
  required: boolean;
  hasDefault: boolean;
  default?: unknown;
  description?: string;
  example?: unknown;
  /** Its own keys are documented after it. */
  isObject: boolean;
}

/** Every key of the schema, parents before their children, in schema order. */
export function walkKeys(schema: Schema): KeyReference[] {
  const out: KeyReference[] = [];
  const visit = (prefix: string, shape: Record<string, Schema>, variant?: string) => {
    for (const [key, child] of Object.entries(shape)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const u = unwrap(child);
      const entry: KeyReference = {
        path,
        type: typeName(child),
        required: !u.optional && !u.hasDefault,
        hasDefault: u.hasDefault,
        isObject: false,
        ...(variant ? { variant } : {}),
        ...(u.hasDefault ? { default: u.default } : {}),
        ...(u.meta.description ? { description: u.meta.description } : {}),
        ...(u.meta.examples?.length ? { example: u.meta.examples[0] } : {}),
      };
      out.push(entry);
      const nested = nestedShapes(u.schema, path);
      entry.isObject = nested.length > 0;
      for (const n of nested) visit(n.prefix, n.shape, n.variant ?? variant);
    }
  };
  visit('', shapeOf(schema) ?? {});
  return out;
}

/** The objects below a key: its own keys, an array's or a record's items, each shape of a union. */
function nestedShapes(schema: Schema, path: string): { prefix: string; shape: Record<string, Schema>; variant?: string }[] {
  const d = def(schema);
  if (d.type === 'object') return [{ prefix: path, shape: d.shape as Record<string, Schema> }];
  if (d.type === 'array') return nestedShapes(unwrap(d.element as Schema).schema, `${path}[]`);
  if (d.type === 'record') return nestedShapes(unwrap(d.valueType as Schema).schema, `${path}.<key>`);
  if (d.type === 'union') {
    const options = d.options as Schema[];
    return options.flatMap((option) => {
      const shape = shapeOf(option);
      return shape ? [{ prefix: path, shape, variant: unwrap(option).meta.title ?? variantName(shape) }] : [];
    });
  }
  return [];
}

// Without a title, a shape is named by the literal of its `type` (or `provider`) key.
function variantName(shape: Record<string, Schema>): string | undefined {
  for (const key of ['type', 'provider']) {
    const d = shape[key] ? def(unwrap(shape[key]).schema) : undefined;
    if (d?.type === 'literal') return `${key}: ${jsLiteral((d.values as unknown[])[0])}`;
  }
  return undefined;
}
