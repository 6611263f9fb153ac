// For the repository's scripts: imports TypeScript sources of protodocs without a compile step, by bundling a small
// entry module (`contents`, with imports relative to the repository root) with esbuild and importing it from memory.
import { build } from 'esbuild';

export async function importSource(root, contents) {
  const bundled = await build({
    absWorkingDir: root,
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
}
