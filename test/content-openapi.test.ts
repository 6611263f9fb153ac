// The OpenAPI document of the hosted API (/openapi.json): it is valid OpenAPI 3.1, it is the file the generator makes
// from the API pages, every operation is complete and documented on its page, and every example on the API pages
// (JSON blocks and curl bodies) validates against it.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../src/markdown/example-schemas.ts';
import { ROOT, codeBlocks, type CodeBlock } from './content-support.ts';

const SCHEMA_NAMES = ['receipt', 'batch', 'attestation', 'index'];
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const published = read('content/public/openapi.json');
const doc = JSON.parse(published) as OpenApi;
const schemas = Object.fromEntries(SCHEMA_NAMES.map((name) => [name, JSON.parse(read(`content/schemas/${name}.json`)) as Record<string, unknown>]));

interface MediaType {
  schema: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  externalDocs: { url: string };
  parameters?: { $ref: string }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { $ref?: string; content?: Record<string, MediaType>; headers?: Record<string, unknown> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content: Record<string, MediaType>; headers: Record<string, unknown> }> };
}

const operations = Object.entries(doc.paths).flatMap(([route, item]) => Object.entries(item).map(([method, op]) => ({ route, method, op })));
const webhook = doc.webhooks.receipt.post;

function responseOf(op: Operation, status: string) {
  const response = op.responses[status];
  return response?.$ref ? doc.components.responses[response.$ref.split('/').pop()!] : response;
}

const apiPages = readdirSync(path.join(ROOT, 'content/docs/api')).filter((f) => f.endsWith('.md')).sort();
const pageBlocks = (page: string): (CodeBlock & { page: string })[] => codeBlocks(read(`content/docs/${page}`)).map((b) => ({ ...b, page }));
const apiBlocks = apiPages.flatMap((file) => pageBlocks(`api/${file}`));

describe('/openapi.json', () => {
  it('is the file the generator makes from the API pages, in both places it is published', () => {
    expect(read('content/schemas/openapi.json')).toBe(published);
    const check = spawnSync(process.execPath, ['content/openapi/build-openapi.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('is a valid OpenAPI 3.1 document, with the JSON Schemas it refers to', async () => {
    const validator = new Validator();
    for (const name of SCHEMA_NAMES) await validator.addSpecRef(schemas[name], `https://docs.iaindex.org/schemas/${name}.json`);
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is refused by the same validator when an operation is broken', async () => {
    const validator = new Validator();
    for (const name of SCHEMA_NAMES) await validator.addSpecRef(schemas[name], `https://docs.iaindex.org/schemas/${name}.json`);
    const broken = structuredClone(doc) as OpenApi;
    (broken.paths['/api/v1/receipts'].post as unknown as Record<string, unknown>).responses = 'none';
    expect((await validator.validate(broken as unknown as Record<string, unknown>)).valid).toBe(false);
  });

  it('refers to the published JSON Schemas for the protocol objects rather than restating them', () => {
    const text = JSON.stringify(doc);
    for (const name of SCHEMA_NAMES) expect(text).toContain(`"https://docs.iaindex.org/schemas/${name}.json`);
    expect(webhook.requestBody!.content['application/json'].schema).toEqual({
      oneOf: [{ $ref: '#/components/schemas/Receipt' }, { $ref: '#/components/schemas/Batch' }],
    });
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.route}`, o] as const))('%s is complete', (_label, { op }) => {
    expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    expect(Array.isArray(op.security)).toBe(true);
    const statuses = Object.keys(op.responses);
    const ok = statuses.find((s) => s.startsWith('2'))!;
    expect(ok).toBeDefined();
    // Examples: the request body and the success body, when there is one.
    if (op.requestBody) expect(Object.keys(op.requestBody.content['application/json'].examples ?? {}).length, 'request example').toBeGreaterThan(0);
    const success = op.responses[ok].content?.['application/json'];
    if (success) expect(Object.keys(success.examples ?? {}).length, `${ok} example`).toBeGreaterThan(0);
    // Errors and rate limits: every call can be throttled, and says so with headers.
    expect(statuses).toEqual(expect.arrayContaining(['429', '500']));
    expect(statuses.some((s) => s.startsWith('4') && s !== '429')).toBe(op.security.length > 0 || Boolean(op.requestBody) || Boolean(op.parameters));
    const limited = responseOf(op, '429')!;
    expect(Object.keys(limited.headers!)).toEqual(expect.arrayContaining(['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
    for (const status of statuses.filter((s) => !s.startsWith('2'))) {
      const examples = responseOf(op, status)!.content!['application/json'].examples!;
      expect(Object.keys(examples).length, status).toBeGreaterThan(0);
    }
  });
});

describe('the API pages and /openapi.json', () => {
  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.route}`, o] as const))('%s is documented on its page, under its heading', (label, { op }) => {
    const [, docPath, anchor] = /\/docs\/([^#]+)#(.+)$/.exec(op.externalDocs.url)!;
    const markdown = read(`content/docs/${docPath}.md`);
    const heading = markdown.split('\n').find((line) => /^#{2,3} /.test(line) && slug(line.replace(/^#+ /, '')) === anchor);
    expect(heading, `${docPath}.md has no heading #${anchor}`).toBeDefined();
    const section = markdown.slice(markdown.indexOf(heading!));
    expect(section.slice(0, 400)).toMatch(new RegExp(`\`${label.replace(/[{}?]/g, '\\$&')}(\\?[^\`]*)?\``));
  });

  it('lists on its pages no endpoint that the document lacks', () => {
    const documented = new Set(operations.map((o) => `${o.method.toUpperCase()} ${o.route}`));
    const onPages = apiPages.flatMap((file) =>
      [...read(`content/docs/api/${file}`).matchAll(/^`(GET|POST|PATCH|DELETE) (\/api\/v1\/[^`?]*)/gm)].map((m) => `${m[1]} ${m[2]}`),
    );
    expect(onPages.length).toBeGreaterThanOrEqual(operations.length);
    expect(onPages.filter((endpoint) => !documented.has(endpoint))).toEqual([]);
  });

  it('marks every JSON example on the API pages with the operation and part it shows', () => {
    const unmarked = apiBlocks.filter((b) => b.lang === 'json' && !/(?:^|\s)schema=openapi:\w+\/(request|\d{3})(?:\s|$)/.test(b.meta));
    expect(unmarked.map((b) => `${b.page}:${b.line}`)).toEqual([]);
  });

  const validate = createSchemaValidator({ ...schemas, openapi: doc as unknown as object });
  const marked = [...apiBlocks, ...pageBlocks('protocol/receipts.md'), ...pageBlocks('publishers/domain-verification.md')]
    .map((b) => ({ ...b, name: /(?:^|\s)schema=(openapi:\S+)/.exec(b.meta)?.[1] }))
    .filter((b) => b.lang === 'json' && b.name);

  it.each(marked.map((b) => [`${b.page}:${b.line} (${b.name})`, b] as const))('%s validates', (_label, block) => {
    expect(validate(block.name!, JSON.parse(block.body) as never)).toEqual([]);
  });

  const curl = apiBlocks.filter((b) => b.lang === 'bash' && /\s-d '/.test(b.body));
  it.each(curl.map((b) => [`${b.page}:${b.line}`, b] as const))('the curl body at %s validates against its operation', (_label, block) => {
    const command = block.body.replace(/\\\n\s*/g, ' ');
    const [, method = 'POST'] = /\s-X\s+([A-Z]+)/.exec(command) ?? [];
    const [, target] = /https:\/\/(?:sandbox\.)?api\.iaindex\.org(\/api\/v1\/[^\s"'?]*)/.exec(command)!;
    const match = operations.find((o) => o.method === method.toLowerCase() && new RegExp(`^${o.route.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(target));
    expect(match, `${method} ${target}`).toBeDefined();
    const body = JSON.parse(/\s-d '([^']*)'/.exec(command)![1]) as never;
    expect(validate(`openapi:${match!.op.operationId}/request`, body)).toEqual([]);
  });

  it('copies every page example of a request or success body into the document', () => {
    const values = (media?: MediaType) => Object.values(media?.examples ?? {}).map((e) => JSON.stringify(e.value));
    for (const block of marked) {
      const [, operationId, part] = /^openapi:(\w+)\/(\w+)$/.exec(block.name!)!;
      const op = operationId === 'receiveReceipt' ? webhook : operations.find((o) => o.op.operationId === operationId)!.op;
      if (part !== 'request' && !part.startsWith('2')) continue;
      if (block.page.startsWith('publishers/')) continue;
      const media = part === 'request' ? op.requestBody!.content['application/json'] : op.responses[part].content!['application/json'];
      expect(values(media), `${block.page}:${block.line}`).toContain(JSON.stringify(JSON.parse(block.body)));
    }
  });
});

describe('the build check of openapi: examples', () => {
  const validate = createSchemaValidator({ ...schemas, openapi: doc as unknown as object });

  it('reports a wrong field of a response example', () => {
    expect(validate('openapi:submitReceipt/200', { received: true, receiptId: 'not-a-uuid', processedAt: '2025-01-17T14:52:10.112Z' })).toEqual([
      '/receiptId must match pattern "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"',
    ]);
  });

  it('checks request bodies against the protocol schema the document refers to', () => {
    expect(validate('openapi:submitBatch/request', { version: '1.0.0' })).toEqual(
      expect.arrayContaining(["must have required property 'receipts'", "must have required property 'issuedAt'"]),
    );
  });

  it('checks error examples against the shared error responses', () => {
    expect(validate('openapi:submitReceipt/409', { error: { code: 'duplicate_receipt', message: 'seen' } })).toEqual([]);
    expect(validate('openapi:submitReceipt/409', { error: { code: 'duplicated', message: 'seen' } })).toEqual([
      '/error/code must be equal to one of the allowed values',
    ]);
  });

  it('treats an operation or part the document does not have as an unknown schema', () => {
    expect(validate('openapi:submitReciept/200', {})).toBe('unknown-schema');
    expect(validate('openapi:submitReceipt/201', {})).toBe('unknown-schema');
    expect(validate('openapi:revokeApiKey/204', {})).toBe('unknown-schema');
  });
});

/** github-slugger's rule for the ASCII headings of these pages, honouring an explicit {#id}. */
function slug(heading: string): string {
  const explicit = /\{#([^}]+)\}\s*$/.exec(heading);
  if (explicit) return explicit[1];
  return heading.toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
}

