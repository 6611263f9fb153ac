// The answer without a language model: the best passages of the documentation for a question, quoted with numbered
// citations. The ask handler (src/search/ask.ts) streams it when no model is configured; a static site computes it in
// the browser from the passages its search index holds. Pure: no DOM, no Node APIs.

import MiniSearch, { type Options } from 'minisearch';
import type { AskSource } from './ask.ts';
import { fuzziness, FIELD_BOOST } from './terms.ts';
import { matchRanges, normalizeTerm, shorten, STOP_WORDS as INDEX_STOP_WORDS, tokenize } from './text.ts';

/** One section of a page, as an answer can quote it. A search record is one. */
export interface AskPassage {
  /** Page title. */
  title: string;
  /** Headings from below the page title down to this section ([] for the top of the page). */
  hierarchy: string[];
  text: string;
  /** URL of the section (page URL plus #anchor). */
  url: string;
  pageUrl: string;
  tags: string[];
}

export interface Retrieved<P extends AskPassage = AskPassage> {
  passage: P;
  /** Words of the question and what they matched, for choosing the sentence to quote. */
  terms: string[];
}

export const EXTRACTIVE_NOTICE =
  'No AI model is configured for this site, so instead of a generated answer here are the most relevant passages of the documentation, quoted as written.';
export const NOTHING_FOUND = 'I could not find anything in the documentation about that. Try rephrasing the question, or use keyword search.';

// Words that carry no meaning for retrieval in a question.
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i if in is it its me my of on or should the this to was what when where which who why will with you your'.split(' '),
);

/** What MiniSearch indexes per passage. */
interface IndexDocument {
  id: number;
  title: string;
  /** The heading path, joined. */
  headings: string;
  text: string;
  tags: string;
}

const INDEX_OPTIONS: Options<IndexDocument> = {
  idField: 'id',
  fields: ['title', 'headings', 'text', 'tags'],
  storeFields: [],
  tokenize: (text) => tokenize(text),
  processTerm: (term) => {
    const t = normalizeTerm(term);
    return t === '' || INDEX_STOP_WORDS.has(t) ? null : t;
  },
};

/** A full-text index over the passages; document ids are their positions. */
export function indexPassages(passages: readonly AskPassage[]): MiniSearch<IndexDocument> {
  const mini = new MiniSearch<IndexDocument>(INDEX_OPTIONS);
  mini.addAll(passages.map((p, id) => ({ id, title: p.title, headings: p.hierarchy.join(' '), text: p.text, tags: p.tags.join(' ') })));
  return mini;
}

/** The words of a question that carry meaning for retrieval. */
export function questionWords(question: string): string[] {
  return tokenize(question).map(normalizeTerm).filter((w) => w && !STOP_WORDS.has(w) && !INDEX_STOP_WORDS.has(w));
}

/** The best passages for a question: any-term matching without stop words, at most two sections per page. */
export function retrieve<P extends AskPassage>(mini: MiniSearch<IndexDocument>, passages: readonly P[], question: string, max: number): Retrieved<P>[] {
  const words = questionWords(question);
  if (words.length === 0) return [];
  const results = mini.search(words.join(' '), {
    combineWith: 'OR',
    boost: { ...FIELD_BOOST },
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => fuzziness(term),
  });
  const perPage = new Map<string, number>();
  const out: Retrieved<P>[] = [];
  for (const r of results) {
    const passage = passages[r.id as number];
    if (!passage) continue;
    const n = perPage.get(passage.pageUrl) ?? 0;
    if (n >= 2) continue;
    perPage.set(passage.pageUrl, n + 1);
    out.push({ passage, terms: [...r.terms, ...words] });
    if (out.length >= max) break;
  }
  return out;
}

/** The retrieved passages as the numbered sources an answer cites. */
export function citedSources(retrieved: readonly Retrieved[]): AskSource[] {
  return retrieved.map((s, i) => ({
    n: i + 1,
    title: s.passage.title,
    heading: s.passage.hierarchy[s.passage.hierarchy.length - 1] ?? '',
    url: s.passage.url,
  }));
}

export function sourceLabel(p: AskPassage): string {
  return [p.title, ...p.hierarchy].join(' › ');
}

/** The passage of a section that best matches the terms: its best sentence and what follows, up to ~320 characters. */
export function bestPassage(text: string, terms: readonly string[], length = 320): string {
  // A sentence ends at . ! or ? followed by a space ("_pd-verification.<domain>" stays one sentence).
  const sentences = text.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);
  if (sentences.length === 0) return '';
  let best = 0;
  let bestScore = -1;
  sentences.forEach((s, i) => {
    const score = new Set(matchRanges(s, terms).map((m) => normalizeTerm(s.slice(m.start, m.end)))).size;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  let passage = sentences[best];
  for (let i = best + 1; i < sentences.length && passage.length + sentences[i].length < length; i++) passage += ' ' + sentences[i];
  return shorten(passage, length);
}

/** The answer text without a model: a notice, then the best passages quoted, each citing its section. */
export function extractiveAnswer(sources: readonly Retrieved[], quotes = 3): string {
  const parts = [EXTRACTIVE_NOTICE];
  sources.slice(0, quotes).forEach((s, i) => {
    const passage = bestPassage(s.passage.text, s.terms) || sourceLabel(s.passage);
    parts.push(`> ${passage.replace(/\s*\n\s*/g, ' ')} [${i + 1}]`);
  });
  return parts.join('\n\n');
}

export interface ExtractiveResult {
  sources: AskSource[];
  /** Answer text (paragraphs, "> " quotes, [n] citations), as the ask protocol's `delta` events carry it. */
  text: string;
}

/**
 * Answers questions from a list of passages, indexed once: what a site without an answer endpoint shows in AI mode.
 * The passages may come from anywhere (the site's records, the pages a sharded index found); this only needs their text.
 */
export function createExtractiveAnswerer(passages: readonly AskPassage[], maxSources = 5): (question: string) => ExtractiveResult {
  const mini = indexPassages(passages);
  return (question) => {
    const found = retrieve(mini, passages, question, maxSources);
    if (found.length === 0) return { sources: [], text: NOTHING_FOUND };
    return { sources: citedSources(found), text: extractiveAnswer(found) };
  };
}
