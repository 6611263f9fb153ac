// Source-level guard: every ```json schema=NAME block in the docs and the blog must validate against
// content/schemas/NAME.json. The site build runs the same check; this one fails faster and names the block.
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { createSchemaValidator } from '../src/markdown/index.ts';

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
      const schema = fence[1] === 'json' ? /(?:^|\s)schema=(\S+)/.exec(fence[2])?.[1] : undefined;
      open = { schema, line: i + 1, body: [] };
    }
  });
  return found;
}

// Formats are documentation only in these schemas (the patterns do the checking), so they are not validated.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
// Every draft-07 schema file is added before any is compiled: they `$ref` each other (batch.json uses receipt.json's
// definitions), so a test run alone must not depend on another test having loaded the target first.
const schemaNames = readdirSync(SCHEMAS)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .filter((name) => !('openapi' in readSchema(name)))
  .sort();
for (const name of schemaNames) ajv.addSchema(readSchema(name));

function readSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(SCHEMAS, `${name}.json`), 'utf8')) as Record<string, unknown>;
}

function validator(name: string): ValidateFunction {
  const validate = ajv.getSchema(`https://docs.iaindex.org/schemas/${name}.json`);
  if (!validate) throw new Error(`no schema content/schemas/${name}.json`);
  return validate;
}

const all = SOURCES.flatMap(markdownFiles).flatMap(examples);

describe('schemas', () => {
  it('finds the protocol schemas', () => {
    expect(schemaNames).toEqual(expect.arrayContaining(['attestation', 'batch', 'index', 'receipt']));
  });

  for (const name of schemaNames) {
    it(`content/schemas/${name}.json is a draft-07 schema that compiles`, () => {
      const schema = readSchema(name);
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

  // The build's own validator, given every schema file: OpenAPI bodies (`openapi:submitReceipt/200`) resolve
  // through the document, and schemas `$ref` each other whatever order the tests run in.
  const validateExample = createSchemaValidator(
    Object.fromEntries(
      readdirSync(SCHEMAS)
        .filter((name) => name.endsWith('.json'))
        .map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(join(SCHEMAS, name), 'utf8')) as object]),
    ),
  );

  for (const example of all) {
    it(`${example.file}:${example.line} validates against ${example.schema}`, () => {
      const errors = validateExample(example.schema, JSON.parse(example.body) as never);
      expect(errors, `no schema ${example.schema} in content/schemas/`).not.toBe('unknown-schema');
      expect(errors).toEqual([]);
    });
  }
});
