import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Compiles the CLI once per test run, so tests that spawn bin/protodocs.js run the current source. */
export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../bin/build-dist.mjs', import.meta.url))], { stdio: 'inherit' });
}
