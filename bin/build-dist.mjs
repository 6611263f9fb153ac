// Compiles the CLI and the public API to dist/ with esbuild (runs on `npm ci` through the prepare script).
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// dist/ is overwritten in place, never deleted first, so tests that run the CLI concurrently never see it missing.
const result = await build({
  absWorkingDir: root,
  entryPoints: { 'cli/main': 'src/cli/main.ts', index: 'src/index.ts', 'markdown-worker': 'src/build/markdown-worker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});
// Chunk names carry content hashes: drop the ones this build no longer wrote, once the new ones are in place.
const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(root, file)));
for (const entry of readdirSync(path.join(root, 'dist'), { recursive: true, withFileTypes: true })) {
  const abs = path.join(entry.parentPath ?? entry.path, entry.name);
  if (entry.isFile() && !written.has(abs)) rmSync(abs);
}
