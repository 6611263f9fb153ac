import { describe, expect, it } from 'vitest';
import { PREFETCH_MAX_CHUNKS, prefetchQuery } from './sharded-search.ts';
import { sectionKey, SHARDED_FORMAT, type SearchEntry, type TermChunk, type TermDirectory } from './shards.ts';
import { readTerm, type ShardedScope } from './term-postings.ts';
import { encodePostings } from './test-support.ts';

/** A scope over hand-made files: one directory, chunks of the given terms; `fetched` lists the files read, each once. */
function scopeOf(chunks: [name: string, terms: string[], only?: 1][]) {
  const fetched: string[] = [];
  const list = (terms: string[]) => encodePostings(terms.map((_, i) => [sectionKey(i, 0), 1 + i]));
  const files = new Map<string, TermDirectory | TermChunk>([
    ['d0', { format: SHARDED_FORMAT, chunks: chunks.map(([name, terms, only]) => (only ? [terms[0], name, only] : [terms[0], name])) }],
    ...chunks.map(([name, terms]): [string, TermChunk] => [name, { format: SHARDED_FORMAT, terms: Object.fromEntries(terms.map((term) => [term, list(terms)])) }]),
  ]);
  const entry = { format: SHARDED_FORMAT, scope: 'main', language: 'en', pageTypes: 'dddd', tags: {}, assets: '/a/', directories: [['a', 'd0']], pages: '/p/', suggestions: [], versions: [] } as SearchEntry;
  const scope: ShardedScope = {
    entry,
    file: async (name) => {
      if (!fetched.includes(name)) fetched.push(name);
      return files.get(name)!;
    },
    details: () => Promise.reject(new Error('no details')),
    text: () => Promise.reject(new Error('no text')),
  };
  return { scope, fetched };
}

const CHUNKS: [string, string[], 1?][] = [
  ['c0', ['alpha', 'gamma']],
  ['c1', ['incremental'], 1],
  ['c2', ['index'], 1],
  ['c3', ['indexing', 'indexs']],
  ['c4', ['monitor', 'monitors']],
  ['c5', ['zebra']],
];

describe('readTerm', () => {
  it('skips a chunk of one long list whose word the term does not match', async () => {
    const { scope, fetched } = scopeOf(CHUNKS);
    // "inde" sorts into the chunk of "incremental" alone, and its typos reach back to "ind": neither matches.
    const read = await readTerm(scope, 'inde');
    expect(fetched).toEqual(['d0', 'c2', 'c3']);
    expect([...read.words].sort()).toEqual(['inde', 'index', 'indexing', 'indexs']);
  });

  it('looks for typo matches only in the chunks that can hold a word short enough to be one', async () => {
    const { scope, fetched } = scopeOf([
      ['c0', ['alpha']],
      ['c1', ['pag', 'page', 'pagebatch']],
      ['c2', ['pages', 'pagesx']],
      // Every word from here to the next chunk starts with "pagination": too long to be "page" with a typo.
      ['c3', ['paginationbatch', 'paginationbuffer']],
      ['c4', ['paginationcache', 'paginationcookie']],
      ['c5', ['paginationzone', 'pagx']],
      ['c6', ['zebra']],
    ]);
    const read = await readTerm(scope, 'page');
    expect(fetched).toEqual(['d0', 'c1', 'c2', 'c5']);
    expect([...read.words].sort()).toEqual(['pag', 'page', 'pagebatch', 'pages', 'pagesx', 'pagx']);
  });

  it('reads a term once per scope: the next query finds it read', async () => {
    const { scope, fetched } = scopeOf(CHUNKS);
    const first = await readTerm(scope, 'monitor');
    expect(await readTerm(scope, 'monitor')).toBe(first);
    // Its chunk, and the one its stem "monito" sorts into (a typo in its last letter would be there).
    expect(fetched).toEqual(['d0', 'c3', 'c4']);
    expect(first.members.has(sectionKey(1, 0))).toBe(true);
  });
});

describe('prefetchQuery', () => {
  it('reads the words typed in full, and only the directories of the word being typed', async () => {
    const { scope, fetched } = scopeOf(CHUNKS);
    prefetchQuery([scope], 'monitor ind');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched.sort()).toEqual(['c3', 'c4', 'd0']);
    // The query then reads the word typed in full without fetching it again.
    const before = fetched.length;
    await readTerm(scope, 'monitor');
    expect(fetched.length).toBe(before);
  });

  it('reads the word being typed from its fourth letter: a query that ends there finds it read', async () => {
    const { scope, fetched } = scopeOf(CHUNKS);
    prefetchQuery([scope], 'zebra moni');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched.sort()).toEqual(['c3', 'c4', 'c5', 'd0']);
    const before = fetched.length;
    expect([...(await readTerm(scope, 'moni')).words].sort()).toEqual(['moni', 'monitor', 'monitors']);
    expect(fetched.length).toBe(before);
  });

  it('waits for more letters while the word being typed falls in many chunks', async () => {
    const many = Array.from({ length: PREFETCH_MAX_CHUNKS + 1 }, (_, i): [string, string[]] => [`m${i}`, [`mode${String.fromCharCode(97 + i)}`]]);
    const { scope, fetched } = scopeOf([['c0', ['alpha']], ...many, ['mz', ['modez']], ['c9', ['zebra']]]);
    prefetchQuery([scope], 'mode');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched).toEqual(['d0']);
    prefetchQuery([scope], 'modez');
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Its chunk, and where its typos would be (from its stem "mode" on).
    expect(fetched.sort()).toEqual(['c0', 'd0', 'm0', 'mz']);
  });

  it('reads every word once the query ends with a space or punctuation', async () => {
    const { scope, fetched } = scopeOf(CHUNKS);
    prefetchQuery([scope], 'zebra, monitor ');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched.sort()).toEqual(['c3', 'c4', 'c5', 'd0']);
  });
});
