import { existsSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../config/index.ts';
import { threadPools, type PoolFactory } from '../workers/index.ts';

/**
 * Worker threads for the commands: the compiled worker entry, one thread per core. Without a compiled protodocs
 * (dist/), builds run in one thread.
 */
export function cliWorkers(): PoolFactory | undefined {
  const workerFile = path.join(PACKAGE_ROOT, 'dist', 'build-worker.js');
  return existsSync(workerFile) ? threadPools(workerFile) : undefined;
}
