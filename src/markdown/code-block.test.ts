import { describe, expect, test, vi } from 'vitest';
import { formatDiagnostic } from '../errors/index.ts';
import { render } from './test-support.ts';

const where = (d: { code: string; line?: number; column?: number }) => ({ code: d.code, line: d.line, column: d.column });

describe('fenced code', () => {
  test('highlights enabled languages (aliases too) and wraps the block with its title', () => {
    const { html } = render('```js title="a.js"\nlet a = 1;\n```\n');
    expect(html).toBe(
      '<div class="code-block"><div class="code-title">a.js</div><div class="code-block__tools"><span class="code-block__lang">js</span></div>' +
        '<pre tabindex="0"><code class="hljs language-javascript">' +
        '<span class="hljs-keyword">let</span> a = <span class="hljs-number">1</span>;</code></pre></div>',
    );
  });

  test('a language the site has not enabled stays plain escaped text', () => {
    const { html } = render('```python\nx = "<b>"\n```\n', {}, { highlightLanguages: ['json'] });
    expect(html).toBe(
      '<div class="code-block"><div class="code-block__tools"><span class="code-block__lang">python</span></div>' +
        '<pre tabindex="0"><code class="language-python">x = "&#x3C;b>"</code></pre></div>',
    );
  });

  test('yaml, sh, shell, console, diff, html, css, jsx and tsx fences are highlighted by default', () => {
    const samples: Record<string, string> = {
      yaml: 'a: 1', yml: 'a: 1', sh: 'npm ci', shell: 'npm ci', console: '$ npm ci', diff: '- a\n+ b', html: '<p>a</p>',
      css: 'a { color: red }', jsx: 'let a = <B />;', tsx: 'let a: A = <B />;',
    };
    for (const [lang, sample] of Object.entries(samples)) {
      const { html } = render(`\`\`\`${lang}\n${sample}\n\`\`\`\n`);
      expect(html, lang).toMatch(/<code class="hljs language-[a-z]+">.*<span class="hljs-/s);
      expect(html, lang).toContain(`<span class="code-block__lang">${lang}</span>`);
    }
  });
});

describe('line highlighting and line numbers', () => {
  const lines = (html: string) => [...html.matchAll(/<span class="(code-line[^"]*)"(?: data-line="(\d+)")?>/g)].map((m) => [m[1], m[2]]);

  test('{1,3-4} in the fence meta highlights those lines', () => {
    const { html, diagnostics } = render('```js title="a.js" {1,3-4}\na\nb\nc\nd\ne\n```\n');
    expect(diagnostics).toEqual([]);
    expect(lines(html).map(([c]) => c === 'code-line code-line--highlighted')).toEqual([true, false, true, true, false]);
    expect(html).toContain('<div class="code-title">a.js</div>');
  });

  test('highlight-next-line and highlight-start/end comments mark lines and leave the output', () => {
    const { html, diagnostics } = render(
      '```python\n# highlight-next-line\nx = 1\ny = 2\n# highlight-start\nz = 3\nw = 4\n# highlight-end\nv = 5\n```\n\n' +
        '```jsx\n<div>\n  {/* highlight-next-line */}\n  <h1>Hi</h1>\n</div>\n```\n\n```html\n<!-- highlight-next-line -->\n<p>a</p>\n```\n',
    );
    expect(diagnostics).toEqual([]);
    expect(html).not.toContain('highlight-');
    const marks = lines(html).map(([c]) => c.includes('--highlighted'));
    expect(marks).toEqual([true, false, true, true, false, false, true, false, true]);
  });

  test('showLineNumbers numbers the lines (from N with showLineNumbers=N) without putting numbers in the text', () => {
    const { html } = render('```bash showLineNumbers\nnpm ci\nnpm test\n```\n\n```ts showLineNumbers=10 {2}\nlet a;\nlet b;\n```\n');
    expect(lines(html)).toEqual([['code-line', '1'], ['code-line', '2'], ['code-line', '10'], ['code-line code-line--highlighted', '11']]);
    expect(html).toContain('<span class="code-line" data-line="1"><span class="hljs-title function_">npm</span> ci\n</span>');
  });

  test('a highlighted line keeps its tokens whole when a string spans two lines', () => {
    const { html } = render('```js {1}\nconst s = `a\nb`;\n```\n');
    expect(html).toContain(
      '<span class="code-line code-line--highlighted"><span class="hljs-keyword">const</span> s = <span class="hljs-string">`a</span>\n</span>' +
        '<span class="code-line"><span class="hljs-string">b`</span>;</span>',
    );
  });

  test('a plain block with marked lines stays escaped text', () => {
    const { html } = render('```\n// highlight-next-line\n<b>&</b>\n```\n');
    expect(html).toBe('<div class="code-block"><pre tabindex="0"><code><span class="code-line code-line--highlighted">&lt;b&gt;&amp;&lt;/b&gt;</span></code></pre></div>');
  });

  test('a malformed range is PD3040 at the fence, and the block still renders', () => {
    for (const meta of ['{1,a}', '{3-1}', '{0}', '{1,,2}', '{1,2']) {
      const { diagnostics, html } = render(`Text.\n\n\`\`\`js ${meta}\nlet a;\n\`\`\`\n`, { lineOffset: 3 });
      expect(diagnostics.map(where), meta).toEqual([{ code: 'PD3040', line: 6, column: 1 }]);
      expect(html).toContain('<span class="hljs-keyword">let</span>');
    }
    const { diagnostics } = render('```js {1,a}\nlet a;\n```\n');
    expect(formatDiagnostic(diagnostics[0])).toMatchInlineSnapshot(`"content/docs/page.md:1:1  PD3040 The code fence's line range is malformed: "a" in {1,a} is not a line number or a range.  (hint: list line numbers and ranges separated by commas, e.g. {1,3-4})"`);
  });

  test('a line beyond the block is PD3041; an unbalanced highlight comment is PD3042 at the comment', () => {
    const beyond = render('```js {2,7}\nlet a;\nlet b;\n```\n');
    expect(beyond.diagnostics.map(where)).toEqual([{ code: 'PD3041', line: 1, column: 1 }]);
    expect(beyond.diagnostics[0].message).toBe('The fence highlights line 7, but the block has 2 lines.');
    const unbalanced = render('- item\n\n  ```js\n  let a;\n    // highlight-start\n  let b;\n  ```\n');
    expect(unbalanced.diagnostics.map(where)).toEqual([{ code: 'PD3042', line: 5, column: 5 }]);
    expect(formatDiagnostic(unbalanced.diagnostics[0])).toMatchInlineSnapshot(`"content/docs/page.md:5:5  PD3042 In this code block, highlight-start is never closed.  (hint: add a highlight-end comment after the last line to highlight)"`);
    const stray = render('```py\nx = 1\n# highlight-end\n```\n');
    expect(stray.diagnostics.map(where)).toEqual([{ code: 'PD3042', line: 3, column: 1 }]);
    const last = render('```py\nx = 1\n# highlight-next-line\n```\n');
    expect(last.diagnostics[0].message).toBe('In this code block, highlight-next-line has no line after it.');
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
