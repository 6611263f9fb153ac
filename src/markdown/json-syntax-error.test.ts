import { describe, expect, test } from 'vitest';
import { findJsonSyntaxError } from './json-syntax-error.ts';

describe('findJsonSyntaxError', () => {
  test.each([
    ['{"a": 1,}', 8, 'expected a double-quoted property name (found "}")'],
    ["{'a': 1}", 1, `expected a double-quoted property name (found "'")`],
    ['[1 2]', 3, "expected ',' or ']' (found \"2\")"],
    ['{"a" 1}', 5, "expected ':' after the property name (found \"1\")"],
    ['{"a": tru}', 6, 'expected a value (found "t")'],
    ['"abc', 0, 'unterminated string'],
    ['"a\\x"', 2, 'invalid escape sequence in a string'],
    ['[1, 2', 5, "expected ',' or ']' (found the end)"],
    ['{} {}', 3, 'unexpected text after the JSON value'],
    ['// comment\n{}', 0, 'expected a value (found "/")'],
  ])('%s', (text, offset, reason) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(findJsonSyntaxError(text)).toEqual({ offset, reason });
  });

  test('valid JSON has no error', () => {
    expect(findJsonSyntaxError(' {"a": [1, -2.5e3, true, null, "\\u00e9\\n"]} ')).toBeUndefined();
  });
});
