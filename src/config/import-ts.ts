import type * as Esbuild from 'esbuild';
import type { Message } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { findKeyPosition } from './key-position.ts';
import { ProtodocsError, problem } from '../errors/index.ts';
import { importModule } from '../files/index.ts';

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
/** What the module is, which decides the code of its problems: PD1002, PD4003 or PD2005. */
export type ModuleKind = 'config' | 'sidebars' | 'module';

function failed(kind: ModuleKind, file: string, reason: string, stage: 'compile' | 'load', at: { file: string; line?: number; column?: number }): ProtodocsError {
  const data = { file, reason, stage };
  if (kind === 'config') return new ProtodocsError(problem('PD1002', data, at));
  if (kind === 'sidebars') return new ProtodocsError(problem('PD4003', { kind: 'module', ...data }, at));
  return new ProtodocsError(problem('PD2005', data, at));
}

export interface ImportOptions {
  /** Evaluate in a worker thread that is stopped after `timeoutMs`; the default export must be plain data. */
  isolate?: { timeoutMs: number };
}

export async function importTs(file: string, root: string, kind: ModuleKind, options: ImportOptions = {}): Promise<ImportedModule> {
  // Loaded on first use: an unchanged build never compiles its config.
  const { build } = await importModule<typeof Esbuild>('esbuild');
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
            // The site's own copy of protodocs is this one: its public API source is bundled into the module, or, in
            // an installed package, its compiled API is imported where it lies (its chunks resolve relative to it).
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
    const where = loc?.file ? path.relative(root, path.resolve(root, loc.file)) : path.relative(root, file);
    throw failed(kind, where || file, first?.text ?? String(error), 'compile', { file: where, line: loc?.line, column: loc ? loc.column + 1 : undefined });
  }
  const code = result.outputFiles[0].text;
  const deps = Object.keys(result.metafile.inputs).map((p) => path.resolve(root, p));
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  if (options.isolate) return { exports: await evaluateIsolated(url, file, root, kind, options.isolate.timeoutMs), deps };
  try {
    const exports = await importModule(url);
    return { exports, deps };
  } catch (error) {
    throw threwWhileLoading(error instanceof Error ? error.message : String(error), file, root, kind);
  }
}

function threwWhileLoading(message: string, file: string, root: string, kind: ModuleKind): ProtodocsError {
  const rel = path.relative(root, file);
  return failed(kind, rel, message, 'load', { file: rel });
}

/**
 * Runs the module in a worker thread, so that one that never settles (a top-level await on nothing, an endless loop)
 * is stopped after `timeoutMs` instead of holding or killing the build. Its default export comes back as a structured
 * clone: plain data only, which is what a config is.
 */
function evaluateIsolated(url: string, file: string, root: string, kind: ModuleKind, timeoutMs: number): Promise<Record<string, unknown>> {
  const rel = path.relative(root, file);
  return new Promise((resolve, reject) => {
    const worker = new Worker(ISOLATED_MODULE, { eval: true, workerData: { url } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new ProtodocsError(problem('PD1020', { file: rel, kind: 'timeout', seconds: timeoutMs / 1000 }, { file: rel })));
    }, timeoutMs);
    const settle = (fn: () => void) => {
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    worker.once('message', (reply: IsolatedReply) =>
      settle(() => {
        if (reply.kind === 'ok') resolve({ default: reply.value });
        else if (reply.kind === 'threw') reject(threwWhileLoading(reply.message, file, root, kind));
        else {
          const at = { file: rel, ...findKeyPosition(readFileSync(file, 'utf8'), reply.keys) };
          reject(new ProtodocsError(problem('PD1021', { file: rel, path: reply.path, what: reply.what }, at)));
        }
      }),
    );
    worker.once('error', (error) => settle(() => reject(threwWhileLoading(error.message, file, root, kind))));
    // Exit without a message: the module's top-level await settled on nothing, and the worker had nothing left to do.
    worker.once('exit', () =>
      settle(() =>
        reject(new ProtodocsError(problem('PD1020', { file: rel, kind: 'unsettled' }, { file: rel }))),
      ),
    );
  });
}

type IsolatedReply =
  | { kind: 'ok'; value: unknown }
  | { kind: 'threw'; message: string }
  | { kind: 'not-data'; path: string; keys: (string | number)[]; what: string };

/** Worker body (CommonJS, evaluated as a string): import the module, find what cannot be cloned, post the rest. */
const ISOLATED_MODULE = `
const { parentPort, workerData } = require('node:worker_threads');
function notData(value, keys) {
  const type = typeof value;
  if (type === 'function') return { keys, what: 'a function' };
  if (type === 'symbol') return { keys, what: 'a symbol' };
  if (type === 'bigint') return { keys, what: 'a bigint' };
  if (value && type === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = notData(child, [...keys, Array.isArray(value) ? Number(key) : key]);
      if (found) return found;
    }
  }
  return undefined;
}
import(workerData.url).then(
  (mod) => {
    const found = notData(mod.default, []);
    if (found) {
      const path = found.keys.map((k) => (typeof k === 'number' ? '[' + k + ']' : '.' + k)).join('').replace(/^\\./, '');
      parentPort.postMessage({ kind: 'not-data', path, keys: found.keys, what: found.what });
    } else parentPort.postMessage({ kind: 'ok', value: mod.default });
  },
  (error) => parentPort.postMessage({ kind: 'threw', message: error instanceof Error ? error.message : String(error) }),
);
`;
