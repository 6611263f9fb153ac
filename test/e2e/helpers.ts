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

/** An init script that starts the page in a colour mode (the theme's stored choice). */
export const themeInit = (mode: 'light' | 'dark') => `try { localStorage.setItem('theme', '${mode}'); } catch {}`;

/** WCAG contrast of two colours given as computed CSS colours (rgb(), rgba() or color(srgb …)); alpha is composited. */
export function contrastIn(page: Page, selector: string, index = 0): Promise<{ ratio: number; color: string }> {
  return page.evaluate(
    ({ selector, index }) => {
      const parse = (value: string): [number, number, number, number] => {
        const srgb = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)/.exec(value);
        if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
        const rgb = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(value);
        if (!rgb) throw new Error(`unparsed colour ${value}`);
        return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
      };
      const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]));
      const el = document.querySelectorAll(selector)[index] as HTMLElement;
      // The backdrop: every background from the element up to the first opaque one, composited.
      const layers: number[][] = [];
      for (let node: HTMLElement | null = el; node; node = node.parentElement) {
        const bg = parse(getComputedStyle(node).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] === 1) break;
      }
      let backdrop = [255, 255, 255];
      for (const layer of layers.reverse()) backdrop = over(layer, [...backdrop, 1]);
      const fg = over(parse(getComputedStyle(el).color), [...backdrop, 1]);
      const lum = (c: number[]) =>
        c.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
      const [a, b] = [lum(fg), lum(backdrop)].sort((x, y) => y - x);
      return { ratio: (a + 0.05) / (b + 0.05), color: getComputedStyle(el).color };
    },
    { selector, index },
  );
}
