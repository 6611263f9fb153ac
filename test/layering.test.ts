import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { walkFiles } from '../src/files/index.ts';

// The dependency direction (README, "Architecture"): a folder imports only from folders to its left, and only through
// their index.ts. shared and search-engine are environment-neutral (the browser imports them too).
const ORDER = [
  'shared',
  'search-engine',
  'errors',
  'files',
  'config',
  'content',
  'markdown',
  'routes',
  'search',
  'checks',
  'render',
  'bundle',
  'output',
  'reuse',
  'workers',
  'pipeline',
  'serve',
  'cli',
];
const BROWSER = new Set(['theme', 'theme/islands', 'client', 'search-engine']);
/** Folders of one rank: neither imports the other. */
const SIBLINGS = [new Set(['search', 'checks']), new Set(['bundle', 'output', 'reuse'])];
const root = fileURLToPath(new URL('..', import.meta.url));

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g), ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
}

function areaOf(abs: string): string | undefined {
  const rel = path.relative(root, abs).split(path.sep);
  if (rel[0] === 'theme') return rel[1] === 'islands' ? 'theme/islands' : 'theme';
  if (rel[0] === 'src' && rel.length > 2) return rel[1];
  if (rel[0] === 'src') return 'index';
  return rel[0];
}

function allowed(from: string, to: string): boolean {
  if (from === to) return true;
  if (to === 'index') return false;
  if (from === 'index') return to === 'config' || to === 'shared';
  if (from === 'search-engine') return to === 'shared';
  if (from === 'client') return to === 'shared' || to === 'search-engine';
  if (from === 'theme') return to === 'shared' || to === 'theme' || to === 'theme/islands';
  if (from === 'theme/islands') return to === 'shared' || to === 'search-engine' || to === 'theme' || to === 'client';
  if (to === 'theme' || to === 'theme/islands') return from === 'render' || from === 'bundle';
  if (to === 'client') return from === 'bundle';
  const a = ORDER.indexOf(from);
  const b = ORDER.indexOf(to);
  if (a < 0 || b < 0) return false;
  if (SIBLINGS.some((rank) => rank.has(from) && rank.has(to))) return false;
  return b < a;
}

const sources = [
  ...walkFiles(path.join(root, 'src')).map((f) => path.join(root, 'src', f)),
  ...walkFiles(path.join(root, 'theme')).map((f) => path.join(root, 'theme', f)),
].filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

describe('layering', () => {
  it('every import in src/ and theme/ follows the dependency direction', () => {
    const violations: string[] = [];
    for (const file of sources) {
      const from = areaOf(file)!;
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) {
          const browser = from === 'client' || from === 'theme' || from === 'theme/islands';
          if (browser && !/^(react|react-dom\/client|react-dom\/server|react\/jsx-runtime|minisearch)$/.test(spec)) violations.push(`${path.relative(root, file)} imports package ${spec}`);
          continue;
        }
        const target = path.resolve(path.dirname(file), spec);
        const to = areaOf(target)!;
        if (!allowed(from, to)) violations.push(`${path.relative(root, file)} (${from}) imports ${spec} (${to})`);
        // Another folder of src/ is entered through its index.ts. Browser code (theme, src/client and the search engine)
        // is exempt: esbuild bundles it module by module, and deep imports keep each island's chunk to what it uses.
        // src/index.ts, the public API, reaches its types directly: its declarations must not reach Node code.
        const browserCode = BROWSER.has(from) || from === 'index';
        const intoSrcFolder = !browserCode && to !== from && path.relative(root, target).startsWith(`src${path.sep}`) && to !== 'index' && to !== 'client';
        if (intoSrcFolder && path.basename(target) !== 'index.ts') violations.push(`${path.relative(root, file)} reaches past ${to}/index.ts: ${spec}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('only src/cli reads process.env or calls process.exit', () => {
    const offenders = sources.filter((f) => !f.includes(`${path.sep}cli${path.sep}`) && /(?<!['"])process\.(env|exit)\b/.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
