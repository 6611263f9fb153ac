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
});
