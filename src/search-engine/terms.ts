// What the static index (shards.ts, sharded-search.ts) and the answer without a model (answer.ts) share: how a query
// becomes terms, how many typos a term may carry, how much each field weighs. Pure, and free of MiniSearch: the
// keyword search chunk in the browser imports it.

import { normalizeTerm, STOP_WORDS, tokenize } from './text.ts';

/** Relative field weights: titles above headings above body text. */
export const FIELD_BOOST = { title: 4, headings: 2.5, tags: 1.5, text: 1 } as const;

/** Typo tolerance by term length: none up to 3 letters, one edit up to 7, two from 8. */
export function fuzziness(term: string): number | false {
  if (term.length <= 3) return false;
  return term.length <= 7 ? 1 : 2;
}

/** The terms of a query: normalised, stop words dropped except in the last place (it may be a prefix). */
export function queryTerms(query: string): string[] {
  const words = tokenize(query).map(normalizeTerm).filter(Boolean);
  return words.filter((w, i) => i === words.length - 1 || !STOP_WORDS.has(w));
}
