// Layout details of the real IAIndex site at 1280 px, as a reader sees them: the home hero breaks no word onto a line of
// its own and lines up with the logo; the /search filters are drawn controls whose labels sit on one line with them.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupE2E, themeInit, waitHydrated } from './helpers.ts';

const e2e = setupE2E();

async function open(sitePath: string, mode: 'light' | 'dark'): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(themeInit(mode));
  const page = await context.newPage();
  await page.goto(e2e.env.site.url + sitePath.replace(/^\//, ''), { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  return page;
}

/** The words on the last line the element's text is laid out on. */
function lastLineWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).first().evaluate((element) => {
    const words: { word: string; top: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        words.push({ word: match[0], top: range.getBoundingClientRect().top });
      }
    }
    const last = Math.max(...words.map((w) => w.top));
    return words.filter((w) => Math.abs(w.top - last) < 4).map((w) => w.word);
  });
}

/** The box of an element's own text (not of the element), in page coordinates. */
function textBox(page: Page, selector: string): Promise<{ top: number; bottom: number; left: number }> {
  return page.locator(selector).first().evaluate((element) => {
    const text = [...element.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')!;
    const range = document.createRange();
    range.selectNodeContents(text);
    const { top, bottom, left } = range.getBoundingClientRect();
    return { top, bottom, left };
  });
}

describe.each(['light', 'dark'] as const)('in %s mode', (mode) => {
  it('the home hero leaves no word alone on a line, and its text starts where the logo does', async () => {
    const page = await open('/', mode);
    expect((await lastLineWords(page, '.hero__title')).length).toBeGreaterThan(1);
    expect((await lastLineWords(page, '.hero__lead')).length).toBeGreaterThan(1);
    const text = await page.locator('.hero__text').boundingBox();
    // The logo the reader sees (the hydrated mobile menu has another, hidden at this width).
    const logoX = await page.evaluate(() => [...document.querySelectorAll('.navbar__logo')].map((el) => el.getBoundingClientRect()).find((r) => r.width > 0)!.x);
    expect(Math.abs(text!.x - logoX)).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('/search draws its select and checkboxes, and "Docs tags" and "Show" sit on the line of their controls', async () => {
    const page = await open('/search/', mode);
    await waitHydrated(page, 'SearchPage');
    const select = await page.locator('.search-page__filter select').evaluate((el) => {
      const style = getComputedStyle(el);
      return { appearance: style.appearance, arrow: style.backgroundImage };
    });
    expect(select.appearance).toBe('none');
    expect(select.arrow).not.toBe('none');
    const accent = await page.locator('.search-page__tag input').first().evaluate((el) => getComputedStyle(el).accentColor);
    expect(accent).not.toBe('auto');

    const legend = await textBox(page, '.search-page__tags legend');
    const firstTag = await textBox(page, '.search-page__tag');
    expect(Math.abs(legend.bottom - firstTag.bottom)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(legend.top - firstTag.top)).toBeLessThanOrEqual(1.5);

    const show = await textBox(page, '.search-page__filter label[for="search-page-type"]');
    const box = await page.locator('#search-page-type').boundingBox();
    expect(Math.abs((show.top + show.bottom) / 2 - (box!.y + box!.height / 2))).toBeLessThanOrEqual(1.5);
    await page.context().close();
  });
});
