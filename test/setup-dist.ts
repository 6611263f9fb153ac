import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Compiles the CLI once per test run, so tests that spawn bin/protodocs.js run the current source. `npm test` compiles
 * it once for both projects and says so with PROTODOCS_DIST_BUILT=1.
 */
export default function setup(): void {
  if (process.env.PROTODOCS_DIST_BUILT === '1') return;
  execFileSync(process.execPath, [fileURLToPath(new URL('../bin/build-dist.mjs', import.meta.url))], { stdio: 'inherit' });
}
