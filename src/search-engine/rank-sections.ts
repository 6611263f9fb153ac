// The ranking of a query over the sharded index. Every section a term is in is known (whole lists, heads, and the
// sections of capped tails), so the count of results and AND/OR are exact. Scores come from whole lists and heads; a
// section in a capped tail whose scores are not read yet has a score between what is known and a bound (the tail's
// best score). A tail's scores are read only while a section of it could still reach the results shown, as in Fagin's
// threshold algorithm: the pages shown, their order and each one's best hit are those the whole lists give.

import { decodeNumbers, PAGE_TYPE_OF_LETTER, pageOfKey, type SearchEntry } from './shards.ts';
import { DEFAULT_MAX_HITS_PER_GROUP, type SearchFilter } from './results.ts';
import { SectionSet } from './section-set.ts';
import { prefixTerms } from './text.ts';
import { blockOf, readTail, readTerm, unread, type PendingTail, type ShardedScope, type TermPostings } from './term-postings.ts';

/** More than any scope's pages. */
const PAGE_SPAN = 2 ** 24;

export interface Match {
  score: number;
  /** How many of the query's terms matched (MiniSearch multiplies the score by it). */
  matched: number;
}

export interface Found {
  scope: ShardedScope;
  section: number;
  /** Its page, numbered across the scopes (scope order × PAGE_SPAN + page): ties go by it, hits are grouped by it. */
  group: number;
  /** Its score; while a tail it is in is not read, a likely one (what is known plus the tails' mean scores). */
  match: Match;
  /** The query's terms and the words they matched in the scope (less those that start with another): what a hit highlights. */
  words: readonly string[];
}

export interface RankRequest {
  filter?: SearchFilter;
  /** Name of the older docs version the reader is in: its scope answers for docs, the main one for the rest. */
  activeVersion?: string;
  /** How many pages, and hits per page, will be shown: what the ranking must get right. */
  maxGroups?: number;
  maxHitsPerGroup?: number;
  /** 'AND' (the default) falls back to 'OR' when no section has every term. */
  combineWith?: 'AND' | 'OR';
}

export interface Ranked {
  /** The sections to show, best first: at most `maxHitsPerGroup` of each of the best `maxGroups` pages. */
  found: Found[];
  /** How many sections match the query. */
  total: number;
}

/** One byte per page of the scope: 1 for the pages the filter lets through. */
function acceptedPages(entry: SearchEntry, filter: SearchFilter | undefined, excludeDocs: boolean): Uint8Array {
  const accepted = new Uint8Array(entry.pageTypes.length);
  if (!excludeDocs && !filter?.type && !filter?.tags?.length) return accepted.fill(1);
  const tagged = filter?.tags?.length ? filter.tags.map((tag) => entry.tags[tag]).filter((pages) => pages !== undefined).map((pages) => new Set(decodeNumbers(pages))) : undefined;
  for (let page = 0; page < accepted.length; page++) {
    const type = PAGE_TYPE_OF_LETTER[entry.pageTypes[page]];
    if (excludeDocs && type === 'docs') continue;
    if (filter?.type && type !== filter.type) continue;
    if (tagged && !tagged.some((pages) => pages.has(page))) continue;
    accepted[page] = 1;
  }
  return accepted;
}

interface ScopeQuery {
  scope: ShardedScope;
  order: number;
  terms: TermPostings[];
  accepted: Uint8Array;
  words: string[];
  /** The sections matching the query (after the filter), how many, and on how many pages. */
  matching: SectionSet;
  size: number;
  pages: number;
}

/**
 * The sections a query scores, a row each, in parallel arrays: a query scores thousands of sections and shows a few,
 * made objects (Found) only then. A row is scored again when a tail read changes it.
 */
class Rows {
  readonly query: number[] = [];
  readonly section: number[] = [];
  readonly group: number[] = [];
  /** Its score; while a tail it is in is not read, a likely one (what is known plus the tails' mean scores). */
  readonly score: number[] = [];
  /** The least and the most its score can be. */
  readonly low: number[] = [];
  readonly bound: number[] = [];
  readonly matched: number[] = [];
  /** 1 when no tail it is in is left to read. */
  readonly settled: number[] = [];
  /** Per scope: the sections that have a row, and how many; section → row, made when a row is first scored again. */
  readonly seen: SectionSet[];
  readonly counts: number[];
  private readonly at: (Map<number, number> | undefined)[];

  constructor(
    readonly queries: readonly ScopeQuery[],
    readonly every: boolean,
  ) {
    this.seen = queries.map((query) => new SectionSet(query.accepted.length));
    this.counts = queries.map(() => 0);
    this.at = queries.map(() => undefined);
  }

  get length(): number {
    return this.section.length;
  }

  has(query: ScopeQuery, section: number): boolean {
    return this.seen[query.order].has(section);
  }

  /** Scores a section of a scope: its row is added, or scored again. */
  set(query: ScopeQuery, section: number): void {
    let row: number | undefined;
    if (this.seen[query.order].has(section)) {
      let at = this.at[query.order];
      if (!at) {
        at = new Map();
        for (let r = 0; r < this.section.length; r++) if (this.query[r] === query.order) at.set(this.section[r], r);
        this.at[query.order] = at;
      }
      row = at.get(section)!;
    } else {
      row = this.section.length;
      this.seen[query.order].add(section);
      this.counts[query.order]++;
      this.at[query.order]?.set(section, row);
      this.query.push(query.order);
      this.section.push(section);
      this.group.push(query.order * PAGE_SPAN + pageOfKey(section));
    }
    let known = 0;
    let least = 0;
    let likely = 0;
    let slack = 0;
    let matched = 0;
    for (const term of query.terms) {
      if (!this.every && !term.members.has(section)) continue;
      matched++;
      known += term.known.get(section) ?? 0;
      for (const pending of term.pending) {
        if (unread(pending, section)) {
          least += pending.least;
          likely += pending.typical;
          slack += pending.bound;
        }
      }
    }
    // MiniSearch: a section matching more of the query's terms ranks higher.
    this.score[row] = (known + likely) * matched;
    this.low[row] = (known + least) * matched;
    this.bound[row] = (known + slack) * matched;
    this.matched[row] = matched;
    this.settled[row] = slack === 0 ? 1 : 0;
  }

  /** Best first; ties keep the order of the site (scope, then section), as MiniSearch's stable sort kept it. */
  readonly compare = (a: number, b: number): number => this.score[b] - this.score[a] || this.group[a] - this.group[b] || this.section[a] - this.section[b];

  found(row: number): Found {
    const query = this.queries[this.query[row]];
    return {
      scope: query.scope,
      section: this.section[row],
      group: this.group[row],
      match: { score: this.score[row], matched: this.matched[row] },
      words: query.words,
    };
  }
}

/** Scores the sections some term's known scores name (a few thousand at most, where the best results are). */
function scoreKnown(rows: Rows): void {
  for (const query of rows.queries) {
    for (const term of query.terms) {
      for (const section of term.known.keys()) if (query.matching.has(section) && !rows.has(query, section)) rows.set(query, section);
    }
  }
}

/**
 * The rows shown: at most `maxHits` of each of the best `maxGroups` pages (pages in order of their best hits), in
 * order of score. Without sorting every row: the best `maxGroups` pages first, then their rows.
 */
function shownRows(rows: Rows, maxGroups: number, maxHits: number): number[] {
  if (maxGroups === Infinity) {
    const all: number[] = [];
    for (let row = 0; row < rows.length; row++) all.push(row);
    return bestRows(rows, all.sort(rows.compare), maxGroups, maxHits);
  }
  // Each page's best row (row + 1, by scope and page).
  const best = rows.queries.map((query) => new Int32Array(query.accepted.length));
  for (let row = 0; row < rows.length; row++) {
    const page = best[rows.query[row]];
    const at = rows.group[row] % PAGE_SPAN;
    if (page[at] === 0 || rows.compare(row, page[at] - 1) < 0) page[at] = row + 1;
  }
  // The best pages, kept in order as they are met: a query shows a few of thousands.
  const top: number[] = [];
  for (const pages of best) {
    for (let page = 0; page < pages.length; page++) {
      const row = pages[page] - 1;
      if (row < 0 || (top.length === maxGroups && rows.compare(row, top[top.length - 1]) >= 0)) continue;
      let at = top.length;
      while (at > 0 && rows.compare(row, top[at - 1]) < 0) at--;
      top.splice(at, 0, row);
      if (top.length > maxGroups) top.pop();
    }
  }
  const groups = new Set(top.map((row) => rows.group[row]));
  const rowsOf: number[] = [];
  for (let row = 0; row < rows.length; row++) if (groups.has(rows.group[row])) rowsOf.push(row);
  return bestRows(rows, rowsOf.sort(rows.compare), maxGroups, maxHits);
}

/** The rows a sorted list shows: at most `maxHits` a page, of the first `maxGroups` pages. */
function bestRows(rows: Rows, sorted: readonly number[], maxGroups: number, maxHits: number): number[] {
  const shown: number[] = [];
  const perPage = new Map<number, number>();
  for (const row of sorted) {
    const count = perPage.get(rows.group[row]);
    if (count === undefined && perPage.size >= maxGroups) continue;
    if (count !== undefined && count >= maxHits) continue;
    perPage.set(rows.group[row], (count ?? 0) + 1);
    shown.push(row);
  }
  return shown;
}

/** A tail's range of scores to read, for a scope's term. */
interface TailRead {
  query: ScopeQuery;
  term: TermPostings;
  pending: PendingTail;
  block: number;
}

/**
 * The tails to read before the `shown` rows can be shown as they are: those of the sections that could change the
 * pages shown or their order (by each page's best hit). A section's score is known to lie between its low and its
 * bound; the pages are certain once no bound crosses the low of a page shown above it. A page's other hits are in
 * the order of their scores as far as they are known. (When fewer pages are shown than asked for and more match,
 * every tail is read.)
 */
function tailsToRead(rows: Rows, shown: readonly number[], maxGroups: number): TailRead[] {
  const toRead = new Set<number>();
  // The shown pages in order, with every row of each (a page's best hit may be any of them).
  const pages: number[] = [];
  for (const row of shown) if (!pages.includes(rows.group[row])) pages.push(rows.group[row]);
  const all = new Map<number, number[]>(pages.map((group) => [group, []]));
  const others: number[] = [];
  for (let row = 0; row < rows.length; row++) (all.get(rows.group[row]) ?? others).push(row);
  const best = (group: number) => all.get(group)!.reduce((a, b) => (rows.compare(a, b) <= 0 ? a : b));
  const low = (group: number) => Math.max(...all.get(group)!.map((row) => rows.low[row]));
  for (let i = 0; i < pages.length; i++) {
    // The next page, and below the last one every page not shown: none may reach this page's best.
    const below = i + 1 < pages.length ? all.get(pages[i + 1])! : pages.length === maxGroups ? others : [];
    const floor = low(pages[i]);
    const crossing = below.filter((row) => rows.bound[row] > floor);
    if (crossing.length === 0) continue;
    for (const row of [...crossing, best(pages[i])]) if (!rows.settled[row]) toRead.add(row);
  }
  const matchingPages = rows.queries.reduce((n, q) => n + q.pages, 0);
  const everything = pages.length < maxGroups && matchingPages > pages.length;
  if (everything) for (let row = 0; row < rows.length; row++) if (!rows.settled[row]) toRead.add(row);
  const threshold = everything || pages.length === 0 ? 0 : low(pages[pages.length - 1]);

  const needed = new Map<PendingTail, TailRead[]>();
  const need = (query: ScopeQuery, section: number) => {
    for (const term of query.terms) {
      for (const pending of term.pending) {
        if (!unread(pending, section)) continue;
        const reads = needed.get(pending) ?? [];
        const block = blockOf(pending, section);
        if (!reads.some((r) => r.block === block)) reads.push({ query, term, pending, block });
        needed.set(pending, reads);
      }
    }
  };
  for (const row of toRead) need(rows.queries[rows.query[row]], rows.section[row]);
  // Sections no known score names (only in tails): each term gives them at most its tails' bounds. They are looked at
  // one by one only when all those bounds together reach the threshold.
  for (const query of rows.queries) {
    if (query.size === rows.counts[query.order]) continue;
    const most = query.terms.length * query.terms.reduce((sum, term) => sum + term.pending.reduce((s, p) => s + p.bound, 0), 0);
    if (most <= threshold) continue;
    query.matching.forEach((section) => {
      if (rows.has(query, section) || query.terms.some((term) => term.known.has(section))) return;
      let bound = 0;
      let matched = 0;
      for (const term of query.terms) {
        if (!rows.every && !term.members.has(section)) continue;
        matched++;
        for (const pending of term.pending) if (unread(pending, section)) bound += pending.bound;
      }
      if (bound * matched > threshold) need(query, section);
    });
  }
  return [...needed.values()].flat();
}

/** Every section matching the query in the scopes, counted, and ranked as far as `request` shows them. */
export async function rankSections(scopes: readonly ShardedScope[], terms: readonly string[], request: RankRequest = {}): Promise<Ranked> {
  if (terms.length === 0 || scopes.length === 0) return { found: [], total: 0 };
  const maxGroups = request.maxGroups ?? Infinity;
  const maxHits = request.maxHitsPerGroup ?? DEFAULT_MAX_HITS_PER_GROUP;
  const versionShown = request.activeVersion !== undefined && scopes.some((s) => s.entry.scope === request.activeVersion);
  const queries: ScopeQuery[] = await Promise.all(
    scopes.map(async (scope, order) => {
      const read = await Promise.all(terms.map((term) => readTerm(scope, term)));
      const accepted = acceptedPages(scope.entry, request.filter, scope.entry.scope === 'main' && versionShown);
      const words = prefixTerms(read.flatMap((term) => [...term.words]));
      return { scope, order, terms: read, accepted, words, matching: new SectionSet(0), size: 0, pages: 0 };
    }),
  );
  const combine = (every: boolean) => {
    for (const query of queries) {
      const { set, size, pages } = SectionSet.combine(
        query.terms.map((term) => term.members),
        every,
        query.accepted,
      );
      Object.assign(query, { matching: set, size, pages });
    }
    return queries.reduce((n, query) => n + query.size, 0);
  };
  let every = request.combineWith !== 'OR';
  let total = combine(every);
  if (total === 0 && terms.length > 1 && every) total = combine((every = false));
  const rows = new Rows(queries, every);
  scoreKnown(rows);
  for (;;) {
    // The shown pages' sections that only tails name may be among their hits.
    for (const row of shownRows(rows, maxGroups, maxHits)) {
      const query = queries[rows.query[row]];
      for (const section of query.matching.keysOf(pageOfKey(rows.section[row]))) if (!rows.has(query, section)) rows.set(query, section);
    }
    const shown = shownRows(rows, maxGroups, maxHits);
    const reads = tailsToRead(rows, shown, maxGroups);
    if (reads.length === 0) return { found: shown.map((row) => rows.found(row)), total };
    const changed = Promise.all(reads.map(({ query, term, pending, block }) => readTail(query.scope, term, pending, block)));
    // The pages shown will most likely stay: their details are fetched while the tails are read.
    for (const row of shown) queries[rows.query[row]].scope.details(pageOfKey(rows.section[row])).catch(() => {});
    const sections = await changed;
    reads.forEach(({ query }, i) => {
      for (const section of sections[i]) if (query.matching.has(section)) rows.set(query, section);
    });
  }
}
