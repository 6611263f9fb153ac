// Environment of the search browser tests (search.test.ts). It builds test/fixtures/search-site twice with the real
// build(): as it is (local index) and, in a temp copy with a generated site.config.ts, with search.hosted pointing at
// a stand-in of the hosted search service (its port is only known at run time). Each build is served by a small
// node:http server that also mounts the ask handler (createAskHandler) at /api/ask, switchable between extractive
// answers and a stand-in OpenAI-compatible model. One Chromium: the run's shared one when the e2e global setup
// provides it, else one launched here (Debian's; never downloaded).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { build } from '../../src/pipeline/index.ts';
import { createAskHandler, loadSearchRecords, toHostedRecords, type HostedRecord, type SearchRecord } from '../../src/search/index.ts';
import { mountAskHandler } from '../../src/serve/ask-adapter.ts';
import { CHROMIUM_ARGS } from './env.ts';

export const SEARCH_FIXTURE = fileURLToPath(new URL('../fixtures/search-site/', import.meta.url));

export const HOSTED = { appId: 'TESTAPP', apiKey: 'test-search-key', indexName: 'search-site' };

export interface Site {
  /** Origin with a trailing slash. */
  url: string;
  dir: string;
}

export interface HostedRequest {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: { query?: string; facetFilters?: string[][]; hitsPerPage?: number; highlightPreTag?: string; highlightPostTag?: string };
}

export interface LlmRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
}

export interface SearchEnv {
  browser: Browser;
  local: Site;
  hosted: Site;
  /** What the stand-in search service received. */
  hostedRequests: HostedRequest[];
  llmRequests: LlmRequest[];
  /** How /api/ask answers: quoting passages, or with the stand-in model. */
  setAskMode(mode: 'extractive' | 'model'): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : {};
}

/** Static files of `dir` (`x/` → `x/index.html`, 404.html otherwise) plus `/api/ask`. */
function siteServer(dir: string, ask: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Server {
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/api/ask') return ask(req, res);
      let file = path.join(dir, path.posix.normalize(decodeURIComponent(url.pathname)));
      if (!file.startsWith(dir)) file = path.join(dir, '404.html');
      let status = 200;
      try {
        if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
        await stat(file);
      } catch {
        file = path.join(dir, '404.html');
        status = 404;
      }
      const body = await readFile(file);
      res.writeHead(status, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
}

/** Words of a query found in a record's hierarchy or content: how the stand-in service "searches". */
function matches(record: HostedRecord, query: string): boolean {
  const haystack = [...Object.values(record.hierarchy), record.content].filter(Boolean).join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => haystack.includes(w));
}

function mark(value: string, query: string, pre: string, post: string): string {
  let out = value;
  for (const w of query.split(/\s+/).filter(Boolean)) out = out.replace(new RegExp(w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), (m) => pre + m + post);
  return out;
}

/** A stand-in of the hosted search service: the Algolia-compatible query endpoint, with CORS, over `records`. */
function hostedStandIn(records: () => HostedRecord[], log: HostedRequest[]): Server {
  return createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'content-type, x-algolia-application-id, x-algolia-api-key',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    void readJson(req).then((raw) => {
      const body = raw as HostedRequest['body'];
      log.push({ url: req.url ?? '', headers: req.headers, body });
      const query = body.query ?? '';
      const pre = body.highlightPreTag ?? '<em>';
      const post = body.highlightPostTag ?? '</em>';
      const hits = records()
        .filter((r) => matches(r, query))
        .slice(0, body.hitsPerPage ?? 20)
        .map((r) => ({
          ...r,
          _highlightResult: {
            hierarchy: Object.fromEntries(Object.entries(r.hierarchy).flatMap(([k, v]) => (v ? [[k, { value: mark(v, query, pre, post) }]] : []))),
            content: { value: mark(r.content ?? '', query, pre, post) },
          },
        }));
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ hits, nbHits: hits.length, query }));
    });
  });
}

export const MODEL_ANSWER = ['Receipts are verified ', 'with the Ed25519 signature ', 'of each receipt [1].'];

/** A stand-in OpenAI-compatible chat-completions endpoint that streams MODEL_ANSWER slowly. */
function llmStandIn(log: LlmRequest[]): Server {
  return createServer((req, res) => {
    void readJson(req).then(async (body) => {
      log.push(body as LlmRequest);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      for (const content of MODEL_ANSWER) {
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
        await new Promise((r) => setTimeout(r, 150));
      }
      res.end('data: [DONE]\n\n');
    });
  });
}

async function buildSite(root: string, outDir: string): Promise<void> {
  const result = await build({ root, outDir, write: true, minify: true });
  if (!result.ok) {
    const problems = result.diagnostics.map((d) => `${d.file ?? ''}:${d.line ?? ''} ${d.code} ${d.message}`).join('\n');
    throw new Error(`The search fixture did not build:\n${problems}`);
  }
}

export async function startSearchEnv(): Promise<SearchEnv> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'protodocs-search-e2e-'));
  const servers: Server[] = [];
  let browser: Browser | undefined;
  const close = async () => {
    // For the shared Chromium this only disconnects.
    await Promise.allSettled([browser?.close(), ...servers.map(closeServer)]);
    await rm(tmp, { recursive: true, force: true });
  };
  try {
    const shared = (inject as (key: string) => { wsEndpoint?: string } | undefined)('pdE2E');
    const launching = shared?.wsEndpoint
      ? chromium.connect(shared.wsEndpoint)
      : chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
    launching.then((b) => (browser = b)).catch(() => {});

    const hostedRequests: HostedRequest[] = [];
    const llmRequests: LlmRequest[] = [];
    let records: SearchRecord[] = [];
    let hostedRecords: HostedRecord[] = [];
    const standIn = hostedStandIn(() => hostedRecords, hostedRequests);
    const llm = llmStandIn(llmRequests);
    servers.push(standIn, llm);
    const [standInOrigin, llmOrigin] = await Promise.all([listen(standIn), listen(llm)]);

    const localDir = path.join(tmp, 'local');
    await buildSite(SEARCH_FIXTURE, localDir);
    records = await loadSearchRecords(localDir);
    hostedRecords = toHostedRecords(records, { siteUrl: 'https://search.example' });

    // The hosted variant: the same content with search.hosted pointing at the stand-in.
    const hostedRoot = path.join(tmp, 'hosted-site');
    await cp(SEARCH_FIXTURE, hostedRoot, { recursive: true });
    const config = await readFile(path.join(hostedRoot, 'site.config.ts'), 'utf8');
    const hostedConfig = config.replace(
      "search: { ai: { endpoint: '/api/ask' } },",
      `search: { hosted: ${JSON.stringify({ ...HOSTED, host: standInOrigin })}, ai: { endpoint: '/api/ask' } },`,
    );
    if (hostedConfig === config) throw new Error('search-site/site.config.ts no longer has the search line this setup replaces');
    await writeFile(path.join(hostedRoot, 'site.config.ts'), hostedConfig);
    const hostedDir = path.join(tmp, 'hosted');
    await buildSite(hostedRoot, hostedDir);

    let mode: 'extractive' | 'model' = 'extractive';
    const extractive = createAskHandler({ records: () => loadSearchRecords(localDir) });
    const model = createAskHandler({ records: () => loadSearchRecords(localDir), llm: { baseUrl: `${llmOrigin}/v1`, model: 'stand-in' }, timeoutMs: 10_000 });
    const ask = mountAskHandler((request) => (mode === 'model' ? model(request) : extractive(request)));
    const localServer = siteServer(localDir, ask);
    const hostedServer = siteServer(hostedDir, ask);
    servers.push(localServer, hostedServer);
    const [localOrigin, hostedOrigin] = await Promise.all([listen(localServer), listen(hostedServer)]);

    return {
      browser: await launching,
      local: { url: localOrigin + '/', dir: localDir },
      hosted: { url: hostedOrigin + '/', dir: hostedDir },
      hostedRequests,
      llmRequests,
      setAskMode: (m) => (mode = m),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
