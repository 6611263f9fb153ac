import { createRequire } from 'node:module';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupE2E, waitHydrated } from './helpers.ts';

// axe-core on every page of the real IAIndex site (as the global setup built and serves it), in light and in dark
// mode: zero WCAG 2.1 A/AA violations.

const e2e = setupE2E();
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

function pages(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    if (statSync(abs).isDirectory()) return name === 'assets' ? [] : pages(abs, `${prefix}${name}/`);
    return name === 'index.html' ? [`/${prefix}`] : name === '404.html' ? ['/404.html'] : [];
  });
}

describe.each(['light', 'dark'] as const)('accessibility in %s mode', (mode) => {
  let context: BrowserContext;
  beforeAll(async () => {
    // axe is injected as a script, which the site's strict CSP would (rightly) refuse.
    context = await e2e.browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    await context.addInitScript(`try { localStorage.setItem('theme', '${mode}'); } catch {}`);
  });
  afterAll(() => context?.close());

  it('has no axe violations on any route', async () => {
    const routes = pages(e2e.env.site.dir);
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(e2e.env.site.url + route.replace(/^\//, ''), { waitUntil: 'load' });
      expect(await page.getAttribute('html', 'data-theme'), route).toBe(mode);
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
        const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
      });
      for (const v of violations) failures.push(`${route} ${v}`);
    }
    await page.close();
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('accessibility of the open mobile menu', () => {
  const axeRun = (page: Page) =>
    page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
      const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
    });

  it.each(['hydrated', 'no-JS'])('has no axe violations with the docs sidebar shown in the %s menu', async (mode) => {
    const javaScriptEnabled = mode === 'hydrated';
    const context = await e2e.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      // Without the site's script files the menu stays the no-JS <details> (axe itself needs JavaScript).
      if (!javaScriptEnabled) await page.route('**/*.js', (route) => route.abort());
      await page.goto(e2e.env.site.url + 'docs/quickstart/', { waitUntil: 'load' });
      if (javaScriptEnabled) {
        await waitHydrated(page, 'NavbarMenu');
        await page.locator('button.navbar-menu__toggle').click();
        await expect.poll(() => page.locator('#pd-navbar-sidebar nav[aria-label="Docs sidebar"]').isVisible()).toBe(true);
      } else {
        await page.locator('details.navbar-menu > summary').click();
        expect(await page.locator('aside.doc-sidebar nav[aria-label="Docs sidebar"]').isVisible()).toBe(true);
      }
      await page.addScriptTag({ path: axePath });
      expect(await axeRun(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
