// Source-level guard: every ```json schema=NAME block in the docs and the blog must validate against
// content/schemas/NAME.json. The site build runs the same check; this one fails faster and names the block.
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCHEMAS = join(ROOT, 'content', 'schemas');
const SOURCES = [join(ROOT, 'content', 'docs'), join(ROOT, 'content', 'blog')];

interface Example {
  file: string;
  line: number;
  schema: string;
  body: string;
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.mdx?$/.test(name))
    .map((name) => join(dir, name))
    .sort();
}

function examples(file: string): Example[] {
  const found: Example[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  let open: { schema?: string; line: number; body: string[] } | undefined;
  lines.forEach((line, i) => {
    if (open) {
      if (/^```\s*$/.test(line)) {
        if (open.schema) {
          found.push({ file: relative(ROOT, file), line: open.line, schema: open.schema, body: open.body.join('\n') });
        }
        open = undefined;
      } else {
        open.body.push(line);
      }
      return;
    }
    const fence = /^```(\w*)(.*)$/.exec(line);
    if (fence) {
      const schema = fence[1] === 'json' ? /(?:^|\s)schema=([\w-]+)/.exec(fence[2])?.[1] : undefined;
      open = { schema, line: i + 1, body: [] };
    }
  });
  return found;
}

// Formats are documentation only in these schemas (the patterns do the checking), so they are not validated.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

function validator(name: string): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, `${name}.json`), 'utf8')) as object);
    validators.set(name, validate);
  }
  return validate;
}

const all = SOURCES.flatMap(markdownFiles).flatMap(examples);

describe('schemas', () => {
  for (const name of ['receipt', 'attestation', 'index']) {
    it(`content/schemas/${name}.json is a draft-07 schema that compiles`, () => {
      const schema = JSON.parse(readFileSync(join(SCHEMAS, `${name}.json`), 'utf8')) as Record<string, unknown>;
      expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
      expect(schema.$id).toBe(`https://docs.iaindex.org/schemas/${name}.json`);
      expect(() => validator(name)).not.toThrow();
    });
  }
});

describe('schema-declared examples in content/', () => {
  it('finds examples to check', () => {
    expect(all.length).toBeGreaterThan(0);
  });

  for (const example of all) {
    it(`${example.file}:${example.line} validates against ${example.schema}.json`, () => {
      const schemaFile = join(SCHEMAS, `${example.schema}.json`);
      expect(existsSync(schemaFile), `no schema content/schemas/${example.schema}.json`).toBe(true);
      const validate = validator(example.schema);
      const value: unknown = JSON.parse(example.body);
      const valid = validate(value);
      expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
      expect(valid).toBe(true);
    });
  }
});
