import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseMarkdown } from './parse.ts';
import { testRenderOptions } from './test-support.ts';
import { renderMarkdown } from './to-html.ts';

// fixtures/<case>.md (or .mdx) → fixtures/<case>.html. A missing .html is written; UPDATE=1 rewrites them all.
// The excerpt, when the case has `<!-- truncate -->`, follows the page HTML after a separator line.
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const update = process.env.UPDATE === '1';
const EXCERPT_SEPARATOR = '\n<!-- ======== excerptHtml ======== -->\n';

describe('markdown golden files', () => {
  const cases = readdirSync(fixtures).filter((name) => /\.mdx?$/.test(name)).sort();

  test('the fixture folder has cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const name of cases) {
    test(name, () => {
      const file = `content/docs/${name}`;
      const source = readFileSync(fixtures + name, 'utf8');
      const parsed = parseMarkdown(source, { file, mdx: name.endsWith('.mdx') });
      const output = renderMarkdown(parsed, testRenderOptions({ file }));
      expect([...parsed.diagnostics, ...output.diagnostics]).toEqual([]);

      const actual =
        output.html + '\n' + (output.excerptHtml === undefined ? '' : EXCERPT_SEPARATOR + output.excerptHtml + '\n');
      const expectedPath = fixtures + name.replace(/\.mdx?$/, '.html');
      if (update || !existsSync(expectedPath)) {
        writeFileSync(expectedPath, actual);
        return;
      }
      expect(actual).toBe(readFileSync(expectedPath, 'utf8'));
    });
  }
});
