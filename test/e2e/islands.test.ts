// Islands: hydration without errors on every route, the loading budget, interactions before hydration, the crash
// fallback and the Page Error box of a widget whose script fails to load.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { captureLogs, settle, setupE2E, waitHydrated } from './helpers.ts';

const e2e = setupE2E();

/** Every page of a build output, as a site path ("/docs/intro/"), plus a missing one for the 404 page. */
function routesOf(dir: string): string[] {
  const routes: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (child !== 'assets') walk(child);
      } else if (entry.name === 'index.html') {
        routes.push('/' + (rel ? rel + '/' : ''));
      }
    }
  };
  walk('');
  return routes.sort();
}

const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).byteLength;

describe('hydration', () => {
  it('hydrates every island on every route with no console errors or hydration warnings (React development build)', async () => {
    const routes = routesOf(e2e.env.dev.dir);
    expect(routes.length).toBeGreaterThan(10);
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const logs = captureLogs(page);
      const problems: string[] = [];
      for (const route of [...routes, '/this-page-does-not-exist/']) {
        logs.errors.length = 0;
        logs.warnings.length = 0;
        const response = await page.goto(e2e.url(route, 'dev'));
        const missing = route === '/this-page-does-not-exist/';
        expect(response?.status(), route).toBe(missing ? 404 : 200);
        if ((await page.locator('[data-pd-island]').count()) > 0) await waitHydrated(page);
        // Let late effects and recoverable-error reports land.
        await page.waitForTimeout(50);
        const errors = logs.errors.filter((text) => !(missing && /404/.test(text)));
        const warnings = logs.warnings.filter((text) => /hydrat|did not match|mismatch/i.test(text));
        for (const text of [...errors, ...warnings]) problems.push(`${route}: ${text}`);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('hydrates the islands of a production page once the browser is idle, with no console errors', async () => {
    const { page, logs } = await e2e.open('/docs/intro/');
    await waitHydrated(page);
    const names = await page.locator('[data-pd-island]').evaluateAll((els) => els.map((el) => el.getAttribute('data-pd-island')));
    expect(names).toEqual(expect.arrayContaining(['AnnouncementBar', 'NavbarMenu', 'VersionMenu', 'ColorModeToggle', 'SearchModal']));
    expect(logs.errors).toEqual([]);
  });
});

describe('budget', () => {
  it('runs at most 15 KB (gzip) of JavaScript before the load event, and no render-blocking script', async () => {
    const { page } = await e2e.open('/docs/intro/');
    const scripts = await page.locator('script').evaluateAll((els) =>
      els.map((el) => ({ type: el.getAttribute('type'), src: el.getAttribute('src'), inline: !el.hasAttribute('src') })),
    );
    // Only the hashed inline head script and module scripts; the one other inline script is the JSON-LD data block,
    // which the browser never runs.
    expect(scripts.filter((s) => s.inline && s.type !== 'application/ld+json')).toHaveLength(1);
    expect(scripts.filter((s) => s.inline && s.type === 'application/ld+json')).toHaveLength(1);
    for (const script of scripts.filter((s) => !s.inline)) expect(script.type).toBe('module');
    const blocking = await page.locator('link[rel="preload"][as="script"], script[src]:not([type="module"])').count();
    expect(blocking).toBe(0);

    const beforeLoad = await page.evaluate(() => {
      const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js') && e.startTime < load.loadEventStart)
        .map((e) => new URL(e.name).pathname);
    });
    expect(beforeLoad.length).toBeGreaterThan(0);
    expect(beforeLoad.some((p) => /hydrate|island-|chunk\./.test(p)), beforeLoad.join(', ')).toBe(false);
    const inline = await page.locator('script:not([src])').first().textContent();
    const size = beforeLoad.reduce((sum, p) => sum + gzip(path.join(e2e.env.prod.dir, p)), gzipSync(inline ?? '').byteLength);
    // eslint-disable-next-line no-console -- the measured size is part of the report
    console.log(`JavaScript before load on /docs/intro/: ${(size / 1024).toFixed(1)} KB gzip (${beforeLoad.join(', ')} + inline head script)`);
    expect(size).toBeLessThanOrEqual(15 * 1024);
  });

  it('loads at most 10 KB (gzip) of CSS and 40 KB of fonts, the font preloaded and never swapped in late', async () => {
    const { page } = await e2e.open('/docs/intro/');
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => /\.(css|woff2)$/.test(p)),
    );
    const css = loaded.filter((p) => p.endsWith('.css'));
    const fonts = loaded.filter((p) => p.endsWith('.woff2'));
    expect(css).toHaveLength(1);
    const cssSize = gzip(path.join(e2e.env.prod.dir, css[0]));
    const fontSize = fonts.reduce((sum, p) => sum + readFileSync(path.join(e2e.env.prod.dir, p)).byteLength, 0);
    // eslint-disable-next-line no-console -- the measured sizes are part of the report
    console.log(`CSS on /docs/intro/: ${(cssSize / 1024).toFixed(2)} KB gzip; fonts: ${(fontSize / 1024).toFixed(1)} KB (${fonts.join(', ')})`);
    expect(cssSize).toBeLessThanOrEqual(10 * 1024);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fontSize).toBeLessThanOrEqual(40 * 1024);
    const preloads = await page.locator('link[rel="preload"][as="font"]').evaluateAll((els) => els.map((el) => new URL((el as HTMLLinkElement).href).pathname));
    expect(preloads).toEqual(fonts);
    // font-display: optional: the text is laid out once, in whichever font is there at first paint.
    const display = await page.evaluate(() => [...document.fonts].map((f) => f.display));
    expect(display).toEqual(['optional']);
  });

  it('keeps React and all widgets within 90 KB gzip (what hydration loads; lazy parts counted apart)', () => {
    const assets = path.join(e2e.env.prod.dir, 'assets');
    const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
    // Static imports only (`import … from"…"`, `import"…"`); `import("…")` is a lazy part loaded on demand.
    const staticImports = (file: string) =>
      [...readFileSync(path.join(assets, file), 'utf8').matchAll(/(?:from|import)\s*["']([^"'()]+\.js)["']/g)].map((m) => path.posix.basename(m[1]));
    const closure = new Set<string>();
    const visit = (file: string) => {
      if (closure.has(file)) return;
      closure.add(file);
      staticImports(file).forEach(visit);
    };
    const entries = files.filter((f) => /^(hydrate|island-)/.test(f));
    entries.forEach(visit);
    const size = (list: Iterable<string>) => [...list].reduce((sum, f) => sum + gzip(path.join(assets, f)), 0);
    const react = new Set<string>();
    const visitReact = (file: string) => {
      if (react.has(file)) return;
      react.add(file);
      staticImports(file).forEach(visitReact);
    };
    visitReact(files.find((f) => f.startsWith('hydrate.'))!);
    const lazy = files.filter((f) => !closure.has(f) && !f.startsWith('loader.'));
    const total = size(closure);
    // eslint-disable-next-line no-console -- the measured size is part of the report
    console.log(
      `React + hydration runtime: ${(size(react) / 1024).toFixed(1)} KB gzip; with all ${entries.length - 1} islands: ${(total / 1024).toFixed(1)} KB gzip; ` +
        `lazy parts loaded on demand (${lazy.join(', ') || 'none'}): ${(size(lazy) / 1024).toFixed(1)} KB gzip`,
    );
    expect(total).toBeLessThanOrEqual(90 * 1024);
  });
});

describe('interaction before hydration', () => {
  it('replays the first click on the colour toggle after hydration, with a spinner while the widget loads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { page } = await e2e.open('/docs/intro/', {
      waitUntil: 'domcontentloaded',
      before: (p) =>
        p.route('**/assets/island-ColorModeToggle.*.js', async (route) => {
          await gate;
          await route.continue();
        }),
    });
    const island = page.locator('[data-pd-island="ColorModeToggle"]');
    await expect.poll(() => island.getAttribute('data-pd-state')).toMatch(/pending|loading/);
    expect(await page.evaluate(() => document.documentElement.dataset.themeChoice)).toBe('light');
    await island.locator('button').click();
    // The widget is loading: a spinner shows, the mode has not changed yet.
    await expect.poll(() => page.locator('.pd-spinner').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    release();
    await waitHydrated(page, 'ColorModeToggle');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.themeChoice)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.locator('.pd-spinner').count()).toBe(0);
    // Exactly one switch: stays dark.
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => document.documentElement.dataset.themeChoice)).toBe('dark');
  });

  it('replays the first Ctrl+K to the search widget once it hydrates', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { page } = await e2e.open('/docs/intro/', {
      waitUntil: 'domcontentloaded',
      before: (p) =>
        p.route('**/assets/island-SearchModal.*.js', async (route) => {
          await gate;
          await route.continue();
        }),
    });
    expect(await page.locator('[data-pd-island="SearchModal"]').getAttribute('data-pd-state')).not.toBe('hydrated');
    await page.keyboard.press('Control+k');
    await page.waitForTimeout(100);
    expect(new URL(page.url()).pathname).toBe('/docs/intro/');
    release();
    // The search widget handles the shortcut: it opens a search dialog, or (placeholder) goes to the search page.
    await expect
      .poll(async () => new URL(page.url()).pathname === '/search/' || (await page.locator('[role="dialog"] input, dialog[open] input').count()) > 0, {
        timeout: 10_000,
      })
      .toBe(true);
  });
});

describe('error handling', () => {
  it('shows "This page crashed." with the message when a widget throws, and "Try again" recovers', async () => {
    const { page, logs } = await e2e.open('/docs/widgets/');
    await waitHydrated(page, 'Crasher');
    const widget = page.locator('[data-pd-island="Crasher"]');
    await widget.getByRole('button', { name: 'Crash this widget' }).click();
    await expect.poll(() => widget.locator('.crasher__count').textContent()).toBe('1');
    await widget.getByRole('button', { name: 'Crash this widget' }).click();
    await expect.poll(() => widget.getByText('This page crashed.').isVisible()).toBe(true);
    expect(await widget.getByText('The crasher widget exploded on purpose.').isVisible()).toBe(true);
    expect(logs.errors.some((e) => e.includes('exploded on purpose'))).toBe(true);
    // The rest of the page still works.
    expect(await page.locator('article h1').textContent()).toBe('Widgets');
    await widget.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => widget.getByRole('button', { name: 'Crash this widget' }).isVisible()).toBe(true);
    expect(await widget.locator('.crasher__count').textContent()).toBe('0');
    expect(await widget.getByText('This page crashed.').count()).toBe(0);
  });

  it('shows "Page Error" with Retry when a widget script fails to load, and Retry loads it again', async () => {
    let block = true;
    const asked: string[] = [];
    // Matched by path: a retry asks for the script under a URL of its own (a query), as a browser may keep a failed
    // import as failed for its URL.
    const { page, logs } = await e2e.open('/docs/intro/', {
      before: (p) =>
        p.route(
          (url) => /\/assets\/island-ColorModeToggle\.[^/]+\.js$/.test(url.pathname),
          (route) => (asked.push(route.request().url()), block ? route.abort('connectionrefused') : route.continue()),
        ),
    });
    const box = page.locator('.pd-page-error');
    await expect.poll(() => box.count(), { timeout: 10_000 }).toBe(1);
    expect(await box.getByText('Page Error').isVisible()).toBe(true);
    expect(await page.locator('[data-pd-island="ColorModeToggle"]').getAttribute('data-pd-state')).toBe('error');
    expect(logs.warnings.some((w) => w.includes('ColorModeToggle') && w.includes('failed to load'))).toBe(true);
    // The other widgets hydrated anyway.
    await waitHydrated(page, 'NavbarMenu');

    const state = () => page.locator('[data-pd-island="ColorModeToggle"]').getAttribute('data-pd-state');
    await box.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(state).toBe('error');
    await expect.poll(() => box.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);

    block = false;
    await box.getByRole('button', { name: 'Retry' }).click();
    await waitHydrated(page, 'ColorModeToggle');
    expect(await page.locator('.pd-page-error').count()).toBe(0);
    // Each attempt asked for the script again, every one under a URL not asked for before.
    expect(asked.length).toBe(3);
    expect(new Set(asked).size).toBe(3);
    await page.locator('[data-pd-island="ColorModeToggle"] button').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.themeChoice)).toBe('dark');
  });
});

describe('settled page', () => {
  it('loads React only after the load event', async () => {
    const { page } = await e2e.open('/docs/other/');
    await settle(page);
    await waitHydrated(page);
    const timing = await page.evaluate(() => {
      const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
      const hydrate = performance.getEntriesByType('resource').find((e) => /\/hydrate\.[^/]+\.js$/.test(e.name));
      return { load, hydrateStart: hydrate?.startTime ?? -1 };
    });
    expect(timing.hydrateStart).toBeGreaterThanOrEqual(timing.load);
  });
});
