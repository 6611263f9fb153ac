// Impact ordering for long posting lists (format in search-engine/shards.ts, CappedPostings): a word that is in
// thousands of sections keeps only its best-scoring sections with their scores in its chunk, and the names of the
// others. A query then reads a few kilobytes for such a word instead of tens, and counts and filters exactly; the
// other sections' scores are in files by range of pages, fetched only for the sections that could change the results
// a query shows.

import {
  decodePostingsInto,
  decodeSectionMasks,
  decodeSections,
  encodeLevels,
  encodeScores,
  encodeSections,
  levelAt,
  levelScore,
  localOfKey,
  pageOfKey,
  scoreLevel,
  SCORE_LEVELS,
  SECTION_BLOCK,
  SHARDED_FORMAT,
  type CappedPostings,
  type TailScores,
} from '../search-engine/index.ts';

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
 * A capped list of the last build with a few tail sections' levels moved, patched without reading the rest of its tail
 * (`patchCapped`): the list as capped with its new summary scores, the tail files whose scores changed (by block), and
 * how many sections are at each level now.
 */
export interface PatchedList {
  capped: CappedPostings;
  blocks: Map<number, string>;
  counts: LevelCounts;
}

/**
 * A term's postings as the index keeps them until its chunk is written: encoded when the list is short, else as
 * levels, so that a list long enough to be capped is never encoded whole; or a capped list patched.
 */
export type Scored = string | LevelList | PatchedList;

/**
 * How many of a capped list's sections are at each level, as `[level, count, …]` for the levels that have any, ascending:
 * what its head, its tail's summary and its cut follow from. Kept in the index's state, so that an edit that moves a
 * few tail sections' levels re-caps the list without reading its whole tail (tens of files for a common word).
 */
export type LevelCounts = Uint32Array;

function sparseCounts(count: Uint32Array): LevelCounts {
  let levels = 0;
  for (let level = 0; level < count.length; level++) if (count[level] > 0) levels++;
  const out = new Uint32Array(2 * levels);
  for (let level = 0, at = 0; level < count.length; level++) {
    if (count[level] === 0) continue;
    out[at++] = level;
    out[at++] = count[level];
  }
  return out;
}

function denseCounts(counts: LevelCounts): Uint32Array {
  const count = new Uint32Array(SCORE_LEVELS);
  for (let at = 0; at < counts.length; at += 2) count[counts[at]] = counts[at + 1];
  return count;
}

export function scoredPostings(list: LevelList): string | LevelList {
  return list.keys.length < CAP_FROM ? encodeLevels(list.keys, list.levels) : list;
}

/**
 * A term's chunk value: short postings as they are, a long list capped. `put` writes a content-hashed file and returns
 * its name (the tail's scores, a file per range of pages); `keep` takes a tail file of the last build's output that the
 * list still has (see LevelList.was), which is then not written: without it, every file is put. `onCounts` is told a
 * capped list's level counts, for the next build's `patchCapped`.
 */
export function capPostings(postings: Scored, put: (json: string) => string, keep?: (name: string) => void, onCounts?: (counts: LevelCounts) => void): string | CappedPostings {
  if (typeof postings === 'string') return postings;
  if ('capped' in postings) return writePatched(postings, put, keep, onCounts);
  return capList(postings, put, keep, onCounts);
}

function capList({ keys, levels, was }: LevelList, put: (json: string) => string, keep?: (name: string) => void, onCounts?: (counts: LevelCounts) => void): CappedPostings {
  // How many postings are at each level: the head is the best ones by level (what the browser compares), ties by key.
  const count = new Uint32Array(SCORE_LEVELS);
  for (let i = 0; i < levels.length; i++) count[levels[i]]++;
  onCounts?.(sparseCounts(count));
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
  const { best, mean, least } = tailSummary(count, cut, atCut, tailLength);
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
  return [encodeLevels(headKeys, headLevels), tail, best, mean, least, pagesPerBlock, names];
}

/** A capped list's tail summary from its level counts: its best level, its mean score's level and its least level. */
function tailSummary(count: Uint32Array, cut: number, atCut: number, tailLength: number): { best: number; mean: number; least: number } {
  let sum = (count[cut] - atCut) * levelScore(cut);
  let best = count[cut] > atCut ? cut : -1;
  let least = best;
  for (let level = cut - 1; level >= 0; level--) {
    if (count[level] === 0) continue;
    sum += count[level] * levelScore(level);
    if (best < 0) best = level;
    least = level;
  }
  return { best, mean: scoreLevel(sum / tailLength), least };
}

/**
 * The last build's capped list `value` with the levels of `moved`'s sections (some of its own, ascending) replaced, as
 * `capList` would cap the whole list, from its level counts then (`counts`): only the tail files of the moved sections
 * are read. Undefined when the move is not confined to the tail, or changes where the head ends (then the whole list
 * is read and capped again), or a tail file cannot be read or does not hold the sections its list says.
 */
export function patchCapped(value: CappedPostings, counts: LevelCounts, moved: LevelList, readTail: (name: string) => string | undefined): PatchedList | undefined {
  const count = denseCounts(counts);
  let total = 0;
  for (let at = 1; at < counts.length; at += 2) total += counts[at];
  const { cut, atCut } = headCut(count, total);
  let headLength = atCut;
  for (let level = cut + 1; level < SCORE_LEVELS; level++) headLength += count[level];
  const [, tail, , , , pagesPerBlock, names] = value;
  // Each moved section's place in its tail file, found from the tail's page masks: no key made for the other pages.
  const places = new Float64Array(moved.keys.length).fill(-1);
  const blockOf = (page: number) => Math.floor(page / pagesPerBlock);
  let tailLength = 0;
  let block = -1;
  let inBlock = 0;
  let next = 0;
  decodeSectionMasks(tail, (page, sectionBlock, mask) => {
    const at = blockOf(page);
    if (at !== block) {
      block = at;
      inBlock = 0;
    }
    let bits = 0;
    for (let m = mask; m !== 0; m &= m - 1) bits++;
    while (next < moved.keys.length && pageOfKey(moved.keys[next]) < page) next++;
    for (let k = next; k < moved.keys.length && pageOfKey(moved.keys[k]) === page; k++) {
      const local = localOfKey(moved.keys[k]);
      if (Math.floor(local / SECTION_BLOCK) !== sectionBlock || !(mask & (1 << local % SECTION_BLOCK))) continue;
      // Its place: the sections of this mask before it, after those of the block's earlier masks.
      const below = mask & ((1 << local % SECTION_BLOCK) - 1);
      let before = 0;
      for (let m = below; m !== 0; m &= m - 1) before++;
      places[k] = inBlock + before;
    }
    inBlock += bits;
    tailLength += bits;
  });
  if (tailLength !== total - headLength) return undefined;
  // A moved section not in the tail is one of the head's, which must keep its level (the edited page's other sections).
  if (places.some((place) => place < 0)) {
    const keys: number[] = [];
    const levels: number[] = [];
    decodePostingsInto(value[0], keys, levels);
    const headLevel = new Map(keys.map((key, i) => [key, levels[i]]));
    for (let k = 0; k < moved.keys.length; k++) if (places[k] < 0 && headLevel.get(moved.keys[k]) !== moved.levels[k]) return undefined;
  }
  const scoresOf = new Map<number, string>();
  for (let k = 0; k < moved.keys.length; k++) {
    if (places[k] < 0) continue;
    const at = blockOf(pageOfKey(moved.keys[k]));
    let scores = scoresOf.get(at);
    if (scores === undefined) {
      const json = names[at] ? readTail(names[at]) : undefined;
      if (json === undefined) return undefined;
      scores = (JSON.parse(json) as TailScores).scores;
    }
    const place = places[k];
    if (2 * place + 2 > scores.length) return undefined;
    const was = levelAt(scores, place);
    const now = moved.levels[k];
    if (now !== was) {
      // A section that rises to the head's lowest level could take a place in the head (its ties go by key).
      if (now >= cut) return undefined;
      count[was]--;
      count[now]++;
      scores = scores.slice(0, 2 * place) + encodeScores([now]) + scores.slice(2 * place + 2);
    }
    scoresOf.set(at, scores);
  }
  const after = headCut(count, total);
  if (after.cut !== cut || after.atCut !== atCut) return undefined;
  const { best, mean, least } = tailSummary(count, cut, atCut, tailLength);
  const blocks = new Map([...scoresOf].map(([at, scores]) => [at, JSON.stringify({ format: SHARDED_FORMAT, scores } satisfies TailScores)]));
  return { capped: [value[0], tail, best, mean, least, pagesPerBlock, names], blocks, counts: sparseCounts(count) };
}

/** A patched list as its chunk holds it: its changed tail files put, the others kept. */
function writePatched({ capped, blocks, counts }: PatchedList, put: (json: string) => string, keep?: (name: string) => void, onCounts?: (counts: LevelCounts) => void): CappedPostings {
  onCounts?.(counts);
  const names = capped[6].map((name, at) => {
    const json = blocks.get(at);
    if (json !== undefined) return put(json);
    if (name) keep?.(name);
    return name;
  });
  return [capped[0], capped[1], capped[2], capped[3], capped[4], capped[5], names];
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
