// npm run bench [-- --sizes 1000,10000 --runs 3 --corpora gen,project --no-browser]: builds sites with the real CLI
// and reports medians. Two corpora: `gen`, the pages of ../shared/bench/gen-corpus.mjs that Docusaurus, Starlight,
// VitePress and Hugo were measured on (skipped, with a note, in a clone without ../shared), and `project`, this
// repository's own synthetic corpus (test/bench/corpus.mjs). Plus the real site, and `serve` at 1,000 pages.
//
// Per size and corpus: a cold build (no output, no cache), the parse-only floor (config, scan and the same micromark
// parse in the same workers, nothing else: test/bench/parse-only.ts), an unchanged rebuild, a rebuild after one doc's
// body was edited, peak memory (the process, its worker threads included), output size, and search as a reader meets
// it in Chromium (test/bench/search-browser.ts): gzip bytes fetched by opening the search and a first query, and the
// time to results. Timings are wall-clock of whole processes, as a user would time `protodocs build`.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { writeCorpus } from './corpus.mjs';
import { firstDocPath, genCorpusPath, writeGenCorpusSite } from './gen-corpus-site.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const sizes = option('sizes', '1000,10000').split(',').map(Number);
const runs = Number(option('runs', '3'));
const corpora = option('corpora', 'gen,project').split(',');
const browser = !args.includes('--no-browser');
const corpusRoot = path.join(repo, 'test', 'bench', '.corpus');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const round = (n, digits = 2) => Number(n.toFixed(digits));

function run(argv, what) {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', path.join(repo, 'test/bench/report-rss.mjs'), ...argv], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`${what} failed:\n${r.stderr.slice(0, 4000)}`);
  const rss = Number(/BENCH_MAX_RSS_KB=(\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024;
  return { seconds, rss, stdout: r.stdout };
}

// A cold build starts from folders moved aside, deleted when the bench ends. On a filesystem that avoids reusing
// freshly freed inodes (ext4 without a journal, as on this machine), each file created within a minute or more of
// deleting thousands scans past all of them: `perf` put a fifth of a cold 1,000-page gen build's CPU in the kernel's
// `recently_deleted` under `ext4_create`, and the build took 5.7–7.3 s right after `rm -rf` of its last output and cache
// against 4.4–4.6 s with them moved aside. That cost comes from the bench's own deletion, not from the build, and it
// lingers long enough to reach the next corpus, so nothing is deleted until the last build is measured (and a bench
// started within minutes of another meets the other's deletion).
const setAsideRoot = path.join(corpusRoot, '.set-aside');
let setAsideCount = 0;
function setAside(target) {
  if (!existsSync(target)) return;
  mkdirSync(setAsideRoot, { recursive: true });
  renameSync(target, path.join(setAsideRoot, `${process.pid}-${setAsideCount++}`));
}

const buildOnce = (dir, extra = []) => run([path.join(repo, 'bin/protodocs.js'), 'build', '--root', dir, ...extra], `build of ${dir}`);

function dirSize(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const abs = path.join(dir, name);
    const s = statSync(abs);
    total += s.isDirectory() ? dirSize(abs) : s.size;
  }
  return total;
}

/** Gzip size of the scripts a docs page references directly (module scripts and modulepreloads). */
function jsPerDocsPage(outDir, pagePath) {
  const html = readFileSync(path.join(outDir, ...pagePath.split('/').filter(Boolean), 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);
  let total = 0;
  for (const url of new Set(urls)) total += gzipSync(readFileSync(path.join(outDir, url.replace(/^\//, '')))).length;
  return total / 1024;
}

// The parse-only floor and the browser measurement run protodocs' own TypeScript, bundled for Node.
mkdirSync(corpusRoot, { recursive: true });
const bundle = async (entry) => {
  const outfile = path.join(corpusRoot, path.basename(entry).replace(/\.ts$/, '.mjs'));
  await esbuild({ entryPoints: [path.join(repo, entry)], bundle: true, platform: 'node', format: 'esm', outfile, logLevel: 'warning', packages: 'external', jsx: 'automatic' });
  return outfile;
};
const parseOnlyScript = await bundle('test/bench/parse-only.ts');
const { measureInBrowser } = await import(await bundle('test/bench/search-browser.ts'));
const { QUERIES } = await import(await bundle('test/bench/search-query.ts'));

const GEN_QUERIES = ['permission monitor', 'incremental page', 'deploy sidebar', 'cache invalidation', 'typed queue', 'gateway', 'schedule header', 'throttle flag', 'webhok', 'migrat', 'strict stream index', 'nested schema'];
const REAL_QUERIES = Object.keys(JSON.parse(readFileSync(path.join(repo, 'test/search-quality/real-site.json'), 'utf8')));

/** Search in Chromium: medians over the queries, and how many have the same five best pages as the engine before. */
async function searchColumns(outDir, pagePath, queries, expectedFile) {
  if (!browser) return {};
  const measured = await measureInBrowser(outDir, pagePath, queries);
  const expected = expectedFile && existsSync(expectedFile) ? JSON.parse(readFileSync(expectedFile, 'utf8')) : undefined;
  const pageOf = (url) => url.replace(/#.*$/, '');
  let same;
  if (expected) {
    same = 0;
    for (const m of measured) {
      const before = (expected.queries ?? expected)[m.query];
      // The modal shows up to 8 pages; the capture has the five best.
      const pages = [...new Set(m.top.map(pageOf))].slice(0, 5);
      if (before && pages[0] === pageOf(before.top[0]) && [...pages].sort().join() === before.top.map(pageOf).sort().join()) same++;
    }
  }
  return {
    searchOpenAndFirstQueryGzipKB: round(median(measured.map((m) => m.gzipBytes)) / 1024, 1),
    searchMaxGzipKB: round(Math.max(...measured.map((m) => m.gzipBytes)) / 1024, 1),
    queryMs: round(median(measured.map((m) => m.ms)), 1),
    ...(same !== undefined ? { sameTop: `${same}/${measured.length}` } : {}),
    queries: measured.map(({ query, gzipBytes, requests, ms }) => ({ query, gzipKB: round(gzipBytes / 1024, 1), requests, ms: round(ms, 1) })),
  };
}

const rows = [];
const print = (row) => console.log(JSON.stringify({ ...row, queries: undefined }));

{
  // The real IAIndex site, built into a scratch folder.
  const out = path.join(corpusRoot, 'real-site');
  const cold = [];
  const warm = [];
  const rss = [];
  for (let i = 0; i < runs; i++) {
    setAside(out);
    setAside(path.join(repo, 'node_modules', '.cache', 'protodocs'));
    const c = buildOnce(repo, ['--out', out]);
    cold.push(c.seconds);
    rss.push(c.rss);
    warm.push(buildOnce(repo, ['--out', out]).seconds);
  }
  const row = {
    corpus: 'real site',
    pages: readdirSync(out, { recursive: true }).filter((n) => n.endsWith('index.html')).length,
    coldSeconds: round(median(cold)),
    unchangedSeconds: round(median(warm)),
    peakRssMiB: Math.round(Math.max(...rss)),
    outputMiB: round(dirSize(out) / 1024 / 1024, 1),
    jsPerDocsPageGzipKB: round(jsPerDocsPage(out, '/docs/intro/'), 1),
    ...(await searchColumns(out, '/docs/intro/', REAL_QUERIES, path.join(repo, 'test/search-quality/real-site.json'))),
  };
  rows.push(row);
  print(row);
}

for (const corpus of corpora) {
  for (const pages of sizes) {
    const dir = path.join(corpusRoot, `${corpus}-${pages}`);
    let editFile;
    let startPage;
    // The corpus writers delete the folder they write: the last bench's corpus, with its output, goes aside instead.
    setAside(dir);
    if (corpus === 'gen') {
      if (!writeGenCorpusSite(repo, dir, pages)) {
        console.log(`gen corpus skipped: ${genCorpusPath(repo)} is not there`);
        continue;
      }
      startPage = firstDocPath(dir);
      editFile = path.join(dir, 'content', 'docs', ...startPage.split('/').filter(Boolean).slice(1)) + '.md';
    } else {
      mkdirSync(dir, { recursive: true });
      writeCorpus(dir, pages);
      startPage = '/docs/section-0/page-1/';
      editFile = path.join(dir, 'content', 'docs', 'section-0', 'page-1.md');
    }
    const cold = [];
    const parseOnly = [];
    const unchanged = [];
    const edited = [];
    const rss = [];
    const editedRss = [];
    for (let i = 0; i < runs; i++) {
      // Cold: no output and no cache from an earlier run.
      setAside(path.join(dir, 'build'));
      setAside(path.join(dir, 'node_modules'));
      const c = buildOnce(dir);
      cold.push(c.seconds);
      rss.push(c.rss);
      parseOnly.push(run([parseOnlyScript, dir], `parse-only of ${dir}`).seconds);
      unchanged.push(buildOnce(dir).seconds);
      // One doc's body edited: everything else is as the last build left it.
      appendFileSync(editFile, `\nEdited in run ${i}.\n`);
      const e = buildOnce(dir);
      edited.push(e.seconds);
      editedRss.push(e.rss);
    }
    const outDir = path.join(dir, 'build');
    const row = {
      corpus,
      pages,
      coldSeconds: round(median(cold)),
      parseOnlySeconds: round(median(parseOnly)),
      coldOverParse: round(median(cold) / median(parseOnly)),
      unchangedSeconds: round(median(unchanged)),
      editedSeconds: round(median(edited)),
      peakRssMiB: Math.round(Math.max(...rss)),
      editedPeakRssMiB: Math.round(Math.max(...editedRss)),
      outputMiB: round(dirSize(outDir) / 1024 / 1024, 1),
      jsPerDocsPageGzipKB: round(jsPerDocsPage(outDir, startPage), 1),
      ...(await searchColumns(outDir, startPage, corpus === 'gen' ? GEN_QUERIES : QUERIES, corpus === 'gen' ? path.join(repo, `test/search-quality/corpus-${pages}.json`) : undefined)),
    };
    rows.push(row);
    print(row);
    // A 10,000-page corpus and its output take gigabytes.
    if (pages >= 10000) setAside(dir);
  }
}

// serve: an edit to one doc of the 1,000-page project corpus until the reload event reaches the tab. The median of 10
// edits moved by ±10 ms between runs on this machine: more edits, a steadier median.
const serve = spawnSync(process.execPath, [path.join(repo, 'test/bench/serve-latency.mjs'), '--pages', '1000', '--edits', '30'], { encoding: 'utf8' });
const serveMs = Number(/median (\d+(?:\.\d+)?) ms/.exec(serve.stdout)?.[1] ?? NaN);
console.log(serve.stdout.trim().split('\n').slice(-2).join('\n'));

const cell = (v) => (v === undefined ? '' : String(v));
const header = [
  'corpus',
  'pages',
  'cold s',
  'parse-only s',
  'cold ÷ parse',
  'unchanged s',
  'one doc edited s',
  'peak RSS MiB (cold)',
  'peak RSS MiB (edited)',
  'output MiB',
  'JS per docs page, gzip KB',
  'search open + first query, gzip KB (median / max)',
  'time to results ms',
  'same top 5 as before',
];
const lines = [
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...rows.map(
    (r) =>
      `| ${[
        r.corpus,
        r.pages,
        r.coldSeconds,
        r.parseOnlySeconds,
        r.coldOverParse,
        r.unchangedSeconds,
        r.editedSeconds,
        r.peakRssMiB,
        r.editedPeakRssMiB,
        r.outputMiB,
        r.jsPerDocsPageGzipKB,
        r.searchOpenAndFirstQueryGzipKB === undefined ? undefined : `${r.searchOpenAndFirstQueryGzipKB} / ${r.searchMaxGzipKB}`,
        r.queryMs,
        r.sameTop,
      ]
        .map(cell)
        .join(' | ')} |`,
  ),
];
console.log(`\nMedian of ${runs} runs on ${os.cpus().length} cores, Node ${process.version}; serve, edit → reload at 1,000 pages: median ${serveMs} ms\n\n${lines.join('\n')}`);
mkdirSync(path.join(repo, 'bench-results'), { recursive: true });
writeFileSync(path.join(repo, 'bench-results', 'bench.json'), JSON.stringify({ date: new Date().toISOString(), runs, serveEditToReloadMs: serveMs, rows }, null, 2) + '\n');
// Left from this run, and from any run that stopped before this line.
rmSync(setAsideRoot, { recursive: true, force: true });
