// One query term in one scope: the chunks it falls in, the indexed words it matches (exactly, as a prefix, within its
// typo allowance) with MiniSearch's weights, and what their posting lists say: each section's score as far as the
// lists and the heads of capped lists give it, every section the term is in, and the capped tails not read yet.

import { fuzziness } from './terms.ts';
import { SectionSet } from './section-set.ts';
import { chunksFor, decodePostingsInto, decodeSectionMasks, levelScore, pageOfKey, scoreAt, type PageDetails, type PageText, type SearchEntry, type TailScores, type TermChunk, type TermDirectory } from './shards.ts';

/** Terms shorter than this look for the words they start in their own chunk only (see `chunksOf`). */
const SHORT_PREFIX = 3;
/** At most this many chunks between a term and its stem are fetched for typo matches (see `chunksOf`). */
const MAX_TYPO_RUNS = 4;

/** MiniSearch's weights for a word that only starts with the query term, or is a typo away from it. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** A scope's entry with what fetches its files; each file should be fetched at most once. */
export interface ShardedScope {
  entry: SearchEntry;
  /** A directory, chunk or tail scores file, by its name in the entry's `assets` folder. */
  file(name: string): Promise<TermDirectory | TermChunk | TailScores>;
  details(page: number): Promise<PageDetails>;
  text(page: number): Promise<PageText>;
}

/** Levenshtein distance, or Infinity once it must exceed `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (row[j] < best) best = row[j];
    }
    if (best > max) return Infinity;
    previous = row;
  }
  return previous[b.length] <= max ? previous[b.length] : Infinity;
}

/** How much a word's postings weigh for a query term: 1 for the term itself, less for a longer word or a typo; 0 for none. */
function weightOf(term: string, word: string, maxDistance: number): number {
  if (word === term) return 1;
  if (word.startsWith(term)) return (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (word.length - term.length));
  if (maxDistance === 0) return 0;
  const distance = editDistance(term, word, maxDistance);
  return distance === Infinity ? 0 : (FUZZY_WEIGHT * word.length) / (word.length + distance);
}

/**
 * Picks, of the chunks (or the directories of chunks) in term order, those that can hold `term`, the words it
 * starts, and its likely typo matches: those that differ from it only
 * in its last letters (as many as its typo allowance). They sort near it: from where its stem (the term without
 * those letters) sorts to just after the term ("typed" finds "type", "verificaton" finds "verification", "webhok"
 * finds "webhook"). A typo in the first letters is not looked for: its matches could sort anywhere, and finding them
 * would mean fetching every chunk. A term shorter than SHORT_PREFIX (a query being typed) finds the words it starts in
 * its own chunk only: all words starting with "d" are a tenth of the index. A chunk of one long list is skipped when
 * its word does not match, and so, for typos, is a chunk of words too long to be one.
 */
function picker(term: string): <T extends readonly [string, string, ...unknown[]]>(runs: readonly T[]) => T[] {
  const distance = fuzziness(term) || 0;
  const stem = term.slice(0, term.length - distance);
  return (runs) => {
    if (runs.length === 0) return [];
    const useful = (i: number) => runs[i][2] !== 1 || weightOf(term, runs[i][0], distance) > 0;
    // A run whose terms all start with more letters than a typo match can have (its first term and the next run's
    // share them) holds none: "paginationbatch…" for "page".
    const typoRoom = (i: number) => useful(i) && (i + 1 === runs.length || sharedStart(runs[i][0], runs[i + 1][0]) <= term.length + distance);
    const runsOfTerm = chunksFor(runs, term);
    const own = runsOfTerm.filter(useful);
    const picked = new Set(term.length < SHORT_PREFIX ? own.slice(0, 1) : own);
    if (distance > 0) {
      const first = runsOfTerm[0];
      const from = chunksFor(runs, stem)[0];
      // Between the stem and the term. A long way is the stem's own family, too costly to fetch whole: its start is
      // kept, where the stem's shortest words are ("verification" for "verificaton", before "verificationAnchor"…).
      const to = first - from <= MAX_TYPO_RUNS ? first : Math.min(first, from + 2);
      for (let i = from; i < to; i++) if (typoRoom(i)) picked.add(i);
      let next = Math.max(first, ...picked) + 1;
      for (; next < runs.length && runs[next][0].startsWith(stem); next++) if (typoRoom(next)) picked.add(next);
    }
    return [...picked].sort((a, b) => a - b).map((i) => runs[i]);
  };
}

/** How many first letters two words share. */
function sharedStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** The term directories `chunksOf` reads for a term. */
export function directoriesOf(scope: ShardedScope, term: string): Promise<TermDirectory[]> {
  return Promise.all(picker(term)(scope.entry.directories).map(([, name]) => scope.file(name) as Promise<TermDirectory>));
}

/** The names of the chunks `chunksOf` reads for a term. */
export async function chunkNamesOf(scope: ShardedScope, term: string): Promise<string[]> {
  const directories = await directoriesOf(scope, term);
  return picker(term)(directories.flatMap((d) => d.chunks)).map(([, name]) => name);
}

async function chunksOf(scope: ShardedScope, term: string): Promise<TermChunk[]> {
  return Promise.all((await chunkNamesOf(scope, term)).map((name) => scope.file(name) as Promise<TermChunk>));
}

/** A capped word's tail, while some of its scores are not read. */
export interface PendingTail {
  weight: number;
  /** The most a section of the tail can get from it: the weight times the tail's best score. */
  bound: number;
  /** What a section of the tail likely gets: the weight times the tail's mean score. */
  typical: number;
  /** The least it gets: the weight times the tail's least score. */
  least: number;
  /** The tail's sections; in key order, the order of its scores. */
  sections: SectionSet;
  pagesPerBlock: number;
  /** The TailScores file of each range of pages. */
  blocks: string[];
  /** 1 for each range whose scores are read (and added to the term's known scores). */
  read: Uint8Array;
}

/** Whether a section of a pending tail still lacks its score. */
export function unread(pending: PendingTail, section: number): boolean {
  return pending.sections.has(section) && !pending.read[blockOf(pending, section)];
}

/** The range of pages (a TailScores file) a section's score is in. */
export function blockOf(pending: PendingTail, section: number): number {
  return Math.floor(pageOfKey(section) / pending.pagesPerBlock);
}

/** One query term in one scope. */
export interface TermPostings {
  /** Each section's score for the term from the lists read so far (whole lists, heads, tails read). */
  known: Map<number, number>;
  /** Every section the term is in. */
  members: SectionSet;
  pending: PendingTail[];
  /** The indexed words it matched (for highlighting). */
  words: Set<string>;
}

function addPostings(into: TermPostings, encoded: string, weight: number): void {
  const { known, members } = into;
  const keys: number[] = [];
  const levels: number[] = [];
  decodePostingsInto(encoded, keys, levels);
  for (let i = 0; i < keys.length; i++) {
    const before = known.get(keys[i]);
    const score = weight * levelScore(levels[i]);
    known.set(keys[i], before === undefined ? score : before + score);
    members.add(keys[i]);
  }
}

/** Reads what the chunks say of a term: whole lists and heads scored, capped tails by their sections. */
async function readChunks(scope: ShardedScope, term: string): Promise<TermPostings> {
  const pages = scope.entry.pageTypes.length;
  const read: TermPostings = { known: new Map(), members: new SectionSet(pages), pending: [], words: new Set([term]) };
  const maxDistance = fuzziness(term) || 0;
  for (const chunk of await chunksOf(scope, term)) {
    for (const word in chunk.terms) {
      const weight = weightOf(term, word, maxDistance);
      if (weight === 0) continue;
      read.words.add(word);
      const value = chunk.terms[word];
      if (typeof value === 'string') {
        addPostings(read, value, weight);
        continue;
      }
      const [head, tail, best, mean, least, pagesPerBlock, blocks] = value;
      addPostings(read, head, weight);
      // A page at a time: a long tail is in most pages.
      const sections = new SectionSet(pages);
      decodeSectionMasks(tail, (page, block, mask) => {
        sections.addMask(page, block, mask);
        read.members.addMask(page, block, mask);
      });
      read.pending.push({ weight, bound: weight * levelScore(best), typical: weight * levelScore(mean), least: weight * levelScore(least), sections, pagesPerBlock, blocks, read: new Uint8Array(blocks.length) });
    }
  }
  return read;
}

/** How many terms a scope keeps read (the words of the last queries, typed or being typed). */
const KEPT_TERMS = 16;
const readTerms = new WeakMap<ShardedScope, Map<string, Promise<TermPostings>>>();

/**
 * What the chunks say of a term in a scope. Kept for the next queries (each word typed in full is read once, as the
 * query is typed, and the query finds it read): the tails read for one query serve the next.
 */
export function readTerm(scope: ShardedScope, term: string): Promise<TermPostings> {
  let terms = readTerms.get(scope);
  if (!terms) readTerms.set(scope, (terms = new Map()));
  let read = terms.get(term);
  if (read) terms.delete(term);
  else {
    read = readChunks(scope, term);
    read.catch(() => terms.delete(term));
  }
  terms.set(term, read);
  for (const oldest of terms.keys()) {
    if (terms.size <= KEPT_TERMS) break;
    terms.delete(oldest);
  }
  return read;
}

/**
 * Fetches the scores of one range of pages of a pending tail into the term's known scores, once (several queries may
 * ask for it at once: each ranking takes in every range read, by whichever query).
 */
export async function readTail(scope: ShardedScope, term: TermPostings, pending: PendingTail, block: number): Promise<void> {
  const { scores } = (await scope.file(pending.blocks[block])) as TailScores;
  if (pending.read[block]) return;
  pending.read[block] = 1;
  const { known } = term;
  pending.sections.keysIn(...blockPages(pending, block)).forEach((key, index) => known.set(key, (known.get(key) ?? 0) + pending.weight * scoreAt(scores, index)));
  if (pending.blocks.every((name, b) => name === '' || pending.read[b])) term.pending = term.pending.filter((p) => p !== pending);
}

/** The pages of a tail's range: from the first to before the end. */
export function blockPages(pending: PendingTail, block: number): [first: number, end: number] {
  return [block * pending.pagesPerBlock, (block + 1) * pending.pagesPerBlock];
}
