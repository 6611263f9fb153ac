import { describe, expect, it } from 'vitest';
import { decodeSections, levelScore, pageOfKey, scoreAt, scoreLevel, sectionKey, type CappedPostings, type TailScores } from '../search-engine/index.ts';
import { CAP_FROM, capPostings, HEAD_POSTINGS, levelListOf, scoredPostings, TAIL_BLOCK_POSTINGS, tailFiles, type LevelList } from './postings-cap.ts';
import { decodePostings, encodePostings } from '../search-engine/test-support.ts';

/** Files written by capPostings, by name. */
function store() {
  const files = new Map<string, string>();
  const put = (json: string) => {
    const name = `tail-${files.size}.json`;
    files.set(name, json);
    return name;
  };
  return { files, put };
}

/** `count` postings over pages of five sections; `score(i)` gives the i-th its score. */
function postings(count: number, score: (i: number) => number): [number, number][] {
  return Array.from({ length: count }, (_, i): [number, number] => [sectionKey(Math.floor(i / 5), i % 5), score(i)]);
}

/** Postings as the index scores them, before their chunk is written. */
const scored = (list: [number, number][]) => scoredPostings({ keys: list.map(([key]) => key), levels: list.map(([, score]) => scoreLevel(score)) });

const decoded = (encoded: string) => {
  const out: [number, number][] = [];
  decodePostings(encoded, (key, score) => out.push([key, score]));
  return out;
};

describe('capPostings', () => {
  it('keeps a list shorter than CAP_FROM as it is', () => {
    const { files, put } = store();
    const short = postings(CAP_FROM - 1, (i) => 1 + (i % 7));
    expect(capPostings(scored(short), put)).toBe(encodePostings(short));
    expect(files.size).toBe(0);
  });

  // 900 sections with the word in a heading (scores 20 to 40), 2,600 with it in their text only (1 to 3).
  const heading = (i: number) => i % 4 === 0;
  const list = postings(3600, (i) => (heading(i) ? 20 + (i % 97) / 5 : 1 + (i % 89) / 45));
  const { files, put } = store();
  const capped = capPostings(scored(list), put) as CappedPostings;
  const [head, tail, best, mean, least, pagesPerBlock, blocks] = capped;

  it('keeps the best-scoring sections with their scores, up to the biggest fall in score', () => {
    const kept = decoded(head);
    expect(kept.map(([key]) => key)).toEqual(list.filter((_, i) => heading(i)).map(([key]) => key));
    expect(kept.length).toBeGreaterThan(HEAD_POSTINGS);
    kept.forEach(([key, score]) => expect(score).toBeCloseTo(levelScore(scoreLevel(list.find(([k]) => k === key)![1])), 10));
  });

  it('names every other section, in order, with the best, mean and least of their scores', () => {
    const rest = list.filter((_, i) => !heading(i));
    const keys: number[] = [];
    decodeSections(tail, (key) => keys.push(key));
    expect(keys).toEqual(rest.map(([key]) => key));
    const levels = rest.map(([, score]) => scoreLevel(score));
    expect(best).toBe(Math.max(...levels));
    expect(least).toBe(Math.min(...levels));
    const average = levels.reduce((sum, level) => sum + levelScore(level), 0) / levels.length;
    expect(levelScore(mean) / average).toBeCloseTo(1, 2);
  });

  it('puts the tail scores in files by range of pages, in the order of the tail', () => {
    const keys: number[] = [];
    decodeSections(tail, (key) => keys.push(key));
    const rest = list.filter((_, i) => !heading(i));
    expect(pagesPerBlock & (pagesPerBlock - 1)).toBe(0);
    let at = 0;
    blocks.forEach((name, block) => {
      const inBlock = keys.filter((key) => Math.floor(pageOfKey(key) / pagesPerBlock) === block);
      if (inBlock.length === 0) return expect(name).toBe('');
      const { scores } = JSON.parse(files.get(name)!) as TailScores;
      expect(scores.length / 2).toBe(inBlock.length);
      inBlock.forEach((_, index) => expect(scoreLevel(scoreAt(scores, index))).toBe(scoreLevel(rest[at + index][1])));
      at += inBlock.length;
    });
    expect(at).toBe(rest.length);
    // About TAIL_BLOCK_POSTINGS a file.
    expect(rest.length / blocks.length).toBeGreaterThan(TAIL_BLOCK_POSTINGS / 2);
    expect(rest.length / blocks.length).toBeLessThan(TAIL_BLOCK_POSTINGS * 2);
    expect(tailFiles(capped)).toEqual(blocks.filter(Boolean));
    expect(tailFiles(encodePostings(list.slice(0, 3)))).toEqual([]);
  });

  it('keeps HEAD_POSTINGS sections, the first by key among equal scores, where the scores do not fall', () => {
    const flat = postings(2500, (i) => 2 + (i % 3) / 1000);
    const [flatHead, , flatBest] = capPostings(scored(flat), store().put) as CappedPostings;
    const kept = decoded(flatHead);
    expect(kept).toHaveLength(HEAD_POSTINGS);
    const top = Math.max(...flat.map(([, score]) => scoreLevel(score)));
    const atTop = flat.filter(([, score]) => scoreLevel(score) === top);
    // Every posting at the best level is kept while they fit, the first by key.
    expect(kept.map(([key]) => key)).toEqual(atTop.slice(0, HEAD_POSTINGS).map(([key]) => key));
    expect(flatBest).toBe(top);
  });

  it('gives the same value for the same list', () => {
    expect(capPostings(scored(list), store().put)).toEqual(capped);
  });
});

describe('levelListOf', () => {
  const list = (count: number): LevelList => {
    const keys = Array.from({ length: count }, (_, i) => sectionKey(Math.floor(i / 3), i % 3));
    // Heading-like scores for every ninth section, text-like for the rest: a head and a long tail in many files.
    return { keys, levels: keys.map((_, i) => scoreLevel(i % 9 === 0 ? 20 + (i % 13) : 1 + (i % 5) / 4)) };
  };

  it('gives back the whole list a chunk value was written from, short or capped, every level as it was', () => {
    const short = list(CAP_FROM - 1);
    expect(levelListOf(capPostings(scoredPostings(short), store().put), () => undefined)).toEqual(short);
    const levelsOf = (value: LevelList | undefined) => value && { keys: Array.from(value.keys), levels: Array.from(value.levels) };
    const { files, put } = store();
    const long = list(3 * CAP_FROM);
    const capped = capPostings(scoredPostings(long), put) as CappedPostings;
    expect(typeof capped).not.toBe('string');
    expect(tailFiles(capped).length).toBeGreaterThan(2);
    expect(levelsOf(levelListOf(capped, (name) => files.get(name)))).toEqual(long);
  });

  it('gives nothing when a tail file cannot be read', () => {
    const { files, put } = store();
    const capped = capPostings(scoredPostings(list(3 * CAP_FROM)), put) as CappedPostings;
    const missing = tailFiles(capped)[1];
    expect(levelListOf(capped, (name) => (name === missing ? undefined : files.get(name)))).toBeUndefined();
  });
});
