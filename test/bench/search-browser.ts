// Bundled by run.mjs at bench time: search as a reader meets it, in Debian's Chromium. For each query, a fresh
// browser context (nothing cached) opens a docs page and lets it settle; then the reader opens the search modal
// (Ctrl+K) and types the query. Counted: every response after the modal is asked for (the search code, the index's
// entry, chunks and page details), at its gzip size, and the time from the last keystroke to the results on screen.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/env.ts';
import { serveStatic } from '../e2e/server.ts';

export interface BrowserQuery {
  query: string;
  /** Gzip bytes of what opening the search and the query fetched, each response counted once. */
  gzipBytes: number;
  requests: number;
  /** From the last keystroke to the results on screen, less the modal's wait for typing to pause (`debounceMs`). */
  ms: number;
  /** The first results, as page URLs with their anchors. */
  top: string[];
}

/** The modal waits this long after a keystroke before querying (use-search-results.ts, LOCAL_DEBOUNCE_MS). */
export const DEBOUNCE_MS = 60;

async function measureOne(page: Page, query: string): Promise<BrowserQuery> {
  const bodies: Promise<number>[] = [];
  page.on('response', (response) => {
    bodies.push(
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    );
  });
  await page.keyboard.press('Control+k');
  await page.locator('dialog.search-modal[open]').waitFor();
  // Times the results in the page itself: from the input event of the last keystroke to the first frame that shows them
  // (complete: those of the query in the box; results of an earlier query, shown while typing, do not count).
  await page.evaluate(() => {
    const w = window as unknown as { __bench: { typed: number; shown: number } };
    w.__bench = { typed: 0, shown: 0 };
    document.addEventListener('input', () => Object.assign(w.__bench, { typed: performance.now(), shown: 0 }), true);
    const body = document.querySelector('.search-modal__body')!;
    new MutationObserver(() => {
      if (body.getAttribute('data-results') === 'complete' && w.__bench.typed && !w.__bench.shown) w.__bench.shown = performance.now();
    }).observe(body, { attributes: true, childList: true, subtree: true });
  });
  // Playwright compiles its helper script in the page's world at the first waitForFunction (7-9 ms of the main
  // thread, by a Chromium trace): done here, before the typing, it is not counted in the time to results.
  await page.waitForFunction(() => true);
  await page.keyboard.type(query, { delay: 30 });
  await page.waitForFunction(
    (q) => {
      const body = document.querySelector('.search-modal__body');
      const input = document.querySelector<HTMLInputElement>('#pd-search-input');
      const loading = [...(body?.querySelectorAll('.search-modal__hint') ?? [])].some((hint) => hint.textContent?.startsWith('Loading'));
      return input?.value === q && body?.getAttribute('data-results') === 'complete' && !loading;
    },
    query,
    { timeout: 30_000 },
  );
  await page.waitForLoadState('networkidle');
  const { typed, shown } = await page.evaluate(() => (window as unknown as { __bench: { typed: number; shown: number } }).__bench);
  const top = await page.locator('[role="option"] a, a[role="option"]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname + new URL((a as HTMLAnchorElement).href).hash));
  const sizes = await Promise.all(bodies);
  return { query, gzipBytes: sizes.reduce((a, b) => a + b, 0), requests: sizes.length, ms: Math.max(0, shown - typed - DEBOUNCE_MS), top };
}

/** Serves `outDir` and measures each query in a fresh context; `pagePath` is the page the reader starts from. */
export async function measureInBrowser(outDir: string, pagePath: string, queries: readonly string[]): Promise<BrowserQuery[]> {
  const server = await serveStatic({ root: outDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const results: BrowserQuery[] = [];
    for (const query of queries) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(server.url + pagePath.replace(/^\//, ''), { waitUntil: 'load' });
        // What the page loads for itself (its scripts, the islands hydrated when idle) is not the search's.
        await page.waitForLoadState('networkidle');
        results.push(await measureOne(page, query));
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}
