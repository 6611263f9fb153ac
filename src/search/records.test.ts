import { describe, expect, it } from 'vitest';
import type { DocumentHtml } from '../markdown/index.ts';
import { buildSearchRecords, hashPages } from './records.ts';
import { fakeSite, SAMPLE_PAGES } from './test-support.ts';

describe('hashPages', () => {
  const site = () => fakeSite(SAMPLE_PAGES);
  const hashes = (change?: (html: Map<string, DocumentHtml>) => void, identities = true) => {
    const { table, html } = site();
    for (const [file, doc] of html) if (identities) doc.identity = `id:${file}`;
    change?.(html);
    const sources = new Map<string, string>();
    const records = buildSearchRecords({ table, html, baseUrl: '/', language: 'en', sourceHashes: sources });
    return { hashes: hashPages(records, sources), sources, records };
  };

  it('names a page with an identity by what its records were made from, and one without by the records', () => {
    const { hashes: named, sources, records } = hashes();
    expect([...sources.keys()].sort()).toEqual([...new Set(records.map((r) => r.pageUrl))].sort());
    expect(named).toEqual(hashes().hashes);
    // Without identities, every page is hashed from its records: the same records, the same hashes.
    const plain = hashes(undefined, false);
    expect(plain.sources.size).toBe(0);
    expect(plain.hashes).toEqual(hashPages(plain.records));
    expect(plain.hashes.get('/docs/intro/')).not.toBe(named.get('/docs/intro/'));
  });

  it("changes a page's hash, and only its, when its HTML's identity or its text changes", () => {
    const before = hashes().hashes;
    const edited = hashes((html) => (html.get('content/docs/intro.md')!.identity = 'id:intro-edited')).hashes;
    expect([...edited].filter(([url, hash]) => before.get(url) !== hash).map(([url]) => url)).toEqual(['/docs/intro/']);
    const plainBefore = hashes(undefined, false).hashes;
    const plainEdited = hashes((html) => {
      const doc = html.get('content/docs/intro.md')!;
      doc.sections = doc.sections.map((s, i) => (i === 0 ? { ...s, text: `${s.text} more` } : s));
    }, false).hashes;
    expect([...plainEdited].filter(([url, hash]) => plainBefore.get(url) !== hash).map(([url]) => url)).toEqual(['/docs/intro/']);
  });
});
