import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedFacetFilters, hostedOutcome, hostedSearch, type HostedResponse } from '../search-engine/hosted.ts';
import { toHostedRecords } from './hosted-export.ts';
import { sampleRecords } from './test-support.ts';

interface Recorded {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A stand-in for the hosted service: answers POST /1/indexes/<name>/query like it does, and records the request. */
function standIn(answer: (body: Record<string, unknown>) => { status: number; json: unknown }) {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      const { status, json } = answer(body);
      res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify(json));
    });
  });
  return { server, requests };
}

const HITS: HostedResponse = {
  nbHits: 2,
  hits: [
    {
      objectID: '1',
      url: 'https://docs.example/docs/receipts/#verifying-the-signature',
      type: 'content',
      hierarchy: { lvl0: 'Publishers', lvl1: 'Receiving receipts', lvl2: 'Verifying the signature', lvl3: null },
      content: 'Check the signature of every receipt <b>now</b>.',
      docusaurus_tag: 'docs-default-current',
      _highlightResult: {
        hierarchy: { lvl1: { value: 'Receiving receipts' }, lvl2: { value: 'Verifying the \u0002pd-mark\u0003signature\u0002/pd-mark\u0003' } },
      },
      _snippetResult: { content: { value: 'Check the \u0002pd-mark\u0003signature\u0002/pd-mark\u0003 of every receipt <b>now</b>.' } },
    },
    {
      objectID: '2',
      url: 'https://docs.example/blog/launch/',
      hierarchy: { lvl0: 'Blog', lvl1: 'Launching <receipts>' },
      content: null,
      page_type: 'blog',
      _highlightResult: { hierarchy: { lvl1: { value: 'Launching <em>receipts</em> <x>' } } },
    },
  ],
};

describe('hosted search client', () => {
  const { server, requests } = standIn((body) => (body.query === 'fail' ? { status: 500, json: { message: 'boom' } } : { status: 200, json: HITS }));
  let host = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const hosted = () => ({ appId: 'APPID', apiKey: 'search-key', indexName: 'iaindex', host });

  it('POSTs the query with the credentials and the language and docs-tag facet filters', async () => {
    await hostedSearch(hosted(), { query: 'signature', language: 'en', docsTags: ['docs-default-current'], hitsPerPage: 7 });
    const request = requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/1/indexes/iaindex/query');
    expect(request.headers['x-algolia-application-id']).toBe('APPID');
    expect(request.headers['x-algolia-api-key']).toBe('search-key');
    expect(request.body).toMatchObject({
      query: 'signature',
      facetFilters: [['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
      hitsPerPage: 7,
    });
    expect(hostedFacetFilters('fr', ['docs-default-1.0'])).toEqual([['language:fr'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-1.0']]);
  });

  it('groups the hits by page with local URLs and safe highlights', async () => {
    const outcome = await hostedSearch(hosted(), { query: 'signature', language: 'en', docsTags: ['docs-default-current'] });
    expect(outcome.total).toBe(2);
    expect(outcome.groups.map((g) => [g.url, g.title, g.type, g.category])).toEqual([
      ['/docs/receipts/', 'Receiving receipts', 'docs', 'Publishers'],
      ['/blog/launch/', 'Launching <receipts>', 'blog', 'Blog'],
    ]);
    const [hit] = outcome.groups[0].hits;
    expect(hit).toMatchObject({
      url: '/docs/receipts/#verifying-the-signature',
      headings: ['Verifying the signature'],
      headingHtml: 'Verifying the <mark>signature</mark>',
      textHtml: 'Check the <mark>signature</mark> of every receipt &lt;b&gt;now&lt;/b&gt;.',
    });
    expect(outcome.groups[1].titleHtml).toBe('Launching <mark>receipts</mark> &lt;x&gt;');
    expect(outcome.groups[1].hits[0].textHtml).toBe('');
  });

  it('filters the hits by type when asked', () => {
    expect(hostedOutcome(HITS, 'x', { type: 'blog' }).groups.map((g) => g.url)).toEqual(['/blog/launch/']);
    expect(hostedOutcome(HITS, 'x', { type: 'blog' }).total).toBe(1);
  });

  it('rejects when the service fails', async () => {
    await expect(hostedSearch(hosted(), { query: 'fail', language: 'en', docsTags: [] })).rejects.toThrow(/500/);
    await expect(hostedSearch({ ...hosted(), host: 'http://127.0.0.1:9' }, { query: 'x', language: 'en', docsTags: [] })).rejects.toThrow();
  });
});

describe('toHostedRecords', () => {
  it('writes DocSearch-style records with hierarchy, type, language and docusaurus_tag', () => {
    const records = toHostedRecords(sampleRecords(), { siteUrl: 'https://docs.example/' });
    const troubleshooting = records.find((r) => r.anchor === 'troubleshooting')!;
    expect(troubleshooting).toEqual({
      objectID: expect.stringMatching(/^[0-9a-f]{16}$/),
      url: 'https://docs.example/docs/domain-verification/#troubleshooting',
      url_without_anchor: 'https://docs.example/docs/domain-verification/',
      anchor: 'troubleshooting',
      hierarchy: { lvl0: 'Publishers', lvl1: 'Domain verification', lvl2: 'Well-known file', lvl3: 'Troubleshooting', lvl4: null, lvl5: null, lvl6: null },
      content: 'The file must be plain text, without redirects.',
      type: 'content',
      language: 'en',
      lang: 'en',
      docusaurus_tag: ['docs-default-current'],
      version: ['current'],
      page_type: 'docs',
      tags: ['publishers'],
      weight: { pageRank: 1, level: 80, position: 3 },
    });
    const post = records.find((r) => r.url === 'https://docs.example/blog/launch/')!;
    expect(post).toMatchObject({ docusaurus_tag: ['default'], hierarchy: { lvl0: 'Blog', lvl1: 'Launching receipts', lvl2: null }, page_type: 'blog' });
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    // The exported records read back through the client like the service's own.
    const outcome = hostedOutcome({ hits: records.slice(0, 3) }, 'q');
    expect(outcome.groups[0].title).toBe('Introduction');
  });
});
