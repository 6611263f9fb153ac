import { Ajv, type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import draft07MetaSchema from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import type { JsonValue, RenderOptions } from './types.ts';

type ValidateExample = NonNullable<RenderOptions['validateExample']>;

/**
 * A `validateExample` for ```json schema=NAME blocks, backed by Ajv. Every schema is added under its name first, so
 * schemas can `$ref` each other, then compiled once, here: a broken schema fails when the validator is created,
 * not on the first page that uses it. Schemas declaring draft 2020-12 get Ajv's 2020 dialect.
 *
 * A schema file may also be an OpenAPI 3.1 document. Its request and response bodies are then named
 * `NAME:operationId/request` or `NAME:operationId/STATUS` (for example `openapi:submitReceipt/200`), and compiled on
 * first use: the schemas they point to are whatever the document says.
 */
export function createSchemaValidator(schemas: Readonly<Record<string, object>>): ValidateExample {
  const openApi = Object.entries(schemas).filter(([, schema]) => isOpenApi31(schema));
  const uses2020 =
    openApi.length > 0 ||
    Object.values(schemas).some((schema) => String((schema as { $schema?: unknown }).$schema ?? '').includes('2020-12'));
  // Formats in these schemas document intent (uuid, date-time); examples are checked for shape, not format.
  const options = { allErrors: true, strict: false, validateFormats: false };
  const ajv = uses2020 ? new Ajv2020(options) : new Ajv(options);
  // OpenAPI 3.1 bodies are 2020-12 schemas that may $ref draft-07 schema files.
  if (uses2020) ajv.addMetaSchema(draft07MetaSchema);
  for (const [name, schema] of Object.entries(schemas)) ajv.addSchema(schema as AnySchemaObject, name);

  const validators = new Map<string, ValidateFunction>();
  for (const name of Object.keys(schemas)) {
    if (openApi.some(([docName]) => docName === name)) continue;
    const validate = ajv.getSchema(name);
    if (validate) validators.set(name, validate);
  }
  const bodies = new Map(openApi.map(([name, doc]) => [name, bodyPointers(doc as OpenApiDocument)]));

  const lookUp = (schema: string): ValidateFunction | undefined => {
    const known = validators.get(schema);
    if (known) return known;
    const match = /^([^:]+):(.+)$/.exec(schema);
    const pointer = match && bodies.get(match[1])?.get(match[2]);
    if (!match || !pointer) return undefined;
    const validate = ajv.getSchema(`${match[1]}#${pointer}`);
    if (validate) validators.set(schema, validate);
    return validate;
  };

  return (schema: string, value: JsonValue) => {
    const validate = lookUp(schema);
    if (!validate) return 'unknown-schema';
    if (validate(value)) return [];
    return (validate.errors ?? []).map(formatError);
  };
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
}

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}

function isOpenApi31(schema: object): boolean {
  const version = (schema as { openapi?: unknown }).openapi;
  return typeof version === 'string' && version.startsWith('3.1');
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const JSON_MEDIA = 'application/json';

/** `operationId/request` and `operationId/STATUS` → URI-fragment JSON pointer of that JSON body's schema. */
function bodyPointers(doc: OpenApiDocument): Map<string, string> {
  const pointers = new Map<string, string>();
  const segment = (part: string) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));
  const pointer = (...parts: string[]) => parts.map((part) => '/' + segment(part)).join('');
  for (const group of ['paths', 'webhooks'] as const) {
    for (const [route, item] of Object.entries(doc[group] ?? {})) {
      for (const [method, value] of Object.entries(item)) {
        const operation = value as Operation;
        if (!METHODS.has(method) || !operation.operationId) continue;
        if (operation.requestBody?.content?.[JSON_MEDIA]) {
          pointers.set(`${operation.operationId}/request`, pointer(group, route, method, 'requestBody', 'content', JSON_MEDIA, 'schema'));
        }
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          // A response may live in components/responses, reached by a local $ref.
          const target = response.$ref?.startsWith('#/') ? response.$ref.slice(1) : undefined;
          const body = target ? resolveLocal(doc, target) : response;
          if (!(body as { content?: Record<string, unknown> } | undefined)?.content?.[JSON_MEDIA]) continue;
          const base = target ?? pointer(group, route, method, 'responses', status);
          pointers.set(`${operation.operationId}/${status}`, `${base}${pointer('content', JSON_MEDIA, 'schema')}`);
        }
      }
    }
  }
  return pointers;
}

function resolveLocal(doc: object, jsonPointer: string): unknown {
  let node: unknown = doc;
  for (const raw of jsonPointer.split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** `/usage/purpose must be equal to one of the allowed values`; the path is left out at the root. */
function formatError(error: ErrorObject): string {
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties') {
    message += ` ("${String((error.params as { additionalProperty?: unknown }).additionalProperty)}")`;
  }
  return error.instancePath ? `${error.instancePath} ${message}` : message;
}
