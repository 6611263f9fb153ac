// npm run screenshots [-- --out DIR]: builds the real site, serves it on loopback and writes PNGs at 1280 and 390 px,
// light and dark, into screenshots/ (git ignores it) or DIR: the home page, a docs page (its top, and scrolled to a
// code block), a blog post, the search modal with a result selected, the search page with results, the 404 page and,
// at 390 px, the open mobile menu.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const out = mkdtempSync(path.join(os.tmpdir(), 'protodocs-shots-'));
const shots = path.resolve(args.out ?? path.join(repo, 'screenshots'));
const TYPES = {
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

const built = spawnSync(process.execPath, [path.join(repo, 'bin/protodocs.js'), 'build', '--out', out], { cwd: repo, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const server = createServer((req, res) => {
  let file = path.join(out, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  if (!file.startsWith(out)) return void res.writeHead(403).end();
  try {
    if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  } catch {
    res.writeHead(404, { 'content-type': 'text/html' }).end(readFileSync(path.join(out, '404.html')));
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

/** Every island on the page hydrated: what a reader sees once the page settled. */
const hydrated = (page) =>
  // A function, not a string: the site's CSP forbids eval. It runs in the page, where `document` exists.
  page.waitForFunction(
    () => [...globalThis.document.querySelectorAll('[data-pd-island]')].every((el) => el.getAttribute('data-pd-state') === 'hydrated'),
    null,
    { timeout: 15_000 },
  );

/** name → what to do on a fresh page before the screenshot; `narrowOnly` shots exist at 390 px only. */
const SHOTS = [
  { name: 'home', route: '/' },
  { name: 'docs', route: '/docs/quickstart/' },
  {
    name: 'docs-code',
    route: '/docs/quickstart/',
    prepare: async (page) => {
      await page.locator('article pre').first().evaluate((pre) => pre.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.waitForTimeout(300);
    },
  },
  { name: 'blog', route: '/blog/long-blog-post/' },
  {
    name: 'search-modal',
    route: '/docs/intro/',
    prepare: async (page) => {
      await hydrated(page);
      await page.keyboard.press('Control+k');
      await page.locator('dialog[open] input').fill('receipt signature');
      await page.locator('dialog[open] [role="option"]').nth(2).waitFor({ timeout: 15_000 });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'search-page',
    route: '/search/?q=receipts',
    prepare: async (page) => {
      await hydrated(page);
      await page.locator('.search-page__list').first().waitFor({ timeout: 15_000 });
    },
  },
  { name: 'not-found', route: '/no-such-page/' },
  {
    name: 'menu',
    route: '/docs/quickstart/',
    narrowOnly: true,
    prepare: async (page) => {
      await hydrated(page);
      await page.locator('button.navbar-menu__toggle').click();
      await page.waitForTimeout(400);
    },
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
mkdirSync(shots, { recursive: true });
try {
  for (const mode of ['light', 'dark']) {
    for (const width of [1280, 390]) {
      for (const shot of SHOTS) {
        if (shot.narrowOnly && width > 996) continue;
        // A fresh context per shot: no recent searches, no dismissed bar, no scroll position carried over.
        const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
        await context.addInitScript(`try { localStorage.setItem('theme', '${mode}'); } catch {}`);
        const page = await context.newPage();
        await page.goto(origin + shot.route, { waitUntil: 'load' });
        await shot.prepare?.(page);
        const file = path.join(shots, `${shot.name}-${width}-${mode}.png`);
        await page.screenshot({ path: file });
        console.log(path.relative(process.cwd(), file));
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
}
