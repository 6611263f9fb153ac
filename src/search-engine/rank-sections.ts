// The ranking of a query over the sharded index. Every section a term is in is known (whole lists, heads, and the
// sections of capped tails), so the count of results and AND/OR are exact. Scores come from whole lists and heads; a
// section in a capped tail whose scores are not read yet has a score between what is known and a bound (the tail's
// best score). A tail's scores are read only while a section of it could still reach the results shown, as in Fagin's
// threshold algorithm: the pages shown, their order and each one's best hit are those the whole lists give.

import { decodeNumbers, pageOfKey, type SearchEntry } from './shards.ts';
import type { SearchFilter, SearchPageType } from './results.ts';
import { SectionSet } from './section-set.ts';
import { prefixTerms } from './text.ts';
import { blockOf, readTail, readTerm, unread, type PendingTail, type ShardedScope, type TermPostings } from './term-postings.ts';

/** Hits per page when the request does not say. */
export const DEFAULT_HITS_PER_GROUP = 5;

const PAGE_TYPES: Record<string, SearchPageType> = { d: 'docs', b: 'blog', p: 'page' };
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
  /** The most its score can be: its score once every tail it is in is read. */
  bound: number;
  /** No tail it is in is left to read: its score is final. */
  settled: boolean;
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
  const tagged = filter?.tags?.length ? filter.tags.map((tag) => entry.tags[tag]).filter((pages) => pages !== undefined).map((pages) => new Set(decodeNumbers(pages))) : undefined;
  for (let page = 0; page < accepted.length; page++) {
    const type = PAGE_TYPES[entry.pageTypes[page]];
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

/** A section's score as far as it is known, its likely and its highest score. */
function score(query: ScopeQuery, section: number, every: boolean): Found {
  let known = 0;
  let likely = 0;
  let slack = 0;
  let matched = 0;
  let settled = true;
  for (const term of query.terms) {
    if (!every && !term.members.has(section)) continue;
    matched++;
    known += term.known.get(section) ?? 0;
    for (const pending of term.pending) {
      if (unread(pending, section)) {
        likely += pending.typical;
        slack += pending.bound;
        settled = false;
      }
    }
  }
  // MiniSearch: a section matching more of the query's terms ranks higher.
  const group = query.order * PAGE_SPAN + pageOfKey(section);
  return { scope: query.scope, section, group, match: { score: (known + likely) * matched, matched }, bound: (known + slack) * matched, settled, words: query.words };
}

/** Best first; ties keep the order of the site (scope, then section), as MiniSearch's stable sort kept it. */
function byScore(a: Found, b: Found): number {
  return b.match.score - a.match.score || a.group - b.group || a.section - b.section;
}

/** The sections some term's known scores name: a few thousand at most, where the best results are. */
function scoredSections(queries: readonly ScopeQuery[], every: boolean): Found[] {
  const found: Found[] = [];
  for (const query of queries) {
    const seen = new Set<number>();
    for (const term of query.terms) {
      for (const section of term.known.keys()) {
        if (seen.has(section) || !query.matching.has(section)) continue;
        seen.add(section);
        found.push(score(query, section, every));
      }
    }
  }
  return found;
}

/**
 * The tails to read before `shown` can be shown: those of every section that could score above the best hit of the
 * last page shown (or above nothing, when fewer pages are shown than asked for and more match).
 */
function tailsToRead(queries: readonly ScopeQuery[], found: readonly Found[], shown: readonly Found[], maxGroups: number, every: boolean): Map<PendingTail, Set<number>> {
  const pages = new Map<number, Found>();
  for (const f of shown) if (!pages.has(f.group)) pages.set(f.group, f);
  const lastBest = [...pages.values()].at(-1)?.match.score ?? 0;
  const matchingPages = queries.reduce((n, q) => n + q.pages, 0);
  const threshold = pages.size < maxGroups && matchingPages > pages.size ? 0 : lastBest;
  const needed = new Map<PendingTail, Set<number>>();
  const need = (pending: PendingTail, block: number) => {
    const blocks = needed.get(pending) ?? new Set();
    needed.set(pending, blocks.add(block));
  };
  const queryOf = new Map(queries.map((q) => [q.scope, q]));
  const scored = new Map<ScopeQuery, number>();
  for (const f of found) {
    const query = queryOf.get(f.scope)!;
    scored.set(query, (scored.get(query) ?? 0) + 1);
    if (f.settled || f.bound <= threshold) continue;
    for (const term of query.terms) for (const pending of term.pending) if (unread(pending, f.section)) need(pending, blockOf(pending, f.section));
  }
  // Sections no known score names (only in tails): each term gives them at most its tails' bounds. They are looked at
  // one by one only when all those bounds together reach the threshold.
  for (const query of queries) {
    if (query.size === (scored.get(query) ?? 0)) continue;
    const most = query.terms.length * query.terms.reduce((sum, term) => sum + term.pending.reduce((s, p) => s + p.bound, 0), 0);
    if (most <= threshold) continue;
    query.matching.forEach((section) => {
      if (query.terms.some((term) => term.known.has(section)) || score(query, section, every).bound <= threshold) return;
      for (const term of query.terms) for (const pending of term.pending) if (unread(pending, section)) need(pending, blockOf(pending, section));
    });
  }
  return needed;
}

/** The best hits, at most `maxHits` per page and `maxGroups` pages, in order of each page's best hit. */
export function bestPerPage(found: readonly Found[], maxGroups: number, maxHits: number): Found[] {
  const shown: Found[] = [];
  const perPage = new Map<number, number>();
  for (const f of found) {
    const count = perPage.get(f.group);
    if (count === undefined && perPage.size >= maxGroups) continue;
    if (count !== undefined && count >= maxHits) continue;
    perPage.set(f.group, (count ?? 0) + 1);
    shown.push(f);
  }
  return shown;
}

/**
 * What `bestPerPage` takes of `found` sorted, without sorting it all: the pages with the best hits first (each page's
 * best hit, the best `maxGroups` of them), then their hits.
 */
function shownOf(found: Found[], maxGroups: number, maxHits: number): Found[] {
  if (maxGroups === Infinity) return bestPerPage(found.sort(byScore), maxGroups, maxHits);
  const best = new Map<number, Found>();
  for (const f of found) {
    const other = best.get(f.group);
    if (!other || byScore(f, other) < 0) best.set(f.group, f);
  }
  // The best pages, kept in order as they are met: a query shows a few of thousands.
  const top: Found[] = [];
  for (const f of best.values()) {
    if (top.length === maxGroups && byScore(f, top[top.length - 1]) >= 0) continue;
    let at = top.length;
    while (at > 0 && byScore(f, top[at - 1]) < 0) at--;
    top.splice(at, 0, f);
    if (top.length > maxGroups) top.pop();
  }
  const pages = new Set(top.map((f) => f.group));
  return bestPerPage(found.filter((f) => pages.has(f.group)).sort(byScore), maxGroups, maxHits);
}

/** Every section matching the query in the scopes, counted, and ranked as far as `request` shows them. */
export async function rankSections(scopes: readonly ShardedScope[], terms: readonly string[], request: RankRequest = {}): Promise<Ranked> {
  if (terms.length === 0 || scopes.length === 0) return { found: [], total: 0 };
  const maxGroups = request.maxGroups ?? Infinity;
  const maxHits = request.maxHitsPerGroup ?? DEFAULT_HITS_PER_GROUP;
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
      query.matching = SectionSet.combine(query.terms.map((term) => term.members), every, query.accepted);
      query.size = query.matching.size();
      query.pages = query.matching.pageCount();
    }
    return queries.reduce((n, query) => n + query.size, 0);
  };
  let every = request.combineWith !== 'OR';
  let total = combine(every);
  if (total === 0 && terms.length > 1 && every) total = combine((every = false));
  for (;;) {
    const found = scoredSections(queries, every);
    const shown = shownOf(found, maxGroups, maxHits);
    const needed = tailsToRead(queries, found, shown, maxGroups, every);
    if (needed.size === 0) return { found: shownOf([...shown, ...unscoredOnPages(queries, shown, every)], maxGroups, maxHits), total };
    // The pages shown will most likely stay: their details are fetched while the tails are read.
    for (const f of shown) f.scope.details(pageOfKey(f.section)).catch(() => {});
    await Promise.all(
      queries.flatMap((query) =>
        query.terms.flatMap((term) => term.pending.flatMap((pending) => [...(needed.get(pending) ?? [])].map((block) => readTail(query.scope, term, pending, block)))),
      ),
    );
  }
}

/** The sections of the shown pages that no known score names (only in tails): they may fill a page's last hits. */
function unscoredOnPages(queries: readonly ScopeQuery[], shown: readonly Found[], every: boolean): Found[] {
  const extra: Found[] = [];
  for (const query of queries) {
    const pages = new Set(shown.filter((f) => f.scope === query.scope).map((f) => pageOfKey(f.section)));
    for (const page of pages) {
      for (const section of query.matching.keysOf(page)) {
        if (query.terms.every((term) => !term.known.has(section))) extra.push(score(query, section, every));
      }
    }
  }
  return extra;
}
