import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { walkFiles } from '../src/content/walk.ts';

// The dependency direction of ARCHITECTURE.md §2: a stage imports only from stages to its left.
const ORDER = ['shared', 'errors', 'config', 'content', 'markdown', 'routes', 'search', 'checks', 'render', 'build', 'serve', 'cli'];
const SIBLINGS = new Set(['search', 'checks']);
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
  if (from === 'client') return to === 'shared';
  if (from === 'theme') return to === 'shared' || to === 'theme' || to === 'theme/islands';
  if (from === 'theme/islands') return to === 'shared' || to === 'theme' || to === 'client';
  if (to === 'theme' || to === 'theme/islands') return from === 'render' || from === 'build';
  if (to === 'client') return from === 'build';
  const a = ORDER.indexOf(from);
  const b = ORDER.indexOf(to);
  if (a < 0 || b < 0) return false;
  if (SIBLINGS.has(from) && SIBLINGS.has(to)) return false;
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
        const to = areaOf(path.resolve(path.dirname(file), spec))!;
        if (!allowed(from, to)) violations.push(`${path.relative(root, file)} (${from}) imports ${spec} (${to})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('only src/cli reads process.env or calls process.exit', () => {
    const offenders = sources.filter((f) => !f.includes(`${path.sep}cli${path.sep}`) && /(?<!['"])process\.(env|exit)\b/.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
