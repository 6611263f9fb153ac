// Writes CONFIGURATION.md from the config schema (`npm run reference`). test/config-reference.test.ts fails when the
// committed file is out of date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importSource } from './import-source.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { configurationReference, configSchema, REFERENCE_FILE } = await importSource(
  root,
  "export { configurationReference, REFERENCE_FILE } from './src/config/reference.ts'; export { configSchema } from './src/config/schema.ts';",
);
writeFileSync(path.join(root, REFERENCE_FILE), configurationReference(configSchema));
console.log(`Wrote ${REFERENCE_FILE}`);
