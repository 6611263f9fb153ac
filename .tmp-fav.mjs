import { chromium } from 'playwright-core';
import http from 'node:http';
import fs from 'node:fs';
const log = [];
const srv = http.createServer((req, res) => { log.push(req.url); const f = '/tmp/fav18' + req.url; if (fs.existsSync(f) && fs.statSync(f).isFile()) { res.writeHead(200, {'content-type': f.endsWith('.svg') ? 'image/svg+xml' : 'text/html'}); res.end(fs.readFileSync(f)); } else { res.writeHead(404); res.end('nf'); } });
await new Promise((r) => srv.listen(0, '127.0.0.1', r));
const port = srv.address().port;
for (const headless of [true]) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless, args: ['--no-sandbox', '--disable-gpu'] });
  for (const p of ['a.html', 'b.html']) {
    log.length = 0;
    const page = await browser.newPage();
    const errs = [];
    page.on('console', (m) => errs.push(m.type() + ' ' + m.text()));
    page.on('requestfailed', (r) => errs.push('failed ' + r.url()));
    page.on('response', (r) => { if (r.status() >= 400) errs.push('status ' + r.status() + ' ' + r.url()); });
    await page.goto(`http://127.0.0.1:${port}/${p}`);
    await page.waitForTimeout(1500);
    console.log(headless, p, JSON.stringify(log), JSON.stringify(errs));
    await page.close();
  }
  await browser.close();
}
srv.close();
