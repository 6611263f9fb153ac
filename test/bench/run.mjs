// npm run bench [-- --sizes 100,1000,10000 --runs 3]: builds synthetic sites with the real CLI and reports medians.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { writeCorpus } from './corpus.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const sizes = option('sizes', '100,1000').split(',').map(Number);
const runs = Number(option('runs', '3'));
const corpusRoot = path.join(repo, 'test', 'bench', '.corpus');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function buildOnce(dir, extra = []) {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', path.join(repo, 'test/bench/report-rss.mjs'), path.join(repo, 'bin/protodocs.js'), 'build', '--root', dir, ...extra], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`build failed in ${dir}:\n${r.stderr.slice(0, 4000)}`);
  const rss = Number(/BENCH_MAX_RSS_KB=(\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024;
  return { seconds, rss };
}

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
function jsPerDocsPage(outDir) {
  const html = readFileSync(path.join(outDir, 'docs', 'intro', 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);
  let total = 0;
  for (const url of new Set(urls)) total += gzipSync(readFileSync(path.join(outDir, url.replace(/^\//, '')))).length;
  return total / 1024;
}

// The search measurement runs the browser's own engine code, bundled from TypeScript for Node.
const searchBundle = path.join(corpusRoot, 'search-query.mjs');
mkdirSync(corpusRoot, { recursive: true });
await esbuild({ entryPoints: [path.join(repo, 'test/bench/search-query.ts')], bundle: true, platform: 'node', format: 'esm', outfile: searchBundle, logLevel: 'warning' });
const { measureSearch } = await import(searchBundle);

async function searchColumns(outDir) {
  const s = await measureSearch(outDir);
  return { firstQueryGzipKB: Number((s.medianGzipBytes / 1024).toFixed(1)), medianQueryMs: Number(s.medianQueryMs.toFixed(2)) };
}

const rows = [];
{
  // The real IAIndex site, built into a scratch folder.
  const out = path.join(corpusRoot, 'real-site');
  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i++) {
    spawnSync('rm', ['-rf', out, path.join(repo, 'node_modules', '.cache', 'protodocs')]);
    cold.push(buildOnce(repo, ['--out', out]).seconds);
    warm.push(buildOnce(repo, ['--out', out]).seconds);
  }
  const row = { pages: 'real site', coldSeconds: Number(median(cold).toFixed(2)), warmSeconds: Number(median(warm).toFixed(2)), peakRssMiB: '', outputMiB: Number((dirSize(out) / 1024 / 1024).toFixed(1)), jsPerDocsPageGzipKB: Number(jsPerDocsPage(out).toFixed(1)), ...(await searchColumns(out)) };
  rows.push(row);
  console.log(JSON.stringify(row));
}
for (const pages of sizes) {
  const dir = path.join(corpusRoot, String(pages));
  mkdirSync(dir, { recursive: true });
  writeCorpus(dir, pages);
  const cold = [];
  const warm = [];
  const edited = [];
  const editedRss = [];
  const rss = [];
  for (let i = 0; i < runs; i++) {
    // Cold: no output and no cache from an earlier run.
    spawnSync('rm', ['-rf', path.join(dir, 'build'), path.join(dir, 'node_modules')]);
    const c = buildOnce(dir);
    cold.push(c.seconds);
    rss.push(c.rss);
    // Warm: the same site again, unchanged.
    const w = buildOnce(dir);
    warm.push(w.seconds);
    rss.push(w.rss);
    // One doc edited: the per-file cache answers for the others, but every page is rendered and written again.
    appendFileSync(path.join(dir, 'content', 'docs', 'section-0', 'page-1.md'), `\nEdited in run ${i}.\n`);
    const e = buildOnce(dir);
    edited.push(e.seconds);
    editedRss.push(e.rss);
  }
  const outDir = path.join(dir, 'build');
  const row = {
    pages,
    coldSeconds: Number(median(cold).toFixed(2)),
    warmSeconds: Number(median(warm).toFixed(2)),
    editedSeconds: Number(median(edited).toFixed(2)),
    peakRssMiB: Math.round(Math.max(...rss)),
    editedPeakRssMiB: Math.round(Math.max(...editedRss)),
    outputMiB: Number((dirSize(outDir) / 1024 / 1024).toFixed(1)),
    jsPerDocsPageGzipKB: Number(jsPerDocsPage(outDir).toFixed(1)),
    ...(await searchColumns(outDir)),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}

const header = '| pages | cold build s | warm build s | one doc edited s | peak RSS MiB (cold, warm) | peak RSS MiB (one doc edited) | output MiB | JS per docs page gzip KB | index read by a first query, gzip KB | median query ms |';
const lines = [
  header,
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.pages} | ${r.coldSeconds} | ${r.warmSeconds} | ${r.editedSeconds ?? ''} | ${r.peakRssMiB} | ${r.editedPeakRssMiB ?? ''} | ${r.outputMiB} | ${r.jsPerDocsPageGzipKB} | ${r.firstQueryGzipKB} | ${r.medianQueryMs} |`),
];
console.log(`\nMedian of ${runs} runs on ${os.cpus().length} cores, Node ${process.version}:\n\n${lines.join('\n')}`);
mkdirSync(path.join(repo, 'bench-results'), { recursive: true });
writeFileSync(path.join(repo, 'bench-results', 'bench.json'), JSON.stringify({ date: new Date().toISOString(), runs, rows }, null, 2) + '\n');
