// What a host or another site can do to a page, tried in Chromium: a host's own CSP header that does not know the
// inline script's hash, and a page on another origin calling the answer endpoint of `protodocs serve`.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startServe, type RunningServe } from '../../src/serve/index.ts';
import { FIXTURE_ROOT } from './env.ts';
import { setupE2E, waitHydrated } from './helpers.ts';

const e2e = setupE2E();

/** The host sends `script-src 'self'` with every page: the hashed inline head script is blocked. */
async function hostCsp(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    try {
      const response = await route.fetch();
      const type = response.headers()['content-type'] ?? '';
      if (!type.startsWith('text/html')) return await route.fulfill({ response });
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': "script-src 'self'" } });
    } catch (error) {
      // A request still in flight when the test closes its page (a prefetch) has nowhere to go; while the context is
      // closing, the page may not say it is closed yet, but the response is already disposed.
      if (!page.isClosed() && !/has been (disposed|closed)/.test(String(error))) throw error;
    }
  });
}

const theme = (page: Page) =>
  page.evaluate(() => ({ theme: document.documentElement.dataset.theme, choice: document.documentElement.dataset.themeChoice }));

describe("under a host's CSP without the inline script's hash", () => {
  it('the head script is blocked, and once hydrated the colour toggle shows, cycles and stores the choice', async () => {
    const { page, logs } = await e2e.open('/docs/intro/', { before: hostCsp });
    // The head script did not run: no choice is set, and the page paints the server-rendered default.
    expect((await theme(page)).choice).toBeUndefined();
    expect(await page.locator('[data-pd-island="ColorModeToggle"] button').isVisible()).toBe(false);
    await waitHydrated(page, 'ColorModeToggle');
    const toggle = page.locator('[data-pd-island="ColorModeToggle"] button');
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await theme(page)).toEqual({ theme: 'light', choice: 'light' });
    await toggle.click();
    expect(await theme(page)).toEqual({ theme: 'dark', choice: 'dark' });
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(logs.errors.filter((e) => !/Content Security Policy/.test(e))).toEqual([]);
  });

  it('a stored choice and a dismissed announcement are applied once hydrated', async () => {
    const { page } = await e2e.open('/docs/intro/', {
      before: hostCsp,
      init: "localStorage.setItem('theme', 'dark'); localStorage.setItem('announcement.dismiss', 'e2e-bar-1');",
    });
    await waitHydrated(page);
    expect(await theme(page)).toEqual({ theme: 'dark', choice: 'dark' });
    await expect.poll(() => page.locator('.announcement-bar').count()).toBe(0);
  });

  it('the announcement close button shows once hydrated and closes the bar', async () => {
    const { page } = await e2e.open('/docs/intro/', { before: hostCsp });
    await waitHydrated(page, 'AnnouncementBar');
    const close = page.locator('.announcement-bar__close');
    await expect.poll(() => close.isVisible()).toBe(true);
    await close.click();
    await expect.poll(() => page.locator('.announcement-bar').count()).toBe(0);
  });
});

describe('the answer endpoint of protodocs serve, called from pages', () => {
  let serve: RunningServe;
  let model: Server;
  let modelCalls = 0;

  beforeAll(async () => {
    // A stand-in for the AI model service: counts the calls that reach it.
    model = createServer((req, res) => {
      modelCalls++;
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end('data: {"choices":[{"delta":{"content":"An answer."}}]}\n\ndata: [DONE]\n\n');
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    serve = await startServe({
      root: FIXTURE_ROOT,
      outDir: e2e.env.prod.dir,
      port: 0,
      host: '127.0.0.1',
      watch: false,
      llm: { baseUrl: `http://127.0.0.1:${(model.address() as AddressInfo).port}`, model: 'test' },
      log: () => {},
      report: () => {},
    });
  });

  afterAll(async () => {
    await serve?.close();
    await new Promise((resolve) => model?.close(resolve));
  });

  const askFromPage = (page: Page, endpoint: string, kind: 'text/plain' | 'application/json', times: number) =>
    page.evaluate(
      async ({ endpoint, kind, times }) => {
        const body = JSON.stringify({ question: 'Where do the browser tests start?' });
        const sent = Array.from({ length: times }, () =>
          fetch(endpoint, { method: 'POST', mode: kind === 'text/plain' ? 'no-cors' : 'cors', headers: { 'Content-Type': kind }, body }).then(
            (r) => r.status,
            () => 'blocked',
          ),
        );
        return Promise.all(sent);
      },
      { endpoint, kind, times },
    );

  it('20 text/plain and 20 JSON questions from a page on another origin reach no model', async () => {
    // A page of another site (the static server's origin); the test bypasses that page's own CSP so that only the
    // endpoint decides.
    const { page } = await e2e.open('/', { bypassCSP: true });
    const endpoint = new URL('/api/ask', serve.url).href;
    expect(new URL(endpoint).origin).not.toBe(new URL(page.url()).origin);
    modelCalls = 0;
    await askFromPage(page, endpoint, 'text/plain', 20);
    await askFromPage(page, endpoint, 'application/json', 20);
    expect(modelCalls).toBe(0);
  });

  it("the site's own pages are answered", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(serve.url);
    modelCalls = 0;
    expect(await askFromPage(page, '/api/ask', 'application/json', 1)).toEqual([200]);
    expect(modelCalls).toBe(1);
    await context.close();
  });
});
