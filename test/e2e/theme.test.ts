// The theme's widgets, hydrated by the runtime: colour mode, announcement bar, mobile menu and hide-on-scroll navbar,
// version menu.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupE2E, waitHydrated } from './helpers.ts';

const e2e = setupE2E();

const theme = (page: Page) =>
  page.evaluate(() => ({ theme: document.documentElement.dataset.theme, choice: document.documentElement.dataset.themeChoice }));

describe('colour mode', () => {
  it('cycles light → dark → system → light and stores the choice', async () => {
    const { page, logs } = await e2e.open('/docs/intro/', { colorScheme: 'dark' });
    await waitHydrated(page, 'ColorModeToggle');
    const toggle = page.locator('[data-pd-island="ColorModeToggle"] button');
    expect(await theme(page)).toEqual({ theme: 'light', choice: 'light' });
    expect(await toggle.getAttribute('aria-label')).toContain('currently light mode');

    await toggle.click();
    expect(await theme(page)).toEqual({ theme: 'dark', choice: 'dark' });
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // System follows the OS preference (emulated dark), then follows it live.
    await toggle.click();
    expect(await theme(page)).toEqual({ theme: 'dark', choice: 'system' });
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toEqual({ theme: 'light', choice: 'system' });

    await toggle.click();
    expect(await theme(page)).toEqual({ theme: 'light', choice: 'light' });
    expect(await toggle.getAttribute('aria-label')).toContain('currently light mode');
    expect(logs.errors).toEqual([]);
  });

  it('persists across reloads, and the first paint is already right (set before any module script runs)', async () => {
    const { page, context } = await e2e.open('/docs/intro/');
    await waitHydrated(page, 'ColorModeToggle');
    const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.locator('[data-pd-island="ColorModeToggle"] button').click();
    expect(await theme(page)).toEqual({ theme: 'dark', choice: 'dark' });

    await page.reload();
    expect(await theme(page)).toEqual({ theme: 'dark', choice: 'dark' });

    // With every script file blocked, only the inline head script can have set the mode.
    const blocked = await context.newPage();
    await blocked.route('**/*.js', (route) => route.abort());
    await blocked.goto(e2e.url('/docs/other/'), { waitUntil: 'domcontentloaded' });
    expect(await theme(blocked)).toEqual({ theme: 'dark', choice: 'dark' });
    expect(await blocked.locator('[data-pd-island][data-pd-state]').count()).toBe(0);
    const darkBackground = await blocked.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(darkBackground).not.toBe(lightBackground);
  });
});

describe('announcement bar', () => {
  it('stays dismissed across reloads and comes back when its id changes', async () => {
    const { page } = await e2e.open('/docs/intro/');
    const bar = page.locator('.announcement-bar');
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.textContent()).toContain('Star the E2E project');
    await waitHydrated(page, 'AnnouncementBar');
    await bar.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => bar.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('announcement.dismiss'))).toBe('e2e-bar-1');

    await page.reload();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-announcement-dismissed'))).toBe(true);
    expect(await page.locator('.announcement-bar').isVisible()).toBe(false);

    // A bar dismissed under an older id shows again.
    await page.evaluate(() => localStorage.setItem('announcement.dismiss', 'e2e-bar-0'));
    await page.reload();
    expect(await page.locator('.announcement-bar').isVisible()).toBe(true);
  });
});

describe('navbar', () => {
  it('is the mobile layout at 996 px: the menu opens and closes with Escape, the backdrop and a resize to desktop', async () => {
    const { page, logs } = await e2e.open('/docs/intro/', { viewport: { width: 996, height: 800 } });
    await waitHydrated(page, 'NavbarMenu');
    const toggle = page.locator('button.navbar-menu__toggle');
    const panel = page.locator('#pd-navbar-sidebar');
    expect(await toggle.isVisible()).toBe(true);
    expect(await page.locator('.navbar__desktop-only').first().isVisible()).toBe(false);

    await toggle.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // On a doc page the panel opens on the secondary menu: the docs sidebar; the primary menu is one step back.
    expect(await panel.getByRole('link', { name: 'Other page' }).isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Back to main menu' }).click();
    expect(await panel.getByRole('link', { name: 'Blog' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('navbar-menu__toggle'))).toBe(true);

    await toggle.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    // The backdrop covers the page to the right of the panel.
    await page.mouse.click(980, 700);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.isVisible()).toBe(false);
    expect(logs.errors).toEqual([]);
  });

  it('shows the page\'s own sidebar as the mobile menu\'s secondary menu at 390 px, which the page carries once', async () => {
    const { page, logs } = await e2e.open('/docs/intro/', { viewport: { width: 390, height: 844 } });
    const html = await (await page.request.get(e2e.url('/docs/intro/'))).text();
    // A sidebar-only link: once in the HTML (the desktop sidebar), not in the menu nor in its island props.
    expect(html.split('/docs/more/deep/')).toHaveLength(2);
    expect(html).not.toContain('&quot;nodes&quot;');

    await waitHydrated(page, 'NavbarMenu');
    const toggle = page.locator('button.navbar-menu__toggle');
    const panel = page.locator('#pd-navbar-sidebar');
    await toggle.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    const menu = panel.getByRole('navigation', { name: 'Docs sidebar' });
    expect(await menu.getByRole('link', { name: 'Widgets' }).isVisible()).toBe(true);
    expect(await menu.locator('[aria-current="page"]').textContent()).toBe('Introduction');
    // Collapsible categories work in the menu.
    const deep = menu.getByRole('link', { name: 'Deep page' });
    const expanded = await deep.isVisible();
    await menu.locator('summary', { hasText: 'More' }).click();
    expect(await deep.isVisible()).toBe(!expanded);

    // Tab stays in the dialog, in both directions.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#pd-navbar-sidebar') !== null)).toBe(true);
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#pd-navbar-sidebar') !== null)).toBe(true);

    // Primary menu and back.
    await panel.getByRole('button', { name: 'Back to main menu' }).click();
    expect(await panel.getByRole('link', { name: 'Blog' }).isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    await panel.getByRole('button', { name: 'Docs menu' }).click();
    expect(await menu.getByRole('link', { name: 'Widgets' }).isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('navbar-menu__toggle'))).toBe(true);
    // Closed, the page's sidebar is again the only "Docs sidebar" landmark.
    await expect.poll(() => page.locator('nav[aria-label="Docs sidebar"]').count()).toBe(1);

    // After an instant navigation the menu shows the new page's sidebar.
    await toggle.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Other page' }).click();
    await page.waitForURL('**/docs/other/');
    await waitHydrated(page, 'NavbarMenu');
    await page.locator('button.navbar-menu__toggle').click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await menu.locator('[aria-current="page"]').textContent()).toBe('Other page');
    const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((el) => el.id));
    expect(ids.length).toBeGreaterThan(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(logs.errors).toEqual([]);
  });

  it('shows the blog\'s recent posts as the secondary menu', async () => {
    const { page } = await e2e.open('/blog/', { viewport: { width: 390, height: 844 } });
    await waitHydrated(page, 'NavbarMenu');
    await page.locator('button.navbar-menu__toggle').click();
    const menu = page.locator('#pd-navbar-sidebar').getByRole('navigation', { name: 'Blog recent posts' });
    await expect.poll(() => menu.getByRole('link', { name: 'Hello' }).isVisible()).toBe(true);
  });

  it('without JavaScript, the menu is a <details> showing the page\'s sidebar and, one step back, the main menu', async () => {
    const { page } = await e2e.open('/docs/intro/', { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const summary = page.locator('details.navbar-menu > summary');
    const sidebarLink = page.locator('aside.doc-sidebar').getByRole('link', { name: 'Widgets' });
    expect(await sidebarLink.isVisible()).toBe(false);
    await summary.click();
    expect(await sidebarLink.isVisible()).toBe(true);
    // The revealed sidebar is on top (below the menu's head, not under the backdrop): it takes the click.
    const hit = await sidebarLink.evaluate((a) => {
      const box = a.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === a;
    });
    expect(hit).toBe(true);
    const switcher = page.locator('details.navbar-sidebar__switch > summary');
    expect(await switcher.boundingBox().then((box) => box!.y + box!.height)).toBeLessThanOrEqual(
      (await page.locator('aside.doc-sidebar').boundingBox())!.y,
    );
    const primaryBlog = page.locator('details.navbar-menu').getByRole('link', { name: 'Blog' });
    expect(await primaryBlog.isVisible()).toBe(false);
    await switcher.click(); // "Back to main menu"
    expect(await primaryBlog.isVisible()).toBe(true);
    expect(await sidebarLink.isVisible()).toBe(false);
    await switcher.click(); // "Docs menu"
    expect(await sidebarLink.isVisible()).toBe(true);
    await sidebarLink.click();
    await page.waitForURL('**/docs/widgets/');
    expect(await page.locator('article h1').textContent()).toBe('Widgets');

    // The backdrop closes it.
    await page.locator('details.navbar-menu > summary').click();
    await page.mouse.click(380, 700);
    expect(await page.locator('details.navbar-menu').getAttribute('open')).toBeNull();
    expect(await page.locator('aside.doc-sidebar').isVisible()).toBe(false);
  });

  it('without JavaScript, the blog menu shows the recent posts', async () => {
    const { page } = await e2e.open('/blog/', { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await page.locator('details.navbar-menu > summary').click();
    const link = page.locator('aside.blog-sidebar').getByRole('link', { name: 'Hello' });
    expect(await link.isVisible()).toBe(true);
    await link.click();
    expect(await page.locator('article h1').textContent()).toBe('Hello');
  });

  it('is the desktop layout at 997 px', async () => {
    const { page } = await e2e.open('/docs/intro/', { viewport: { width: 997, height: 800 } });
    await waitHydrated(page, 'NavbarMenu');
    expect(await page.locator('.navbar-menu__toggle').isVisible()).toBe(false);
    expect(await page.locator('.navbar__desktop-only').first().isVisible()).toBe(true);
    expect(await page.locator('.navbar').getByRole('link', { name: 'Blog' }).first().isVisible()).toBe(true);
  });

  it('closes the mobile menu after an instant navigation', async () => {
    const { page } = await e2e.open('/docs/intro/', { viewport: { width: 800, height: 800 } });
    await waitHydrated(page, 'NavbarMenu');
    await page.locator('button.navbar-menu__toggle').click();
    const panel = page.locator('#pd-navbar-sidebar');
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await panel.getByRole('link', { name: 'Other page' }).click();
    await page.waitForURL('**/docs/other/');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await waitHydrated(page, 'NavbarMenu');
    expect(await page.locator('button.navbar-menu__toggle').getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#pd-navbar-sidebar').isVisible()).toBe(false);
  });

  it('hides when scrolling down and shows when scrolling up', async () => {
    const { page } = await e2e.open('/docs/long/');
    await waitHydrated(page, 'NavbarMenu');
    const navbar = page.locator('header.navbar');
    const hidden = () => navbar.evaluate((el) => el.classList.contains('navbar--hidden'));
    expect(await hidden()).toBe(false);
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 900);
    await expect.poll(hidden).toBe(true);
    await page.mouse.wheel(0, -300);
    await expect.poll(hidden).toBe(false);
  });
});

describe('version menu', () => {
  it('links to the same page in the other version and remembers the preferred version', async () => {
    const { page } = await e2e.open('/docs/other/');
    await waitHydrated(page, 'VersionMenu');
    const menu = page.locator('.version-menu');
    expect(await menu.locator('summary').textContent()).toContain('v2.0.0');
    await menu.locator('summary').click();
    const v1 = menu.getByRole('link', { name: 'v1.0.0' });
    expect(await v1.getAttribute('href')).toBe('/docs/1.0/other/');
    await v1.click();
    await page.waitForURL('**/docs/1.0/other/');
    expect(await page.locator('article h1').textContent()).toBe('Other page (v1)');
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('1.0');
    await waitHydrated(page, 'VersionMenu');
    expect(await page.locator('.version-menu summary').textContent()).toContain('v1.0.0');
  });
});
