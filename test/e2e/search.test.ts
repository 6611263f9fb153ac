import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contrastIn, themeInit, waitHydrated } from './helpers.ts';
import { HOSTED, MODEL_ANSWER, startSearchEnv, type SearchEnv } from './search-setup.ts';

let env: SearchEnv;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  env = await startSearchEnv();
}, 120_000);
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await env?.close();
});

async function open(sitePath: string, options: { site?: 'local' | 'hosted'; before?: (page: Page) => Promise<unknown>; bypassCSP?: boolean } = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: options.bypassCSP });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await options.before?.(page);
  await page.goto(env[options.site ?? 'local'].url + sitePath.replace(/^\//, ''));
  await waitHydrated(page, 'SearchModal');
  return { page, errors };
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** WCAG 2.1 A/AA violations inside `selector` (axe-core; the page must have been opened with bypassCSP). */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const results = await axe.run({ include: [sel] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, selector);
}

const dialog = (page: Page) => page.locator('dialog.search-modal[open]');
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.className ?? '');
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function openModalAndType(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  await dialog(page).waitFor();
  await page.locator('#pd-search-input').fill(query);
}

describe('search modal', () => {
  it('opens with Ctrl+K, Cmd+K and /, not while typing; Escape and the backdrop close it and focus returns', async () => {
    const { page, errors } = await open('/docs/intro/');
    for (const key of ['Control+k', 'Meta+k', '/']) {
      await page.keyboard.press(key);
      await dialog(page).waitFor();
      await expect.poll(() => activeId(page)).toBe('pd-search-input');
      expect(await page.locator('#pd-search-input').inputValue()).toBe('');
      const attrs = await dialog(page).evaluate((d) => [d.getAttribute('role'), d.getAttribute('aria-modal')]);
      expect(attrs).toEqual(['dialog', 'true']);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog(page).count()).toBe(0);
    }

    // "/" typed into a field stays in the field.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'typing';
      document.querySelector('main')!.prepend(input);
      input.focus();
    });
    await page.keyboard.press('/');
    expect(await page.locator('#typing').inputValue()).toBe('/');
    expect(await dialog(page).count()).toBe(0);

    // The navbar button opens it; Escape returns focus to the button.
    const button = page.locator('a.navbar-search');
    expect(await button.getAttribute('href')).toBe('/search/');
    await button.focus();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('navbar-search'))).toBe(true);

    // A click outside the panel closes it.
    await button.click();
    await dialog(page).waitFor();
    await page.mouse.click(5, 790);
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows grouped results as you type; arrows and Enter open one', async () => {
    const { page } = await open('/docs/intro/');
    await openModalAndType(page, 'domain verification');
    const options = page.locator('[role="listbox"] [role="option"]');
    await expect.poll(() => options.count()).toBeGreaterThan(1);
    expect(await page.locator('.search-results__group-title').first().innerText()).toContain('Domain verification');
    expect(await page.locator('[role="listbox"] mark').first().innerText()).toMatch(/domain|verification/i);
    const input = page.locator('#pd-search-input');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(0).getAttribute('id'));
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    const target = await options.nth(1).getAttribute('href');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe(target);
    await expect.poll(() => dialog(page).count()).toBe(0);

    // The choice is remembered as a recent search.
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    expect(await page.locator('.search-results').innerText()).toContain('Recent searches');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pd-search-recent') ?? '[]') as { url: string; query: string }[]);
    expect(stored[0]).toMatchObject({ url: target, query: 'domain verification' });
  });

  it('"See all N results" opens the search page with q, which shows N results', async () => {
    const { page } = await open('/docs/intro/');
    await openModalAndType(page, 'receipts');
    // Counted on the full-text index (the first-query one covers titles and headings only).
    await page.locator('.search-modal__body[data-results="complete"]').waitFor();
    const seeAll = page.locator('a.search-modal__see-all');
    await seeAll.waitFor();
    const [, count] = (await seeAll.innerText()).match(/^See all (\d+) results$/) ?? [];
    expect(Number(count)).toBeGreaterThan(1);
    await seeAll.click();
    await expect.poll(() => pathAndQuery(page)).toBe('/search/?q=receipts');
    await waitHydrated(page, 'SearchPage');
    const field = page.locator('#search-page-q');
    await expect.poll(() => field.inputValue()).toBe('receipts');
    await expect.poll(() => page.locator('.search-page__count').innerText()).toBe(`${count} results`);
    expect(await page.locator('.search-page__result').count()).toBeGreaterThan(0);
  });
});

describe('search page', () => {
  it('keeps q and the filters in the URL; an empty value removes its parameter', async () => {
    const { page } = await open('/search/?q=receipts&utm=x');
    await waitHydrated(page, 'SearchPage');
    const field = page.locator('#search-page-q');
    await expect.poll(() => field.inputValue()).toBe('receipts');
    await field.fill('signature');
    await expect.poll(() => pathAndQuery(page)).toBe('/search/?q=signature&utm=x');
    await page.locator('#search-page-type').selectOption('blog');
    await expect.poll(() => pathAndQuery(page)).toBe('/search/?q=signature&utm=x&type=blog');
    await page.locator('#search-page-type').selectOption('');
    await page.locator('input[name="tag"][value="publishers"]').check();
    await expect.poll(() => pathAndQuery(page)).toBe('/search/?q=signature&utm=x&tag=publishers');
    await expect.poll(() => page.locator('.search-page__result-title').allInnerTexts()).toEqual(['Receiving receipts']);
    await page.locator('input[name="tag"][value="publishers"]').uncheck();
    await field.fill('');
    await expect.poll(() => pathAndQuery(page)).toBe('/search/?utm=x');
    expect(await page.locator('.search-page__count').count()).toBe(0);
  });

  it('is a plain GET form without JavaScript', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(env.local.url + 'docs/intro/');
    await page.locator('a.navbar-search').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search/');
    await page.locator('#search-page-q').fill('receipts');
    await page.locator('.search-page__form button[type="submit"]').click();
    await expect.poll(() => pathAndQuery(page)).toBe('/search/?q=receipts&type=');
  });
});

describe('search messages', () => {
  it('shows "Page Error" with Retry when the dialog script fails to load, and Retry opens the dialog', async () => {
    let block = false;
    const asked: string[] = [];
    const { page } = await open('/docs/intro/', {
      before: (p) =>
        p.route(
          (url) => /\/assets\/chunk\.[^/]+\.js$/.test(url.pathname),
          (route) => (block ? (asked.push(route.request().url()), route.abort('connectionrefused')) : route.continue()),
        ),
    });
    // The widget has hydrated: the dialog's script is asked for on the first open.
    block = true;
    await page.keyboard.press('Control+k');
    const box = page.locator('.pd-page-error');
    await box.waitFor();
    expect(await box.getByText('Page Error').isVisible()).toBe(true);
    expect(asked.length).toBe(1);
    block = false;
    await box.getByRole('button', { name: 'Retry' }).click();
    await dialog(page).waitFor();
    expect(await page.locator('.pd-page-error').count()).toBe(0);
    await page.locator('#pd-search-input').fill('receipts');
    await expect.poll(() => page.locator('dialog.search-modal .search-modal__body').innerText()).toContain('receipt');
  });

  it('shows the failure texts when the index cannot be fetched', async () => {
    const { page } = await open('/docs/intro/', { before: (p) => p.route('**/search-index/main/entry.json', (route) => route.abort()) });
    await openModalAndType(page, 'receipts');
    const body = page.locator('dialog.search-modal .search-modal__body');
    await expect.poll(() => body.innerText()).toContain('Unable to fetch results');
    expect(await body.innerText()).toContain('You might want to check your network connection.');
    expect(await page.locator('a.search-modal__see-all').count()).toBe(0);
  });

  it('shows the no-results texts with suggestions and the issues link', async () => {
    const { page } = await open('/docs/intro/');
    await openModalAndType(page, 'qzxjvw');
    const body = page.locator('dialog.search-modal .search-modal__body');
    await expect.poll(() => body.innerText()).toContain('No results found for "qzxjvw"');
    const text = await body.innerText();
    expect(text).toContain('Try searching for');
    expect(text).toContain('Believe this query should return results?');
    const link = page.locator('dialog.search-modal a', { hasText: 'Let us know.' });
    expect(await link.getAttribute('href')).toBe('https://example.com/search/repo/issues');
    const suggestion = page.locator('.search-message__suggestion').first();
    const suggested = await suggestion.innerText();
    await suggestion.click();
    await expect.poll(() => page.locator('#pd-search-input').inputValue()).toBe(suggested);
    await expect.poll(() => page.locator('[role="option"]').count()).toBeGreaterThan(0);
  });
});

describe('hosted search', () => {
  it('queries the hosted service with the language and docs-tag facet filters and shows its hits', async () => {
    const localIndexRequests: string[] = [];
    const { page } = await open('/docs/intro/', {
      site: 'hosted',
      before: async (p) => p.on('request', (r) => (r.url().includes('/assets/search/') ? localIndexRequests.push(r.url()) : undefined)),
    });
    const before = env.hostedRequests.length;
    await openModalAndType(page, 'signature');
    await expect.poll(() => page.locator('[role="option"]').count()).toBeGreaterThan(0);
    const request = env.hostedRequests.slice(before).at(-1)!;
    expect(request.url).toBe(`/1/indexes/${HOSTED.indexName}/query`);
    expect(request.headers['x-algolia-application-id']).toBe(HOSTED.appId);
    expect(request.headers['x-algolia-api-key']).toBe(HOSTED.apiKey);
    expect(request.body).toMatchObject({ query: 'signature', facetFilters: [['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']] });
    const first = page.locator('a[role="option"]').first();
    expect(await first.getAttribute('href')).toBe('/docs/receipts/#verifying-the-signature');
    expect(await page.locator('[role="option"] mark').first().innerText()).toMatch(/signature/i);
    expect(localIndexRequests).toEqual([]);
  });
});

describe('AI question mode', () => {
  it('streams an answer from the model with citations and the disclaimer, then goes back to keyword mode', async () => {
    env.setAskMode('model');
    const { page, errors } = await open('/docs/intro/');
    await openModalAndType(page, 'receipts');
    await page.locator('button.search-modal__mode', { hasText: 'Ask AI' }).click();
    const question = page.locator('#pd-search-ask-input');
    expect(await question.inputValue()).toBe('receipts');
    await question.fill('How are receipts verified?');
    await page.keyboard.press('Enter');
    const answer = page.locator('.search-ask__answer');
    // Part of the answer shows while the rest is still coming.
    await page.locator('.search-ask__answer[aria-busy="true"]', { hasText: MODEL_ANSWER[0].trim() }).waitFor();
    await page.locator('.search-ask__answer[aria-busy="false"]').waitFor();
    expect(await answer.locator('p').nth(1).innerText()).toBe(MODEL_ANSWER.join(''));
    const cite = answer.locator('a.search-ask__cite');
    expect(await cite.innerText()).toBe('[1]');
    const sources = answer.locator('.search-ask__sources a');
    expect(await cite.getAttribute('href')).toBe(await sources.first().getAttribute('href'));
    expect(await sources.first().getAttribute('href')).toMatch(/^\/docs\/receipts\/#/);
    expect(await page.locator('.search-ask__disclaimer').innerText()).toBe('Answers are generated with AI which can make mistakes. Verify responses.');
    expect(env.llmRequests.at(-1)?.messages.at(-1)?.content).toContain('Question: How are receipts verified?');

    await page.locator('button', { hasText: 'Back to keyword search' }).click();
    await expect.poll(() => page.locator('#pd-search-input').inputValue()).toBe('How are receipts verified?');
    await expect.poll(() => page.locator('[role="option"]').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('answers extractively without a model, quoting and linking the passages', async () => {
    env.setAskMode('extractive');
    const { page } = await open('/docs/intro/');
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await page.locator('button.search-modal__mode', { hasText: 'Ask AI' }).click();
    await page.locator('#pd-search-ask-input').fill('How do I add the DNS TXT record for domain verification?');
    await page.keyboard.press('Enter');
    await page.locator('.search-ask__answer[aria-busy="false"]').waitFor();
    const answer = page.locator('.search-ask__answer');
    expect(await answer.innerText()).toContain('No AI model is configured for this site');
    expect(await answer.locator('blockquote').first().innerText()).toContain('TXT record');
    expect(await answer.locator('blockquote a.search-ask__cite').first().getAttribute('href')).toBe('/docs/domain-verification/#dns-txt-record');
    expect(await page.locator('.search-ask__disclaimer').innerText()).toBe('Answers are generated with AI which can make mistakes. Verify responses.');
  });
});

describe.each(['light', 'dark'] as const)('the selected result in %s mode', (mode) => {
  it('reads at 4.5:1 or more, and matches have one restrained style (not in group titles)', async () => {
    const { page } = await open('/docs/intro/', { before: (p) => p.addInitScript(themeInit(mode)) });
    expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
    await openModalAndType(page, 'receipt signature');
    await page.locator('.search-modal__body[data-results="complete"]').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const selected = '[role="option"][aria-selected="true"]';
    expect(await page.locator(selected).count()).toBe(1);
    let checked = 0;
    for (const part of ['', ' .search-hit__heading', ' .search-hit__text', ' .search-hit__path', ' mark']) {
      const count = await page.locator(selected + part).count();
      for (let i = 0; i < count; i++) {
        const { ratio, color } = await contrastIn(page, selected + part, i);
        expect(ratio, `${part || 'option'} #${i} ${color}`).toBeGreaterThanOrEqual(4.5);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
    // Matches: a tint, neither bold nor underlined, anywhere in the list; group titles show no tint.
    const marks = await page.locator('[role="listbox"] [role="option"] mark').evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        return { weight: style.fontWeight === getComputedStyle(el.parentElement!).fontWeight, line: style.textDecorationLine, bg: style.backgroundColor };
      }),
    );
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark).toMatchObject({ weight: true, line: 'none', bg: expect.not.stringMatching(/^rgba\(0, 0, 0, 0\)$/) });
    const titleMarks = await page.locator('.search-results__group-title mark').evaluateAll((els) =>
      els.map((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).textDecorationLine]),
    );
    for (const mark of titleMarks) expect(mark).toEqual(['rgba(0, 0, 0, 0)', 'none']);
  });
});

describe('search accessibility', () => {
  it('has no axe violations in the open modal (results, messages, AI mode) and on the search page', async () => {
    const { page } = await open('/docs/intro/', { bypassCSP: true });
    await openModalAndType(page, 'receipts');
    await page.locator('.search-modal__body[data-results="complete"]').waitFor();
    expect(await axeViolations(page, 'dialog.search-modal')).toEqual([]);
    await page.locator('#pd-search-input').fill('qzxjvw');
    await page.locator('.search-message--empty').waitFor();
    expect(await axeViolations(page, 'dialog.search-modal')).toEqual([]);
    await page.locator('button.search-modal__mode', { hasText: 'Ask AI' }).click();
    expect(await axeViolations(page, 'dialog.search-modal')).toEqual([]);
    env.setAskMode('extractive');
    await page.locator('#pd-search-ask-input').fill('How do I verify a domain?');
    await page.keyboard.press('Enter');
    await page.locator('.search-ask__answer[aria-busy="false"]').waitFor();
    expect(await axeViolations(page, 'dialog.search-modal')).toEqual([]);

    await page.goto(env.local.url + 'search/?q=receipts');
    await waitHydrated(page, 'SearchPage');
    await page.locator('.search-page__results-live[data-results="complete"] .search-page__result').first().waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});
