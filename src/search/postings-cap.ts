// Impact ordering for long posting lists (format in search-engine/shards.ts, CappedPostings): a word that is in
// thousands of sections keeps only its best-scoring sections with their scores in its chunk, and the names of the
// others. A query then reads a few kilobytes for such a word instead of tens, and counts and filters exactly; the
// other sections' scores are in files by range of pages, fetched only for the sections that could change the results
// a query shows.

import { decodePostingsInto, decodeSections, encodeLevels, encodeScores, encodeSections, levelAt, levelScore, pageOfKey, scoreLevel, SCORE_LEVELS, SHARDED_FORMAT, type CappedPostings, type TailScores } from '../search-engine/index.ts';

/**
 * How many postings a capped list keeps with their scores, at least and at most: what a query's best results come
 * from. Between the two, the head ends where the scores fall the most, if they fall by half or more there (the
 * sections with the word in a title or heading, then those with it in their text only): a tail whose best score is
 * far below the head's seldom needs reading.
 */
export const HEAD_POSTINGS = 500;
const MAX_HEAD_POSTINGS = 8000;
/**
 * Lists from this long are capped. A shorter one would save little, and its tail would often have to be read: a query
 * reads a tail's scores for the sections near the last page it shows.
 */
export const CAP_FROM = 4 * HEAD_POSTINGS;
/** A fall in score that ends a head, in levels: by half. */
const HEAD_FALL = Math.log(2) / Math.log(levelScore(1) / levelScore(0));
/** About how many tail scores a file holds: a query that needs a few sections' scores fetches a few small files. */
export const TAIL_BLOCK_POSTINGS = 512;

/** A term's sections, ascending, with the stored level of each one's score. */
export interface LevelList {
  keys: ArrayLike<number>;
  levels: ArrayLike<number>;
  /**
   * For a list the last build capped, as it was then (`capped`), now with the levels of a few of its sections moved
   * (`moved`, ascending): capping it again can keep what those sections leave as it was.
   */
  was?: { capped: CappedPostings; moved: ArrayLike<number> };
}

/**
 * A term's postings as the index keeps them until its chunk is written: encoded when the list is short, else as
 * levels, so that a list long enough to be capped is never encoded whole.
 */
export type Scored = string | LevelList;

export function scoredPostings(list: LevelList): Scored {
  return list.keys.length < CAP_FROM ? encodeLevels(list.keys, list.levels) : list;
}

/**
 * A term's chunk value: short postings as they are, a long list capped. `put` writes a content-hashed file and returns
 * its name (the tail's scores, a file per range of pages); `keep` takes a tail file of the last build's output that the
 * list still has (see LevelList.was), which is then not written: without it, every file is put.
 */
export function capPostings(postings: Scored, put: (json: string) => string, keep?: (name: string) => void): string | CappedPostings {
  return typeof postings === 'string' ? postings : capList(postings, put, keep);
}

function capList({ keys, levels, was }: LevelList, put: (json: string) => string, keep?: (name: string) => void): CappedPostings {
  // How many postings are at each level: the head is the best ones by level (what the browser compares), ties by key.
  const count = new Uint32Array(SCORE_LEVELS);
  for (let i = 0; i < levels.length; i++) count[levels[i]]++;
  const { cut, atCut } = headCut(count, keys.length);
  const headKeys: number[] = [];
  const headLevels: number[] = [];
  // The tail in key order, as typed arrays: tens of thousands of postings for a common word at 10,000 pages.
  const tailKeys = new Float64Array(keys.length);
  const tailLevels = new Uint16Array(keys.length);
  let tailLength = 0;
  let left = atCut;
  for (let i = 0; i < keys.length; i++) {
    if (levels[i] > cut || (levels[i] === cut && left-- > 0)) {
      headKeys.push(keys[i]);
      headLevels.push(levels[i]);
    } else {
      tailKeys[tailLength] = keys[i];
      tailLevels[tailLength++] = levels[i];
    }
  }
  let sum = (count[cut] - atCut) * levelScore(cut);
  let best = count[cut] > atCut ? cut : -1;
  let least = best;
  for (let level = cut - 1; level >= 0; level--) {
    if (count[level] === 0) continue;
    sum += count[level] * levelScore(level);
    if (best < 0) best = level;
    least = level;
  }
  // Pages per file: a power of two, so that the ranges stay where they are while the list grows or shrinks a little.
  const pages = pageOfKey(keys[keys.length - 1]) + 1;
  const pagesPerBlock = 2 ** Math.max(0, Math.round(Math.log2((TAIL_BLOCK_POSTINGS * pages) / tailLength)));
  // A list capped before, a few of its levels moved since: while its head holds the same sections, so does its tail,
  // and a tail file of none of the moved sections is the one it was (the same scores of the same sections).
  const same = was && keep && was.capped[5] === pagesPerBlock && sameSections(was.capped[0], headKeys) ? was : undefined;
  const movedBlocks = new Set(same ? Array.from(same.moved, (key) => Math.floor(pageOfKey(key) / pagesPerBlock)) : []);
  // The tail is in key order, so each file's scores are one run of it; a range of pages with none has no file ('').
  const names: string[] = [];
  for (let start = 0; start < tailLength; ) {
    const block = Math.floor(pageOfKey(tailKeys[start]) / pagesPerBlock);
    let end = start + 1;
    while (end < tailLength && Math.floor(pageOfKey(tailKeys[end]) / pagesPerBlock) === block) end++;
    while (names.length < block) names.push('');
    if (same && !movedBlocks.has(block)) {
      names.push(same.capped[6][block]);
      keep!(same.capped[6][block]);
    } else names.push(put(JSON.stringify({ format: SHARDED_FORMAT, scores: encodeScores(tailLevels.subarray(start, end)) } satisfies TailScores)));
    start = end;
  }
  const tail = same ? same.capped[1] : encodeSections(tailKeys.subarray(0, tailLength));
  return [encodeLevels(headKeys, headLevels), tail, best, scoreLevel(sum / tailLength), least, pagesPerBlock, names];
}

/** Whether an encoded list (`encodeLevels`) holds exactly these sections, in this order. */
function sameSections(encoded: string, keys: readonly number[]): boolean {
  const held: number[] = [];
  decodePostingsInto(encoded, held, []);
  return held.length === keys.length && held.every((key, i) => key === keys[i]);
}

/**
 * Where a list's head ends, from how many postings are at each level: the lowest level in it, and how many postings of
 * that level it takes (the first by key). HEAD_POSTINGS long, or to the biggest fall in score up to MAX_HEAD_POSTINGS.
 */
function headCut(count: Uint32Array, total: number): { cut: number; atCut: number } {
  const max = Math.min(MAX_HEAD_POSTINGS, total - 1);
  let above = 0;
  let fall = HEAD_FALL;
  let fallen: { cut: number; atCut: number } | undefined;
  let plain: { cut: number; atCut: number } | undefined;
  let previous = -1;
  for (let level = SCORE_LEVELS - 1; level >= 0 && above < max; level--) {
    if (count[level] === 0) continue;
    // `above` postings are better than this level: a cut here falls from `previous` to `level`.
    if (previous >= 0 && above >= HEAD_POSTINGS && previous - level >= fall) {
      fall = previous - level;
      fallen = { cut: previous, atCut: count[previous] };
    }
    if (!plain && above + count[level] >= HEAD_POSTINGS) plain = { cut: level, atCut: HEAD_POSTINGS - above };
    above += count[level];
    previous = level;
  }
  return fallen ?? plain!;
}

/** The files a chunk value names besides its chunk: a capped list's tail scores. */
export function tailFiles(value: string | CappedPostings): string[] {
  return typeof value === 'string' ? [] : value[6].filter((name) => name !== '');
}

/**
 * A chunk's value back as the whole list it was written from, every section with its level: a capped list's tail scores
 * come from its files (`readTail` gives one by name). Undefined when one of them cannot be read.
 */
export function levelListOf(value: string | CappedPostings, readTail: (name: string) => string | undefined): LevelList | undefined {
  if (typeof value === 'string') {
    const keys: number[] = [];
    const levels: number[] = [];
    decodePostingsInto(value, keys, levels);
    return { keys, levels };
  }
  const [head, tail, , , , pagesPerBlock, blocks] = value;
  const headKeys: number[] = [];
  const headLevels: number[] = [];
  decodePostingsInto(head, headKeys, headLevels);
  const tailKeys: number[] = [];
  decodeSections(tail, (key) => tailKeys.push(key));
  // Typed, and merged as the tail's scores are read: an edit's update reads back tens of such lists at 10,000 pages,
  // each of tens of thousands of postings.
  const total = headKeys.length + tailKeys.length;
  const keys = new Float64Array(total);
  const levels = new Uint16Array(total);
  let block = -1;
  let scores = '';
  let inBlock = 0;
  // Head and tail are each in key order: merged, the list is again.
  for (let h = 0, t = 0, i = 0; i < total; i++) {
    if (t >= tailKeys.length || (h < headKeys.length && headKeys[h] < tailKeys[t])) {
      keys[i] = headKeys[h];
      levels[i] = headLevels[h++];
      continue;
    }
    const key = tailKeys[t++];
    const at = Math.floor(pageOfKey(key) / pagesPerBlock);
    if (at !== block) {
      block = at;
      inBlock = 0;
      const json = blocks[at] ? readTail(blocks[at]) : undefined;
      if (json === undefined) return undefined;
      scores = (JSON.parse(json) as TailScores).scores;
    }
    keys[i] = key;
    levels[i] = levelAt(scores, inBlock++);
  }
  return { keys, levels, was: { capped: value, moved: [] } };
}
