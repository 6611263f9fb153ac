import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'dist/**', 'build/**', 'test/fixtures/*/build/**', 'test/bench/.corpus/**', 'screenshots/**', '.protodocs-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly', URL: 'readonly', Buffer: 'readonly', performance: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Path and text sanitisers match control characters on purpose (NUL bytes in request paths, sentinels).
      'no-control-regex': 'off',
    },
  },
  { files: ['test/bench/**', 'bin/**', 'test/screenshots.mjs'], rules: { 'no-console': 'off' } },
  {
    // Problems are built by the catalogue (src/errors/catalogue.ts) from data: no message is written at a call site.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/errors/**', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'src/**/test-support.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ObjectExpression:has(> Property[key.name='code'][value.value=/^PD\\d{4}$/]):has(> Property[key.name='message'])",
          message: "Build problems with problem('PDxxxx', data, at) from src/errors; the message belongs in the catalogue.",
        },
      ],
    },
  },
);
