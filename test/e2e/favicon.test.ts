import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/index.ts';
import { captureLogs, setupE2E } from './helpers.ts';
import { serveStatic, type StaticServer } from './server.ts';

// A site that configures no favicon (test/fixtures/seo-base-url), at the root of its origin and under a base URL:
// Chromium must find an icon without asking for /favicon.ico, so no request fails and the console stays clean
// (Lighthouse's best-practices score counts both). The pages' JSON-LD must not trip the CSP either.

const e2e = setupE2E();
const FIXTURE = fileURLToPath(new URL('../fixtures/seo-base-url/', import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-favicon-'));
const servers: StaticServer[] = [];
const answered: { path: string; status: number }[] = [];

async function buildAndServe(baseUrl: string): Promise<StaticServer> {
  const outDir = path.join(tmp, baseUrl === '/' ? 'root' : 'sub');
  const result = await build({ root: FIXTURE, outDir, write: true, baseUrl });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const server = await serveStatic({ root: outDir, mount: baseUrl, onResponse: (p, status) => answered.push({ path: p, status }) });
  servers.push(server);
  return server;
}

const sites = new Map<string, StaticServer>();

beforeAll(async () => {
  sites.set('/', await buildAndServe('/'));
  sites.set('/docs-site/', await buildAndServe('/docs-site/'));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(tmp, { recursive: true, force: true });
});

describe.each(['/', '/docs-site/'])('a site without a configured favicon, base URL %s', (base) => {
  it.each(['docs/intro/', 'blog/launch/'])('loads %s with no failed request and no console error, and shows its icon', async (sitePath) => {
    const context = await e2e.browser.newContext();
    try {
      const page = await context.newPage();
      const logs = captureLogs(page);
      const failed: string[] = [];
      page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
      });
      const from = answered.length;
      const server = sites.get(base)!;
      await page.goto(server.url + sitePath, { waitUntil: 'load' });
      const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '/favicon.ico');
      // The browser fetches the icon (the linked one, or /favicon.ico without a link) after the load event, outside
      // the page's own requests: wait until the server has answered it.
      await expect.poll(() => answered.slice(from).some((r) => r.path === icon), { timeout: 10_000 }).toBe(true);
      await page.waitForTimeout(300);
      const own = answered.slice(from);
      expect(own.filter((r) => r.status >= 400)).toEqual([]);
      expect(own.map((r) => r.path)).not.toContain('/favicon.ico');
      expect(failed).toEqual([]);
      expect(logs.errors).toEqual([]);
      expect(icon).toMatch(new RegExp(`^${base}assets/favicon\\.[0-9a-f]{10}\\.svg$`));
      expect(own.find((r) => r.path === icon)?.status).toBe(200);
      expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
