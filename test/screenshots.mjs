// npm run screenshots: builds the real site, serves it on loopback and writes PNGs of the home page, a docs page and
// a blog post at 1280 and 390 px, light and dark, into screenshots/ (git ignores it).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repo = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(path.join(os.tmpdir(), 'protodocs-shots-'));
const shots = path.join(repo, 'screenshots');
const TYPES = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };

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

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
mkdirSync(shots, { recursive: true });
const pages = { home: '/', docs: '/docs/quickstart/', blog: '/blog/long-blog-post/' };
try {
  for (const mode of ['light', 'dark']) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      await context.addInitScript(`try { localStorage.setItem('theme', '${mode}'); } catch {}`);
      const page = await context.newPage();
      for (const [name, route] of Object.entries(pages)) {
        await page.goto(origin + route, { waitUntil: 'load' });
        const file = path.join(shots, `${name}-${width}-${mode}.png`);
        await page.screenshot({ path: file });
        console.log(path.relative(repo, file));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
}
