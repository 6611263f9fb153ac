// Queries over the sharded index (shards.ts): fetches the chunks the query's terms fall in, adds up the postings'
// scores with MiniSearch's prefix and typo weights, and fetches the details of the pages it shows. Pure: how files
// are fetched is the caller's (the browser fetches them, the bench and the tests read them from disk).

import { queryTerms } from './terms.ts';
import { DEFAULT_MAX_HITS_PER_GROUP, groupByPage, type FlatHit, type SearchOutcome } from './results.ts';
import { localOfKey, pageOfKey, type PageDetails, type SearchEntry } from './shards.ts';
import { excerpt, highlight, WORD_SEPARATOR } from './text.ts';
import { prepareRanking, rankSections, type Found, type RankRequest } from './rank-sections.ts';
import { chunkNamesOf, directoriesOf, readTerm, type ShardedScope } from './term-postings.ts';

export { prepareRanking, rankSections, type Found, type Match, type Ranked, type RankRequest } from './rank-sections.ts';
export { type ShardedScope } from './term-postings.ts';

export interface ShardedRequest extends RankRequest {
  /** Characters of text shown per hit. */
  excerptLength?: number;
  /**
   * Excerpts around the match in the whole text (the shown pages' text files are fetched), rather than from the start
   * of each section that the details carry.
   */
  fullText?: boolean;
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
  const { found: shown, total } = await rankSections(scopes, queryTerms(q), request);
  const maxHits = request.maxHitsPerGroup ?? DEFAULT_MAX_HITS_PER_GROUP;
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
  return { query: q, total, groups: groupByPage(flat, maxHits) };
}

/**
 * The word being typed is read from this many letters: its chunks are those of the words it starts (its continuations
 * are among them) and of its typo matches (near its stem, the keystroke before).
 */
export const PREFETCH_FROM_LETTERS = 4;
/** …unless it falls in more chunks than this: the words a few letters start can be a large part of the index. */
export const PREFETCH_MAX_CHUNKS = 12;

/**
 * Starts fetching what a query being typed will need, before it is asked: the words typed in full (followed by more of
 * the query) are read, and so is the word being typed, from PREFETCH_FROM_LETTERS letters and in at most
 * PREFETCH_MAX_CHUNKS chunks (a query that ends there finds it read). Given the request the query will make, a query
 * whose words are all read is ranked ahead too (`prepareRanking`, the tail scores it takes read, then the details of
 * the pages it shows): asked, it has nothing left to fetch.
 */
export function prefetchQuery(scopes: readonly ShardedScope[], query: string, request?: ShardedRequest): void {
  const terms = queryTerms(query);
  if (terms.length === 0) return;
  const complete = WORD_SEPARATOR.test(query.slice(-1)) ? terms.length : terms.length - 1;
  const last = terms[terms.length - 1];
  const read = scopes.map(async (scope) => {
    const typed = terms.slice(0, complete).map((term) => readTerm(scope, term));
    if (complete === terms.length) return Promise.all(typed);
    if (last.length < PREFETCH_FROM_LETTERS) return void (await directoriesOf(scope, last));
    if ((await chunkNamesOf(scope, last)).length > PREFETCH_MAX_CHUNKS) return;
    return Promise.all([...typed, readTerm(scope, last)]);
  });
  Promise.all(read).then(
    (all) => void (request && all.every(Boolean) && prepareRanking(scopes, terms, request)),
    () => {},
  );
}

/** The older docs version (with a scope of its own) whose docs contain `pathname`, if any. */
export function versionScopeFor(entry: SearchEntry, pathname: string): { name: string; url: string } | undefined {
  const version = entry.versions.find((v) => !v.current && v.url !== undefined && pathname.startsWith(v.path));
  return version ? { name: version.name, url: version.url! } : undefined;
}
