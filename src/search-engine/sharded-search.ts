// Queries over the sharded index (shards.ts): fetches the chunks the query's terms fall in, adds up the postings'
// scores with MiniSearch's prefix and typo weights, and fetches the details of the pages it shows. Pure: how files
// are fetched is the caller's (the browser fetches them, the bench and the tests read them from disk).

import { fuzziness, queryTerms } from './terms.ts';
import { groupByPage, type FlatHit, type SearchFilter, type SearchOutcome, type SearchPageType } from './results.ts';
import { chunksFor, decodeNumbers, decodePostings, localOfKey, pageOfKey, type PageDetails, type PageText, type SearchEntry, type TermChunk, type TermDirectory } from './shards.ts';
import { excerpt, highlight } from './text.ts';

/** Terms shorter than this look for the words they start in their own chunk only (see `chunksOf`). */
export const SHORT_PREFIX = 3;
/** At most this many chunks between a term and its stem are fetched for typo matches (see `chunksOf`). */
const MAX_TYPO_RUNS = 4;

/** MiniSearch's weights for a word that only starts with the query term, or is a typo away from it. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

const PAGE_TYPES: Record<string, SearchPageType> = { d: 'docs', b: 'blog', p: 'page' };

/** A scope's entry with what fetches its files; each file should be fetched at most once. */
export interface ShardedScope {
  entry: SearchEntry;
  /** A directory or chunk, by its name in the entry's `assets` folder. */
  file(name: string): Promise<TermDirectory | TermChunk>;
  details(page: number): Promise<PageDetails>;
  text(page: number): Promise<PageText>;
}

/**
 * The chunks that can hold `term`, the words it starts, and its likely typo matches: those that differ from it only
 * in its last letters (as many as its typo allowance). They sort near it: from where its stem (the term without
 * those letters) sorts to just after the term ("typed" finds "type", "verificaton" finds "verification", "webhok"
 * finds "webhook"). A typo in the first letters is not looked for: its matches could sort anywhere, and finding them
 * would mean fetching every chunk. A term shorter than SHORT_PREFIX (a query being typed) finds the words it starts in
 * its own chunk only: all words starting with "d" are a tenth of the index.
 */
async function chunksOf(scope: ShardedScope, term: string): Promise<TermChunk[]> {
  const distance = fuzziness(term) || 0;
  const stem = term.slice(0, term.length - distance);
  const pick = <T extends readonly [string, unknown]>(runs: readonly T[]): T[] => {
    const own = chunksFor(runs, term);
    const picked = new Set(term.length < SHORT_PREFIX ? own.slice(0, 1) : own);
    if (distance > 0) {
      const from = chunksFor(runs, stem)[0];
      // Between the stem and the term. A long way is the stem's own family, too costly to fetch whole: its start is
      // kept, where the stem's shortest words are ("verification" for "verificaton", before "verificationAnchor"…).
      const to = own[0] - from <= MAX_TYPO_RUNS ? own[0] : Math.min(own[0], from + 2);
      for (let i = from; i < to; i++) picked.add(i);
      for (let next = Math.max(...picked) + 1; next < runs.length && runs[next][0].startsWith(stem); next++) picked.add(next);
    }
    return [...picked].sort((a, b) => a - b).map((i) => runs[i]);
  };
  const directories = await Promise.all(pick(scope.entry.directories).map(([, name]) => scope.file(name) as Promise<TermDirectory>));
  return Promise.all(pick(directories.flatMap((d) => d.chunks)).map(([, name]) => scope.file(name) as Promise<TermChunk>));
}

const tagTables = new WeakMap<SearchEntry, Map<string, Set<number>>>();

function tagsOf(entry: SearchEntry): Map<string, Set<number>> {
  let tags = tagTables.get(entry);
  if (!tags) {
    tags = new Map(Object.entries(entry.tags).map(([tag, pages]) => [tag, new Set(decodeNumbers(pages))]));
    tagTables.set(entry, tags);
  }
  return tags;
}

export interface Match {
  score: number;
  /** How many of the query's terms matched (MiniSearch multiplies the score by it). */
  matched: number;
}

/** One query term's matches: each section's score, and the indexed words it matched (for highlighting). */
export interface TermMatches {
  scores: Map<number, number>;
  words: Set<string>;
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

/** Every section matching one query term (exactly, as a prefix, or within its typo allowance), with its score. */
export async function termMatches(scope: ShardedScope, term: string): Promise<TermMatches> {
  const scores = new Map<number, number>();
  const words = new Set([term]);
  const maxDistance = fuzziness(term) || 0;
  for (const chunk of await chunksOf(scope, term)) {
    for (const word in chunk.terms) {
      let weight: number;
      if (word === term) weight = 1;
      else if (word.startsWith(term)) weight = (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (word.length - term.length));
      else if (maxDistance > 0) {
        const distance = editDistance(term, word, maxDistance);
        if (distance === Infinity) continue;
        weight = (FUZZY_WEIGHT * word.length) / (word.length + distance);
      } else continue;
      words.add(word);
      decodePostings(chunk.terms[word], (id, score) => scores.set(id, (scores.get(id) ?? 0) + weight * score));
    }
  }
  return { scores, words };
}

export interface ShardedRequest {
  filter?: SearchFilter;
  /** Name of the older docs version the reader is in: its scope answers for docs, the main one for the rest. */
  activeVersion?: string;
  maxGroups?: number;
  maxHitsPerGroup?: number;
  /** Characters of text shown per hit. */
  excerptLength?: number;
  /** 'AND' (the default) falls back to 'OR' when no section has every term. */
  combineWith?: 'AND' | 'OR';
  /**
   * Excerpts around the match in the whole text (the shown pages' text files are fetched), rather than from the start
   * of each section that the details carry.
   */
  fullText?: boolean;
}

function accepts(entry: SearchEntry, section: number, filter: SearchFilter | undefined, excludeDocs: boolean): boolean {
  const page = pageOfKey(section);
  const type = PAGE_TYPES[entry.pageTypes[page]];
  if (excludeDocs && type === 'docs') return false;
  if (!filter) return true;
  if (filter.type && type !== filter.type) return false;
  if (filter.tags && filter.tags.length > 0) {
    const tags = tagsOf(entry);
    if (!filter.tags.some((t) => tags.get(t)?.has(page))) return false;
  }
  return true;
}

export interface Found {
  scope: ShardedScope;
  section: number;
  match: Match;
  /** The query's terms and every word they matched in the scope: what a hit highlights. */
  words: readonly string[];
}

/** Every section matching the query in the scopes, best first: the ranking without any file beyond the chunks. */
export async function rankSections(scopes: readonly ShardedScope[], terms: readonly string[], request: ShardedRequest = {}): Promise<Found[]> {
  if (terms.length === 0 || scopes.length === 0) return [];
  const perScope = await Promise.all(scopes.map(async (scope) => ({ scope, matches: await Promise.all(terms.map((t) => termMatches(scope, t))) })));
  const run = (combineWith: 'AND' | 'OR'): Found[] => {
    const found: Found[] = [];
    for (const { scope, matches } of perScope) {
      const docsElsewhere = scope.entry.scope === 'main' && request.activeVersion !== undefined && scopes.some((s) => s.entry.scope === request.activeVersion);
      const words = [...new Set(matches.flatMap((m) => [...m.words]))];
      for (const [section, match] of combine(matches, combineWith)) {
        if (accepts(scope.entry, section, request.filter, docsElsewhere)) found.push({ scope, section, match, words });
      }
    }
    return found;
  };
  let found = run(request.combineWith ?? 'AND');
  if (found.length === 0 && terms.length > 1 && request.combineWith !== 'OR') found = run('OR');
  // MiniSearch: a section matching more of the query's terms ranks higher.
  for (const f of found) f.match.score *= f.match.matched;
  // Ties keep the order of the site (scope, then section), as MiniSearch's stable sort keeps insertion order.
  return found.sort((a, b) => b.match.score - a.match.score);
}

/** The best hits, at most `maxHits` per page and `maxGroups` pages, in order of each page's best hit. */
export function bestPerPage(found: readonly Found[], maxGroups: number, maxHits: number): Found[] {
  const shown: Found[] = [];
  const perPage = new Map<string, number>();
  for (const f of found) {
    const key = `${f.scope.entry.scope}:${pageOfKey(f.section)}`;
    const count = perPage.get(key);
    if (count === undefined && perPage.size >= maxGroups) continue;
    if (count !== undefined && count >= maxHits) continue;
    perPage.set(key, (count ?? 0) + 1);
    shown.push(f);
  }
  return shown;
}

/** The details of a found section's page. */
export function detailsOf(found: Found): Promise<PageDetails> {
  return found.scope.details(pageOfKey(found.section));
}

/** A found section's anchor, headings and the start of its text, from its page's details. */
export function sectionOf(details: PageDetails, section: number): [anchor: string, headings: string[], preview: string] {
  return details.sections[localOfKey(section)] ?? ['', [], ''];
}

/** A found section's whole text. */
export async function sectionText(found: Found): Promise<string> {
  return (await found.scope.text(pageOfKey(found.section))).texts[localOfKey(found.section)] ?? '';
}

/**
 * Queries the scopes: all terms required (falling back to any term when that finds nothing), hits grouped by page,
 * the pages shown fetched for their titles, headings and excerpts.
 */
export async function searchShards(scopes: readonly ShardedScope[], query: string, request: ShardedRequest = {}): Promise<SearchOutcome> {
  const q = query.trim();
  const found = await rankSections(scopes, queryTerms(q), request);
  const maxHits = request.maxHitsPerGroup ?? 5;
  const shown = bestPerPage(found, request.maxGroups ?? Infinity, maxHits);
  const [details, texts] = await Promise.all([Promise.all(shown.map(detailsOf)), request.fullText ? Promise.all(shown.map(sectionText)) : undefined]);
  const length = request.excerptLength ?? 160;
  const flat: FlatHit[] = shown.map((s, i) => {
    const page = details[i];
    const [anchor, headings, preview] = sectionOf(page, s.section);
    const text = texts?.[i] ?? preview;
    const matched = s.words;
    const heading = headings.length ? headings[headings.length - 1] : page.title;
    return {
      pageUrl: page.url,
      pageTitle: page.title,
      pageTitleHtml: highlight(page.title, matched),
      type: page.type,
      category: page.category || undefined,
      hit: {
        url: anchor ? `${page.url}#${anchor}` : page.url,
        headings,
        headingHtml: highlight(heading, matched),
        textHtml: highlight(excerpt(text, matched, length), matched),
        score: s.match.score,
      },
    };
  });
  return { query: q, total: found.length, groups: groupByPage(flat, maxHits) };
}

/** MiniSearch's AND and OR: scores add up; AND keeps the sections every term matched. */
function combine(matches: readonly TermMatches[], combineWith: 'AND' | 'OR'): Map<number, Match> {
  if (matches.length === 0) return new Map();
  let result = new Map<number, Match>();
  for (const [id, score] of matches[0].scores) result.set(id, { score, matched: 1 });
  for (const next of matches.slice(1)) {
    if (combineWith === 'AND') {
      const kept = new Map<number, Match>();
      for (const [id, m] of result) {
        const other = next.scores.get(id);
        if (other !== undefined) kept.set(id, { score: m.score + other, matched: m.matched + 1 });
      }
      result = kept;
    } else {
      for (const [id, other] of next.scores) {
        const m = result.get(id);
        if (m) {
          m.score += other;
          m.matched += 1;
        } else result.set(id, { score: other, matched: 1 });
      }
    }
  }
  return result;
}

/** The older docs version (with a scope of its own) whose docs contain `pathname`, if any. */
export function versionScopeFor(entry: SearchEntry, pathname: string): { name: string; url: string } | undefined {
  const version = entry.versions.find((v) => !v.current && v.url !== undefined && pathname.startsWith(v.path));
  return version ? { name: version.name, url: version.url! } : undefined;
}
