// npm run bench:serve [-- --edits 15] [-- --pages 1000]: how long an edit to one doc takes to reach the browser in
// `protodocs serve`. It copies the real site (or, with --pages, writes the synthetic corpus of that size), starts serve
// on a free port, listens to the live-reload event stream like a browser tab,
// then appends a line to a doc and times the moment the file is saved until the `reload` event arrives. It also
// fetches the page after each reload, to prove the edit is in it.
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { clearInterval, setInterval } from 'node:timers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
// `--pages 1000` alone once read its own flag as the edit count (NaN), and timed nothing.
const option = (name) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : undefined);
const edits = option('--edits') ?? 15;
const pages = option('--pages');
if (!(edits > 0) || (pages !== undefined && !(pages > 0))) {
  console.error('usage: serve-latency.mjs [--edits N] [--pages N]');
  process.exit(1);
}
// Inside the repository, so the copy resolves react and the other packages like the real site does.
const site = path.join(repo, 'test', 'bench', '.corpus', 'serve-site');
rmSync(site, { recursive: true, force: true });
mkdirSync(site, { recursive: true });
if (pages) writeCorpus(site, pages);
else {
  cpSync(path.join(repo, 'content'), path.join(site, 'content'), { recursive: true });
  cpSync(path.join(repo, 'site.config.ts'), path.join(site, 'site.config.ts'));
}

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const child = spawn(process.execPath, [path.join(repo, 'bin/protodocs.js'), 'serve', '--root', site, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
const stop = (code) => {
  child.once('exit', () => {
    rmSync(site, { recursive: true, force: true });
    process.exit(code);
  });
  child.kill();
};
setTimeout(() => {
  console.error('timed out');
  stop(1);
}, 120_000).unref();
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
await new Promise((resolve) => {
  const poll = setInterval(() => {
    if (output.includes('Serving')) {
      clearInterval(poll);
      resolve();
    }
  }, 20);
});

const reloads = [];
let waiting;
http.get({ host: '127.0.0.1', port, path: '/__protodocs/events' }, (res) => {
  res.setEncoding('utf8');
  let buffer = '';
  res.on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (frame.startsWith('event: reload')) {
        reloads.push(performance.now());
        waiting?.();
      }
    }
  });
});
await new Promise((resolve) => setTimeout(resolve, 300));

const fetchText = (url) =>
  new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: url }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });

const [doc, docUrl] = pages
  ? [path.join(site, 'content', 'docs', 'section-0', 'page-1.md'), '/docs/section-0/page-1/']
  : [path.join(site, 'content', 'docs', 'intro.md'), '/docs/intro/'];
const times = [];
for (let i = 0; i < edits; i++) {
  const marker = `Latency probe ${i} ${Date.now()}`;
  const reloaded = new Promise((resolve) => (waiting = resolve));
  const started = performance.now();
  appendFileSync(doc, `\n${marker}\n`);
  await reloaded;
  times.push(reloads[reloads.length - 1] - started);
  const page = await fetchText(docUrl);
  if (!page.includes(marker)) {
    console.error(`edit ${i} is not in the served page`);
    stop(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(`serve (${pages ? `${pages}-page corpus` : 'real site'}): edit → reload event over ${edits} edits: median ${median.toFixed(0)} ms, min ${sorted[0].toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms`);
stop(0);
