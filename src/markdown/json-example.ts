import type { Code } from 'mdast';
import { problem, type Diagnostic } from '../errors/index.ts';
import { positionAt } from '../errors/index.ts';
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
    return [problem('PD3003', { schema, reason }, { file, ...at })];
  }

  if (!validateExample) return [];
  const result = validateExample(schema, value);
  if (result === 'unknown-schema') return [problem('PD3002', { schema }, { file, ...fence })];
  return result.map((reason) => problem('PD3001', { schema, reason }, { file, ...fence }));
}
