import { describe, expect, it } from 'vitest';
import { chunksFor, decodeNumbers, decodePostings, encodeNumbers, encodePostings, levelScore, localOfKey, pageOfKey, sectionKey } from './shards.ts';

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
