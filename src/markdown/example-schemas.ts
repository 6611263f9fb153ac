import { Ajv, type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonValue, RenderOptions } from './types.ts';

type ValidateExample = NonNullable<RenderOptions['validateExample']>;

/**
 * A `validateExample` for ```json schema=NAME blocks, backed by Ajv. Every schema is added under its name first, so
 * schemas can `$ref` each other, then compiled once, here: a broken schema fails when the validator is created,
 * not on the first page that uses it. Schemas declaring draft 2020-12 get Ajv's 2020 dialect.
 */
export function createSchemaValidator(schemas: Readonly<Record<string, object>>): ValidateExample {
  const uses2020 = Object.values(schemas).some((schema) =>
    String((schema as { $schema?: unknown }).$schema ?? '').includes('2020-12'),
  );
  // Formats in these schemas document intent (uuid, date-time); examples are checked for shape, not format.
  const options = { allErrors: true, strict: false, validateFormats: false };
  const ajv = uses2020 ? new Ajv2020(options) : new Ajv(options);
  for (const [name, schema] of Object.entries(schemas)) ajv.addSchema(schema as AnySchemaObject, name);

  const validators = new Map<string, ValidateFunction>();
  for (const name of Object.keys(schemas)) {
    const validate = ajv.getSchema(name);
    if (validate) validators.set(name, validate);
  }

  return (schema: string, value: JsonValue) => {
    const validate = validators.get(schema);
    if (!validate) return 'unknown-schema';
    if (validate(value)) return [];
    return (validate.errors ?? []).map(formatError);
  };
}

/** `/usage/purpose must be equal to one of the allowed values`; the path is left out at the root. */
function formatError(error: ErrorObject): string {
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties') {
    message += ` ("${String((error.params as { additionalProperty?: unknown }).additionalProperty)}")`;
  }
  return error.instancePath ? `${error.instancePath} ${message}` : message;
}
