import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/index.ts';
import { captureLogs, setupE2E } from './helpers.ts';
import { serveStatic, type StaticServer } from './server.ts';

// AI mode on a static host: test/fixtures/search-site built without an answer endpoint and served by a plain static
// server (no /api/ask, no protodocs serve). The answer is computed in the browser from the search index, and what it
// needs loads only when the reader opens AI mode.

const e2e = setupE2E();
const fixture = fileURLToPath(new URL('../fixtures/search-site/', import.meta.url));
const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-ask-static-'));
let server: StaticServer;

beforeAll(async () => {
  const root = path.join(temp, 'site');
  cpSync(fixture, root, { recursive: true });
  const configFile = path.join(root, 'site.config.ts');
  const config = readFileSync(configFile, 'utf8');
  const withoutEndpoint = config.replace("  search: { ai: { endpoint: '/api/ask' } },\n", '');
  if (withoutEndpoint === config) throw new Error('search-site/site.config.ts no longer has the search line this test removes');
  writeFileSync(configFile, withoutEndpoint);
  const out = path.join(temp, 'out');
  const result = await build({ root, outDir: out, write: true });
  // The fixture is a docs-and-search site without a home page (PD4022, a warning).
  expect(result.diagnostics.filter((d) => d.code !== 'PD4022')).toEqual([]);
  server = await serveStatic({ root: out });
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('AI mode on a static host', () => {
  it('answers in the browser with quoted passages and citation links, loading its code when opened and the texts of a few pages per question', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const logs = captureLogs(page);
      const requests: { url: string; method: string }[] = [];
      page.on('request', (r) => requests.push({ url: new URL(r.url()).pathname, method: r.method() }));
      await page.goto(server.url + 'docs/intro/', { waitUntil: 'load' });
      await page.keyboard.press('Control+k');
      await page.locator('dialog.search-modal[open]').waitFor();
      await page.locator('#pd-search-input').fill('domain');
      await page.locator('[role="option"]').first().waitFor();
      await page.waitForLoadState('networkidle');
      const beforeAsk = requests.length;
      const scriptsBefore = requests.filter((r) => r.url.endsWith('.js')).length;

      await page.locator('button.search-modal__mode', { hasText: 'Ask AI' }).click();
      await page.waitForLoadState('networkidle');
      const opened = requests.slice(beforeAsk);
      const pageTexts = (list: { url: string }[]) => list.filter((r) => /^\/search-index\/main\/pages\/\d+\.text\.json$/.test(r.url));
      // Opening AI mode fetched the answer code; keyword search never needed a page's whole text.
      expect(opened.filter((r) => r.url.endsWith('.js')).length).toBeGreaterThan(0);
      expect(pageTexts(requests)).toEqual([]);
      expect(scriptsBefore).toBeGreaterThan(0);

      await page.locator('#pd-search-ask-input').fill('How do I add the DNS TXT record for domain verification?');
      await page.keyboard.press('Enter');
      await page.locator('.search-ask__answer[aria-busy="false"]').waitFor();
      // The question fetched the texts of the pages it quotes from, not the whole site's.
      const quoted = pageTexts(requests).length;
      expect(quoted).toBeGreaterThan(0);
      expect(quoted).toBeLessThanOrEqual(8);
      const answer = page.locator('.search-ask__answer');
      expect(await answer.innerText()).toContain('No AI model is configured for this site');
      expect(await answer.locator('blockquote').first().innerText()).toContain('TXT record');
      const cite = answer.locator('blockquote a.search-ask__cite').first();
      expect(await cite.innerText()).toBe('[1]');
      expect(await cite.getAttribute('href')).toBe('/docs/domain-verification/#dns-txt-record');
      const sources = answer.locator('.search-ask__sources a');
      expect(await sources.count()).toBeGreaterThan(0);
      expect(await sources.first().getAttribute('href')).toBe('/docs/domain-verification/#dns-txt-record');
      expect(await page.locator('.search-ask__disclaimer').innerText()).toBe('Answers are generated with AI which can make mistakes. Verify responses.');
      // No answer service was called: the static server has none.
      expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
      expect(await page.locator('.search-message--error').count()).toBe(0);

      // A question the documentation does not cover says so.
      await page.locator('#pd-search-ask-input').fill('zebra xylophone quasar');
      await page.keyboard.press('Enter');
      await page.locator('.search-ask__answer[aria-busy="false"]', { hasText: 'zebra' }).waitFor();
      expect(await answer.innerText()).toContain('I could not find anything in the documentation about that.');

      // A citation is an ordinary link to the section.
      await page.locator('#pd-search-ask-input').fill('How do I add the DNS TXT record for domain verification?');
      await page.keyboard.press('Enter');
      await page.locator('.search-ask__answer[aria-busy="false"] blockquote').first().waitFor();
      await cite.click();
      await page.waitForURL(/\/docs\/domain-verification\/#dns-txt-record$/);
      expect(logs.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the pages of a static build name no answer endpoint: AI mode answers from the index they name', async () => {
    const html = readFileSync(path.join(temp, 'out', 'docs', 'intro', 'index.html'), 'utf8');
    const props = [...html.matchAll(/data-pd-props="([^"]*)"/g)].map((m) => m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&')).find((p) => p.includes('"ai"'));
    expect(props, 'the search island carries its settings').toBeDefined();
    const search = (JSON.parse(props!) as { search: { ai?: { endpoint?: string }; indexUrl?: string } }).search;
    expect(search.ai).toEqual({});
    expect(search.indexUrl).toBe('/search-index/main/entry.json');
  });
});
