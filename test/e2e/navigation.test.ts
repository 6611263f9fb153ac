// Instant navigation: swaps, history, prefetch, progress bar, hash targets, fallback to a full load, index.html
// normalisation, external links, analytics page views and the wrong-base-URL banner.

import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { setupE2E, waitHydrated } from './helpers.ts';
import { serveStatic } from './server.ts';

const e2e = setupE2E();

type Marked = Window & { pdMarker?: number; pdNavigated?: string[]; pdProgressSeen?: boolean };

/** Marks the document: the mark survives instant navigations and disappears with a full page load. */
const mark = (page: Page) =>
  page.evaluate(() => {
    const w = window as Marked;
    w.pdMarker = 1;
    w.pdNavigated = [];
    window.addEventListener('pd:navigated', (event) => w.pdNavigated!.push((event as CustomEvent<{ url: string }>).detail.url));
  });
const marker = (page: Page) => page.evaluate(() => (window as Marked).pdMarker);
/** Waits for a full page load: a new document (without the mark) that finished loading. */
const fullLoad = (page: Page) =>
  page.waitForFunction(() => (window as Marked).pdMarker === undefined && document.readyState === 'complete', null, { timeout: 10_000 });
const navigated = (page: Page) => page.evaluate(() => (window as Marked).pdNavigated ?? []);
const pathname = (page: Page) => new URL(page.url()).pathname;
const articleLink = (page: Page, href: string) => page.locator(`article a[href="${href}"]`).first();

/** Records whether the progress bar was ever attached, from the first script of every document on. */
const PROGRESS_PROBE = `
  new MutationObserver(() => {
    if (document.getElementById('pd-progress')) window.pdProgressSeen = true;
  }).observe(document.documentElement, { childList: true });
`;

/** Emulates the Network Information API of a data-saving or slow connection. */
const connection = (value: { saveData?: boolean; effectiveType?: string }) => `
  Object.defineProperty(Navigator.prototype, 'connection', {
    configurable: true,
    get: () => ({ saveData: false, effectiveType: '4g', addEventListener() {}, removeEventListener() {}, ...${JSON.stringify(value)} }),
  });
`;

describe('instant navigation', () => {
  it('swaps the page, its title and head metadata without a full load, and Back/Forward work', async () => {
    const { page, logs } = await e2e.open('/docs/intro/');
    await waitHydrated(page);
    await mark(page);
    await articleLink(page, '/docs/long/').click();
    await page.waitForURL('**/docs/long/');
    expect(await page.locator('article h1').textContent()).toBe('A long page');
    expect(await page.title()).toBe('A long page | E2E Site');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Long enough to scroll.');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://e2e.example/docs/long/');
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('A long page | E2E Site');
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
    expect(await page.locator('nav[aria-label="Docs sidebar"] [aria-current="page"]').textContent()).toBe('A long page');
    expect(await marker(page)).toBe(1);
    expect(await navigated(page)).toEqual([e2e.url('/docs/long/')]);
    // Focus moves to the new content; the islands of the new body hydrate.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await waitHydrated(page);

    await page.goBack();
    await page.waitForURL('**/docs/intro/');
    await expect.poll(() => page.title()).toBe('Introduction | E2E Site');
    expect(await page.locator('article h1').textContent()).toBe('Introduction');
    await page.goForward();
    await page.waitForURL('**/docs/long/');
    await expect.poll(() => page.locator('article h1').textContent()).toBe('A long page');
    expect(await marker(page)).toBe(1);
    expect((await navigated(page)).length).toBe(3);
    await waitHydrated(page);
    expect(logs.errors).toEqual([]);
    expect(logs.warnings).toEqual([]);
  });

  it('scrolls to the top after a navigation, and to the hash target when there is one', async () => {
    const { page } = await e2e.open('/docs/intro/');
    await mark(page);
    await articleLink(page, '/docs/long/#section-five').click();
    await page.waitForURL('**/docs/long/#section-five');
    const heading = page.locator('#section-five');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const box = await heading.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(400);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('section-five');

    // From the bottom of the long page, the next page opens at the top.
    await page.locator('.pagination-nav__link--next').scrollIntoViewIfNeeded();
    const leftAt = await page.evaluate(() => window.scrollY);
    expect(leftAt).toBeGreaterThan(500);
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL('**/docs/other/');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await marker(page)).toBe(1);

    // Back restores the position the reader left the long page at (not the hash target).
    await page.goBack();
    await page.waitForURL('**/docs/long/#section-five');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(leftAt));
    expect(await marker(page)).toBe(1);
  });

  it('preloads a link on hover', async () => {
    const { page } = await e2e.open('/docs/intro/');
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await articleLink(page, '/docs/other/').hover();
    await expect.poll(() => requests.filter((r) => r.url() === e2e.url('/docs/other/')).length).toBe(1);
    expect(requests.find((r) => r.url() === e2e.url('/docs/other/'))!.resourceType()).toBe('fetch');
    await mark(page);
    await articleLink(page, '/docs/other/').click();
    await page.waitForURL('**/docs/other/');
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Other page');
    // Served from the preload: no second request.
    expect(requests.filter((r) => r.url() === e2e.url('/docs/other/')).length).toBe(1);
    expect(await marker(page)).toBe(1);
  });

  for (const [label, value] of [
    ['data-saver', { saveData: true }],
    ['2g', { effectiveType: '2g' }],
  ] as const) {
    it(`does not preload on a ${label} connection, but still navigates in place`, async () => {
      const { page } = await e2e.open('/docs/intro/', { init: connection(value) });
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await articleLink(page, '/docs/other/').hover();
      await page.waitForTimeout(400);
      expect(requests.filter((u) => u === e2e.url('/docs/other/'))).toEqual([]);
      await mark(page);
      await articleLink(page, '/docs/other/').click();
      await page.waitForURL('**/docs/other/');
      await expect.poll(() => page.locator('article h1').textContent()).toBe('Other page');
      expect(await marker(page)).toBe(1);
    });
  }

  it('shows the progress bar only when a navigation takes longer than 200 ms', async () => {
    const { page } = await e2e.open('/docs/intro/', { init: PROGRESS_PROBE });
    await mark(page);
    // Fast: no bar.
    await articleLink(page, '/docs/other/').click();
    await page.waitForURL('**/docs/other/');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as Marked).pdProgressSeen ?? false)).toBe(false);

    // Slow (600 ms): the bar shows, then goes away.
    await page.route('**/docs/long/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await articleLink(page, '/docs/long/').click();
    await expect.poll(() => page.locator('#pd-progress').isVisible(), { timeout: 550, interval: 50 }).toBe(true);
    expect(pathname(page)).toBe('/docs/other/');
    await page.waitForURL('**/docs/long/');
    await expect.poll(() => page.locator('#pd-progress').count()).toBe(0);
    expect(await marker(page)).toBe(1);
  });

  it('falls back to a full page load, with a warning, when the fetch fails', async () => {
    const { page, logs } = await e2e.open('/docs/intro/');
    await page.route('**/docs/other/', (route) => (route.request().resourceType() === 'fetch' ? route.abort('failed') : route.continue()));
    await mark(page);
    const documentRequest = page.waitForRequest((r) => r.url() === e2e.url('/docs/other/') && r.resourceType() === 'document');
    await articleLink(page, '/docs/other/').click();
    await documentRequest;
    await fullLoad(page);
    expect(pathname(page)).toBe('/docs/other/');
    expect(await page.locator('article h1').textContent()).toBe('Other page');
    expect(logs.warnings.some((w) => w.includes('/docs/other/') && w.includes('Could not load'))).toBe(true);
  });

  it('falls back to a full page load for a page that does not exist (the 404 page)', async () => {
    const { page } = await e2e.open('/docs/intro/');
    await mark(page);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/docs/missing-page/';
      link.id = 'pd-test-missing';
      link.textContent = 'missing';
      document.querySelector('article')!.append(link);
    });
    const response = page.waitForResponse((r) => r.url() === e2e.url('/docs/missing-page/') && r.request().resourceType() === 'document');
    await page.locator('#pd-test-missing').click();
    expect((await response).status()).toBe(404);
    await fullLoad(page);
    expect(pathname(page)).toBe('/docs/missing-page/');
  });

  it('normalises paths ending in index.html, on load and for link targets', async () => {
    const { page } = await e2e.open('/docs/other/index.html');
    await expect.poll(() => pathname(page)).toBe('/docs/other/');
    await mark(page);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/docs/long/index.html';
      link.id = 'pd-test-index';
      link.textContent = 'long';
      document.querySelector('article')!.append(link);
    });
    await page.locator('#pd-test-index').click();
    await expect.poll(() => pathname(page)).toBe('/docs/long/');
    await expect.poll(() => page.locator('article h1').textContent()).toBe('A long page');
    expect(await marker(page)).toBe(1);
  });

  it('opens external links in a new tab with rel=noopener, and leaves them to the browser', async () => {
    const { page, context } = await e2e.open('/docs/intro/');
    const external = page.locator('article a[href="https://example.org/external"]');
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toMatch(/\bnoopener\b/);
    // Links from markdown and from the navbar and footer config (the announcement's HTML is the author's, verbatim).
    const links = await page
      .locator('article a[href^="http"], .navbar a[href^="http"], .footer a[href^="http"]')
      .evaluateAll((els) => els.map((el) => ({ href: el.getAttribute('href')!, target: el.getAttribute('target'), rel: el.getAttribute('rel') })));
    const externals = links.filter((link) => new URL(link.href).origin !== new URL(e2e.env.prod.url).origin);
    expect(externals.length).toBeGreaterThan(2);
    for (const link of externals) expect(link, link.href).toMatchObject({ target: '_blank', rel: expect.stringMatching(/\bnoopener\b/) });

    // A click opens a new tab; the page itself stays (no instant navigation, no fetch).
    await context.route('https://example.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>External</title>' }));
    await mark(page);
    const popup = context.waitForEvent('page');
    await external.click();
    expect((await popup).url()).toBe('https://example.org/external');
    expect(pathname(page)).toBe('/docs/intro/');
    expect(await marker(page)).toBe(1);
  });
});

describe('analytics', () => {
  it('sends one page view on load and one per route change', async () => {
    // Other test files load pages of the same servers at the same time: this visit's page views are the ones that
    // carry its own query string, in their URL or (after the route change) in their referrer.
    const visit = `?visit=${Math.random().toString(36).slice(2)}`;
    const mine = async () => (await e2e.beacons()).filter((e) => e.url.includes(visit) || e.referrer.includes(visit));
    const { page } = await e2e.open(`/docs/intro/${visit}`);
    await expect.poll(async () => (await mine()).length).toBe(1);
    await articleLink(page, '/docs/other/').click();
    await page.waitForURL('**/docs/other/');
    await expect.poll(async () => (await mine()).length).toBe(2);
    await page.goBack();
    await page.waitForURL(`**/docs/intro/${visit}`);
    await expect.poll(async () => (await mine()).length).toBe(3);
    await page.waitForTimeout(300);
    const events = await mine();
    expect(events).toHaveLength(3);
    expect(events.map((e) => new URL(e.url).pathname)).toEqual(['/docs/intro/', '/docs/other/', '/docs/intro/']);
    expect(events[1]).toMatchObject({ title: 'Other page | E2E Site', referrer: e2e.url(`/docs/intro/${visit}`) });
  });
});

describe('base URL', () => {
  it('shows a banner about the baseUrl setting when the site is served at the wrong path', async () => {
    const { page } = await e2e.open('/docs/intro/', { server: 'wrongBase' });
    const banner = page.locator('#pd-base-url-banner');
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toContain('did not load properly');
    expect(await banner.textContent()).toContain('baseUrl');
    expect(await banner.textContent()).toContain('/sub/');
  });

  it('with baseUrl "/", shows the banner on every kind of page when the site is served under another path', async () => {
    // The production build (baseUrl "/") served at /elsewhere/: every path still starts with "/", but the page's
    // /assets/ stylesheet and scripts are not found.
    const server = await serveStatic({ root: e2e.env.prod.dir, mount: '/elsewhere/' });
    try {
      for (const sitePath of ['', 'docs/intro/', 'blog/', 'search/', 'no-such-page/']) {
        const context = await e2e.browser.newContext();
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
        });
        await page.goto(server.url + sitePath, { waitUntil: 'load' });
        const banner = page.locator('#pd-base-url-banner');
        await expect.poll(() => banner.count(), { message: sitePath }).toBe(1);
        expect(await banner.isVisible()).toBe(true);
        const text = await banner.textContent();
        expect(text).toContain('did not load properly');
        expect(text).toContain('/assets/');
        expect(text).toContain(`/elsewhere/${sitePath}`);
        expect(text).toContain('baseUrl');
        // The banner comes from the hashed inline script: the CSP let it run.
        expect(errors).toEqual([]);
        await context.close();
      }
    } finally {
      await server.close();
    }
  });

  it('shows no banner on a production page served at its base URL, nor when a third-party script fails', async () => {
    const { page } = await e2e.open('/docs/intro/', {
      before: (p) =>
        p.route('**/docs/intro/', async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replace('</head>', '<script src="https://third-party.example/tag.js" async></script></head>');
          await route.fulfill({ response, body: html });
        }),
      bypassCSP: true,
    });
    await waitHydrated(page);
    await page.waitForTimeout(200);
    expect(await page.locator('#pd-base-url-banner').count()).toBe(0);
  });

  it('shows no banner at the right path, and navigates in place under a base URL', async () => {
    const { page } = await e2e.open('/docs/intro/', { server: 'dev' });
    expect(await page.locator('#pd-base-url-banner').count()).toBe(0);
    await waitHydrated(page);
    await mark(page);
    await page.locator('article a[href="/sub/docs/other/"]').click();
    await page.waitForURL('**/sub/docs/other/');
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Other page');
    expect(await marker(page)).toBe(1);
  });
});
