import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/index.ts';
import { setupE2E } from './helpers.ts';
import { serveStatic, type StaticServer } from './server.ts';

// The six admonition types (test/fixtures/admonitions) in light and dark mode: each has its own colours, and axe
// finds no contrast (or other WCAG A/AA) problem in any of them.

const e2e = setupE2E();
const fixture = fileURLToPath(new URL('../fixtures/admonitions/', import.meta.url));
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const out = mkdtempSync(path.join(os.tmpdir(), 'protodocs-admonitions-'));
let server: StaticServer;

beforeAll(async () => {
  const result = await build({ root: fixture, outDir: out, write: true });
  expect(result.diagnostics).toEqual([]);
  server = await serveStatic({ root: out });
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(out, { recursive: true, force: true });
});

describe.each(['light', 'dark'] as const)('admonitions in %s mode', (mode) => {
  it('have distinct colours per type and pass axe, contrast included', async () => {
    const context = await e2e.browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    try {
      await context.addInitScript(`try { localStorage.setItem('theme', '${mode}'); } catch {}`);
      const page = await context.newPage();
      await page.goto(server.url + 'docs/intro/', { waitUntil: 'load' });
      expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
      const colours = await page.evaluate(() =>
        ['note', 'tip', 'info', 'caution', 'warning', 'danger'].map((type) => {
          const box = document.querySelector(`.admonition-${type}`)!;
          const style = getComputedStyle(box);
          return `${style.backgroundColor} ${style.borderLeftColor} ${getComputedStyle(box.querySelector('.admonition-title')!).color}`;
        }),
      );
      expect(new Set(colours).size).toBe(6);
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
        const results = await axe.run('main', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
      });
      expect(violations).toEqual([]);
      // The contrast rule did look at every box: it is not skipped for lack of text.
      expect(await page.locator('main .admonition-title').count()).toBe(9);
    } finally {
      await context.close();
    }
  });
});
