import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ProtodocsError, formatDiagnostic, toDiagnostic } from '../errors/index.ts';
import { importTs, type ModuleKind } from './import-ts.ts';

// Modules an author writes in TypeScript (the config, the sidebars, page modules) are compiled and run at build time;
// each way that can go wrong is a problem at its place, never a hang or a stack trace.

const root = mkdtempSync(path.join(os.tmpdir(), 'protodocs-import-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(rel: string, text: string): string {
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  return abs;
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProtodocsError);
    return formatDiagnostic(toDiagnostic(error as ProtodocsError));
  }
  throw new Error('expected the import to fail');
}

describe('importTs', () => {
  test('compiles TypeScript with its imports, protodocs resolving to its own API, and lists every file read', async () => {
    file('lib/labels.ts', "export const label: string = 'Docs';\n");
    const abs = file('a.config.ts', "import { defineConfig } from 'protodocs';\nimport { label } from './lib/labels.ts';\nexport default defineConfig({ title: label, url: 'https://example.test' });\nexport const extra = 2;\n");
    const loaded = await importTs(abs, root, 'config');
    expect(loaded.exports.default).toEqual({ title: 'Docs', url: 'https://example.test' });
    expect(loaded.exports.extra).toBe(2);
    expect(loaded.deps).toContain(abs);
    expect(loaded.deps).toContain(path.join(root, 'lib/labels.ts'));
    expect(loaded.deps.every((d) => path.isAbsolute(d))).toBe(true);
  });

  test('TSX uses the one React protodocs renders with', async () => {
    const abs = file('page.tsx', "import { useState } from 'react';\nexport default function Page() { useState(0); return <p>hi</p>; }\n");
    const loaded = await importTs(abs, root, 'module');
    const React = await import('react');
    const { renderToString } = await import('react-dom/server');
    expect(renderToString(React.createElement(loaded.exports.default as () => null))).toBe('<p>hi</p>');
  });

  test.each<[ModuleKind, string]>([
    ['config', 'PD1002'],
    ['sidebars', 'PD4003'],
    ['module', 'PD2005'],
  ])('a syntax error in a %s module is %s at its position', async (kind, code) => {
    const abs = file(`broken-${kind}.ts`, 'export default {\n  title: "T",\n  url: ,\n};\n');
    const line = await failure(importTs(abs, root, kind));
    expect(line).toMatch(new RegExp(`^broken-${kind}\\.ts:3:8  ${code} broken-${kind}\\.ts could not be compiled: Unexpected ","\\.  \\(hint: fix the problem at this position`));
  });

  test('an import that does not resolve is reported where it is written', async () => {
    const abs = file('missing-import.ts', "\nimport x from './nowhere.ts';\nexport default x;\n");
    expect(await failure(importTs(abs, root, 'config'))).toMatch(/^missing-import\.ts:2:15 {2}PD1002 missing-import\.ts could not be compiled: Could not resolve "\.\/nowhere\.ts"/);
  });

  test('an error in an imported file is reported in that file', async () => {
    file('lib/bad.ts', 'export const a = ;\n');
    const abs = file('imports-bad.ts', "import { a } from './lib/bad.ts';\nexport default { a };\n");
    expect(await failure(importTs(abs, root, 'config'))).toMatch(/^lib\/bad\.ts:1:18 {2}PD1002 lib\/bad\.ts could not be compiled/);
  });

  test('a module that throws while loading', async () => {
    const abs = file('throws.ts', "throw new Error('no network here');\nexport default {};\n");
    expect(await failure(importTs(abs, root, 'module'))).toBe(
      'throws.ts:1:1  PD2005 throws.ts threw while loading: no network here.  (hint: the module runs at build time; make sure its top-level code does not throw)',
    );
    expect(await failure(importTs(abs, root, 'config', { isolate: { timeoutMs: 5000 } }))).toBe(
      'throws.ts:1:1  PD1002 throws.ts threw while loading: no network here.  (hint: the module runs at build time; make sure its top-level code does not throw)',
    );
  });

  test('a thrown non-Error is reported as its text', async () => {
    const abs = file('throws-string.ts', "throw 'plain text';\nexport default {};\n");
    expect(await failure(importTs(abs, root, 'config', { isolate: { timeoutMs: 5000 } }))).toContain('threw while loading: plain text.');
    expect(await failure(importTs(abs, root, 'module'))).toContain('threw while loading: plain text.');
  });

  describe('isolated (the config and the sidebars)', () => {
    test('plain data comes back', async () => {
      const abs = file('data.ts', "export default { title: 'T', list: [1, 'two', { three: true }], nothing: null };\n");
      const loaded = await importTs(abs, root, 'sidebars', { isolate: { timeoutMs: 5000 } });
      expect(loaded.exports).toEqual({ default: { title: 'T', list: [1, 'two', { three: true }], nothing: null } });
    });

    test('a top-level loop is stopped after the time allowed', async () => {
      const abs = file('loops.ts', 'while (true) {}\nexport default {};\n');
      const started = Date.now();
      expect(await failure(importTs(abs, root, 'config', { isolate: { timeoutMs: 300 } }))).toBe(
        'loops.ts:1:1  PD1020 loops.ts did not finish loading within 0.3 s.  (hint: look for an endless loop or an await that never settles in its top-level code)',
      );
      expect(Date.now() - started).toBeLessThan(5000);
    });

    test('a top-level await that never settles', async () => {
      const abs = file('waits.ts', 'await new Promise(() => {});\nexport default {};\n');
      expect(await failure(importTs(abs, root, 'config', { isolate: { timeoutMs: 5000 } }))).toBe(
        'waits.ts:1:1  PD1020 waits.ts never finished loading: its top-level await waits on something that never settles.  (hint: make every top-level await settle, or remove it)',
      );
    });

    test.each([
      ['a function', "{ navbar: { items: [{ label: 'A', to: () => '/a' }] } }", 'navbar.items[0].to', "to: () => '/a'"],
      ['a symbol', "{ title: Symbol('t') }", 'title', 'title:'],
      ['a bigint', '{ n: [1n] }', 'n[0]', '1n'],
    ])('a value that is %s is named by its path, at its key', async (what, value, shown, key) => {
      const source = `export default ${value};\n`;
      const abs = file(`not-data-${shown.replace(/\W/g, '')}.ts`, source);
      const line = await failure(importTs(abs, root, 'config', { isolate: { timeoutMs: 5000 } }));
      const column = source.indexOf(key) + 1;
      expect(line).toBe(
        `${path.basename(abs)}:1:${column}  PD1021 The value at ${shown} is ${what}; ${path.basename(abs)} may hold plain data only.  (hint: write the value out (strings, numbers, booleans, arrays and objects))`,
      );
    });

    test('a default export that is itself a function', async () => {
      const abs = file('fn.ts', 'export default function config() { return {}; }\n');
      expect(await failure(importTs(abs, root, 'config', { isolate: { timeoutMs: 5000 } }))).toContain(
        'PD1021 The default export is a function; fn.ts may hold plain data only.',
      );
    });
  });
});
