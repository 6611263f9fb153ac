// The ranking of a query over the sharded index. Every section a term is in is known (whole lists, heads, and the
// sections of capped tails), so the count of results and AND/OR are exact. Scores come from whole lists and heads; a
// section in a capped tail whose scores are not read yet has a score between what is known and a bound (the tail's
// best score). A tail's scores are read only while a section of it could still reach the results shown, as in Fagin's
// threshold algorithm: the pages shown, their order and each one's best hit are those the whole lists give.

import { decodeNumbers, PAGE_TYPE_OF_LETTER, pageOfKey, SECTION_SLOTS, type SearchEntry } from './shards.ts';
import { DEFAULT_MAX_HITS_PER_GROUP, type SearchFilter } from './results.ts';
import { SectionSet } from './section-set.ts';
import { prefixTerms } from './text.ts';
import { blockOf, blockPages, readTail, readTerm, unread, type PendingTail, type ShardedScope, type TermPostings } from './term-postings.ts';

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

/** A section's place in its page. */
function placeOf(section: number): number {
  return section % SECTION_SLOTS;
}

/** How many places of each page `Rows` finds a row for by position; later places (seldom any) go through a Map. */
const ROW_PLACES = 32;

/**
 * The sections a query scores, a row each, in parallel arrays: a query scores thousands of sections and shows a few,
 * made objects (Found) only then. A row is scored again when a tail read changes it. The work is in plain loops over
 * the rows: a first query runs before the browser has optimised any of it.
 */
class Rows {
  readonly query: number[] = [];
  readonly section: number[] = [];
  /** Its page in its scope, and its group (`Found.group`). */
  readonly page: number[] = [];
  readonly group: number[] = [];
  /** Its score; while a tail it is in is not read, a likely one (what is known plus the tails' mean scores). */
  readonly score: number[] = [];
  /** The least and the most its score can be. */
  readonly low: number[] = [];
  readonly bound: number[] = [];
  readonly matched: number[] = [];
  /** 1 when no tail it is in is left to read. */
  readonly settled: number[] = [];
  /** Per scope: how many sections have a row. */
  readonly counts: number[];
  /** Per scope: row + 1 of the section at page × ROW_PLACES + place (0: none), and of those further in their page. */
  private readonly slots: Int32Array[];
  private readonly far: Map<number, number>[];

  constructor(
    readonly queries: readonly ScopeQuery[],
    readonly every: boolean,
  ) {
    this.counts = queries.map(() => 0);
    this.slots = queries.map((query) => new Int32Array(query.accepted.length * ROW_PLACES));
    this.far = queries.map(() => new Map());
  }

  get length(): number {
    return this.section.length;
  }

  /** The row of a scope's section, or -1. */
  rowOf(query: ScopeQuery, section: number): number {
    const place = placeOf(section);
    if (place < ROW_PLACES) return this.slots[query.order][pageOfKey(section) * ROW_PLACES + place] - 1;
    return this.far[query.order].get(section) ?? -1;
  }

  has(query: ScopeQuery, section: number): boolean {
    return this.rowOf(query, section) >= 0;
  }

  /** Adds a row for a section (not scored). */
  private add(query: ScopeQuery, section: number): number {
    const row = this.section.length;
    const page = pageOfKey(section);
    const place = placeOf(section);
    if (place < ROW_PLACES) this.slots[query.order][page * ROW_PLACES + place] = row + 1;
    else this.far[query.order].set(section, row);
    this.counts[query.order]++;
    this.query.push(query.order);
    this.section.push(section);
    this.page.push(page);
    this.group.push(query.order * PAGE_SPAN + page);
    this.score.push(0);
    this.low.push(0);
    this.bound.push(0);
    this.matched.push(0);
    this.settled.push(0);
    return row;
  }

  /** Scores a section of a scope: its row is added, or scored again. */
  set(query: ScopeQuery, section: number): void {
    let row = this.rowOf(query, section);
    if (row < 0) row = this.add(query, section);
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
    this.finish(row, known, least, likely, slack, matched);
  }

  /**
   * Rows for the sections of a scope that some term's known scores name, scored as `set` would score each, a term and
   * then a tail at a time over all of them (the same sums, added in the same order).
   */
  setKnown(query: ScopeQuery): void {
    const first = this.length;
    const known: number[] = [];
    for (const term of query.terms) {
      for (const [section, score] of term.known) {
        if (!query.matching.has(section)) continue;
        let row = this.rowOf(query, section);
        if (row < 0) {
          row = this.add(query, section);
          known.push(0);
        }
        known[row - first] += score;
      }
    }
    const count = this.length - first;
    const least = new Float64Array(count);
    const likely = new Float64Array(count);
    const slack = new Float64Array(count);
    const matched = new Int32Array(count).fill(this.every ? query.terms.length : 0);
    for (const term of query.terms) {
      if (!this.every) for (let i = 0; i < count; i++) if (term.members.has(this.section[first + i])) matched[i]++;
      for (const pending of term.pending) {
        const { sections, read, pagesPerBlock } = pending;
        for (let i = 0; i < count; i++) {
          const section = this.section[first + i];
          if (!sections.has(section) || read[Math.floor(this.page[first + i] / pagesPerBlock)]) continue;
          least[i] += pending.least;
          likely[i] += pending.typical;
          slack[i] += pending.bound;
        }
      }
    }
    for (let i = 0; i < count; i++) this.finish(first + i, known[i], least[i], likely[i], slack[i], matched[i]);
  }

  private finish(row: number, known: number, least: number, likely: number, slack: number, matched: number): void {
    // MiniSearch: a section matching more of the query's terms ranks higher.
    this.score[row] = (known + likely) * matched;
    this.low[row] = (known + least) * matched;
    this.bound[row] = (known + slack) * matched;
    this.matched[row] = matched;
    this.settled[row] = slack === 0 ? 1 : 0;
  }

  /** Best first; ties keep the order of the site (scope, then section), as MiniSearch's stable sort kept it. */
  readonly compare = (a: number, b: number): number => this.score[b] - this.score[a] || this.group[a] - this.group[b] || this.section[a] - this.section[b];

  /** Per scope, one number per page, zero. */
  perPage<T extends Int32Array | Uint8Array>(make: new (length: number) => T): T[] {
    return this.queries.map((query) => new make(query.accepted.length));
  }

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
  const { query, page, score, section } = rows;
  // Each page's best row (row + 1, by scope and page). Rows of a page are of one group: the score, then the section.
  const best = rows.perPage(Int32Array);
  for (let row = 0; row < rows.length; row++) {
    const pages = best[query[row]];
    const other = pages[page[row]] - 1;
    if (other < 0 || score[row] > score[other] || (score[row] === score[other] && section[row] < section[other])) pages[page[row]] = row + 1;
  }
  // The best pages, kept in order as they are met: a query shows a few of thousands.
  const top: number[] = [];
  for (let row = 0; row < rows.length; row++) {
    if (best[query[row]][page[row]] !== row + 1 || (top.length === maxGroups && rows.compare(row, top[top.length - 1]) >= 0)) continue;
    let at = top.length;
    while (at > 0 && rows.compare(row, top[at - 1]) < 0) at--;
    top.splice(at, 0, row);
    if (top.length > maxGroups) top.pop();
  }
  const shown = rows.perPage(Uint8Array);
  for (const row of top) shown[query[row]][page[row]] = 1;
  const rowsOf: number[] = [];
  for (let row = 0; row < rows.length; row++) if (shown[query[row]][page[row]]) rowsOf.push(row);
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
  // The shown pages in order (1 + their index, by scope and page), with every row of each (a page's best hit may be any of them).
  const { query, page, low, bound, settled } = rows;
  const indexOf = rows.perPage(Int32Array);
  const pages: number[][] = [];
  for (const row of shown) {
    if (indexOf[query[row]][page[row]] === 0) indexOf[query[row]][page[row]] = pages.push([]);
  }
  for (let row = 0; row < rows.length; row++) {
    const index = indexOf[query[row]][page[row]];
    if (index) pages[index - 1].push(row);
  }
  const best = (of: number[]) => of.reduce((a, b) => (rows.compare(a, b) <= 0 ? a : b));
  const lowOf = (of: number[]) => of.reduce((most, row) => Math.max(most, low[row]), -Infinity);
  for (let i = 0; i < pages.length; i++) {
    // The next page, and below the last one every page not shown: none may reach this page's best.
    const floor = lowOf(pages[i]);
    let crossing = false;
    const cross = (row: number) => {
      if (bound[row] <= floor) return;
      crossing = true;
      if (!settled[row]) toRead.add(row);
    };
    if (i + 1 < pages.length) pages[i + 1].forEach(cross);
    else if (pages.length === maxGroups) for (let row = 0; row < rows.length; row++) if (!indexOf[query[row]][page[row]]) cross(row);
    if (!crossing) continue;
    const top = best(pages[i]);
    if (!settled[top]) toRead.add(top);
  }
  const matchingPages = rows.queries.reduce((n, q) => n + q.pages, 0);
  const everything = pages.length < maxGroups && matchingPages > pages.length;
  if (everything) for (let row = 0; row < rows.length; row++) if (!settled[row]) toRead.add(row);
  const threshold = everything || pages.length === 0 ? 0 : lowOf(pages[pages.length - 1]);

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
  for (const row of toRead) need(rows.queries[query[row]], rows.section[row]);
  // Sections no known score names (only in tails; every section some known score names has a row): each term gives
  // them at most its tails' bounds. They are looked at one by one only when all those bounds together reach the
  // threshold.
  for (const query of rows.queries) {
    if (query.size === rows.counts[query.order]) continue;
    const most = query.terms.length * query.terms.reduce((sum, term) => sum + term.pending.reduce((s, p) => s + p.bound, 0), 0);
    if (most <= threshold) continue;
    query.matching.forEach((section) => {
      if (rows.has(query, section)) return;
      let most = 0;
      let matched = 0;
      for (const term of query.terms) {
        if (!rows.every && !term.members.has(section)) continue;
        matched++;
        for (const pending of term.pending) if (unread(pending, section)) most += pending.bound;
      }
      if (most * matched > threshold) need(query, section);
    });
  }
  return [...needed.values()].flat();
}

/** What a ranking shows as far as it has read, and the tails it must read before showing it. */
interface Plan {
  shown: number[];
  reads: TailRead[];
}

/** A query's ranking under way: its terms read and combined, its rows scored. */
class Ranking {
  private next: Plan | undefined;
  /**
   * Its terms' capped tails, each with the ranges whose scores its rows have taken in: a range read since (by it, or
   * by another query over the same terms, at the same time or after it was prepared) changes what they know.
   */
  private readonly tails: { query: ScopeQuery; pending: PendingTail; seen: Uint8Array }[];

  constructor(
    readonly queries: readonly ScopeQuery[],
    readonly rows: Rows,
    readonly total: number,
    private readonly maxGroups: number,
    private readonly maxHits: number,
  ) {
    this.tails = queries.flatMap((query) => query.terms.flatMap((term) => term.pending.map((pending) => ({ query, pending, seen: pending.read.slice() }))));
  }

  /** Scores again the sections of the tail ranges read since it last looked (a row for each that matches); whether any. */
  private takeInReads(): boolean {
    let changed = false;
    for (const { query, pending, seen } of this.tails) {
      for (let block = 0; block < seen.length; block++) {
        if (seen[block] || !pending.read[block]) continue;
        seen[block] = 1;
        changed = true;
        for (const section of pending.sections.keysIn(...blockPages(pending, block))) if (query.matching.has(section)) this.rows.set(query, section);
      }
    }
    return changed;
  }

  /** Works out what it will show and the tails it must read for that, now (see `settle`). */
  plan(): Plan {
    const { rows, queries, maxGroups, maxHits } = this;
    this.takeInReads();
    // The shown pages' sections that only tails name may be among their hits.
    let shown = shownRows(rows, maxGroups, maxHits);
    const before = rows.length;
    for (const row of shown) {
      const query = queries[rows.query[row]];
      for (const section of query.matching.keysOf(rows.page[row])) if (!rows.has(query, section)) rows.set(query, section);
    }
    if (rows.length > before) shown = shownRows(rows, maxGroups, maxHits);
    this.next = { shown, reads: tailsToRead(rows, shown, maxGroups) };
    return this.next;
  }

  /**
   * Reads the tails it must, and ranks again, until what it shows is certain. With `details`, the pages shown are
   * fetched while the tails are read (they will most likely stay).
   */
  async settle(details: boolean): Promise<Plan> {
    // The plan made ahead holds unless tails were read since.
    let plan = this.next && !this.takeInReads() ? this.next : this.plan();
    while (plan.reads.length > 0) {
      const changed = Promise.all(plan.reads.map(({ query, term, pending, block }) => readTail(query.scope, term, pending, block)));
      if (details) this.fetchDetails(plan.shown);
      await changed;
      plan = this.plan();
    }
    return plan;
  }

  /** Starts fetching the details of the pages these rows are in (the scope keeps them for the query that shows them). */
  fetchDetails(shown: readonly number[]): void {
    const { rows, queries } = this;
    for (const row of shown) queries[rows.query[row]].scope.details(rows.page[row]).catch(() => {});
  }

  /** The sections it shows, certain. */
  async finish(): Promise<Ranked> {
    const { shown } = await this.settle(true);
    return { found: shown.map((row) => this.rows.found(row)), total: this.total };
  }
}

/** Reads the terms in the scopes, combines them and scores the rows. */
async function startRanking(scopes: readonly ShardedScope[], terms: readonly string[], request: RankRequest): Promise<Ranking> {
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
  for (const query of queries) rows.setKnown(query);
  return new Ranking(queries, rows, total, request.maxGroups ?? Infinity, request.maxHitsPerGroup ?? DEFAULT_MAX_HITS_PER_GROUP);
}

/** The ranking made ahead for a query (`prepareRanking`), by its first scope: one at a time, the last query typed. */
const prepared = new WeakMap<ShardedScope, { scopes: readonly ShardedScope[]; key: string; ranking: Promise<Ranking> }>();

const preparedKey = (terms: readonly string[], request: RankRequest) =>
  JSON.stringify([terms, request.filter, request.activeVersion, request.maxGroups, request.maxHitsPerGroup, request.combineWith]);

/**
 * Ranks a query ahead, as it is typed (its terms read or being read): what it will show, certain, with the tail scores
 * that takes (small files). Once that is certain, and unless a newer query has been typed meanwhile, the details of
 * the pages it shows are fetched too: the modal waits for typing to pause before it asks, and the details, one small
 * file per page, then arrive within that wait instead of after it. `rankSections` takes it up.
 */
export function prepareRanking(scopes: readonly ShardedScope[], terms: readonly string[], request: RankRequest = {}): void {
  if (terms.length === 0 || scopes.length === 0) return;
  const ranking: Promise<Ranking> = startRanking(scopes, terms, request).then(async (made) => {
    const { shown } = await made.settle(false);
    if (prepared.get(scopes[0])?.ranking === ranking) made.fetchDetails(shown);
    return made;
  });
  ranking.catch(() => {});
  prepared.set(scopes[0], { scopes, key: preparedKey(terms, request), ranking });
}

/** The ranking prepared for this query, if it is (taken: a ranking is used once). */
async function takePrepared(scopes: readonly ShardedScope[], terms: readonly string[], request: RankRequest): Promise<Ranking | undefined> {
  const ahead = prepared.get(scopes[0]);
  if (!ahead || ahead.key !== preparedKey(terms, request) || ahead.scopes.length !== scopes.length || ahead.scopes.some((scope, i) => scope !== scopes[i])) return undefined;
  prepared.delete(scopes[0]);
  return ahead.ranking.catch(() => undefined);
}

/** Every section matching the query in the scopes, counted, and ranked as far as `request` shows them. */
export async function rankSections(scopes: readonly ShardedScope[], terms: readonly string[], request: RankRequest = {}): Promise<Ranked> {
  if (terms.length === 0 || scopes.length === 0) return { found: [], total: 0 };
  const ranking = (await takePrepared(scopes, terms, request)) ?? (await startRanking(scopes, terms, request));
  return ranking.finish();
}
