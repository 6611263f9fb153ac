// Shared helpers of the browser tests: the connection to the run's Chromium, fresh contexts per test, console capture
// and the waits the specs need.

import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { startEnv, type E2EEnv, type RunningEnv } from './env.ts';

export type ServerName = 'prod' | 'dev' | 'wrongBase';

export interface Logs {
  /** console.error messages and uncaught page errors. */
  errors: string[];
  warnings: string[];
}

export interface OpenOptions extends BrowserContextOptions {
  server?: ServerName;
  /** Runs in every document before its scripts (page.addInitScript). */
  init?: string;
  /** Default 'load'. */
  waitUntil?: 'load' | 'domcontentloaded' | 'commit';
  /** Called with the page before navigating (routes, listeners). */
  before?: (page: Page) => unknown;
}

export interface Opened {
  page: Page;
  context: BrowserContext;
  logs: Logs;
}

export interface E2E {
  readonly env: E2EEnv;
  readonly browser: Browser;
  /** Absolute URL of a site path ("/docs/intro/") on one of the servers. */
  url(sitePath: string, server?: ServerName): string;
  /** A fresh context (empty storage) and page, opened at `sitePath`. Closed after the test. */
  open(sitePath: string, options?: OpenOptions): Promise<Opened>;
  /** The analytics beacons the servers have recorded so far. */
  beacons(): Promise<{ url: string; title: string; referrer: string }[]>;
}

/** Collects console errors, warnings and page errors. */
export function captureLogs(page: Page): Logs {
  const logs: Logs = { errors: [], warnings: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') logs.errors.push(message.text());
    else if (message.type() === 'warning') logs.warnings.push(message.text());
  });
  page.on('pageerror', (error) => logs.errors.push(`pageerror: ${error.message}`));
  return logs;
}

/** Waits until every island on the page (or the named one) is hydrated. */
export async function waitHydrated(page: Page, name?: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (island) => {
      const all = [...document.querySelectorAll<HTMLElement>(island ? `[data-pd-island="${island}"]` : '[data-pd-island]')];
      return all.length > 0 && all.every((el) => el.getAttribute('data-pd-state') === 'hydrated');
    },
    name ?? null,
    { timeout },
  );
}

/** Resolves after the page's load event plus one idle period: what "after the page settled" means here. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = () => requestIdleCallback(() => resolve(), { timeout: 1000 });
        if (document.readyState === 'complete') idle();
        else addEventListener('load', idle, { once: true });
      }),
  );
}

/**
 * Call once at the top of a spec file. It connects to the Chromium of the global setup; when the file runs without it
 * (e.g. a config without globalSetup), it starts a private environment for the file.
 */
export function setupE2E(): E2E {
  let env: E2EEnv | undefined;
  let browser: Browser | undefined;
  let own: RunningEnv | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    env = inject('pdE2E');
    if (!env) {
      own = await startEnv();
      env = own.env;
    }
    browser = await chromium.connect(env.wsEndpoint);
  });

  afterEach(async () => {
    await Promise.allSettled(contexts.splice(0).map((c) => c.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await own?.close();
  });

  const e2e: E2E = {
    get env() {
      if (!env) throw new Error('e2e environment not started');
      return env;
    },
    get browser() {
      if (!browser) throw new Error('browser not connected');
      return browser;
    },
    url(sitePath, server = 'prod') {
      return e2e.env[server].url + sitePath.replace(/^\//, '');
    },
    async open(sitePath, options = {}) {
      const { server, init, waitUntil, before, ...contextOptions } = options;
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
      contexts.push(context);
      if (init) await context.addInitScript(init);
      const page = await context.newPage();
      const logs = captureLogs(page);
      await before?.(page);
      await page.goto(e2e.url(sitePath, server), { waitUntil: waitUntil ?? 'load' });
      return { page, context, logs };
    },
    async beacons() {
      const response = await fetch(new URL('/__analytics', e2e.env.prod.url));
      return (await response.json()) as { url: string; title: string; referrer: string }[];
    },
  };
  return e2e;
}
