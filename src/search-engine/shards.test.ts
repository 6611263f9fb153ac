import { describe, expect, it } from 'vitest';
import { chunksFor, decodeNumbers, decodePostingsInto, decodeSections, encodedLength, encodeLevels, encodeNumbers, encodeScores, encodeSections, levelScore, localOfKey, pageOfKey, scoreAt, scoreLevel, sectionKey } from './shards.ts';
import { decodePostings, encodePostings } from './test-support.ts';

describe('posting lists', () => {
  it('round-trip sections named by page and place, with scores within half a percent', () => {
    const postings: [number, number][] = [
      [sectionKey(0, 0), 3.2],
      [sectionKey(0, 4), 0.0123],
      [sectionKey(7, 0), 17],
      [sectionKey(7, 12), 1],
      [sectionKey(1234, 3), 250.5],
      [sectionKey(1235, 0), 0.5],
    ];
    const encoded = encodePostings(postings);
    const back: [number, number][] = [];
    decodePostings(encoded, (key, score) => back.push([key, score]));
    expect(back.map(([key]) => [pageOfKey(key), localOfKey(key)])).toEqual([
      [0, 0],
      [0, 4],
      [7, 0],
      [7, 12],
      [1234, 3],
      [1235, 0],
    ]);
    back.forEach(([, score], i) => expect(Math.abs(score / postings[i][1] - 1)).toBeLessThan(0.005));
    // Ids are decimal deltas, scores two letters: "0" + 2 letters for the first, "/4" + 2 letters for the next, …
    expect(encoded).toMatch(/^0[^0-9/]{2}\/4[^0-9/]{2}7[^0-9/]{2}\/12[^0-9/]{2}1227\/3[^0-9/]{2}1[^0-9/]{2}$/);
  });

  it('keeps the order of scores', () => {
    const scores = [0.0002, 0.01, 0.5, 0.51, 1, 9.9, 10, 5000];
    const back: number[] = [];
    decodePostings(encodePostings(scores.map((s, i) => [sectionKey(i, 0), s])), (_, score) => back.push(score));
    expect([...back].sort((a, b) => a - b)).toEqual(back);
    expect(new Set(back).size).toBe(scores.length);
    expect(levelScore(0)).toBeCloseTo(1e-4);
  });

  it('encodes levels as it encodes scores, and knows the length without encoding', () => {
    // The first section of page 0, places in one page, one- to five-digit page deltas, places past 9.
    const keys = [sectionKey(0, 0), sectionKey(0, 3), sectionKey(2, 0), sectionKey(2, 10), sectionKey(15, 0), sectionKey(15, 1), sectionKey(140, 0), sectionKey(1400, 123), sectionKey(30000, 0)];
    const levels = keys.map((_, i) => (i * 977) % 4096);
    const encoded = encodeLevels(keys, levels);
    expect(encoded).toBe(encodePostings(keys.map((key, i) => [key, levelScore(levels[i])])));
    for (let n = 0; n <= keys.length; n++) expect(encodedLength(keys, n)).toBe(encodeLevels(keys, levels, n).length);
    expect(encodedLength(Float64Array.from(keys))).toBe(encoded.length);
  });
});

describe('section sets (the tails of capped lists)', () => {
  const keys = [sectionKey(0, 0), sectionKey(0, 3), sectionKey(1, 1), sectionKey(2, 0), sectionKey(2, 29), sectionKey(2, 30), sectionKey(2, 61), sectionKey(9, 4), sectionKey(10, 0)];

  it('round-trip sections, in order, places beyond 30 in a page included', () => {
    const back: [number, number][] = [];
    decodeSections(encodeSections(keys), (key, index) => back.push([key, index]));
    expect(back).toEqual(keys.map((key, index) => [key, index]));
    expect(encodeSections([])).toBe('');
  });

  it('write a page mask per page, its delta left out for the next page: about a byte a page of a long list', () => {
    // Page 0: places 0 and 3 (mask 9, "J"); page 1: place 1 ("C"); page 2: places 0 and 29 (mask 2^29 + 1 in base
    // 26), then place 30 (block 1, "0/1B") and 61 (block 2, "0/2C"); page 9 (delta 7): place 4 ("Q"); page 10: place 0.
    expect(encodeSections(keys)).toBe('JCbtevrtH0/1B0/2C7QB');
    const dense = Array.from({ length: 1000 }, (_, page) => sectionKey(page, page % 3));
    expect(encodeSections(dense).length).toBe(1000);
  });
});

describe('tail scores', () => {
  it('keep two letters a level, read back by index', () => {
    const levels = [0, 1, 64, 2100, 4095];
    const encoded = encodeScores(levels);
    expect(encoded).toHaveLength(10);
    expect(levels.map((_, i) => scoreLevel(scoreAt(encoded, i)))).toEqual(levels);
    expect(scoreAt(encoded, 3)).toBe(levelScore(2100));
  });

  it('decode a posting list into keys and levels, as decodePostings does', () => {
    const postings: [number, number][] = [
      [sectionKey(0, 0), 3.2],
      [sectionKey(5, 12), 0.4],
      [sectionKey(8, 0), 40],
    ];
    const keys: number[] = [];
    const levels: number[] = [];
    decodePostingsInto(encodePostings(postings), keys, levels);
    const each: [number, number][] = [];
    decodePostings(encodePostings(postings), (key, score) => each.push([key, score]));
    expect(keys).toEqual(postings.map(([key]) => key));
    expect(levels.map(levelScore)).toEqual(each.map(([, score]) => score));
  });
});

describe('number lists', () => {
  it('round-trip ascending numbers', () => {
    expect(decodeNumbers(encodeNumbers([0, 3, 40, 41, 5000]))).toEqual([0, 3, 40, 41, 5000]);
    expect(encodeNumbers([0, 3, 40])).toBe('0.3.11');
    expect(decodeNumbers('')).toEqual([]);
  });
});

describe('chunksFor', () => {
  const runs: [string, string][] = [
    ['a', 'r0'],
    ['deploy', 'r1'],
    ['deployment', 'r2'],
    ['deploys', 'r3'],
    ['domain', 'r4'],
  ];

  it('finds the run a term sorts into and every later run its longer words start', () => {
    expect(chunksFor(runs, 'deploy')).toEqual([1, 2, 3]);
    expect(chunksFor(runs, 'deployment')).toEqual([2]);
    expect(chunksFor(runs, 'dep')).toEqual([0, 1, 2, 3]);
    expect(chunksFor(runs, 'domains')).toEqual([4]);
    expect(chunksFor(runs, 'b')).toEqual([0]);
    // Before the first run's first term: the first run.
    expect(chunksFor([['m', 'x']], 'a')).toEqual([0]);
  });
});
