import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCached } from './code-cache.ts';
import type { CliHost } from './main.ts';

/**
 * What bin/protodocs.js runs, compiled to dist/launch.js: the CLI (dist/cli.cjs, one CommonJS bundle) from V8's code
 * cache, kept in the package's own node_modules/.cache, beside the code it was compiled from, or in the folder
 * PROTODOCS_CODE_CACHE names. Written after a build or check succeeded (a failed one leaves nothing behind), once per
 * kind of run.
 */
export async function launch(argv: string[]): Promise<void> {
  const dist = path.dirname(fileURLToPath(import.meta.url));
  const folder = process.env.PROTODOCS_CODE_CACHE || path.join(dist, '..', 'node_modules', '.cache', 'protodocs-cli');
  const cacheFile = path.join(path.resolve(folder), 'cli.bin');
  const cli = runCached<{ main(argv: string[], host: CliHost): Promise<void> }>(path.join(dist, 'cli.cjs'), cacheFile);
  let kind: string | undefined;
  await cli.exports.main(argv, {
    importModule: (specifier) => import(specifier),
    codeCache: cli.use,
    succeeded: (ran) => (kind = ran),
  });
  if (kind !== undefined) cli.save(kind);
}
