// Reading a docs page in the browser: shell blocks in several token colours (both modes), the copy button (keyboard,
// "Copied", the block's text on the clipboard, nothing without JavaScript), the visible scroll hint of long lines,
// and "On this page" marking the section being read without moving anything.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contrastIn, setupE2E, themeInit, waitHydrated } from './helpers.ts';

const e2e = setupE2E();

describe.each(['light', 'dark'] as const)('shell highlighting in %s mode', (mode) => {
  it('shows command names, options, variables, strings, comments and prompts in different colours, each readable', async () => {
    const { page } = await e2e.open('/docs/code/', { init: themeInit(mode) });
    expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
    const bash = 'article .code-block:has(code.language-bash)';
    const tokens = {
      command: `${bash} .hljs-title.function_`,
      option: `${bash} .hljs-attr`,
      variable: `${bash} .hljs-variable`,
      string: `${bash} .hljs-string`,
      comment: `${bash} .hljs-comment`,
      prompt: 'article code.language-console .hljs-meta.prompt_',
      plain: `${bash} code`,
    };
    const colours: Record<string, string> = {};
    for (const [kind, selector] of Object.entries(tokens)) {
      expect(await page.locator(selector).count(), kind).toBeGreaterThan(0);
      const { ratio, color } = await contrastIn(page, selector);
      colours[kind] = color;
      expect(ratio, `${kind} ${color}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(await page.locator(tokens.command).allTextContents()).toEqual(expect.arrayContaining(['npm', 'export', 'node']));
    // Six kinds of token, six colours, none the colour of plain text.
    expect(new Set(Object.values(colours)).size, JSON.stringify(colours)).toBe(7);
  });
});

describe('code blocks', () => {
  it('copies the block’s text with a keyboard-reachable button that says "Copied"', async () => {
    const { page, context } = await e2e.open('/docs/code/');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(e2e.env.prod.url).origin });
    const blocks = page.locator('article .code-block');
    expect(await page.locator('article .code-block .code-copy').count()).toBe(await blocks.count());

    // Keyboard: Tab reaches the button (it is a real button), Enter copies.
    const button = blocks.nth(0).locator('.code-copy');
    expect(await button.getAttribute('aria-label')).toBe('Copy code');
    await button.focus();
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('code-copy');
    await page.keyboard.press('Enter');
    await expect.poll(() => button.textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      '# Install the CLI, then build the index\nnpm install -g @iaindex/cli --save-dev\nexport IAINDEX_KEY="$HOME/.iaindex/key.pem"\nnode build-index.mjs --out index.json',
    );
    expect(await page.locator('#pd-announcer').textContent()).toBe('Copied to the clipboard');
    await expect.poll(() => button.textContent(), { timeout: 4000 }).toBe('Copy');

    // A console session copies its commands, not the prompt or the output.
    await blocks.nth(1).locator('.code-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('dig TXT _iaindex.example.com +short');

    // Line numbers and highlight comments are not part of the text.
    await blocks.nth(2).locator('.code-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(
      "import { sign } from 'node:crypto';\nconst signature = sign(null, Buffer.from('payload'), privateKey);\nconsole.log(signature.toString('base64url'));",
    );
    const lines = blocks.nth(2).locator('.code-line');
    expect(await lines.evaluateAll((els) => els.map((el) => [el.getAttribute('data-line'), el.classList.contains('code-line--highlighted')]))).toEqual([
      ['1', false],
      ['2', true],
      ['3', true],
    ]);
    expect(await blocks.nth(2).locator('.code-block__lang').textContent()).toBe('js');
  });

  it('adds buttons to the blocks of a page reached by instant navigation', async () => {
    const { page } = await e2e.open('/docs/intro/');
    await waitHydrated(page);
    await page.locator('nav[aria-label="Docs sidebar"] a[href="/docs/code/"]').click();
    await page.waitForURL('**/docs/code/');
    await expect.poll(() => page.locator('article .code-copy').count()).toBe(4);
  });

  it('reads the same without JavaScript, with no dead button', async () => {
    const { page } = await e2e.open('/docs/code/', { javaScriptEnabled: false });
    expect(await page.locator('.code-copy').count()).toBe(0);
    expect(await page.locator('article pre').first().innerText()).toContain('npm install -g @iaindex/cli --save-dev');
  });

  it('shows that a long line scrolls: a shadow at the right edge that goes when scrolled to the end', async () => {
    const { page } = await e2e.open('/docs/code/');
    const pre = page.locator('article .code-block:has(code.language-json) pre');
    const overflow = await pre.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeGreaterThan(0);
    const edge = async () => {
      const shot = await pre.screenshot();
      const { width } = (await pre.boundingBox())!;
      return page.evaluate(
        async ({ data, width }) => {
          const img = new Image();
          img.src = `data:image/png;base64,${data}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.width;
          canvas.height = img.height;
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          // A pixel row in the top padding, at the very right and 40% in: the hint darkens the right edge only.
          const y = 4;
          const at = (x: number) => Array.from(ctx.getImageData(Math.round(x), y, 1, 1).data.slice(0, 3)).reduce((a, b) => a + b, 0);
          return at(img.width * (width - 3) / width) - at(img.width * 0.4);
        },
        { data: shot.toString('base64'), width },
      );
    };
    expect(await edge()).toBeLessThan(-20);
    await pre.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    expect(Math.abs(await edge())).toBeLessThan(6);
  });
});

describe('"On this page"', () => {
  const active = (page: Page) =>
    page.locator('nav[aria-label="On this page"] a.toc__link--active').evaluateAll((els) => els.map((el) => [el.textContent, el.getAttribute('aria-current')]));

  it('marks the section being read as the reader scrolls, without moving anything, and stays clear of the top', async () => {
    const { page } = await e2e.open('/docs/long/');
    await expect.poll(() => active(page)).toEqual([]);
    const boxes = () => page.locator('nav[aria-label="On this page"] a').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    const before = await boxes();
    for (const [id, text] of [
      ['section-three', 'Section three'],
      ['section-five', 'Section five'],
      ['section-two', 'Section two'],
    ]) {
      await page.evaluate((target) => window.scrollTo({ top: document.getElementById(target)!.getBoundingClientRect().top + window.scrollY - 150, behavior: 'instant' }), id);
      await expect.poll(() => active(page)).toEqual([[text, 'location']]);
    }
    // Marking changed colours only: every entry is where it was (same scroll state of the sticky column).
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.waitForTimeout(300);
    expect(await boxes()).toEqual(before);

    // Scrolling down hides the navbar; the title of the column keeps a gap above it.
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.locator('header.navbar.navbar--hidden').count()).toBe(1);
    await page.waitForTimeout(400);
    const title = await page.locator('nav[aria-label="On this page"] .toc__title').boundingBox();
    expect(title!.y).toBeGreaterThanOrEqual(16);
  });

  it('marks the section a table-of-contents link jumped to', async () => {
    const { page } = await e2e.open('/docs/long/');
    await page.locator('nav[aria-label="On this page"] a[href="#section-four"]').click();
    await expect.poll(() => active(page)).toEqual([['Section four', 'location']]);
  });

  it('at the end of the page, marks the last section', async () => {
    const { page } = await e2e.open('/docs/long/');
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => active(page)).toEqual([['Section six', 'location']]);
  });
});
