import { FIELD_BOOST, localOfKey, normalizeTerm, pageOfKey, scoreLevel, sectionKey, STOP_WORDS, tokenize } from '../search-engine/index.ts';

// The inverted index a scope's term chunks are made from: per term and field, the sections that hold it and how often.
// Sections are named by their key (page and place in the page), so one page's sections can be taken out and put back
// without renumbering any other's: that is what lets an edit re-score only the terms of the pages it changed.

const FIELDS = ['title', 'headings', 'text', 'tags'] as const;
const BOOSTS = FIELDS.map((f) => FIELD_BOOST[f]);
/** MiniSearch's BM25+ parameters and its boost of the top of a page (engine.ts boosted it by 1.15 too). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const TOP_OF_PAGE_BOOST = 1.15;

/** Per field, a term's sections and counts: `[key, tf, key, tf, …]`, keys ascending. */
export type TermFields = (number[] | undefined)[];

/** A section as the index reads it: its four fields' text, and whether it is the top of its page. */
export interface SectionText {
  values: readonly string[];
  top: boolean;
}

/**
 * Per page, its sections' lengths in distinct words in each field (as MiniSearch counts them), then 1 for the top of
 * the page or 0: `STRIDE` numbers per section.
 */
export type PageStats = number[];
export const STRIDE = FIELDS.length + 1;

/** Rounded to one of eight steps per doubling: site-wide statistics that most edits leave where they were. */
function steady(value: number): number {
  return value > 0 ? 2 ** (Math.round(Math.log2(value) * 8) / 8) : value;
}

/** Adds one page's sections to `terms` (pages must come in ascending order); returns the page's stats. */
export function indexPage(sections: readonly SectionText[], page: number, terms: Map<string, TermFields>): PageStats {
  const stats: PageStats = [];
  // One per page, cleared for each field: the index reads millions of words at 10,000 pages.
  const distinct = new Set<string>();
  for (let local = 0; local < sections.length; local++) {
    const key = sectionKey(page, local);
    const { values, top } = sections[local];
    for (let f = 0; f < FIELDS.length; f++) {
      distinct.clear();
      for (const token of tokenize(values[f])) {
        distinct.add(token);
        const term = normalizeTerm(token);
        if (term === '' || STOP_WORDS.has(term)) continue;
        let fields = terms.get(term);
        if (!fields) terms.set(term, (fields = []));
        const list = (fields[f] ??= []);
        // Sections come in key order: if the term is in this one already, it is the list's last.
        if (list.length > 0 && list[list.length - 2] === key) list[list.length - 1]++;
        else list.push(key, 1);
      }
      stats.push(distinct.size);
    }
    stats.push(top ? 1 : 0);
  }
  return stats;
}

/** The scope's size and its average field lengths, rounded with `steady`: the site-wide part of every score. */
export interface ScopeStatistics {
  n: number;
  averages: number[];
}

export function scopeStatistics(stats: readonly PageStats[]): ScopeStatistics {
  let sections = 0;
  const sums = FIELDS.map(() => 0);
  for (const page of stats) {
    for (let i = 0; i < page.length; i += STRIDE) {
      sections++;
      for (let f = 0; f < FIELDS.length; f++) sums[f] += page[i + f];
    }
  }
  return { n: steady(sections), averages: sums.map((sum) => steady(sum / Math.max(1, sections)) || 1) };
}

export function sameStatistics(a: ScopeStatistics, b: ScopeStatistics): boolean {
  return a.n === b.n && a.averages.every((average, f) => average === b.averages[f]);
}

/**
 * Each section's score for the term, as MiniSearch computes it (BM25+ per field, field boosts, top-of-page boost), as
 * its stored level (`scoreLevel`); keys ascending. The fields' lists are each in key order, so they are merged as they
 * are scored, each section's fields added in field order (as one running sum per section would add them). An edit
 * re-scores its words' whole lists, tens of thousands of sections for a common word at 10,000 pages: no map, no sort,
 * no object per section. `dfs`: each field's section count for the term, when `fields` holds only some of its sections.
 */
export function scoreFields(fields: TermFields, stats: readonly PageStats[], { n, averages }: ScopeStatistics, dfs?: readonly number[]): { keys: Float64Array; levels: Uint16Array } {
  const lists: number[][] = [];
  const idfs: number[] = [];
  const fieldOf: number[] = [];
  let most = 0;
  for (let f = 0; f < FIELDS.length; f++) {
    const list = fields[f];
    if (!list) continue;
    const df = dfs?.[f] ?? list.length / 2;
    lists.push(list);
    idfs.push(Math.log(1 + (n - df + 0.5) / (df + 0.5)));
    fieldOf.push(f);
    most += df;
  }
  const score = (l: number, i: number): number => {
    const f = fieldOf[l];
    const key = lists[l][i];
    const tf = lists[l][i + 1];
    const at = localOfKey(key) * STRIDE;
    const page = stats[pageOfKey(key)];
    const norm = 1 - BM25.b + (BM25.b * page[at + f]) / averages[f];
    const raw = idfs[l] * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * norm));
    return BOOSTS[f] * raw * (page[at + FIELDS.length] ? TOP_OF_PAGE_BOOST : 1);
  };
  const keys = new Float64Array(most);
  const levels = new Uint16Array(most);
  let count = 0;
  const at = lists.map(() => 0);
  for (;;) {
    let key = Infinity;
    for (let l = 0; l < lists.length; l++) if (at[l] < lists[l].length && lists[l][at[l]] < key) key = lists[l][at[l]];
    if (key === Infinity) return { keys: keys.subarray(0, count), levels: levels.subarray(0, count) };
    let sum = 0;
    for (let l = 0; l < lists.length; l++) {
      if (at[l] < lists[l].length && lists[l][at[l]] === key) {
        sum += score(l, at[l]);
        at[l] += 2;
      }
    }
    keys[count] = key;
    levels[count++] = scoreLevel(sum);
  }
}

/**
 * A term's fields without the sections of `pages`, with `fresh`'s (the same pages' new sections) merged in, keys
 * ascending. Undefined when no section holds the term any more.
 */
export function replacePages(old: TermFields, fresh: TermFields | undefined, pages: ReadonlySet<number>): TermFields | undefined {
  const out: TermFields = [];
  let any = false;
  for (let f = 0; f < FIELDS.length; f++) {
    const kept: number[] = [];
    const before = old[f] ?? [];
    const after = fresh?.[f] ?? [];
    let i = 0;
    let j = 0;
    while (i < before.length || j < after.length) {
      if (i < before.length && pages.has(pageOfKey(before[i]))) {
        i += 2;
      } else if (j < after.length && (i >= before.length || after[j] < before[i])) {
        kept.push(after[j], after[j + 1]);
        j += 2;
      } else {
        kept.push(before[i], before[i + 1]);
        i += 2;
      }
    }
    if (kept.length) {
      out[f] = kept;
      any = true;
    }
  }
  return any ? out : undefined;
}

/** Unsigned integers as LEB128 bytes, grown as needed: a term's fields, kept between builds. */
class ByteWriter {
  bytes = new Uint8Array(256);
  length = 0;

  push(value: number): void {
    if (this.length + 8 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    // Arithmetic, not bit operations: keys of pages past 32,767 do not fit 31 bits.
    while (value >= 128) {
      this.bytes[this.length++] = (value % 128) | 128;
      value = Math.floor(value / 128);
    }
    this.bytes[this.length++] = value;
  }
}

/** Per field: the count of entries, then each as page delta, place in the page and term frequency. */
export function encodeFields(fields: TermFields): Uint8Array {
  const out = new ByteWriter();
  for (let f = 0; f < FIELDS.length; f++) {
    const list = fields[f] ?? [];
    out.push(list.length / 2);
    let lastPage = 0;
    for (let i = 0; i < list.length; i += 2) {
      const page = pageOfKey(list[i]);
      out.push(page - lastPage);
      out.push(localOfKey(list[i]));
      out.push(list[i + 1]);
      lastPage = page;
    }
  }
  return out.bytes.slice(0, out.length);
}

/** Reads `encodeFields`' numbers in order: base 128, low digits first, the high bit on all but a number's last byte. */
function numberReader(bytes: Uint8Array): { at: number; next(): number } {
  const reader = {
    at: 0,
    next(): number {
      let value = 0;
      let scale = 1;
      for (;;) {
        const byte = bytes[reader.at++];
        value += (byte & 127) * scale;
        if (byte < 128) return value;
        scale *= 128;
      }
    },
  };
  return reader;
}

/** How many sections hold the term in each field, from `encodeFields`' bytes, without decoding the sections. */
export function fieldCounts(bytes: Uint8Array): number[] {
  const counts: number[] = [];
  const reader = numberReader(bytes);
  for (let f = 0; f < FIELDS.length; f++) {
    const count = reader.next();
    counts.push(count);
    // Each entry is three numbers: only their last bytes lack the high bit.
    for (let left = 3 * count; left > 0; reader.at++) if (bytes[reader.at] < 128) left--;
  }
  return counts;
}

export function decodeFields(bytes: Uint8Array): TermFields {
  const { next } = numberReader(bytes);
  const fields: TermFields = [];
  for (let f = 0; f < FIELDS.length; f++) {
    const count = next();
    if (count === 0) continue;
    const list: number[] = [];
    let page = 0;
    for (let e = 0; e < count; e++) {
      page += next();
      const local = next();
      list.push(sectionKey(page, local), next());
    }
    fields[f] = list;
  }
  return fields;
}
