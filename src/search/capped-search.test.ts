import { describe, expect, it } from 'vitest';
import {
  decodeSections,
  normalizeTerm,
  pageOfKey,
  prefetchQuery,
  queryTerms,
  rankSections,
  scoreAt,
  searchShards,
  tokenize,
  type CappedPostings,
  type Found,
  type ShardedRequest,
  type TailScores,
  type TermChunk,
} from '../search-engine/index.ts';
import { buildSearchIndexFiles } from './shard-files.ts';
import { decodePostings, encodePostings } from '../search-engine/test-support.ts';
import { openScopes, roundTripScopes } from './test-support.ts';
import type { SearchRecord } from './types.ts';

// A site whose common words have long posting lists, capped in the index (postings-cap.ts): a query reads their best
// sections with scores and the others by name, and the scores of a few of those only. Checked here against the same
// index with every list whole: the same count, the same pages in the same order with the same best hit.

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FILLER = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango'.split(' ');
const VERBS = ['Deploy', 'Render', 'Rotate', 'Parse', 'Cache', 'Validate'];
const NOUNS = ['gateway', 'monitor', 'schema', 'token', 'ledger', 'queue', 'gateways'];

function corpus(pages: number): SearchRecord[] {
  const next = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const records: SearchRecord[] = [];
  for (let p = 0; p < pages; p++) {
    const pageUrl = `/docs/page-${p}/`;
    for (let s = 0; s < 4; s++) {
      const words: string[] = [];
      const length = 8 + Math.floor(next() * 60);
      for (let w = 0; w < length; w++) words.push(pick(FILLER));
      if (next() < 0.6) for (let n = 1 + Math.floor(next() * 3); n > 0; n--) words.splice(Math.floor(next() * words.length), 0, 'gateway');
      if (next() < 0.5) words.splice(Math.floor(next() * words.length), 0, 'monitor');
      if (next() < 0.55) words.splice(Math.floor(next() * words.length), 0, 'gateways');
      if (next() < 0.08) words.push(`gatewaylimit${Math.floor(next() * 3)}`);
      records.push({
        url: s ? `${pageUrl}#part-${s}` : pageUrl,
        pageUrl,
        ...(s ? { anchor: `part-${s}` } : {}),
        title: `Page ${p} ${pick(FILLER)}`,
        hierarchy: s ? [`${pick(VERBS)} the ${pick(NOUNS)}`] : [],
        text: words.join(' '),
        type: p % 10 === 9 ? 'blog' : 'docs',
        tags: p % 2 ? ['odd'] : [],
        language: 'en',
      });
    }
  }
  return records;
}

const records = corpus(1500);
const { files, indexUrl } = buildSearchIndexFiles(records, { baseUrl: '/' });
const tailFiles = [...files].filter(([rel, json]) => rel.startsWith('assets/search/') && JSON.parse(json).scores !== undefined).map(([rel]) => rel);
const MODAL: ShardedRequest = { maxGroups: 8, maxHitsPerGroup: 4 };

/** The same index with every capped list made whole again: its head, and its tail with the scores of its files. */
function uncapped(built: Map<string, string>): Map<string, string> {
  const whole = new Map(built);
  for (const [rel, json] of built) {
    const chunk = JSON.parse(json) as Partial<TermChunk>;
    if (!chunk.terms) continue;
    for (const [word, value] of Object.entries(chunk.terms)) {
      if (typeof value === 'string') continue;
      const [head, tail, , , , pagesPerBlock, blocks] = value;
      const postings: [number, number][] = [];
      decodePostings(head, (key, score) => postings.push([key, score]));
      const inBlock = new Map<number, number>();
      decodeSections(tail, (key) => {
        const block = Math.floor(pageOfKey(key) / pagesPerBlock);
        const index = inBlock.get(block) ?? 0;
        inBlock.set(block, index + 1);
        postings.push([key, scoreAt((JSON.parse(built.get(`assets/search/${blocks[block]}`)!) as TailScores).scores, index)]);
      });
      chunk.terms[word] = encodePostings(postings.sort((a, b) => a[0] - b[0]));
    }
    whole.set(rel, JSON.stringify(chunk));
  }
  return whole;
}
const wholeFiles = uncapped(files);

/** The pages in order, each with its best hit. */
const pagesOf = (found: readonly Found[]) => {
  const pages = new Map<number, number>();
  for (const f of found) if (!pages.has(f.group)) pages.set(f.group, f.section);
  return [...pages];
};

/** How many sections the query matches, counted from the records: each term by a word it starts. */
function expectedCount(query: string, filter: (r: SearchRecord) => boolean = () => true): number {
  const terms = queryTerms(query);
  return records.filter((r) => {
    if (!filter(r)) return false;
    const words = tokenize([r.title, ...r.hierarchy, r.text, ...r.tags].join(' ')).map(normalizeTerm);
    return terms.every((term) => words.some((word) => word.startsWith(term)));
  }).length;
}

describe('a query over capped lists', () => {
  it('has lists to cap', () => {
    const capped = [...files.values()].flatMap((json) => Object.entries((JSON.parse(json) as Partial<TermChunk>).terms ?? {})).filter(([, value]) => typeof value !== 'string');
    expect(capped.map(([word]) => word).sort()).toEqual(expect.arrayContaining(['gateway', 'gateways']));
    expect(tailFiles.length).toBeGreaterThan(5);
    for (const [, value] of capped) expect((value as CappedPostings)[1].length).toBeGreaterThan(0);
  });

  const cases: [string, ShardedRequest][] = [
    ['gateway', {}],
    ['gateway monitor', {}],
    ['gatew', {}],
    ['monitor gatewaz', {}],
    ['gateway', { filter: { tags: ['odd'] } }],
    ['gateway monitor', { filter: { type: 'blog' } }],
    ['gateway zzzqqq', {}],
  ];
  for (const [query, request] of cases) {
    it(`"${query}"${request.filter ? ` (${JSON.stringify(request.filter)})` : ''}: the pages, their order and best hits, and the count of the whole lists`, async () => {
      const whole = openScopes(wholeFiles, indexUrl);
      const all = await rankSections([whole.main], queryTerms(query), { ...request, ...MODAL });
      const reader = openScopes(files, indexUrl);
      const shown = await rankSections([reader.main], queryTerms(query), { ...request, ...MODAL });
      expect(shown.total).toBe(all.total);
      expect(pagesOf(shown.found)).toEqual(pagesOf(all.found));
      expect(pagesOf(shown.found).length).toBe(Math.min(8, new Set(all.found.map((f) => f.group)).size));
      // The scores of a few sections of the tails at most.
      expect(reader.fetched.filter((rel) => tailFiles.includes(rel)).length).toBeLessThan(tailFiles.length / 4);
    });
  }

  it('counts exactly: AND, the words a term starts, filters, and OR when no section has every term', async () => {
    const search = (query: string, request: ShardedRequest = {}) => searchShards([openScopes(files, indexUrl).main], query, { ...MODAL, ...request });
    expect((await search('gateway')).total).toBe(expectedCount('gateway'));
    expect((await search('gateway monitor')).total).toBe(expectedCount('gateway monitor'));
    expect((await search('gateway monitor', { filter: { tags: ['odd'] } })).total).toBe(expectedCount('gateway monitor', (r) => r.tags.includes('odd')));
    expect((await search('gateway monitor', { filter: { type: 'blog' } })).total).toBe(expectedCount('gateway monitor', (r) => r.type === 'blog'));
    expect((await search('gateway zzzqqq')).total).toBe(expectedCount('gateway'));
  });

  it('shows each page once with its hits in order of score, excerpts and all', async () => {
    const result = await searchShards([openScopes(files, indexUrl).main], 'gateway monitor', MODAL);
    expect(result.groups).toHaveLength(8);
    for (const group of result.groups) {
      expect(group.hits.length).toBeGreaterThan(0);
      expect(group.hits.length).toBeLessThanOrEqual(4);
      expect(group.hits.map((hit) => hit.score)).toEqual([...group.hits.map((hit) => hit.score)].sort((a, b) => b - a));
      expect(group.hits[0].textHtml + group.hits[0].headingHtml + group.titleHtml).toMatch(/<mark>(gateway|monitor)/i);
    }
  });
});

describe('a query typed a key at a time', () => {
  const isDetails = (rel: string) => /^search-index\/main\/pages\/\d+\.json$/.test(rel);
  const isTail = (rel: string) => tailFiles.includes(rel);

  /** Types the query a key at a time, each keystroke's reads answered before the next; the last one's answers kept. */
  async function typedThenAsked(query: string) {
    const reader = roundTripScopes(files, indexUrl);
    let lastKey: string[][] = [];
    for (let i = 1; i <= query.length; i++) {
      prefetchQuery([reader.main], query.slice(0, i), MODAL);
      lastKey = await reader.quiet();
    }
    return { ...(await reader.roundTrips(searchShards([reader.main], query, MODAL))), lastKey };
  }

  for (const query of ['gateway monitor', 'monitor gatewaz', 'gatew']) {
    it(`"${query}": typed, the details of the pages it will show are fetched before it is asked, and asked, it fetches nothing`, async () => {
      // Cold, the same query reads its chunks, then tail scores, then details.
      const cold = roundTripScopes(files, indexUrl);
      const { result: coldResult, rounds: coldRounds } = await cold.roundTrips(searchShards([cold.main], query, MODAL));
      expect(coldRounds.length).toBeGreaterThanOrEqual(3);
      expect(coldRounds.flat().some(isTail)).toBe(true);

      const { result, rounds, lastKey } = await typedThenAsked(query);
      expect(rounds).toEqual([]);
      // The last keystroke's reads end with details, of pages the query asked cold fetches too.
      const coldDetails = coldRounds.flat().filter(isDetails);
      expect(lastKey.length).toBeGreaterThan(0);
      expect(lastKey[lastKey.length - 1].every(isDetails)).toBe(true);
      expect(coldDetails).toEqual(expect.arrayContaining(lastKey.flat().filter(isDetails)));
      expect(result).toEqual(coldResult);
      // The same pages in the same order, with the same best hits, as the whole lists give.
      const all = await searchShards([openScopes(wholeFiles, indexUrl).main], query, MODAL);
      expect(result.total).toBe(all.total);
      expect(result.groups.map((g) => [g.url, g.hits[0].url])).toEqual(all.groups.map((g) => [g.url, g.hits[0].url]));
    });
  }

  it('a query typed past before its ranking is certain fetches no details; the one typed after it does', async () => {
    const reader = roundTripScopes(files, indexUrl);
    prefetchQuery([reader.main], 'monitor', MODAL);
    prefetchQuery([reader.main], 'monitor gateway', MODAL);
    const details = (await reader.quiet()).flat().filter(isDetails);
    const asked = await reader.roundTrips(searchShards([reader.main], 'monitor gateway', MODAL));
    expect(asked.rounds).toEqual([]);
    expect(details).toHaveLength(asked.result.groups.length);
    // Typed alone, "monitor" fetches the details of pages the longer query does not show.
    const alone = roundTripScopes(files, indexUrl);
    prefetchQuery([alone.main], 'monitor', MODAL);
    const monitorDetails = (await alone.quiet()).flat().filter(isDetails);
    expect(monitorDetails.length).toBeGreaterThan(0);
    expect(monitorDetails.filter((rel) => !details.includes(rel)).length).toBeGreaterThan(0);
  });

  it('queries at once over the same terms rank as the whole lists do (each takes in the tail scores the other read)', async () => {
    const reader = roundTripScopes(files, indexUrl);
    const queries = ['gateway monitor', 'gateway', 'gateways monitor', 'monitor'];
    const { result } = await reader.roundTrips(Promise.all(queries.map((query) => rankSections([reader.main], queryTerms(query), MODAL))));
    for (const [i, query] of queries.entries()) {
      const all = await rankSections([openScopes(wholeFiles, indexUrl).main], queryTerms(query), MODAL);
      expect(pagesOf(result[i].found), query).toEqual(pagesOf(all.found));
      expect(result[i].total).toBe(all.total);
    }
  });
});
