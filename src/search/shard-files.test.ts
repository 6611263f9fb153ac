import { describe, expect, it } from 'vitest';
import { localOfKey, pageOfKey, queryTerms, searchShards, type CappedPostings, type PageDetails, type SearchEntry, type TailScores, type TermChunk, type TermDirectory } from '../search-engine/index.ts';
import { buildSearchIndexFiles, cutRuns, IndexNeedsRecords, recordsFromIndexFiles, searchIndexUrl, suggestionsFor } from './shard-files.ts';
import { tailFiles } from './postings-cap.ts';
import { hashPages, pagesOf } from './records.ts';
import { decodeFields } from './term-index.ts';
import { updateScope } from './term-table.ts';
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
    // A chunk or directory replaces one; the tail scores of the words' long lists are new files the new chunks name
    // (more of them than go: one can still serve another word whose tail scores are the same).
    const isTail = (rel: string) => json<Partial<TailScores>>(after.has(rel) ? after : before, rel).scores !== undefined;
    expect(added.filter((rel) => !isTail(rel)).length).toBe(removed.filter((rel) => !isTail(rel)).length);
    const named = new Set(addedChunks.flatMap((chunk) => Object.values(chunk.terms!).flatMap((value) => (typeof value === 'string' ? [] : value[6]))));
    for (const rel of added.filter(isTail)) expect(named.has(rel.slice('assets/search/'.length))).toBe(true);
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

describe('an index updated from the last build', () => {
  type Built = ReturnType<typeof buildSearchIndexFiles>;
  const full = (records: SearchRecord[]): Built => buildSearchIndexFiles(records, { baseUrl: '/', pageHashes: hashPages(records) });

  /** `records` indexed from `last` and its output; returns the output it leaves, what it wrote, and its state. */
  function update(last: Built, records: SearchRecord[], output = last.files) {
    const kept: string[] = [];
    const read: string[] = [];
    const next = buildSearchIndexFiles(records, {
      baseUrl: '/',
      pageHashes: hashPages(records),
      previous: {
        scopes: last.scopes!,
        read: (rel) => (read.push(rel), output.get(rel)),
        keep: (rel) => kept.push(rel),
      },
    });
    const files = new Map([...kept.map((rel): [string, string] => [rel, output.get(rel)!]), ...next.files]);
    return { next: { ...next, files }, written: [...next.files.keys()], read };
  }

  /** The same files and the same state as an index made whole from the same records. */
  function expectWhole(made: Built, records: SearchRecord[]) {
    const whole = full(records);
    expect(new Map([...made.files].sort())).toEqual(new Map([...whole.files].sort()));
    expect(made.scopes).toEqual(whole.scopes);
  }

  const base = corpus(600);
  const first = full(base);

  it("rewrites only the edited page's files, the entry and the chunks of its words, reading only what it replaces", () => {
    const records = corpus(600, (p, page) => {
      if (p === 123) page[1].text += ' zeppelin';
    });
    const { next, written, read } = update(first, records);
    expectWhole(next, records);
    const pages = written.filter((rel) => rel.includes('/pages/'));
    expect(pages).toEqual(['search-index/main/pages/123.json', 'search-index/main/pages/123.text.json']);
    // Exactly the chunks and directories a whole index has that the last one did not.
    const whole = full(records).files;
    const fresh = [...whole.keys()].filter((rel) => rel.startsWith('assets/search/') && !first.files.has(rel));
    expect(fresh.length).toBeGreaterThan(0);
    expect(written.filter((rel) => rel.startsWith('assets/search/')).sort()).toEqual(fresh.sort());
    // The edited page as it was, the entry, and the chunks it replaces: never the whole index.
    expect(read.filter((rel) => !rel.startsWith('assets/search/'))).toEqual(['search-index/main/entry.json', 'search-index/main/pages/123.json', 'search-index/main/pages/123.text.json']);
    const chunkFiles = [...first.files.keys()].filter((rel) => rel.startsWith('assets/search/')).length;
    expect(read.length - 3).toBeLessThanOrEqual(2 * fresh.length);
    expect(read.length - 3).toBeLessThan(chunkFiles / 3);
  });

  it("re-scores a lengthened section's words only where the section's stored score levels move", () => {
    const records = corpus(600, (p, page) => {
      if (p === 123) page[1].text += ' zeppelin';
    });
    const table = updateScope(first.scopes!.main, pagesOf(records), new Set([123]), (rel) => first.files.get(rel), 'search-index/main')!;
    // The words of the edited section: each one's score there changed with the section's length.
    const inSection = table.terms.filter((_, i) =>
      decodeFields(table.fields.subarray(table.offsets[i], table.offsets[i + 1])).some((list) => list?.some((key, k) => k % 2 === 0 && pageOfKey(key) === 123 && localOfKey(key) === 1)),
    );
    const rescored = inSection.filter((term) => table.fresh[table.terms.indexOf(term)] !== undefined);
    expect(rescored).toContain('zeppelin');
    // Some keep the level they had there, and with it every posting: they are not scored again.
    expect(rescored.length).toBeLessThan(inSection.length);
    expectWhole(update(first, records).next, records);
  });

  it("takes a lengthened section's words from their lists as written, capped or not, with that section's levels replaced", () => {
    // A word in two sections of every page: a list long enough to be capped, with its tail's scores in files.
    const everywhere = (edit?: (p: number, page: SearchRecord[]) => void) =>
      corpus(1200, (p, page) => {
        for (const r of page.slice(0, 2)) r.text += ' ubiquitous';
        edit?.(p, page);
      });
    const start = full(everywhere());
    const capped = [...start.files].filter(([rel]) => rel.startsWith('assets/search/')).map(([, json]) => (JSON.parse(json) as Partial<TermChunk>).terms?.ubiquitous).find(Boolean);
    expect(typeof capped).toBe('object');
    const records = everywhere((p, page) => {
      if (p === 321) page[1].text += ' and a few more words';
    });
    const { next, read } = update(start, records);
    expectWhole(next, records);
    // The list was read back, its tail's scores too, rather than every section scored again.
    expect(read.some((rel) => tailFiles(capped as CappedPostings).some((name) => rel.endsWith(name)))).toBe(true);
  });

  it("re-caps a long list whose moved sections stay in its tail from the tail file of the edited page alone, over a run of edits", () => {
    const everywhere = (edited: number[]) =>
      corpus(1200, (p, page) => {
        for (const r of page.slice(0, 2)) r.text += ' ubiquitous';
        for (const [n, q] of edited.entries()) if (p === q) page[1].text += ` and a few more words ${'again '.repeat(n)}`;
      });
    const tailsOf = (built: Built) => {
      const value = [...built.files].filter(([rel]) => rel.startsWith('assets/search/')).map(([, json]) => (JSON.parse(json) as Partial<TermChunk>).terms?.ubiquitous).find(Boolean);
      return tailFiles(value as CappedPostings).map((name) => `assets/search/${name}`);
    };
    let last = full(everywhere([]));
    const edits: number[] = [];
    for (const p of [321, 900, 321]) {
      edits.push(p);
      const records = everywhere(edits);
      const tails = tailsOf(last);
      const { next, read } = update(last, records);
      expectWhole(next, records);
      // One of the list's tail files read: the one for the pages around the edited one.
      expect(tails.length).toBeGreaterThan(3);
      expect(read.filter((rel) => tails.includes(rel))).toHaveLength(1);
      last = next;
    }
  });

  it('drops a word no page holds any more, adds a new one, and follows a title edit and a new heading', () => {
    const records = corpus(600, (p, page) => {
      if (p === 77) for (const r of page) r.text = r.text.replaceAll(`word${(77).toString(36)}`, 'quasar');
      if (p === 300) for (const r of page) r.title = 'Renamed ledger page';
      if (p === 301) page.push({ ...page[2], url: `${page[2].pageUrl}#extra`, anchor: 'extra', hierarchy: ['Extra'], text: 'A heading of its own.' });
    });
    const { next, written } = update(first, records);
    expectWhole(next, records);
    expect(written.filter((rel) => rel.includes('/pages/')).sort()).toEqual(
      [77, 300, 301].flatMap((p) => [`search-index/main/pages/${p}.json`, `search-index/main/pages/${p}.text.json`]).sort(),
    );
    const terms = Object.assign({}, ...[...next.files].filter(([rel]) => rel.startsWith('assets/search/')).map(([, json]) => (JSON.parse(json) as Partial<TermChunk>).terms ?? {}));
    expect(terms).toHaveProperty('quasar');
    expect(terms).not.toHaveProperty(`word${(77).toString(36)}`);
  });

  it('stays the same as a whole index over a run of edits, each from the state the last one left', () => {
    let last = first;
    for (const p of [5, 250, 5, 599]) {
      const records = corpus(600, (q, page) => {
        if (q === p) page[0].text += ` revision ${p} crawler`;
      });
      last = update(last, records).next;
      expectWhole(last, records);
    }
  });

  it('is made whole when pages come or go, when the averages move, or when the output lacks a file it would keep', () => {
    const more = corpus(601);
    expectWhole(update(first, more).next, more);
    const long = corpus(600, (p, page) => {
      if (p < 200) page[2].text += ' extra words'.repeat(40);
    });
    expectWhole(update(first, long).next, long);
    const edited = corpus(600, (p, page) => {
      if (p === 9) page[1].text += ' zeppelin';
    });
    const lacking = new Map([...first.files].filter(([rel]) => !rel.startsWith('assets/search/main.')));
    const { next, written } = update(first, edited, lacking);
    expect(written.filter((rel) => rel.startsWith('assets/search/')).length).toBe([...first.files.keys()].filter((rel) => rel.startsWith('assets/search/')).length);
    expectWhole({ ...next, files: new Map([...next.files].filter(([rel]) => !rel.startsWith('assets/search/') || written.includes(rel) || !lacking.has(rel))) }, edited);
  });

  it("leaves an older version's scope as it is when the current docs change", () => {
    const records = sampleRecords('/');
    const last = full(records);
    const edited = records.map((r) => (r.pageUrl === '/docs/intro/' ? { ...r, text: r.text + ' zeppelin' } : r));
    const { next, written } = update(last, edited);
    expectWhole(next, edited);
    expect(written.some((rel) => rel.includes('version-1.0'))).toBe(false);
  });

  /** The records as the build gives them: a page the last index holds as it is, as one `unchanged` record. */
  function stubbed(last: Built, records: SearchRecord[]): SearchRecord[] {
    const before = new Map(Object.values(last.scopes!).flatMap((scope) => scope.pages.map((url, p): [string, string] => [url, scope.hashes[p]])));
    const hashes = hashPages(records);
    const out: SearchRecord[] = [];
    for (const r of records) {
      if (before.get(r.pageUrl) !== hashes.get(r.pageUrl)) out.push(r);
      else if (out[out.length - 1]?.pageUrl !== r.pageUrl) out.push({ ...r, url: r.pageUrl, anchor: undefined, hierarchy: [], text: '', unchanged: true });
    }
    return out;
  }

  it('needs only the records of the pages that changed, and asks for all when it cannot update', () => {
    const records = corpus(600, (p, page) => {
      if (p === 321) page[2].text += ' zeppelin';
    });
    const given = stubbed(first, records);
    expect(given.filter((r) => !r.unchanged).map((r) => r.pageUrl)).toEqual(Array(3).fill('/docs/page-321/'));
    const kept: string[] = [];
    const next = buildSearchIndexFiles(given, { baseUrl: '/', pageHashes: hashPages(records), previous: { scopes: first.scopes!, read: (rel) => first.files.get(rel), keep: (rel) => kept.push(rel) } });
    const files = new Map([...kept.map((rel): [string, string] => [rel, first.files.get(rel)!]), ...next.files]);
    expectWhole({ ...next, files }, records);
    // Without a state to update, or with one that does not fit the output, the pages given without records are missing.
    expect(() => buildSearchIndexFiles(given, { baseUrl: '/', pageHashes: hashPages(records) })).toThrow(IndexNeedsRecords);
    const other = new Map(first.files).set('search-index/main/entry.json', '{}');
    expect(() => buildSearchIndexFiles(given, { baseUrl: '/', pageHashes: hashPages(records), previous: { scopes: first.scopes!, read: (rel) => other.get(rel), keep: () => {} } })).toThrow(IndexNeedsRecords);
  });

  it('ignores a state whose entry is not the one in the output', () => {
    const records = corpus(600, (p, page) => {
      if (p === 42) page[1].text += ' zeppelin';
    });
    const other = new Map(first.files).set('search-index/main/entry.json', '{}');
    const { next, written } = update(first, records, other);
    expectWhole(next, records);
    expect(written.filter((rel) => rel.includes('/pages/')).length).toBe(1200);
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

describe('suggestionsFor', () => {
  /** The ranking spelled out: every page ranked, then the first titles, each once. */
  function ranked(records: readonly SearchRecord[]): string[] {
    const pages = new Map<string, { title: string; depth: number; order: number; docs: boolean }>();
    for (const r of records) if (!pages.has(r.pageUrl)) pages.set(r.pageUrl, { title: r.title, depth: r.pageUrl.split('/').filter(Boolean).length, order: pages.size, docs: r.type === 'docs' });
    const titles = [...pages.values()].sort((a, b) => Number(b.docs) - Number(a.docs) || a.depth - b.depth || a.order - b.order).map((p) => p.title);
    return [...new Set(titles)].slice(0, 4);
  }

  it('offers the titles of top-level docs first, then deeper ones, then other pages, each title once', () => {
    const record = (pageUrl: string, title: string, type: SearchRecord['type'] = 'docs'): SearchRecord => ({ url: pageUrl, pageUrl, title, hierarchy: [], text: '', type, tags: [], language: 'en' });
    const records = [
      record('/blog/2026/01/02/launch/', 'Launch', 'blog'),
      record('/docs/guides/deep/receipts/', 'Receipts'),
      record('/docs/guides/deep/receipts/', 'Receipts'),
      record('/blog/', 'Blog', 'blog'),
      record('/docs/intro/', 'Introduction'),
      record('/docs/guides/again/', 'Introduction'),
      record('/docs/faq/', 'FAQ'),
    ];
    expect(suggestionsFor(records)).toEqual(['Introduction', 'FAQ', 'Receipts', 'Blog']);
    expect(suggestionsFor(records)).toEqual(ranked(records));
  });

  it('gives what ranking every page gives, on sites of repeated titles, mixed types and depths', () => {
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let site = 0; site < 200; site++) {
      const records: SearchRecord[] = [];
      for (let page = 0, pages = 1 + next(30); page < pages; page++) {
        const pageUrl = `/${Array.from({ length: 1 + next(4) }, () => `s${next(3)}`).join('/')}/p${page}/`;
        const title = `Title ${next(8)}`;
        const type = (['docs', 'docs', 'blog', 'page'] as const)[next(4)];
        for (let section = 0, sections = 1 + next(3); section < sections; section++) records.push({ url: pageUrl, pageUrl, title, hierarchy: [], text: '', type, tags: [], language: 'en' });
      }
      expect(suggestionsFor(records)).toEqual(ranked(records));
    }
  });
});
