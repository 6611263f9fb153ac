// Compiles the CLI and the public API to dist/ with esbuild (runs on `npm ci` through the prepare script). With
// --types (before `npm pack`) it also writes the declarations of the public API to dist/types/, so a site's own
// TypeScript checks site.config.ts against them without seeing protodocs' sources.
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TYPES_DIR = path.join(root, 'dist', 'types');
// An installed package is compiled already and ships no sources; npm may still run `prepare` when installing it.
if (!existsSync(path.join(root, 'src', 'cli', 'main.ts'))) process.exit(0);
// dist/ is overwritten in place, never deleted first, so tests that run the CLI concurrently never see it missing.
const result = await build({
  absWorkingDir: root,
  entryPoints: { 'cli/main': 'src/cli/main.ts', index: 'src/index.ts', 'build-worker': 'src/workers/build-worker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  // Dependencies are bundled in: one module graph loads ~4× faster than hundreds of small ESM files, in the CLI and
  // in every markdown worker. React stays external because page modules must render with the very same copy; esbuild
  // and chokidar carry native or optional binaries; linkinator loads only for `check`.
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'chokidar', 'linkinator'],
  // Bundled CommonJS (highlight.js, ajv) calls require(), which an ES module does not have.
  banner: { js: "import { createRequire as __pdCreateRequire } from 'node:module'; const require = __pdCreateRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});
// Chunk names carry content hashes: drop the ones this build no longer wrote, once the new ones are in place.
// dist/types/ belongs to the --types step.
const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(root, file)));
for (const entry of readdirSync(path.join(root, 'dist'), { recursive: true, withFileTypes: true })) {
  const abs = path.join(entry.parentPath ?? entry.path, entry.name);
  if (entry.isFile() && !written.has(abs) && !abs.startsWith(TYPES_DIR + path.sep)) rmSync(abs);
}

if (process.argv.includes('--types')) {
  const { buildTypes } = await import('./build-types.mjs');
  await buildTypes(root, TYPES_DIR);
}
