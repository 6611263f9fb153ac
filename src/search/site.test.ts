import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../pipeline/index.ts';
import { runSearchExport, askLlmFromEnv } from '../cli/search-command.ts';
import { SHARDED_FORMAT, type PageDetails, type SearchEntry } from '../search-engine/index.ts';
import type { HostedRecord } from './hosted-export.ts';
import { loadSearchRecords } from './load.ts';

// The search stage inside the real build of test/fixtures/search-site.

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/search-site/', import.meta.url));

describe('search in the build of the search fixture', () => {
  let tmp = '';
  let result: BuildResult;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'protodocs-search-'));
    result = await build({ root: FIXTURE, outDir: path.join(tmp, 'out'), write: true, minify: false });
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  // A writing build streams its files to disk; read them there, as a host would.
  const text = (rel: string) => readFileSync(path.join(tmp, 'out', rel), 'utf8');

  it('writes the index files and points every page at the main entry', () => {
    expect(result.ok).toBe(true);
    const scopes = readdirSync(path.join(tmp, 'out', 'search-index')).sort();
    expect(scopes).toEqual(['main', 'version-1.0']);
    const chunks = readdirSync(path.join(tmp, 'out', 'assets', 'search'));
    expect(chunks.length).toBeGreaterThan(0);
    for (const name of chunks) expect(name).toMatch(/^(main|version-1\.0)\.[0-9a-f]{10}\.json$/);
    const entry = JSON.parse(text('search-index/main/entry.json')) as SearchEntry;
    expect(entry.format).toBe(SHARDED_FORMAT);
    const titles = Array.from(entry.pageTypes, (_, page) => (JSON.parse(text(`search-index/main/pages/${page}.json`)) as PageDetails).title);
    expect(titles).toEqual(expect.arrayContaining(['Introduction', 'Domain verification', 'Receiving receipts', 'Launching receipts', 'About the search site']));
    for (const page of ['docs/intro/index.html', 'blog/launch/index.html', 'search/index.html']) {
      expect(text(page)).toContain(`&quot;indexUrl&quot;:&quot;/search-index/main/entry.json&quot;`);
    }
  });

  it('reads the records back from the written output for the ask handler', async () => {
    const records = await loadSearchRecords(path.join(tmp, 'out'));
    const dns = records.find((r) => r.url === '/docs/domain-verification/#dns-txt-record');
    expect(dns).toMatchObject({ title: 'Domain verification', hierarchy: ['DNS TXT record'], type: 'docs', tags: ['publishers', 'basics'], language: 'en' });
    expect(dns!.text).toContain('Propagation can take an hour.');
    expect(records.find((r) => r.pageUrl === '/docs/1.0/legacy-setup/')?.version).toMatchObject({ name: '1.0', current: false });
    expect(await loadSearchRecords(path.join(tmp, 'nothing-here'))).toEqual([]);
  });

  it('`protodocs search export` writes hosted-index records', async () => {
    const out = path.join(tmp, 'records.json');
    const code = await runSearchExport({ root: FIXTURE, out });
    expect(code).toBe(0);
    const records = JSON.parse(await readFile(out, 'utf8')) as HostedRecord[];
    const dns = records.find((r) => r.anchor === 'dns-txt-record')!;
    expect(dns).toMatchObject({
      url: 'https://search.example/docs/domain-verification/#dns-txt-record',
      hierarchy: { lvl0: 'Documentation', lvl1: 'Domain verification', lvl2: 'DNS TXT record', lvl3: null },
      type: 'content',
      language: 'en',
      docusaurus_tag: ['docs-default-current'],
    });
    expect(records.find((r) => r.url === 'https://search.example/docs/1.0/legacy-setup/')?.docusaurus_tag).toEqual(['docs-default-1.0']);
    expect(records.find((r) => r.url === 'https://search.example/blog/launch/')?.docusaurus_tag).toEqual(['default']);
  });

  it('takes the AI model settings from the environment the CLI passes', () => {
    expect(askLlmFromEnv({})).toBeUndefined();
    expect(askLlmFromEnv({ PROTODOCS_AI_BASE_URL: 'http://x/v1' })).toBeUndefined();
    expect(askLlmFromEnv({ PROTODOCS_AI_BASE_URL: 'http://x/v1', PROTODOCS_AI_MODEL: 'm', PROTODOCS_AI_KEY: 'k' })).toEqual({ baseUrl: 'http://x/v1', model: 'm', apiKey: 'k' });
  });
});
