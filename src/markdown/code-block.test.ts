import { describe, expect, test, vi } from 'vitest';
import { formatDiagnostic } from '../errors/index.ts';
import { render } from './test-support.ts';

const where = (d: { code: string; line?: number; column?: number }) => ({ code: d.code, line: d.line, column: d.column });

describe('fenced code', () => {
  test('highlights enabled languages (aliases too) and wraps the block with its title', () => {
    const { html } = render('```js title="a.js"\nlet a = 1;\n```\n');
    expect(html).toBe(
      '<div class="code-block"><div class="code-title">a.js</div><pre tabindex="0"><code class="hljs language-javascript">' +
        '<span class="hljs-keyword">let</span> a = <span class="hljs-number">1</span>;</code></pre></div>',
    );
  });

  test('a language the site has not enabled stays plain escaped text', () => {
    const { html } = render('```python\nx = "<b>"\n```\n', {}, { highlightLanguages: ['json'] });
    expect(html).toBe('<div class="code-block"><pre tabindex="0"><code class="language-python">x = "&#x3C;b>"</code></pre></div>');
  });
});

describe('```json schema=NAME examples', () => {
  const doc = (json: string) => `Intro.\n\n\`\`\`json schema=receipt\n${json}\n\`\`\`\n`;

  test('a valid example passes its value to validateExample and reports nothing', () => {
    const validateExample = vi.fn(() => [] as string[]);
    const { diagnostics } = render(doc('{"id": "r1", "n": [1, null]}'), {}, { validateExample });
    expect(validateExample).toHaveBeenCalledWith('receipt', { id: 'r1', n: [1, null] });
    expect(diagnostics).toEqual([]);
  });

  test('schema messages are PD3001 at the opening fence', () => {
    const validateExample = () => ['/usage/purpose must be equal to one of the allowed values'];
    const { diagnostics } = render(doc('{\n  "usage": {"purpose": "sell"}\n}'), { lineOffset: 4 }, { validateExample });
    expect(diagnostics.map(where)).toEqual([{ code: 'PD3001', line: 7, column: 1 }]);
    expect(formatDiagnostic(diagnostics[0])).toMatchInlineSnapshot(
      `"content/docs/page.md:7:1  PD3001 The JSON example does not match the schema "receipt": /usage/purpose must be equal to one of the allowed values.  (hint: fix the example, or the schema in content/schemas/receipt.json if the example is right)"`,
    );
  });

  test('an unknown schema is PD3002 at the opening fence', () => {
    const { diagnostics } = render(doc('{}'), { lineOffset: 1 }, { validateExample: () => 'unknown-schema' });
    expect(diagnostics.map(where)).toEqual([{ code: 'PD3002', line: 4, column: 1 }]);
  });

  test('invalid JSON is PD3003 at the offending character, mapped into the file', () => {
    const validateExample = vi.fn(() => [] as string[]);
    const { diagnostics } = render(doc('{\n  "id": "r1",\n  "n": [1, 2, x]\n}'), { lineOffset: 10 }, { validateExample });
    // Fence on body line 3 → file line 13; the `x` is on the third content line, column 15.
    expect(diagnostics.map(where)).toEqual([{ code: 'PD3003', line: 16, column: 15 }]);
    expect(diagnostics[0].message).toBe(
      'This code block is marked schema=receipt but is not valid JSON: expected a value (found "x").',
    );
    expect(validateExample).not.toHaveBeenCalled();
  });

  test('PD3003 columns account for a fence indented inside a list', () => {
    const { diagnostics } = render('- item\n\n  ```json schema=receipt\n  {"a": 1,}\n  ```\n');
    expect(diagnostics.map(where)).toEqual([{ code: 'PD3003', line: 4, column: 11 }]);
    expect(diagnostics[0].message).toContain("expected a double-quoted property name (found \"}\")");
  });

  test('unterminated input points at the end', () => {
    const { diagnostics } = render(doc('{"a": [1,'));
    expect(diagnostics.map(where)).toEqual([{ code: 'PD3003', line: 4, column: 10 }]);
  });

  test('json blocks without schema= are not validated', () => {
    const validateExample = vi.fn(() => [] as string[]);
    const { diagnostics } = render('```json\n{not json\n```\n', {}, { validateExample });
    expect(diagnostics).toEqual([]);
    expect(validateExample).not.toHaveBeenCalled();
  });
});
