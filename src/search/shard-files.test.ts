import { describe, expect, it } from 'vitest';
import { queryTerms, searchShards, type PageDetails, type SearchEntry, type TermChunk, type TermDirectory } from '../search-engine/index.ts';
import { buildSearchIndexFiles, cutRuns, recordsFromIndexFiles, searchIndexUrl } from './shard-files.ts';
import { sampleRecords, shardedScopes } from './test-support.ts';
import type { SearchRecord } from './types.ts';

const json = <T>(files: Map<string, string>, rel: string) => JSON.parse(files.get(rel)!) as T;

/** A site of `pages` pages of a few sections each, with words shared across pages and words of their own. */
function corpus(pages: number, edit?: (page: number, records: SearchRecord[]) => void): SearchRecord[] {
  const shared = ['receipt', 'attestation', 'publisher', 'signature', 'crawler', 'ledger', 'domain', 'policy'];
  const records: SearchRecord[] = [];
  for (let p = 0; p < pages; p++) {
    const pageUrl = `/docs/page-${p}/`;
    const own = `word${p.toString(36)}`;
    const page: SearchRecord[] = [0, 1, 2].map((s) => ({
      url: s ? `${pageUrl}#part-${s}` : pageUrl,
      pageUrl,
      ...(s ? { anchor: `part-${s}` } : {}),
      title: `Page ${p} ${shared[p % shared.length]}`,
      hierarchy: s ? [`Part ${s} ${shared[(p + s) % shared.length]}`] : [],
      text: `${own} ${shared[(p * 3 + s) % shared.length]} and ${shared[(p + 2 * s) % shared.length]} with ${own}s text number ${p * 7 + s}.`,
      type: 'docs',
      tags: p % 2 ? ['odd'] : [],
      language: 'en',
    }));
    edit?.(p, page);
    records.push(...page);
  }
  return records;
}

function diff(a: Map<string, string>, b: Map<string, string>): { changed: string[]; added: string[]; removed: string[] } {
  return {
    changed: [...b.keys()].filter((k) => a.has(k) && a.get(k) !== b.get(k)).sort(),
    added: [...b.keys()].filter((k) => !a.has(k)).sort(),
    removed: [...a.keys()].filter((k) => !b.has(k)).sort(),
  };
}

describe('buildSearchIndexFiles', () => {
  it('writes an entry per scope at a stable URL, page details beside it, and content-hashed chunks under assets/search/', () => {
    const { files, indexUrl } = buildSearchIndexFiles(sampleRecords('/sub/'), { baseUrl: '/sub/' });
    expect(indexUrl).toBe('/sub/search-index/main/entry.json');
    expect(searchIndexUrl('/sub/')).toBe(indexUrl);
    const names = [...files.keys()].sort();
    for (const name of names) expect(name).toMatch(/^(search-index\/(main|version-1\.0)\/(entry|pages\/\d+(\.text)?)\.json|assets\/search\/(main|version-1\.0)\.[0-9a-f]{10}\.json)$/);
    const main = json<SearchEntry>(files, 'search-index/main/entry.json');
    expect(main).toMatchObject({ format: 'protodocs-search/3', scope: 'main', language: 'en', assets: '/sub/assets/search/', pages: '/sub/search-index/main/pages/' });
    expect(main.versions).toEqual([
      { name: 'current', label: 'v2.0.0', path: '/sub/docs/', current: true },
      { name: '1.0', label: 'v1.0.0', path: '/sub/docs/1.0/', current: false, url: '/sub/search-index/version-1.0/entry.json' },
    ]);
    expect(main.suggestions).toEqual(['Introduction', 'Domain verification', 'Receiving receipts', 'Escaping <markup> & more']);
    // The main scope holds the current docs, the blog and the pages; not the older version's docs.
    const details = Array.from(main.pageTypes, (_, page) => json<PageDetails>(files, `search-index/main/pages/${page}.json`));
    expect(details.map((d) => d.url)).not.toContain('/sub/docs/1.0/legacy/');
    expect(details.map((d) => [d.url, d.type])).toContainEqual(['/sub/blog/launch/', 'blog']);
    expect(main.pageTypes).toBe(details.map((d) => d.type[0]).join(''));
    expect(details.find((d) => d.url === '/sub/docs/domain-verification/')).toMatchObject({
      title: 'Domain verification',
      version: 'current',
      tags: ['publishers'],
      category: 'Publishers',
      sections: [
        ['', [], expect.any(String)],
        ['dns-txt-record', ['DNS TXT record'], expect.stringContaining('TXT')],
        ['well-known-file', ['Well-known file'], expect.any(String)],
        ['troubleshooting', ['Well-known file', 'Troubleshooting'], 'The file must be plain text, without redirects.'],
      ],
    });
    // Every directory and chunk the entry reaches exists.
    for (const [, name] of main.directories) {
      for (const [, chunk] of json<TermDirectory>(files, `assets/search/${name}`).chunks) expect(files.has(`assets/search/${chunk}`)).toBe(true);
    }
    // The same records give the same files.
    expect(buildSearchIndexFiles(sampleRecords('/sub/'), { baseUrl: '/sub/' }).files).toEqual(files);
  });

  it('hands each file to `write` as it is made, instead of keeping it', () => {
    const kept = buildSearchIndexFiles(sampleRecords('/sub/'), { baseUrl: '/sub/' });
    const written = new Map<string, string>();
    const streamed = buildSearchIndexFiles(sampleRecords('/sub/'), { baseUrl: '/sub/', write: (rel, text) => written.set(rel, text) });
    expect(streamed.files.size).toBe(0);
    expect(streamed.indexUrl).toBe(kept.indexUrl);
    expect(written).toEqual(kept.files);
  });

  it('reads the records back from the files', () => {
    const records = sampleRecords('/sub/');
    const { files } = buildSearchIndexFiles(records, { baseUrl: '/sub/' });
    const back = recordsFromIndexFiles(files.keys(), (rel) => files.get(rel));
    const key = (r: { url: string }) => r.url;
    expect([...back].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([...records].sort((a, b) => key(a).localeCompare(key(b))));
  });

  it('gives a query the chunks of its words and the details of the pages it shows, and nothing else', async () => {
    const scopes = shardedScopes(corpus(400));
    const all = [...scopes.files.keys()];
    const chunks = all.filter((rel) => rel.startsWith('assets/search/'));
    expect(chunks.length).toBeGreaterThan(20);
    const result = await searchShards([scopes.main], 'word5k', { maxGroups: 1 });
    expect(result.groups.map((g) => g.url)).toEqual(['/docs/page-200/']);
    const fetched = scopes.fetched;
    expect(fetched.filter((rel) => rel.includes('/pages/'))).toEqual(['search-index/main/pages/200.json']);
    // One directory, the chunk of "word5k" and its neighbours for typos: a few files out of many.
    expect(fetched.filter((rel) => rel.startsWith('assets/search/')).length).toBeLessThanOrEqual(4);
    const bytes = fetched.reduce((n, rel) => n + scopes.files.get(rel)!.length, 0);
    const total = all.reduce((n, rel) => n + scopes.files.get(rel)!.length, 0);
    expect(bytes).toBeLessThan(total / 10);
  });

  it('counts and ranks what it shows from the chunks alone: details come only for the pages shown', async () => {
    const scopes = shardedScopes(corpus(400));
    const result = await searchShards([scopes.main], 'receipt', { maxGroups: 5, maxHitsPerGroup: 1 });
    expect(result.groups).toHaveLength(5);
    expect(result.total).toBeGreaterThan(100);
    expect(scopes.fetched.filter((rel) => rel.includes('/pages/'))).toHaveLength(5);
  });
});

describe('an edit changes few index files', () => {
  const before = buildSearchIndexFiles(corpus(1200), { baseUrl: '/' }).files;

  it('a body edit: the page details, the entry, and the chunks holding a word of the edited section', () => {
    let edited: SearchRecord | undefined;
    const after = buildSearchIndexFiles(
      corpus(1200, (p, page) => {
        if (p === 123) (edited = page[1]).text += ' zeppelin';
      }),
      { baseUrl: '/' },
    ).files;
    const { changed, added, removed } = diff(before, after);
    expect(changed).toEqual(['search-index/main/entry.json', 'search-index/main/pages/123.json', 'search-index/main/pages/123.text.json']);
    // The section's words change score (its length changed); every other chunk keeps its name and bytes.
    const words = new Set(queryTerms([edited!.title, ...edited!.hierarchy, edited!.text].join(' ')));
    const addedChunks = added.map((rel) => json<Partial<TermChunk>>(after, rel)).filter((file) => file.terms);
    expect(addedChunks.length).toBeGreaterThan(0);
    for (const chunk of addedChunks) expect(Object.keys(chunk.terms!).some((word) => words.has(word))).toBe(true);
    const chunkCount = [...before.keys()].filter((rel) => rel.startsWith('assets/search/')).length;
    expect(chunkCount).toBeGreaterThan(removed.length * 4);
    expect(added.length).toBe(removed.length);
  });

  it('a new heading in one page renames no section of another', () => {
    const after = buildSearchIndexFiles(
      corpus(1200, (p, page) => {
        if (p === 40) page.push({ ...page[2], url: `${page[2].pageUrl}#extra`, anchor: 'extra', hierarchy: ['Extra'], text: 'word14 closing words.' });
      }),
      { baseUrl: '/' },
    ).files;
    const { changed } = diff(before, after);
    expect(changed.filter((rel) => rel.includes('/pages/'))).toEqual(['search-index/main/pages/40.json', 'search-index/main/pages/40.text.json']);
  });

  it('an unchanged site gives the same files', () => {
    expect(diff(before, buildSearchIndexFiles(corpus(1200), { baseUrl: '/' }).files)).toEqual({ changed: [], added: [], removed: [] });
  });
});

describe('cutRuns', () => {
  const items = Array.from({ length: 2000 }, (_, i): [string, number] => [`term${String(i).padStart(5, '0')}`, 10 + (i % 7)]);
  const cuts = (list: [string, number][]) => new Set(cutRuns(list, ([, size]) => size, 200).map((run) => run[0][0]));

  it('cuts runs of about the target size, never above four times it', () => {
    const runs = cutRuns(items, ([, size]) => size, 200);
    const sizes = runs.map((run) => run.reduce((n, [, size]) => n + size, 0));
    expect(runs.flat()).toEqual(items);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(800);
    const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    expect(mean).toBeGreaterThan(100);
    expect(mean).toBeLessThan(400);
  });

  it('keeps its cuts where they were when an item is inserted', () => {
    const before = cuts(items);
    const inserted = [...items.slice(0, 1000), ['term00999x', 12] as [string, number], ...items.slice(1000)];
    const after = cuts(inserted);
    const moved = [...before].filter((c) => !after.has(c)).length + [...after].filter((c) => !before.has(c)).length;
    expect(moved).toBeLessThanOrEqual(2);
  });
});
