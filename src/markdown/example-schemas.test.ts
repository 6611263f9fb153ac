import { describe, expect, test } from 'vitest';
import { createSchemaValidator } from './example-schemas.ts';

const receipt = {
  type: 'object',
  required: ['id', 'usage'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    usage: { type: 'object', properties: { purpose: { enum: ['search', 'training'] } } },
    attestation: { $ref: 'attestation' },
  },
};
const attestation = { type: 'object', required: ['digest'], properties: { digest: { type: 'string' } } };

describe('createSchemaValidator', () => {
  const validate = createSchemaValidator({ receipt, attestation });

  test('a valid value has no messages', () => {
    expect(validate('receipt', { id: 'r1', usage: { purpose: 'search' } })).toEqual([]);
  });

  test('reports every problem with its JSON pointer', () => {
    expect(validate('receipt', { usage: { purpose: 'sell' }, extra: 1 })).toEqual([
      "must have required property 'id'",
      'must NOT have additional properties ("extra")',
      '/usage/purpose must be equal to one of the allowed values',
    ]);
  });

  test('schemas can $ref each other by name', () => {
    expect(validate('receipt', { id: 'r', usage: {}, attestation: {} })).toEqual([
      "/attestation must have required property 'digest'",
    ]);
  });

  test('an unknown name is unknown-schema', () => {
    expect(validate('index', {})).toBe('unknown-schema');
  });

  test('draft 2020-12 schemas work', () => {
    const validate2020 = createSchemaValidator({
      index: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'string' }] },
    });
    expect(validate2020('index', [1])).toEqual(['/0 must be string']);
  });

  test('a broken schema fails when the validator is created', () => {
    expect(() => createSchemaValidator({ bad: { type: 'no-such-type' } })).toThrow();
  });

  describe('OpenAPI 3.1 documents', () => {
    const item = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'https://example.test/item.json',
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' } },
      definitions: { name: { type: 'string', minLength: 1 } },
    };
    const api = {
      openapi: '3.1.0',
      info: { title: 'Items', version: '1' },
      paths: {
        '/items/{itemId}': {
          parameters: [],
          put: {
            operationId: 'replaceItem',
            requestBody: { content: { 'application/json': { schema: { $ref: 'https://example.test/item.json' } } } },
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Saved' } } } },
              '204': { description: 'no body' },
              '404': { $ref: '#/components/responses/Missing' },
            },
          },
        },
      },
      webhooks: {
        itemChanged: { post: { operationId: 'itemChanged', requestBody: { content: { 'application/json': { schema: { type: 'array', prefixItems: [{ type: 'string' }] } } } }, responses: {} } },
      },
      components: {
        schemas: { Saved: { type: 'object', required: ['saved'], properties: { saved: { const: true }, name: { $ref: 'https://example.test/item.json#/definitions/name' } } } },
        responses: { Missing: { description: 'missing', content: { 'application/json': { schema: { type: 'object', required: ['error'] } } } } },
      },
    };
    const validateApi = createSchemaValidator({ item, api });

    test('names a request body as DOC:operationId/request, checked against the schema file it refers to', () => {
      expect(validateApi('api:replaceItem/request', { id: 3 })).toEqual([]);
      expect(validateApi('api:replaceItem/request', { id: 'x' })).toEqual(['/id must be integer']);
    });

    test('names a response body by its status, with 2020-12 keywords and refs into draft-07 files', () => {
      expect(validateApi('api:replaceItem/200', { saved: true, name: 'a' })).toEqual([]);
      expect(validateApi('api:replaceItem/200', { saved: false, name: '' })).toEqual([
        '/saved must be equal to constant',
        '/name must NOT have fewer than 1 characters',
      ]);
    });

    test('follows a response that is a $ref to components/responses', () => {
      expect(validateApi('api:replaceItem/404', {})).toEqual(["must have required property 'error'"]);
    });

    test('finds operations among the webhooks too', () => {
      expect(validateApi('api:itemChanged/request', [1])).toEqual(['/0 must be string']);
    });

    test('an operation, part or body the document lacks is unknown-schema', () => {
      expect(validateApi('api:deleteItem/request', {})).toBe('unknown-schema');
      expect(validateApi('api:replaceItem/500', {})).toBe('unknown-schema');
      expect(validateApi('api:replaceItem/204', {})).toBe('unknown-schema');
      expect(validateApi('nope:replaceItem/200', {})).toBe('unknown-schema');
    });

    test('the document itself is not an example schema, and plain schemas keep working beside it', () => {
      expect(validateApi('api', {})).toBe('unknown-schema');
      expect(validateApi('item', {})).toEqual(["must have required property 'id'"]);
    });
  });
});

