// Mutation testing of the config, routes, render and checks stages: `npm run mutate` (not part of `npm test`).
// Each mutant runs against the unit tests that cover it (test/vitest.mutate.config.ts: the tests beside those modules,
// in memory or on small temp folders, no CLI or browser). Results are kept in reports/mutation, so a second run only
// re-tests mutants whose code or tests changed; delete that folder for a full run.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'test/vitest.mutate.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: ['src/config/**/*.ts', 'src/routes/**/*.ts', 'src/render/**/*.ts', 'src/checks/**/*.ts', '!src/**/*.test.ts', '!src/**/test-support.ts'],
  ignorePatterns: ['/build', '/dist', '/reports', '/screenshots', '/bench-results', 'test/bench/.corpus', 'test/fixtures/*/build', '/content'],
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
};
