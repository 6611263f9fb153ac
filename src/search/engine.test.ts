import { describe, expect, it } from 'vitest';
import { groupByPage, queryTerms, searchShards, versionScopeFor, type FlatHit, type ShardedRequest } from '../search-engine/index.ts';
import { excerpt, highlight, normalizeTerm, remoteHighlight } from '../search-engine/text.ts';
import { buildSearchRecords } from './records.ts';
import { fakeSite, sampleRecords, section, shardedScopes } from './test-support.ts';

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

describe('searchShards', () => {
  const { main, byScope } = shardedScopes(sampleRecords());
  const search = (q: string, request: ShardedRequest = {}) => searchShards([main], q, request);
  const titles = async (q: string, request: ShardedRequest = {}) => (await search(q, request)).groups.map((g) => g.title);

  it('ranks the page whose title is the query first', async () => {
    const found = await titles('domain verification');
    expect(found[0]).toBe('Domain verification');
    // Another page mentions the words in its text; it comes after.
    expect(found).toContain('Receiving receipts');
    expect((await titles('receiving receipts'))[0]).toBe('Receiving receipts');
    expect((await titles('Introduction'))[0]).toBe('Introduction');
  });

  it('finds a page with a one-typo query, and with the prefix being typed', async () => {
    expect((await titles('domian verification'))[0]).toBe('Domain verification');
    expect((await titles('recieving'))[0]).toBe('Receiving receipts');
    expect((await titles('verificat'))[0]).toBe('Domain verification');
  });

  it('ranks headings above body text', async () => {
    const hits = (await search('signature')).groups.flatMap((g) => g.hits);
    expect(hits[0].url).toBe('/docs/receipts/#verifying-the-signature');
  });

  it('groups hits by page, best page first, with the hits of each page together', async () => {
    const result = await search('verification');
    const urls = result.groups.map((g) => g.url);
    expect(new Set(urls).size).toBe(urls.length);
    const dv = result.groups.find((g) => g.url === '/docs/domain-verification/')!;
    expect(dv.hits.length).toBeGreaterThan(1);
    expect(dv.hits.every((h) => h.url.startsWith('/docs/domain-verification/'))).toBe(true);
    expect(result.total).toBe(result.groups.reduce((n, g) => n + g.hits.length, 0));
    expect((await search('verification', { maxHitsPerGroup: 1 })).groups.every((g) => g.hits.length === 1)).toBe(true);
    expect((await search('verification', { maxGroups: 1 })).groups).toHaveLength(1);
    // The count is of every matching section, whatever is shown.
    expect((await search('verification', { maxGroups: 1 })).total).toBe(result.total);
  });

  it('highlights matches in escaped HTML', async () => {
    const hit = (await search('script')).groups[0];
    expect(hit.titleHtml).toBe('Escaping &lt;markup&gt; &amp; more');
    expect(hit.hits[0].textHtml).toContain('&lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt;');
    expect(hit.hits[0].textHtml).not.toMatch(/<(?!\/?mark>)/);
    // "amp" is a word of the text; it must not match inside the &amp; entity.
    expect((await search('amp')).groups[0].hits[0].textHtml).toContain('AT&amp;T; <mark>amp</mark> is');
  });

  it('requires every term, falling back to any term when that finds nothing', async () => {
    expect((await search('zzzz')).total).toBe(0);
    expect((await search('receipt qwertyuiop')).total).toBeGreaterThan(0);
    expect(await titles('signature publisher')).toEqual(['Receiving receipts']);
    expect((await search('signature publisher', { combineWith: 'OR' })).groups.length).toBeGreaterThan(1);
  });

  it('ignores stop words except while the last word is being typed', async () => {
    expect(queryTerms('how do I verify the domain')).toEqual(['verify', 'domain']);
    expect(queryTerms('verify the')).toEqual(['verify', 'the']);
    expect((await titles('what is the domain verification'))[0]).toBe('Domain verification');
    expect((await search('the')).total).toBe(0);
  });

  it('filters by type and docs tags', async () => {
    expect(await titles('receipts', { filter: { type: 'blog' } })).toEqual(['Launching receipts']);
    expect((await search('receipts', { filter: { type: 'docs' } })).groups.map((g) => g.type)).not.toContain('blog');
    expect(await titles('receipts', { filter: { tags: ['basics'] } })).toEqual(['Introduction']);
  });

  it('searches an older docs version with its own scope, the blog and pages with the main one', async () => {
    expect((await search('zanzibar')).total).toBe(0);
    const v1 = byScope.get('1.0')!;
    expect(versionScopeFor(main.entry, '/docs/1.0/legacy/')?.name).toBe('1.0');
    expect(versionScopeFor(main.entry, '/docs/intro/')).toBeUndefined();
    const inOld = await searchShards([main, v1], 'zanzibar', { activeVersion: '1.0' });
    expect(inOld.groups[0].url).toBe('/docs/1.0/legacy/');
    // In the old version, current docs are left out but the blog still answers.
    const receipts = await searchShards([main, v1], 'receipts', { activeVersion: '1.0' });
    expect(receipts.groups.map((g) => g.type)).toEqual(['blog']);
  });

  it('searches the full text of every section', async () => {
    // "redirects" is only in a section's text.
    expect((await search('redirects')).total).toBe(1);
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
