import { encodedLength, localOfKey, pageOfKey, type PageDetails, type PageText } from '../search-engine/index.ts';
import { scoredPostings, type LevelCounts, type LevelList, type PatchedList, type Scored } from './postings-cap.ts';
import type { ScopeState } from './index-state.ts';
import {
  decodeFields,
  encodeFields,
  fieldCounts,
  indexPage,
  replacePages,
  sameStatistics,
  scopeStatistics,
  scoreFields,
  STRIDE,
  type PageStats,
  type ScopeStatistics,
  type SectionText,
  type TermFields,
} from './term-index.ts';
import type { SearchRecord } from './types.ts';

// A scope's terms, scored, in order: made whole from every page's records, or updated from the last build's state
// where only some pages changed. shard-files.ts cuts them into chunks.

function sectionTexts(page: readonly SearchRecord[]): SectionText[] {
  return page.map((r) => ({ values: [r.title, r.hierarchy.join(' '), r.text, r.tags.join(' ')], top: !r.anchor }));
}

/** A page's sections as the previous output's details and text files hold them (what `sectionTexts` read then). */
function previousSectionTexts(read: (rel: string) => string | undefined, folder: string, page: number): SectionText[] | undefined {
  const details = read(`${folder}/pages/${page}.json`);
  const text = read(`${folder}/pages/${page}.text.json`);
  if (details === undefined || text === undefined) return undefined;
  const { title, tags, sections } = JSON.parse(details) as PageDetails;
  const { texts } = JSON.parse(text) as PageText;
  return sections.map(([anchor, hierarchy], i) => ({ values: [title, hierarchy.join(' '), texts[i], tags.join(' ')], top: !anchor }));
}

/**
 * A scope's terms in order, each with its chunk size and, where this build scored it, its postings: encoded, or as
 * levels when the list is long enough to be capped (postings-cap.ts), so that it is never encoded whole. A term
 * without (`fresh[i]` undefined) kept the postings it has in the previous output's chunks.
 */
export interface TermTable {
  stats: PageStats[];
  statistics: ScopeStatistics;
  terms: string[];
  sizes: Uint32Array;
  fresh: (Scored | undefined)[];
  /** For a term the previous build had, its number there. */
  previousIndex: Int32Array;
  offsets: Uint32Array;
  fields: Uint8Array;
  /** Each capped term's level counts (postings-cap.ts), kept from the last build or told as its chunk is written. */
  counts: Map<string, LevelCounts>;
}

/** What the term weighs in a chunk, as `cutRuns` cuts them: its postings as if encoded whole, capped or not. */
function chunkSize(term: string, postings: string | LevelList): number {
  return term.length + (typeof postings === 'string' ? postings.length : encodedLength(postings.keys)) + 6;
}

/** Every term of the scope, scored. */
export function indexScope(pages: readonly SearchRecord[][]): TermTable {
  const termFields = new Map<string, TermFields>();
  const stats = pages.map((page, p) => indexPage(sectionTexts(page), p, termFields));
  const statistics = scopeStatistics(stats);
  const terms = [...termFields.keys()].sort();
  const sizes = new Uint32Array(terms.length);
  const fresh: Scored[] = [];
  const encoded: Uint8Array[] = [];
  for (let i = 0; i < terms.length; i++) {
    const fields = termFields.get(terms[i])!;
    const postings = scoredPostings(scoreFields(fields, stats, statistics));
    fresh.push(postings);
    sizes[i] = chunkSize(terms[i], postings);
    encoded.push(encodeFields(fields));
  }
  termFields.clear();
  return { stats, statistics, terms, sizes, fresh, previousIndex: new Int32Array(terms.length).fill(-1), ...joinBytes(encoded), counts: new Map() };
}

function joinBytes(parts: readonly Uint8Array[]): { offsets: Uint32Array; fields: Uint8Array } {
  const offsets = new Uint32Array(parts.length + 1);
  for (let i = 0; i < parts.length; i++) offsets[i + 1] = offsets[i] + parts[i].length;
  const fields = new Uint8Array(offsets[parts.length]);
  for (let i = 0; i < parts.length; i++) fields.set(parts[i], offsets[i]);
  return { offsets, fields };
}

/**
 * The last build's index with the `changed` pages taken out and put back: only the terms those pages held, before or
 * now, are scored again. Undefined when that cannot give what `indexScope` would (the scope's size or average field
 * lengths moved a step, so every score changes; or the previous output lacks a page it should hold).
 *
 * `previousLevels` gives a term's whole list as the last build wrote it (by its number there): a term whose sections
 * in the changed pages are the ones it had, only scoring other levels there, is that list with those levels replaced,
 * instead of every section scored again. `patchLevels` gives such a list when it was capped and the move leaves its
 * head as it was, from its tail files of the changed pages alone: for a common word, a few files instead of tens.
 */
export function updateScope(
  previous: ScopeState,
  pages: readonly SearchRecord[][],
  changed: ReadonlySet<number>,
  read: (rel: string) => string | undefined,
  folder: string,
  previousLevels?: (at: number) => LevelList | undefined,
  patchLevels?: (at: number, term: string, moved: LevelList) => PatchedList | undefined,
): TermTable | undefined {
  const touched = new Set<string>();
  const freshFields = new Map<string, TermFields>();
  const oldFields = new Map<string, TermFields>();
  const stats = previous.stats.slice();
  for (const p of [...changed].sort((a, b) => a - b)) {
    const before = previousSectionTexts(read, folder, p);
    if (!before) return undefined;
    indexPage(before, p, oldFields);
    stats[p] = indexPage(sectionTexts(pages[p]), p, freshFields);
  }
  const statistics = scopeStatistics(stats);
  if (!sameStatistics(statistics, previous.statistics)) return undefined;
  // A term's number in the last build's index (-1: new), found once; its fields there, decoded once when needed (a
  // common word's are tens of thousands of sections, and a moved one needs only their counts).
  const lastOf = new Map<string, { at: number; fields?: TermFields }>();
  const last = (term: string) => {
    let found = lastOf.get(term);
    if (!found) {
      found = { at: binarySearch(previous.terms, term) };
      lastOf.set(term, found);
    }
    return found;
  };
  const lastFields = (term: string): TermFields => {
    const found = last(term);
    return (found.fields ??= found.at < 0 ? [] : decodeFields(fieldsAt(previous, found.at)));
  };
  // A term in the same sections of the changed pages as before, as often, none of those sections of another length,
  // has the postings it had: most words of an edited page are in sections the edit did not touch. So does one whose
  // sections there changed length but score the same stored levels as before (its other sections' scores hold: as
  // many sections hold it, and the scope's statistics are the same). An edit that adds a line to a section re-scores
  // none of that section's words whose levels it leaves as they were; the others, only in that section (`moved`).
  const moved = new Map<string, LevelList>();
  for (const [term, fields] of freshFields) {
    const old = oldFields.get(term);
    if (!old || !sameFields(old, fields)) touched.add(term);
    else if (!sameSectionStats(fields, changed, previous.stats, stats)) {
      const levels = movedLevels(fieldCounts(fieldsAt(previous, last(term).at)), old, fields, previous.stats, stats, statistics);
      if (levels) {
        touched.add(term);
        moved.set(term, levels);
      }
    }
  }
  for (const term of oldFields.keys()) if (!freshFields.has(term)) touched.add(term);

  // Touched terms re-scored, in order; those no section holds any more are dropped.
  const rescored = new Map<string, { postings: Scored; fields: Uint8Array; size: number }>();
  const counts = new Map(previous.counts);
  for (const term of touched) {
    counts.delete(term);
    const levels = moved.get(term);
    const at = last(term).at;
    const capped = levels && patchLevels?.(at, term, levels);
    if (capped) {
      // The same sections as before, so the same fields and the same size in a chunk.
      rescored.set(term, { postings: capped, fields: fieldsAt(previous, at), size: previous.sizes[at] });
      continue;
    }
    const list = levels && previousLevels?.(at);
    const patched = list && withLevels(list, levels);
    if (patched) {
      // Its fields are the ones it had.
      const postings = scoredPostings(patched);
      rescored.set(term, { postings, fields: fieldsAt(previous, at), size: chunkSize(term, postings) });
      continue;
    }
    const fields = replacePages(lastFields(term), freshFields.get(term), changed);
    if (!fields) continue;
    const postings = scoredPostings(scoreFields(fields, stats, statistics));
    rescored.set(term, { postings, fields: encodeFields(fields), size: chunkSize(term, postings) });
  }
  const added = [...rescored.keys()].filter((term) => last(term).at < 0).sort();

  const terms: string[] = [];
  const sizes: number[] = [];
  const fresh: (Scored | undefined)[] = [];
  const previousIndex: number[] = [];
  const parts: Uint8Array[] = [];
  const push = (term: string, at: number) => {
    const mine = rescored.get(term);
    if (at >= 0 && !touched.has(term)) {
      terms.push(term);
      sizes.push(previous.sizes[at]);
      fresh.push(undefined);
      parts.push(fieldsAt(previous, at));
    } else if (mine) {
      terms.push(term);
      sizes.push(mine.size);
      fresh.push(mine.postings);
      parts.push(mine.fields);
    } else return;
    previousIndex.push(at);
  };
  let next = 0;
  for (let at = 0; at < previous.terms.length; at++) {
    const term = previous.terms[at];
    for (; next < added.length && added[next] < term; next++) push(added[next], -1);
    push(term, at);
  }
  for (; next < added.length; next++) push(added[next], -1);
  return { stats, statistics, terms, sizes: Uint32Array.from(sizes), fresh, previousIndex: Int32Array.from(previousIndex), ...joinBytes(parts), counts };
}

/**
 * The levels the term's sections in the changed pages score now, `before` and `after` the edit (the same sections, as
 * often), when they are not the ones they scored: under the last build's section stats and under this one's, with
 * the term's section count in each field (`dfs`, from its fields in the last build's index). Undefined: the same levels.
 */
function movedLevels(dfs: readonly number[], before: TermFields, after: TermFields, previousStats: readonly PageStats[], stats: readonly PageStats[], statistics: ScopeStatistics): LevelList | undefined {
  const was = scoreFields(before, previousStats, statistics, dfs);
  const now = scoreFields(after, stats, statistics, dfs);
  const same = was.levels.length === now.levels.length && was.levels.every((level, i) => level === now.levels[i] && was.keys[i] === now.keys[i]);
  return same ? undefined : now;
}

/**
 * `list` (a term's whole list, keys ascending) with the levels of `levels`' sections (some of its own, ascending)
 * replaced; undefined when one of them is not in it.
 */
function withLevels(list: LevelList, levels: LevelList): LevelList | undefined {
  const out = Uint16Array.from(list.levels);
  let at = 0;
  for (let i = 0; i < levels.keys.length; i++) {
    while (at < list.keys.length && list.keys[at] < levels.keys[i]) at++;
    if (list.keys[at] !== levels.keys[i]) return undefined;
    out[at] = levels.levels[i];
  }
  return { keys: list.keys, levels: out, ...(list.was ? { was: { capped: list.was.capped, moved: levels.keys } } : {}) };
}

/** The encoded fields of the state's term `at`. */
function fieldsAt(state: ScopeState, at: number): Uint8Array {
  return state.fields.subarray(state.offsets[at], state.offsets[at + 1]);
}

function sameFields(a: TermFields, b: TermFields): boolean {
  for (let f = 0; f < Math.max(a.length, b.length); f++) {
    const x = a[f] ?? [];
    const y = b[f] ?? [];
    if (x.length !== y.length || x.some((value, i) => value !== y[i])) return false;
  }
  return true;
}

/** Whether each of the term's sections in the `changed` pages has the stats it had. */
function sameSectionStats(fields: TermFields, changed: ReadonlySet<number>, before: readonly PageStats[], after: readonly PageStats[]): boolean {
  for (const list of fields) {
    for (let i = 0; list && i < list.length; i += 2) {
      const page = pageOfKey(list[i]);
      if (!changed.has(page)) continue;
      const at = localOfKey(list[i]) * STRIDE;
      for (let s = at; s < at + STRIDE; s++) if (before[page][s] !== after[page][s]) return false;
    }
  }
  return true;
}

/** Where `term` is in sorted `list` (sorted as `Array.prototype.sort` sorts strings), or -1. */
function binarySearch(list: readonly string[], term: string): number {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (list[mid] < term) low = mid + 1;
    else if (list[mid] > term) high = mid - 1;
    else return mid;
  }
  return -1;
}
