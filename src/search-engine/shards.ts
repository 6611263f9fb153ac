// The sharded search index: its file format and the codec of its posting lists, shared by the build (which writes
// them) and the browser (which fetches only what a query needs). Pure: no DOM, no Node APIs.
//
// A scope (the current docs with the blog and the pages, or one older docs version) is:
// - an entry file at a stable URL (`SearchData.indexUrl`), small at any site size: the term ranges of the chunks, the
//   pages' types and tags, the "Try searching for" titles and the versions;
// - term chunks (content-hashed, cached for good): sorted terms with their posting lists, cut by size, so a query
//   fetches the few chunks its terms fall in, found through term directories (each lists a run of chunks; the entry
//   lists the directories, so it stays small however many chunks there are). A long list is capped (CappedPostings):
//   the chunk has its best postings with their scores and only the names of its other sections, whose scores are in
//   files by range of pages that a query fetches only where they could change what it shows;
// - two files per page, fetched for the results shown: its details (title, URL, facets, each section's anchor,
//   headings and the start of its text, enough for the modal's excerpts) and its full text (for excerpts around the
//   match on the search page, and the passages AI mode quotes).
//
// Scores are computed at build time, as MiniSearch would compute them over the whole scope (BM25+ per field, field
// boosts, the top of a page boosted): a posting carries its section's finished score for that term, and a query adds
// them up, weighting prefix and typo matches as MiniSearch does.

import type { SearchPageType } from './results.ts';

export const SHARDED_FORMAT = 'protodocs-search/3';

/** A docs version. Older versions have an entry of their own (`url`); the current one is in the main scope. */
export interface ScopeVersion {
  name: string;
  label: string;
  /** Path prefix of its docs, with the base URL: "/docs/", "/docs/1.0/". */
  path: string;
  current: boolean;
  url?: string;
}

/** A page's type as one letter of the entry's `pageTypes`, and back. */
export const PAGE_TYPE_LETTER: Readonly<Record<SearchPageType, string>> = { docs: 'd', blog: 'b', page: 'p' };
export const PAGE_TYPE_OF_LETTER: Readonly<Record<string, SearchPageType>> = Object.fromEntries(Object.entries(PAGE_TYPE_LETTER).map(([type, letter]) => [letter, type as SearchPageType]));

export interface SearchEntry {
  format: typeof SHARDED_FORMAT;
  /** "main": the current docs version, the blog and the pages. Otherwise the name of an older docs version. */
  scope: string;
  language: string;
  /** One letter per page, in page order: d(ocs), b(log), p(age). Page numbers index the details files. */
  pageTypes: string;
  /** Docs and post tags → the pages that carry them (`encodeNumbers`). */
  tags: Record<string, string>;
  /** URL of the folder of the directories and chunks (content-hashed files, named relative to it). */
  assets: string;
  /** Each term directory's first term and file name, in term order (see `chunksFor`). */
  directories: [first: string, name: string][];
  /** URL of the folder of the per-page files: `${pages}${page}.json` (PageDetails), `${pages}${page}.text.json` (PageText). */
  pages: string;
  /** A few page titles offered as "Try searching for" queries. */
  suggestions: string[];
  /** Only in the main entry: every docs version. */
  versions: ScopeVersion[];
}

/**
 * A run of term chunks: each one's first term and file name, in term order, and 1 for a chunk that holds that term
 * only (a long list: a query for another term skips it).
 */
export interface TermDirectory {
  format: typeof SHARDED_FORMAT;
  chunks: ([first: string, name: string] | [first: string, name: string, only: 1])[];
}

/**
 * A long posting list, impact-ordered in two parts. The head: the sections that score best (`encodeLevels`, in key
 * order). The tail: every other section, by name only (`encodeSections`), so that a query still knows each section the
 * term is in (to count results and to apply AND exactly), and what the tail can weigh: its best, mean and least score
 * (levels, `levelScore`). The tail's scores are in files by range of pages (`pagesPerBlock` pages each, from page 0):
 * `blocks[i]` names the TailScores file of pages i × pagesPerBlock and on ('' for a range without any).
 */
export type CappedPostings = [head: string, tail: string, best: number, mean: number, least: number, pagesPerBlock: number, blocks: string[]];

export interface TermChunk {
  format: typeof SHARDED_FORMAT;
  /** Term → its posting list (`encodeLevels`), or a capped one. */
  terms: Record<string, string | CappedPostings>;
}

/** A capped list's tail scores in a range of pages (`encodeScores`), in the order of its tail's sections. */
export interface TailScores {
  format: typeof SHARDED_FORMAT;
  scores: string;
}

/** How much of each section's text a page's details carry (a modal excerpt is 110 characters). */
export const PREVIEW_LENGTH = 160;

/** One page's details, fetched for the results shown. */
export interface PageDetails {
  format: typeof SHARDED_FORMAT;
  title: string;
  url: string;
  type: SearchPageType;
  /** Docs version name ('' outside docs). */
  version: string;
  tags: string[];
  /** Top sidebar category of a doc, or "Blog"; '' for none. */
  category: string;
  /** The page's sections in order: anchor ('' = top of the page), headings below the page title, start of the text. */
  sections: [anchor: string, headings: string[], preview: string][];
}

/** One page's section texts, in the order of its details' sections. */
export interface PageText {
  format: typeof SHARDED_FORMAT;
  texts: string[];
}

/**
 * A section is named by its page and its place in the page, not by a running number over the site: a heading added to
 * one page then changes only the postings of that page's words.
 */
export const SECTION_SLOTS = 65536;

export function sectionKey(page: number, local: number): number {
  return page * SECTION_SLOTS + local;
}

export function pageOfKey(key: number): number {
  return Math.floor(key / SECTION_SLOTS);
}

export function localOfKey(key: number): number {
  return key % SECTION_SLOTS;
}

// Scores are stored on a log scale in two characters of this alphabet (no digits: ids are written in digits, so a
// posting list needs no separators). 4,096 levels from 1e-4 to 1e4: under 0.5% apart.
const SCORE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-.:';
const SCORE_MIN = 1e-4;
export const SCORE_LEVELS = 4096;
const SCORE_STEP = Math.log(1e8) / (SCORE_LEVELS - 1);
/** Score letter → its index, by char code (a posting list is decoded a character at a time). */
const SCORE_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < SCORE_ALPHABET.length; i++) SCORE_INDEX[SCORE_ALPHABET.charCodeAt(i)] = i;
/** Every level's score, computed once. */
const LEVEL_SCORES = Float64Array.from({ length: SCORE_LEVELS }, (_, level) => SCORE_MIN * Math.exp(level * SCORE_STEP));

/** The stored level of a score (0 … 4095). */
export function scoreLevel(score: number): number {
  return Math.max(0, Math.min(SCORE_LEVELS - 1, Math.round(Math.log(Math.max(score, SCORE_MIN) / SCORE_MIN) / SCORE_STEP)));
}

/** The score a stored level (0 … 4095) stands for. */
export function levelScore(level: number): number {
  return LEVEL_SCORES[level];
}

/**
 * The first `length` sections of `keys` (ascending), with their scores' levels → "<page delta>[/<section in page>]<2
 * score chars>…" (decimal numbers, the section part left out for the top of a page).
 */
export function encodeLevels(keys: ArrayLike<number>, levels: ArrayLike<number>, length = keys.length): string {
  // Joined once, not grown with +=: a grown string is a tree of pieces until something flattens it, and the index
  // keeps every term's list at once (at 10,000 pages, 22 MB of text held as 260 MB of pieces).
  const parts: string[] = [];
  let lastPage = 0;
  for (let i = 0; i < length; i++) {
    const page = pageOfKey(keys[i]);
    const local = localOfKey(keys[i]);
    const level = levels[i];
    parts.push((page === lastPage ? (local === 0 ? '0' : '') : String(page - lastPage)) + (local === 0 ? '' : '/' + local) + SCORE_ALPHABET[level >> 6] + SCORE_ALPHABET[level & 63]);
    lastPage = page;
  }
  return parts.join('');
}

/** The length of `encodeLevels`' string for these keys, without making it. */
export function encodedLength(keys: ArrayLike<number>, length = keys.length): number {
  let chars = 0;
  let lastPage = 0;
  for (let i = 0; i < length; i++) {
    const page = pageOfKey(keys[i]);
    const local = localOfKey(keys[i]);
    chars += (page === lastPage ? (local === 0 ? 1 : 0) : digits(page - lastPage)) + (local === 0 ? 0 : 1 + digits(local)) + 2;
    lastPage = page;
  }
  return chars;
}

function digits(value: number): number {
  let count = 1;
  for (; value >= 10; value = Math.floor(value / 10)) count++;
  return count;
}

/** Score levels, two characters each. */
export function encodeScores(levels: ArrayLike<number>): string {
  const codes = new CharCodes();
  for (let i = 0; i < levels.length; i++) {
    codes.push(SCORE_CODES[levels[i] >> 6]);
    codes.push(SCORE_CODES[levels[i] & 63]);
  }
  return codes.text();
}

const SCORE_CODES = Uint16Array.from(SCORE_ALPHABET, (letter) => letter.charCodeAt(0));

/**
 * A string made a character code at a time (the build's long lists: a tail of tens of thousands of postings), without
 * a string per character.
 */
class CharCodes {
  private codes = new Uint16Array(1024);
  private length = 0;
  private readonly parts: string[] = [];

  push(code: number): void {
    if (this.length === this.codes.length) this.flush();
    this.codes[this.length++] = code;
  }

  /** A number in decimal. */
  pushNumber(value: number): void {
    if (value >= 10) this.pushNumber(Math.floor(value / 10));
    this.push(48 + (value % 10));
  }

  text(): string {
    this.flush();
    return this.parts.join('');
  }

  private flush(): void {
    this.parts.push(String.fromCharCode.apply(null, this.codes.subarray(0, this.length) as unknown as number[]));
    this.length = 0;
  }
}

/** The `index`-th score of `encodeScores`' string. */
export function scoreAt(encoded: string, index: number): number {
  return LEVEL_SCORES[levelAt(encoded, index)];
}

/** The `index`-th level of `encodeScores`' string. */
export function levelAt(encoded: string, index: number): number {
  return (SCORE_INDEX[encoded.charCodeAt(2 * index)] << 6) | SCORE_INDEX[encoded.charCodeAt(2 * index + 1)];
}

/**
 * Appends every posting of an encoded list to `keys` (section keys) and `levels` (`levelScore`). No call per posting:
 * a query decodes thousands of postings once each, mostly before the browser has optimised the code.
 */
export function decodePostingsInto(encoded: string, keys: number[], levels: number[]): void {
  let page = 0;
  let number = 0;
  let local = 0;
  let inLocal = false;
  for (let i = 0; i < encoded.length; i++) {
    const code = encoded.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      number = number * 10 + (code - 48);
      continue;
    }
    if (code === 47) {
      // "/": the page delta is complete, the section in the page follows.
      page += number;
      number = 0;
      inLocal = true;
      continue;
    }
    if (inLocal) local = number;
    else {
      page += number;
      local = 0;
    }
    number = 0;
    inLocal = false;
    keys.push(sectionKey(page, local));
    levels.push((SCORE_INDEX[code] << 6) | SCORE_INDEX[encoded.charCodeAt(++i)]);
  }
}

/** How many places in a page one letter group of `encodeSections` covers (a bit each, within 32-bit integers). */
export const SECTION_BLOCK = 30;

/**
 * Section keys, ascending → a set without scores: for each page (in blocks of SECTION_BLOCK places), "<page delta>
 * [/<block>]<mask>": the delta in decimal, left out when it is 1 (consecutive pages, the common case in a long list;
 * 0 for another block of the same page), the mask of the page's places in base 26, lowercase digits closed by an
 * uppercase one. About a byte per page of a list that is in most pages, after gzip.
 */
export function encodeSections(keys: ArrayLike<number>): string {
  const codes = new CharCodes();
  const letters: number[] = [];
  let lastPage = -1;
  let i = 0;
  while (i < keys.length) {
    const page = pageOfKey(keys[i]);
    const block = Math.floor(localOfKey(keys[i]) / SECTION_BLOCK);
    let mask = 0;
    for (; i < keys.length && pageOfKey(keys[i]) === page && Math.floor(localOfKey(keys[i]) / SECTION_BLOCK) === block; i++) {
      mask |= 1 << (localOfKey(keys[i]) % SECTION_BLOCK);
    }
    const delta = page - lastPage;
    if (delta !== 1) codes.pushNumber(delta);
    if (block) {
      codes.push(47);
      codes.pushNumber(block);
    }
    // The mask in base 26: lowercase digits, the last one uppercase.
    letters.length = 0;
    for (let rest = Math.floor(mask / 26); rest > 0; rest = Math.floor(rest / 26)) letters.push(97 + (rest % 26));
    for (let d = letters.length - 1; d >= 0; d--) codes.push(letters[d]);
    codes.push(65 + (mask % 26));
    lastPage = page;
  }
  return codes.text();
}

/** Calls `each(page, block, mask)` for every letter group of `encodeSections`' string: a page's places in one block. */
export function decodeSectionMasks(encoded: string, each: (page: number, block: number, mask: number) => void): void {
  let page = -1;
  let i = 0;
  while (i < encoded.length) {
    let code = encoded.charCodeAt(i);
    let delta = 1;
    if (code >= 48 && code <= 57) {
      delta = 0;
      for (; code >= 48 && code <= 57; code = encoded.charCodeAt(++i)) delta = delta * 10 + (code - 48);
    }
    page += delta;
    let block = 0;
    if (code === 47) {
      for (code = encoded.charCodeAt(++i); code >= 48 && code <= 57; code = encoded.charCodeAt(++i)) block = block * 10 + (code - 48);
    }
    let mask = 0;
    for (; code >= 97; code = encoded.charCodeAt(++i)) mask = mask * 26 + (code - 97);
    mask = mask * 26 + (code - 65);
    i++;
    each(page, block, mask);
  }
}

/** Calls `each(sectionKey, index)` for every section of `encodeSections`' string, in order. */
export function decodeSections(encoded: string, each: (key: number, index: number) => void): void {
  let index = 0;
  decodeSectionMasks(encoded, (page, block, mask) => {
    for (let bit = 0; mask !== 0; bit++, mask >>>= 1) if (mask & 1) each(sectionKey(page, block * SECTION_BLOCK + bit), index++);
  });
}

/** Ascending numbers as base-36 deltas joined by '.'. */
export function encodeNumbers(numbers: readonly number[]): string {
  let last = 0;
  return numbers
    .map((n) => {
      const delta = (n - last).toString(36);
      last = n;
      return delta;
    })
    .join('.');
}

export function decodeNumbers(encoded: string): number[] {
  if (encoded === '') return [];
  let last = 0;
  return encoded.split('.').map((d) => (last += parseInt(d, 36)));
}

/**
 * The runs (directories or chunks, each `[first term, …]`, in term order) a term's matches can be in: the run `term`
 * sorts into, and every later one that starts with `term` (its longer words).
 */
export function chunksFor(chunks: readonly (readonly [string, ...unknown[]])[], term: string): number[] {
  // The last chunk whose first term is ≤ term holds term and its closest neighbours.
  let low = 0;
  let high = chunks.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (chunks[mid][0] <= term) low = mid;
    else high = mid - 1;
  }
  const found = [low];
  for (let i = low + 1; i < chunks.length && chunks[i][0].startsWith(term); i++) found.push(i);
  return found;
}
