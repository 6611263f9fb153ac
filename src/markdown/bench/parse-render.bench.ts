// Timings are never asserted. Run: npx vitest bench --run --config test/vitest.config.ts --project unit src/markdown
import { bench, describe } from 'vitest';
import { parseMarkdown } from '../parse.ts';
import { testRenderOptions } from '../test-support.ts';
import { renderMarkdown } from '../to-html.ts';
import { samplePage } from './sample-page.ts';

const options = testRenderOptions();
const variants = [
  { name: 'table and URLs', withTable: true, withUrls: true },
  { name: 'table, no URLs', withTable: true, withUrls: false },
  { name: 'neither', withTable: false, withUrls: false },
];

for (const variant of variants) {
  const pages = Array.from({ length: 50 }, (_, i) => samplePage(i, variant));
  describe(`parse + render, ${variant.name} (${pages[0].length} bytes)`, () => {
    for (const scanSyntax of [true, false]) {
      let next = 0;
      bench(
        `syntax scan ${scanSyntax ? 'on' : 'off'}`,
        () => {
          const source = pages[next++ % pages.length];
          renderMarkdown(parseMarkdown(source, { file: 'bench.md', mdx: false, scanSyntax }), options);
        },
        { warmupIterations: 100, iterations: 200 },
      );
    }
  });
}
