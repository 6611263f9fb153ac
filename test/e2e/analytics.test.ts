// gtag analytics, end to end: test/fixtures/analytics-gtag built by the real CLI, once with PROTODOCS_GTAG_ID and
// once without. Google's hosts are stood in for by Playwright routes (the machine has no network): a small gtag.js
// that records the dataLayer and sends each page view to a collection URL, as the real one does. The page runs under
// its own Content-Security-Policy, so the test also shows that the policy lets exactly these requests through.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupE2E } from './helpers.ts';
import { serveStatic, type StaticServer } from './server.ts';

const e2e = setupE2E();
const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixture = path.join(repo, 'test/fixtures/analytics-gtag');
const TRACKING_ID = 'G-E2ETEST42';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-analytics-'));
const servers: { withId?: StaticServer; withoutId?: StaticServer } = {};

function cliBuild(out: string, env: Record<string, string>): void {
  const result = spawnSync(process.execPath, [path.join(repo, 'bin/protodocs.js'), 'build', '--root', fixture, '--out', out], {
    encoding: 'utf8',
    env: { ...process.env, PROTODOCS_GTAG_ID: '', ...env },
  });
  if (result.status !== 0) throw new Error(`build failed: ${result.stderr}`);
}

beforeAll(() => {
  // The CLI runs from dist/, which the global setup compiled from the current source (test/setup-dist.ts).
  cliBuild(path.join(tmp, 'with'), { PROTODOCS_GTAG_ID: TRACKING_ID });
  cliBuild(path.join(tmp, 'without'), {});
}, 120_000);

beforeAll(async () => {
  servers.withId = await serveStatic({ root: path.join(tmp, 'with') });
  servers.withoutId = await serveStatic({ root: path.join(tmp, 'without') });
});

afterAll(async () => {
  await Promise.allSettled([servers.withId?.close(), servers.withoutId?.close()]);
  rmSync(tmp, { recursive: true, force: true });
});

/** Stands in for gtag.js: records every dataLayer entry and sends each page_view event as a beacon, like the real one. */
const FAKE_GTAG = `
  window.pdGtagLoaded = true;
  window.pdGtagCalls = [];
  var handle = function (args) {
    var call = Array.prototype.slice.call(args);
    window.pdGtagCalls.push(JSON.parse(JSON.stringify(call)));
    if (call[0] === 'event' && call[1] === 'page_view') {
      navigator.sendBeacon('https://region1.google-analytics.com/g/collect?v=2&en=page_view&dl=' + encodeURIComponent(call[2].page_location));
    }
  };
  (window.dataLayer || []).forEach(handle);
  window.dataLayer.push = function (args) { handle(args); return 0; };
`;

interface Opened {
  page: Page;
  context: BrowserContext;
  /** Every request the page made outside its own origin. */
  thirdParty: string[];
  collected: string[];
}

async function open(server: StaticServer, sitePath: string): Promise<Opened> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const thirdParty: string[] = [];
  const collected: string[] = [];
  context.on('request', (request) => {
    if (!request.url().startsWith(server.origin)) thirdParty.push(request.url());
  });
  await context.route('https://www.googletagmanager.com/gtag/js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_GTAG }),
  );
  await context.route('https://*.google-analytics.com/**', (route) => {
    collected.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  const page = await context.newPage();
  await page.goto(server.url + sitePath.replace(/^\//, ''), { waitUntil: 'load' });
  return { page, context, thirdParty, collected };
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { pdGtagCalls?: unknown[][] }).pdGtagCalls ?? []);
const pageViews = async (page: Page) =>
  (await calls(page)).filter((c) => c[0] === 'event' && c[1] === 'page_view').map((c) => c[2] as { page_location: string; page_title: string });

describe('gtag analytics with a tracking id from PROTODOCS_GTAG_ID', () => {
  it('sends one anonymised page view per route, none twice for the first page, and the CSP lets gtag through', async () => {
    const server = servers.withId!;
    const { page, context, collected } = await open(server, '/docs/intro/');
    try {
      const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      expect(csp).toContain("script-src 'self' 'sha256-");
      expect(csp).toMatch(/script-src [^;]*https:\/\/\*\.googletagmanager\.com/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.google-analytics\.com https:\/\/\*\.analytics\.google\.com https:\/\/\*\.googletagmanager\.com;/);

      // gtag.js loaded (the CSP allowed it) and read the queue: one config without an automatic page view, one page view.
      await expect.poll(() => page.evaluate(() => (window as unknown as { pdGtagLoaded?: boolean }).pdGtagLoaded === true)).toBe(true);
      const config = (await calls(page)).filter((c) => c[0] === 'config');
      expect(config).toEqual([['config', TRACKING_ID, { anonymize_ip: true, send_page_view: false }]]);
      await page.waitForTimeout(300);
      expect((await pageViews(page)).map((v) => new URL(v.page_location).pathname)).toEqual(['/docs/intro/']);

      // A jump to a heading on the same page is not a new page view.
      await page.locator('article p a[href="#a-section"]').click();
      await page.waitForURL('**/docs/intro/#a-section');

      // Client-side navigation: one more page view, with the new page's title.
      await page.locator('article a[href="/docs/other/"]').click();
      await page.waitForURL('**/docs/other/');
      await expect.poll(async () => (await pageViews(page)).length).toBe(2);
      // Back is a route change too.
      await page.goBack();
      await page.waitForURL('**/docs/intro/**');
      await expect.poll(async () => (await pageViews(page)).length).toBe(3);
      await page.waitForTimeout(300);
      const views = await pageViews(page);
      expect(views.map((v) => new URL(v.page_location).pathname)).toEqual(['/docs/intro/', '/docs/other/', '/docs/intro/']);
      expect(views[1].page_title).toBe('Other page | Analytics');
      // Each page view reached the collection host: connect-src allowed the beacons.
      await expect.poll(() => collected.length).toBe(3);
      // gtag.js itself is not loaded again by a navigation.
      expect(await page.evaluate(() => document.querySelectorAll('script[src*="googletagmanager"]').length)).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('gtag analytics without a tracking id', () => {
  it('loads nothing, sends nothing and keeps the CSP closed', async () => {
    const server = servers.withoutId!;
    const { page, context, thirdParty } = await open(server, '/docs/intro/');
    try {
      const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      expect(csp).not.toMatch(/google/);
      await page.locator('article a[href="/docs/other/"]').click();
      await page.waitForURL('**/docs/other/');
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => 'dataLayer' in window || 'gtag' in window)).toBe(false);
      expect(thirdParty).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
