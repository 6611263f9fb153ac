// Compiles the CLI and the public API to dist/ with esbuild (runs on `npm ci` through the prepare script). With
// --types (before `npm pack`) it also writes the declarations of the public API to dist/types/, so a site's own
// TypeScript checks site.config.ts against them without seeing protodocs' sources.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TYPES_DIR = path.join(root, 'dist', 'types');
// An installed package is compiled already and ships no sources; npm may still run `prepare` when installing it.
if (!existsSync(path.join(root, 'src', 'cli', 'main.ts'))) process.exit(0);
// dist/ is overwritten in place, never deleted first, so tests that run the CLI concurrently never see it missing.
const result = await build({
  absWorkingDir: root,
  entryPoints: { 'cli/main': 'src/cli/main.ts', index: 'src/index.ts', 'build-worker': 'src/build/build-worker.ts' },
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

if (process.argv.includes('--types')) await buildTypes();

/**
 * Declarations of src/index.ts and what its types reach (the config schema, page-module props), with `.js`
 * specifiers, as a consumer's TypeScript resolves them. TypeScript is a devDependency: this runs before packing only.
 */
async function buildTypes() {
  const { default: ts } = await import('typescript');
  rmSync(TYPES_DIR, { recursive: true, force: true });
  const program = ts.createProgram([path.join(root, 'src', 'index.ts')], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: path.join(root, 'src'),
    outDir: TYPES_DIR,
    types: [],
    lib: ['lib.es2023.d.ts'],
  });
  const emitted = [];
  const emit = program.emit(undefined, (file, text) => {
    emitted.push(file);
    writeTypesFile(file, text.replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.tsx?(['"])/g, '$1.js$2'));
  });
  const problems = [...ts.getPreEmitDiagnostics(program), ...emit.diagnostics];
  if (problems.length > 0 || emit.emitSkipped) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
    throw new Error('Declarations failed:\n' + ts.formatDiagnostics(problems, host));
  }
  // The public API must not drag Node's types (or anything a site does not install) into a site's type check.
  for (const file of emitted) {
    const text = readFileSync(file, 'utf8');
    const foreign = [...text.matchAll(/from\s+['"]([^'".][^'"]*)['"]/g)].map((m) => m[1]).filter((m) => m !== 'zod');
    if (foreign.length > 0) throw new Error(`${path.relative(root, file)} imports ${foreign.join(', ')}: keep the public API's types free of them.`);
  }
}

function writeTypesFile(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
