import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The tests StrykerJS runs against each mutant of src/config, src/routes, src/render and src/checks (`npm run mutate`):
// the unit tests beside those modules and the configuration reference, all in memory or on small temp folders, with
// no CLI, no compiled dist/ and no browser.

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  test: {
    include: ['src/{config,routes,render,checks}/**/*.test.ts', 'test/config-reference.test.ts'],
    testTimeout: 60_000,
  },
});
