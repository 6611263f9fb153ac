// Writes CONFIGURATION.md from the config schema (`npm run reference`). test/config-reference.test.ts fails when the
// committed file is out of date.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundled = await build({
  absWorkingDir: root,
  stdin: {
    contents: "export { configurationReference, REFERENCE_FILE } from './src/config/reference.ts'; export { configSchema } from './src/config/schema.ts';",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  write: false,
  platform: 'node',
  format: 'esm',
  logLevel: 'warning',
});
const { configurationReference, configSchema, REFERENCE_FILE } = await import(
  `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`
);
writeFileSync(path.join(root, REFERENCE_FILE), configurationReference(configSchema));
console.log(`Wrote ${REFERENCE_FILE}`);
