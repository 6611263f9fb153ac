// Impact ordering for long posting lists (format in search-engine/shards.ts, CappedPostings): a word that is in
// thousands of sections keeps only its best-scoring sections with their scores in its chunk, and the names of the
// others. A query then reads a few kilobytes for such a word instead of tens, and counts and filters exactly; the
// other sections' scores are in files by range of pages, fetched only for the sections that could change the results
// a query shows.

import { decodePostings, encodePostings, encodeScores, encodeSections, pageOfKey, scoreLevel, SHARDED_FORMAT, type CappedPostings, type TailScores } from '../search-engine/index.ts';

/**
 * How many postings a capped list keeps with their scores, at least and at most: what a query's best results come
 * from. Between the two, the head ends where the scores fall the most, if they fall by half or more there (the
 * sections with the word in a title or heading, then those with it in their text only): a tail whose best score is
 * far below the head's seldom needs reading.
 */
export const HEAD_POSTINGS = 500;
export const MAX_HEAD_POSTINGS = 8000;
/** Lists from this long are capped: below it, the tail would save less than its scores cost when they are fetched. */
export const CAP_FROM = 2 * HEAD_POSTINGS;
/** Two scores a level apart differ by this factor (shards.ts: 4,096 levels from 1e-4 to 1e4). */
const LEVEL_RATIO = Math.exp(Math.log(1e8) / 4095);
/** A fall in score that ends a head: by half. */
const HEAD_FALL = Math.log(2) / Math.log(LEVEL_RATIO);
/** About how many tail scores a file holds: a query that needs a few sections' scores fetches a few small files. */
export const TAIL_BLOCK_POSTINGS = 512;

/** How many postings an encoded list (`encodePostings`) has: each ends with two score letters, the rest are digits and '/'. */
function postingCount(encoded: string): number {
  let letters = 0;
  for (let i = 0; i < encoded.length; i++) {
    const code = encoded.charCodeAt(i);
    if (code !== 47 && (code < 48 || code > 57)) letters++;
  }
  return letters / 2;
}

/**
 * A term's chunk value from its encoded postings (`encodePostings`): the list as it is, or capped when it is long.
 * `put` writes a content-hashed file and returns its name (the tail's scores, a file per range of pages).
 */
export function capPostings(encoded: string, put: (json: string) => string): string | CappedPostings {
  const HEAD = Number(process.env.PD_HEAD ?? HEAD_POSTINGS); // EXPERIMENT
  const BLOCK = Number(process.env.PD_BLOCK ?? TAIL_BLOCK_POSTINGS); // EXPERIMENT
  if (postingCount(encoded) < Number(process.env.PD_CAP ?? 2 * HEAD)) return encoded;
  const postings: [number, number][] = [];
  decodePostings(encoded, (key, score) => postings.push([key, score]));
  const levels = postings.map(([, score]) => scoreLevel(score));
  // Best first by level (what the browser compares), ties by key: the same list always has the same head.
  const order = levels.map((_, i) => i).sort((a, b) => levels[b] - levels[a] || a - b);
  let size = HEAD;
  let fall = HEAD_FALL;
  for (let i = HEAD; i < Math.min(Number(process.env.PD_HEADMAX ?? MAX_HEAD_POSTINGS), order.length - 1); i++) {
    if (levels[order[i - 1]] - levels[order[i]] >= fall) {
      size = i;
      fall = levels[order[i - 1]] - levels[order[i]];
    }
  }
  const inHead = new Uint8Array(postings.length);
  for (const i of order.slice(0, size)) inHead[i] = 1;
  const head: [number, number][] = [];
  const tail: number[] = [];
  let sum = 0;
  for (let i = 0; i < postings.length; i++) {
    if (inHead[i]) head.push(postings[i]);
    else {
      tail.push(i);
      sum += postings[i][1];
    }
  }
  // Pages per file: a power of two, so that the ranges stay where they are while the list grows or shrinks a little.
  const pages = pageOfKey(postings[postings.length - 1][0]) + 1;
  const pagesPerBlock = 2 ** Math.max(0, Math.round(Math.log2((BLOCK * pages) / tail.length)));
  const blocks: number[][] = [];
  for (const i of tail) (blocks[Math.floor(pageOfKey(postings[i][0]) / pagesPerBlock)] ??= []).push(levels[i]);
  const names = Array.from(blocks, (block) => (block ? put(JSON.stringify({ format: SHARDED_FORMAT, scores: encodeScores(block) } satisfies TailScores)) : ''));
  return [encodePostings(head), encodeSections(tail.map((i) => postings[i][0])), levels[order[size]], scoreLevel(sum / tail.length), pagesPerBlock, names];
}

/** The files a chunk value names besides its chunk: a capped list's tail scores. */
export function tailFiles(value: string | CappedPostings): string[] {
  return typeof value === 'string' ? [] : value[5].filter((name) => name !== '');
}
