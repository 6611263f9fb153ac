// Compiles the CLI and the public API to dist/ with esbuild (runs on `npm ci` through the prepare script).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { 'cli/main': 'src/cli/main.ts', index: 'src/index.ts' },
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
