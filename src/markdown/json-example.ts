import type { Code } from 'mdast';
import type { Diagnostic } from '../errors/index.ts';
import { positionAt } from '../errors/index.ts';
import { markdownDiagnostic } from './diagnostic.ts';
import { findJsonSyntaxError } from './json-syntax-error.ts';
import type { JsonValue, RenderOptions } from './types.ts';

/**
 * Checks a ```json schema=NAME block: it must be JSON and validate against the named schema. Schema problems point
 * at the opening fence (the block as a whole is the example); syntax errors point at the offending character.
 */
export function checkJsonExample(
  node: Code,
  schema: string,
  file: string,
  validateExample: RenderOptions['validateExample'],
): Diagnostic[] {
  const fence = { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
  let value: JsonValue;
  try {
    value = JSON.parse(node.value) as JsonValue;
  } catch (error) {
    const found = findJsonSyntaxError(node.value);
    const reason = found?.reason ?? (error instanceof Error ? error.message : String(error));
    let at = fence;
    if (found) {
      const inCode = positionAt(node.value, found.offset);
      // Content starts on the line after the fence; its lines are indented like the fence (e.g. inside a list).
      at = { line: fence.line + inCode.line, column: fence.column + inCode.column - 1 };
    }
    return [
      markdownDiagnostic(
        'PD3003',
        file,
        at,
        `This code block is marked schema=${schema} but is not valid JSON: ${reason}.`,
        'JSON needs double-quoted keys and strings, and allows no comments or trailing commas',
      ),
    ];
  }

  if (!validateExample) return [];
  const result = validateExample(schema, value);
  if (result === 'unknown-schema') {
    // `DOC:operationId/part` names a body in an OpenAPI document (see example-schemas.ts).
    const [doc, part] = schema.split(':', 2);
    const hint =
      part === undefined
        ? `add content/schemas/${schema}.json, or fix the name after schema=`
        : `after "${doc}:" name an operationId of content/schemas/${doc}.json and "request" or a status it answers with a JSON body, e.g. ${doc}:createItem/201`;
    return [markdownDiagnostic('PD3002', file, fence, `The code block names the schema "${schema}", which does not exist.`, hint)];
  }
  return result.map((message) =>
    markdownDiagnostic(
      'PD3001',
      file,
      fence,
      `The JSON example does not match the schema "${schema}": ${message}.`,
      `fix the example, or the schema in content/schemas/${schema}.json if the example is right`,
    ),
  );
}
