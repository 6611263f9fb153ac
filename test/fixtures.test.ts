import * as cheerio from 'cheerio';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/index.ts';

// Each folder under test/fixtures with an expected.json is a small site; the build's outcome must match it.

interface Expected {
  ok: boolean;
  files?: Record<string, { contains?: string[]; notContains?: string[]; select?: Record<string, string | number> }>;
  absent?: string[];
  errors?: { code: string; file?: string; line?: number; column?: number; message?: string }[];
  /** When set, the number of errors must be exactly this. */
  errorCount?: number;
}

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixtures = readdirSync(fixturesDir).filter((name) => existsSync(path.join(fixturesDir, name, 'expected.json')));

describe.each(fixtures)('fixture %s', (name) => {
  it('builds as expected', async () => {
    const root = path.join(fixturesDir, name);
    const expected = JSON.parse(readFileSync(path.join(root, 'expected.json'), 'utf8')) as Expected;
    const result = await build({ root, write: false, minify: false });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (expected.ok) expect(errors, JSON.stringify(errors, null, 1)).toEqual([]);
    expect(result.ok).toBe(expected.ok);
    for (const want of expected.errors ?? []) {
      const match = errors.find(
        (d) =>
          d.code === want.code &&
          (want.file === undefined || d.file === want.file) &&
          (want.line === undefined || d.line === want.line) &&
          (want.column === undefined || d.column === want.column) &&
          (want.message === undefined || d.message.includes(want.message)),
      );
      expect(match, `expected ${JSON.stringify(want)} among ${JSON.stringify(errors, null, 1)}`).toBeDefined();
    }
    if (expected.errorCount !== undefined) expect(errors).toHaveLength(expected.errorCount);
    for (const [file, checks] of Object.entries(expected.files ?? {})) {
      const content = result.files.get(file);
      expect(content, `${file} was not built; built: ${[...result.files.keys()].filter((f) => f.endsWith('.html')).join(', ')}`).toBeDefined();
      const text = typeof content === 'string' ? content : Buffer.from(content!).toString('utf8');
      for (const needle of checks.contains ?? []) expect(text).toContain(needle);
      for (const needle of checks.notContains ?? []) expect(text).not.toContain(needle);
      if (checks.select) {
        const $ = cheerio.load(text);
        for (const [selector, want] of Object.entries(checks.select)) {
          if (typeof want === 'number') expect($(selector).length, selector).toBe(want);
          else expect($(selector).first().text().trim(), selector).toBe(want);
        }
      }
    }
    for (const file of expected.absent ?? []) expect(result.files.has(file), file).toBe(false);
  });
});
