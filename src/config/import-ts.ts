import type { Message } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { ProtodocsError, type ErrorCode } from '../errors/index.ts';

export interface ImportedModule {
  exports: Record<string, unknown>;
  /** Absolute paths of every file esbuild read, for watch mode. */
  deps: string[];
}

const requireFromHere = createRequire(import.meta.url);

/**
 * The public API of this protodocs: src/index.ts in a checkout (small and free of Node-only imports), dist/index.js
 * in an installed package, which ships no sources of it.
 */
const PUBLIC_API = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const source = path.join(dir, 'src', 'index.ts');
  return existsSync(source) ? source : path.join(dir, 'dist', 'index.js');
})();

/** React must be the very copy protodocs renders with, or hooks in page modules break. */
const SHARED_PACKAGES = /^(react|react-dom)(\/.*)?$/;

/**
 * Bundles a TypeScript/TSX module with esbuild and imports it from memory, so authors need no compile step.
 * `protodocs` itself resolves to a tiny virtual module (defineConfig is the identity), so a site does not have to
 * install protodocs next to its config.
 */
export async function importTs(file: string, root: string, errorCode: ErrorCode): Promise<ImportedModule> {
  // Loaded on first use: an unchanged build never compiles its config.
  const { build } = await import('esbuild');
  let result;
  try {
    result = await build({
      entryPoints: [file],
      absWorkingDir: root,
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      metafile: true,
      logLevel: 'silent',
      plugins: [
        {
          name: 'protodocs-virtual',
          setup(b) {
            // The site's own copy of protodocs is this one: its public API is bundled into the module.
            // The compiled API is imported where it lies (its chunks resolve relative to it); the source is bundled in.
            b.onResolve({ filter: /^protodocs$/ }, () =>
              PUBLIC_API.endsWith('.js') ? { path: pathToFileURL(PUBLIC_API).href, external: true } : { path: PUBLIC_API },
            );
            b.onResolve({ filter: SHARED_PACKAGES }, (args) => ({
              path: pathToFileURL(requireFromHere.resolve(args.path)).href,
              external: true,
            }));
          },
        },
      ],
    });
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    const loc = first?.location;
    throw new ProtodocsError({
      code: errorCode,
      message: `${path.relative(root, loc?.file ? path.resolve(root, loc.file) : file) || file} could not be compiled: ${first?.text ?? String(error)}.`,
      file: loc?.file ? path.relative(root, path.resolve(root, loc.file)) : path.relative(root, file),
      line: loc?.line,
      column: loc ? loc.column + 1 : undefined,
      hint: 'fix the problem at this position (syntax, or an import that does not resolve)',
    });
  }
  const code = result.outputFiles[0].text;
  const deps = Object.keys(result.metafile.inputs)
    .map((p) => path.resolve(root, p));
  try {
    const exports = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
      string,
      unknown
    >;
    return { exports, deps };
  } catch (error) {
    throw new ProtodocsError({
      code: errorCode,
      message: `${path.relative(root, file)} threw while loading: ${error instanceof Error ? error.message : String(error)}.`,
      file: path.relative(root, file),
      line: 1,
      column: 1,
      hint: 'the module runs at build time; make sure its top-level code does not throw',
    });
  }
}
