// Compiles the CLI and the public API to dist/ with esbuild (runs on `npm ci` through the prepare script). With
// --types (before `npm pack`) it also writes the declarations of the public API to dist/types/, so a site's own
// TypeScript checks site.config.ts against them without seeing protodocs' sources.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TYPES_DIR = path.join(root, 'dist', 'types');
// An installed package is compiled already and ships no sources; npm may still run `prepare` when installing it.
if (!existsSync(path.join(root, 'src', 'cli', 'main.ts'))) process.exit(0);
// dist/ is overwritten in place, never deleted first, so tests that run the CLI concurrently never see it missing.
const shared = {
  absWorkingDir: root,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  // Dependencies are bundled in: one module graph loads ~4× faster than hundreds of small files, in the CLI and in
  // every markdown worker. React stays external because page modules must render with the very same copy; esbuild
  // and chokidar carry native or optional binaries; linkinator loads only for `check`.
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'chokidar', 'linkinator'],
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
};
// React's server renderer is bundled in (React itself stays external, so page modules and the renderer still share
// one copy): only its renderToString build, chosen by NODE_ENV as react-dom/server chooses. The package's entry also
// loads the streaming renderer, which protodocs never calls: the two took 15-20 ms of every process and worker that
// renders a page, read and compiled outside the code cache.
const reactDomServer = {
  name: 'react-dom-server',
  setup(b) {
    b.onResolve({ filter: /^react-dom\/server$/ }, () => ({ path: 'react-dom-server', namespace: 'react-dom-server' }));
    b.onLoad({ filter: /.*/, namespace: 'react-dom-server' }, () => {
      const cjs = path.join(root, 'node_modules', 'react-dom', 'cjs');
      const build = (mode) => JSON.stringify(path.join(cjs, `react-dom-server-legacy.node.${mode}.js`));
      return { contents: `module.exports = process.env.NODE_ENV === 'production' ? require(${build('production')}) : require(${build('development')});`, loader: 'js', resolveDir: cjs };
    });
  },
};
shared.plugins = [reactDomServer];
// The public API, the workers' entries (a build worker's, and the search index's own), and the CLI's loader: ES modules.
const modules = await build({
  ...shared,
  entryPoints: { index: 'src/index.ts', 'build-worker': 'src/workers/build-worker.ts', 'search-worker': 'src/workers/search-worker.ts', launch: 'src/cli/launch.ts' },
  splitting: true,
  format: 'esm',
  // Bundled CommonJS (highlight.js, ajv) calls require(), which an ES module does not have.
  banner: { js: "import { createRequire as __pdCreateRequire } from 'node:module'; const require = __pdCreateRequire(import.meta.url);" },
});
// The CLI itself: one CommonJS script, which the loader (src/cli/launch.ts) runs from V8's code cache. Its modules
// still load when first used (esbuild keeps the commands' dynamic imports lazy inside the one file).
const cli = await build({
  ...shared,
  entryPoints: { cli: 'src/cli/main.ts' },
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  define: { 'import.meta.url': '__pdModuleUrl' },
  banner: { js: "const __pdModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
// The loader reads the CLI as latin1, without decoding (19 ms against 2 for its 3.7 MB once one character is not
// ASCII). esbuild escapes every string, template, regular expression and name; only comments keep their characters,
// and escaped there they mean the same.
const cliFile = path.join(root, 'dist', 'cli.cjs');
const cliText = readFileSync(cliFile, 'utf8');
const asciiText = cliText.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
if (asciiText !== cliText) writeFileSync(cliFile, asciiText);
// Chunk names carry content hashes: drop the ones this build no longer wrote, once the new ones are in place.
// dist/types/ belongs to the --types step.
const written = new Set([modules, cli].flatMap((result) => Object.keys(result.metafile.outputs)).map((file) => path.resolve(root, file)));
for (const entry of readdirSync(path.join(root, 'dist'), { recursive: true, withFileTypes: true })) {
  const abs = path.join(entry.parentPath ?? entry.path, entry.name);
  if (entry.isFile() && !written.has(abs) && !abs.startsWith(TYPES_DIR + path.sep)) rmSync(abs);
}

if (process.argv.includes('--types')) {
  const { buildTypes } = await import('./build-types.mjs');
  await buildTypes(root, TYPES_DIR);
}
