// Compiles the CLI and the public API to dist/ with esbuild (runs on `npm ci` through the prepare script).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// dist/ is overwritten in place, never deleted first, so tests that run the CLI concurrently never see it missing.
await build({
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
});
