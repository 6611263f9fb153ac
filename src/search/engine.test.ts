import { describe, expect, it } from 'vitest';
import { groupByPage, loadSearchIndex, queryTerms, searchIndexes, versionForPath, type FlatHit, type SearchIndexFile } from '../search-engine/engine.ts';
import { excerpt, highlight, normalizeTerm, remoteHighlight } from '../search-engine/text.ts';
import { buildSearchIndexFiles, recordsFromIndexFiles } from './index-files.ts';
import { buildSearchRecords } from './records.ts';
import { fakeSite, loadedIndexes, sampleRecords, section } from './test-support.ts';

describe('buildSearchRecords', () => {
  it('makes one record per heading section with title, hierarchy, anchor URL, type, version, tags and language', () => {
    const records = sampleRecords('/sub/');
    const dv = records.filter((r) => r.pageUrl === '/sub/docs/domain-verification/');
    expect(dv.map((r) => [r.url, r.hierarchy])).toEqual([
      ['/sub/docs/domain-verification/', []],
      ['/sub/docs/domain-verification/#dns-txt-record', ['DNS TXT record']],
      ['/sub/docs/domain-verification/#well-known-file', ['Well-known file']],
      ['/sub/docs/domain-verification/#troubleshooting', ['Well-known file', 'Troubleshooting']],
    ]);
    expect(dv[1]).toMatchObject({
      title: 'Domain verification',
      anchor: 'dns-txt-record',
      type: 'docs',
      version: { name: 'current', label: 'v2.0.0', path: '/sub/docs/', current: true },
      tags: ['publishers'],
      language: 'en',
      category: 'Publishers',
    });
    expect(records.find((r) => r.pageUrl === '/sub/blog/launch/')).toMatchObject({ type: 'blog', tags: ['News'], category: 'Blog' });
    expect(records.find((r) => r.pageUrl === '/sub/about/')).toMatchObject({ type: 'page', url: '/sub/about/', hierarchy: [] });
    expect(records.find((r) => r.pageUrl === '/sub/blog/launch/')!.version).toBeUndefined();
  });

  it('treats an h1 as the top of the page, merged with any text before it', () => {
    const { table, html } = fakeSite([
      { kind: 'doc', file: 'a.md', url: '/docs/a/', title: 'A', sections: [section('', 'Intro.', 0), section('A', 'Body.', 1, 'a'), section('Sub', 'More.')] },
    ]);
    const records = buildSearchRecords({ table, html, baseUrl: '/', language: 'en' });
    expect(records.map((r) => [r.url, r.hierarchy, r.text])).toEqual([
      ['/docs/a/', [], 'Intro. Body.'],
      ['/docs/a/#sub', ['Sub'], 'More.'],
    ]);
  });

  it('keeps a page without text findable by its title', () => {
    const { table, html } = fakeSite([{ kind: 'doc', file: 'e.md', url: '/docs/e/', title: 'Empty', sections: [] }]);
    expect(buildSearchRecords({ table, html, baseUrl: '/', language: 'en' })).toMatchObject([{ url: '/docs/e/', title: 'Empty', text: '' }]);
  });

  it('previews the top of a page with its frontmatter description where the page has no text of its own there', () => {
    const body = [section('Setup', 'Install it.'), section('Usage', 'Use it.')];
    const { table, html } = fakeSite([
      { kind: 'doc', file: 'd.md', url: '/docs/d/', title: 'D', description: 'What D is for.', sections: body },
      { kind: 'doc', file: 'n.md', url: '/docs/n/', title: 'N', sections: body },
      { kind: 'doc', file: 'i.md', url: '/docs/i/', title: 'I', description: 'Not shown.', sections: [section('', 'Own intro.', 0), ...body] },
      { kind: 'post', file: 'p.md', url: '/blog/p/', title: 'P', description: 'A post about nothing.', sections: [section('P', '', 1, 'p')] },
      { kind: 'page', file: 'e.md', url: '/e/', title: 'E', description: 'An empty page.', sections: [] },
    ]);
    const records = buildSearchRecords({ table, html, baseUrl: '/', language: 'en' });
    expect(records.map((r) => [r.url, r.text])).toEqual([
      ['/docs/d/', 'What D is for.'],
      ['/docs/d/#setup', 'Install it.'],
      ['/docs/d/#usage', 'Use it.'],
      ['/docs/n/#setup', 'Install it.'],
      ['/docs/n/#usage', 'Use it.'],
      ['/docs/i/', 'Own intro.'],
      ['/docs/i/#setup', 'Install it.'],
      ['/docs/i/#usage', 'Use it.'],
      ['/blog/p/', 'A post about nothing.'],
      ['/e/', 'An empty page.'],
    ]);
    expect(records[0]).toMatchObject({ hierarchy: [], title: 'D', type: 'docs' });
    expect(records[0]).not.toHaveProperty('description');
  });
});

describe('buildSearchIndexFiles', () => {
  it('writes content-hashed files under assets/search/, one index per older docs version', () => {
    const { files, indexUrl } = buildSearchIndexFiles(sampleRecords('/sub/'), { baseUrl: '/sub/' });
    const names = [...files.keys()].sort();
    expect(names.every((n) => /^assets\/search\/(index|index-1\.0|full-main|full-1\.0|texts-main|texts-1\.0)\.[0-9a-f]{10}\.json$/.test(n))).toBe(true);
    expect(names).toHaveLength(6);
    expect(indexUrl).toMatch(/^\/sub\/assets\/search\/index\.[0-9a-f]{10}\.json$/);
    const main = JSON.parse(files.get(indexUrl.slice('/sub/'.length))!) as SearchIndexFile;
    expect(main.scope).toBe('main');
    expect(main.versions).toEqual([
      { name: 'current', label: 'v2.0.0', path: '/sub/docs/', current: true },
      { name: '1.0', label: 'v1.0.0', path: '/sub/docs/1.0/', current: false, url: expect.stringMatching(/^\/sub\/assets\/search\/index-1\.0\./) },
    ]);
    // The main index holds the current docs, the blog and the pages; not the older version's docs.
    expect(main.pages.map((p) => p[1])).not.toContain('/sub/docs/1.0/legacy/');
    expect(main.pages.map((p) => p[1])).toContain('/sub/blog/launch/');
    expect(main.suggestions).toEqual(['Introduction', 'Domain verification', 'Receiving receipts', 'Escaping <markup> & more']);
    // Stable: the same records give the same names.
    expect([...buildSearchIndexFiles(sampleRecords('/sub/'), { baseUrl: '/sub/' }).files.keys()].sort()).toEqual(names);
  });

  it('hands each file to `write` as it is made, instead of keeping it', () => {
    const kept = buildSearchIndexFiles(sampleRecords('/sub/'), { baseUrl: '/sub/' });
    const written = new Map<string, string>();
    const streamed = buildSearchIndexFiles(sampleRecords('/sub/'), { baseUrl: '/sub/', write: (rel, json) => written.set(rel, json) });
    expect(streamed.files.size).toBe(0);
    expect(streamed.indexUrl).toBe(kept.indexUrl);
    expect(written).toEqual(kept.files);
  });

  it('keeps the first-query file small: no full text, no text field in its index', () => {
    const long = 'word '.repeat(2000);
    const { table, html } = fakeSite([{ kind: 'doc', file: 'l.md', url: '/docs/l/', title: 'Long', sections: [section('Body', long + 'needle')] }]);
    const { files, indexUrl } = buildSearchIndexFiles(buildSearchRecords({ table, html, baseUrl: '/', language: 'en' }), { baseUrl: '/' });
    const first = files.get(indexUrl.slice(1))!;
    expect(first.length).toBeLessThan(2000);
    expect(first).not.toContain('needle');
    expect(JSON.parse(first).index.fieldIds).toEqual({ title: 0, headings: 1, tags: 2 });
  });

  it('reads the records back from the files', () => {
    const records = sampleRecords('/sub/');
    const { files } = buildSearchIndexFiles(records, { baseUrl: '/sub/' });
    const back = recordsFromIndexFiles(files.keys(), (rel) => files.get(rel));
    const key = (r: { url: string }) => r.url;
    expect([...back].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([...records].sort((a, b) => key(a).localeCompare(key(b))));
  });
});

describe('searchIndexes', () => {
  const { main, byScope } = loadedIndexes(sampleRecords());
  const search = (q: string, request = {}) => searchIndexes([main], q, request);

  it('ranks the page whose title is the query first', () => {
    const result = search('domain verification');
    expect(result.groups[0].title).toBe('Domain verification');
    // Another page mentions the words in its text; it comes after.
    expect(result.groups.map((g) => g.title)).toContain('Receiving receipts');
    expect(search('receiving receipts').groups[0].title).toBe('Receiving receipts');
    expect(search('Introduction').groups[0].title).toBe('Introduction');
  });

  it('finds a page with a one-typo query, and with the prefix being typed', () => {
    expect(search('domian verification').groups[0].title).toBe('Domain verification');
    expect(search('recieving').groups[0].title).toBe('Receiving receipts');
    expect(search('verificat').groups[0].title).toBe('Domain verification');
  });

  it('ranks headings above body text', () => {
    const hits = search('signature').groups.flatMap((g) => g.hits);
    expect(hits[0].url).toBe('/docs/receipts/#verifying-the-signature');
  });

  it('groups hits by page, best page first, with the hits of each page together', () => {
    const result = search('verification');
    const urls = result.groups.map((g) => g.url);
    expect(new Set(urls).size).toBe(urls.length);
    const dv = result.groups.find((g) => g.url === '/docs/domain-verification/')!;
    expect(dv.hits.length).toBeGreaterThan(1);
    expect(dv.hits.every((h) => h.url.startsWith('/docs/domain-verification/'))).toBe(true);
    expect(result.total).toBe(result.groups.reduce((n, g) => n + g.hits.length, 0));
    expect(searchIndexes([main], 'verification', { maxHitsPerGroup: 1 }).groups.every((g) => g.hits.length === 1)).toBe(true);
    expect(searchIndexes([main], 'verification', { maxGroups: 1 }).groups).toHaveLength(1);
  });

  it('highlights matches in escaped HTML', () => {
    const hit = search('script').groups[0];
    expect(hit.titleHtml).toBe('Escaping &lt;markup&gt; &amp; more');
    expect(hit.hits[0].textHtml).toContain('&lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt;');
    expect(hit.hits[0].textHtml).not.toMatch(/<(?!\/?mark>)/);
    // "amp" is a word of the text; it must not match inside the &amp; entity.
    expect(search('amp').groups[0].hits[0].textHtml).toContain('AT&amp;T; <mark>amp</mark> is');
  });

  it('requires every term, falling back to any term when that finds nothing', () => {
    expect(search('zzzz').total).toBe(0);
    expect(search('receipt qwertyuiop').total).toBeGreaterThan(0);
    expect(search('signature publisher').groups.map((g) => g.title)).toEqual(['Receiving receipts']);
  });

  it('ignores stop words except while the last word is being typed', () => {
    expect(queryTerms('how do I verify the domain')).toEqual(['verify', 'domain']);
    expect(queryTerms('verify the')).toEqual(['verify', 'the']);
    expect(search('what is the domain verification').groups[0].title).toBe('Domain verification');
    expect(search('the').total).toBe(0);
  });

  it('filters by type and docs tags', () => {
    expect(search('receipts', { filter: { type: 'blog' } }).groups.map((g) => g.title)).toEqual(['Launching receipts']);
    expect(search('receipts', { filter: { type: 'docs' } }).groups.map((g) => g.type)).not.toContain('blog');
    expect(search('receipts', { filter: { tags: ['basics'] } }).groups.map((g) => g.title)).toEqual(['Introduction']);
  });

  it('searches an older docs version with its own index, the blog and pages with the main one', () => {
    expect(search('zanzibar').total).toBe(0);
    const v1 = byScope.get('1.0')!;
    expect(versionForPath(main.file, '/docs/1.0/legacy/')?.name).toBe('1.0');
    expect(versionForPath(main.file, '/docs/intro/')).toBeUndefined();
    const inOld = searchIndexes([main, v1], 'zanzibar', { activeVersion: '1.0' });
    expect(inOld.groups[0].url).toBe('/docs/1.0/legacy/');
    // In the old version, current docs are left out but the blog still answers.
    const receipts = searchIndexes([main, v1], 'receipts', { activeVersion: '1.0' });
    expect(receipts.groups.map((g) => g.type)).toEqual(['blog']);
  });

  it('answers from the first-query index (titles and headings) before the full text arrives', () => {
    const lite = loadSearchIndex(main.file);
    expect(searchIndexes([lite], 'domain verification').groups[0].title).toBe('Domain verification');
    // "redirects" is only in a section's text.
    expect(searchIndexes([lite], 'redirects').total).toBe(0);
    expect(search('redirects').total).toBe(1);
  });
});

describe('normalizeTerm', () => {
  it('folds case and accents, and its ASCII shortcut gives what full normalisation gives', () => {
    const full = (term: string) => term.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    for (const term of [ascii, 'Receipt', 'HTTP2', 'Café', 'ÉCOLE', 'ﬁle', 'Ångström', 'naïve-x', 'straße', '①']) {
      expect(normalizeTerm(term)).toBe(full(term));
    }
    expect(normalizeTerm('Café')).toBe('cafe');
    expect(normalizeTerm('ﬁle')).toBe('file');
  });
});

describe('highlighting and excerpts', () => {
  it('escapes first, then marks whole words that start with a term', () => {
    expect(highlight('<b>Receipts</b> & receipt-ids', ['receipt'])).toBe('&lt;b&gt;<mark>Receipts</mark>&lt;/b&gt; &amp; <mark>receipt</mark>-ids');
    expect(highlight('a "quoted" café', ['cafe'])).toBe('a &quot;quoted&quot; <mark>café</mark>');
    expect(highlight('nothing here', [])).toBe('nothing here');
    expect(highlight('<img src=x onerror=alert(1)>', ['img'])).toBe('&lt;<mark>img</mark> src=x onerror=alert(1)&gt;');
  });

  it('cuts an excerpt around the first match', () => {
    const text = 'start '.repeat(50) + 'needle in the middle ' + 'end '.repeat(50);
    const e = excerpt(text, ['needle'], 60);
    expect(e).toMatch(/^… /);
    expect(e).toContain('needle');
    expect(e.length).toBeLessThan(70);
    expect(excerpt('short', ['x'], 60)).toBe('short');
  });

  it('turns remote highlights into marks and escapes the rest', () => {
    expect(remoteHighlight('<em>Sign</em>atures <script>x</script>')).toBe('<mark>Sign</mark>atures &lt;script&gt;x&lt;/script&gt;');
    expect(remoteHighlight('\u0002pd-mark\u0003open')).toBe('<mark>open</mark>');
    expect(remoteHighlight('</em>stray')).toBe('stray');
  });
});

describe('groupByPage', () => {
  it('keeps page order by best hit and caps hits per page', () => {
    const hit = (pageUrl: string, url: string): FlatHit => ({
      pageUrl,
      pageTitle: pageUrl,
      pageTitleHtml: pageUrl,
      hit: { url, headings: [], headingHtml: '', textHtml: '', score: 1 },
    });
    const groups = groupByPage([hit('/a/', '/a/#1'), hit('/b/', '/b/#1'), hit('/a/', '/a/#2'), hit('/a/', '/a/#3')], 2);
    expect(groups.map((g) => [g.url, g.hits.map((h) => h.url)])).toEqual([
      ['/a/', ['/a/#1', '/a/#2']],
      ['/b/', ['/b/#1']],
    ]);
  });
});
