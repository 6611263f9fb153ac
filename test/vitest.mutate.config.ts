import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileURLToPath } from 'node:url';

// The tests StrykerJS runs against each mutant of src/config, src/routes, src/render and src/checks (`npm run mutate`):
// the unit tests beside those modules and the configuration reference, all in memory or on small temp folders, with
// no CLI, no compiled dist/ and no browser.

const root = fileURLToPath(new URL('..', import.meta.url));

/** Tests that start esbuild, worker threads or a server: run last, so a mutant another test kills never waits for them. */
const SLOW = ['import-ts.test.ts', 'load.test.ts', 'crawl.test.ts', 'render-page.test.ts'];

/**
 * A mutant of module-level code (the config schema's descriptions, say) runs against every test, and Stryker stops
 * at the first failure: the configuration reference, which kills most of them, goes first, the slow tests last.
 */
class CheapFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const file = spec.moduleId.split('/').pop()!;
      return file === 'config-reference.test.ts' ? 0 : SLOW.includes(file) ? 2 : 1;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  root,
  test: {
    include: ['src/{config,routes,render,checks}/**/*.test.ts', 'test/config-reference.test.ts'],
    testTimeout: 60_000,
    sequence: { sequencer: CheapFirst },
  },
});
