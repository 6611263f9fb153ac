// Text helpers for search, shared by the build (index), the ask handler and the browser (highlighting).
// No dependencies: the search islands import this statically without pulling the index engine in.

import { escapeHtml } from '../shared/url.ts';

/** Word separators: spaces, Unicode punctuation and symbols ("a+b", "`code`", "x=1" are split into words). */
export const WORD_SEPARATOR = /[\n\r\p{Z}\p{P}\p{S}]+/u;
const WORD = /[^\n\r\p{Z}\p{P}\p{S}]+/gu;

/**
 * Words left out of the index: they are in nearly every section, so they cost the most bytes and rank nothing.
 * Queries drop them too, except the last word (it may be the start of a longer word being typed).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be but by can do does for from has have how i if in into is it its of on or our should so ' +
    'such than that the their then there these they this to too up was we were what when where which who why will ' +
    'with you your'
  ).split(' '),
);

/** Splits text into words the way the index does. */
export function tokenize(text: string): string[] {
  return text.split(WORD_SEPARATOR).filter((t) => t !== '');
}

/** Normalises one word for indexing and matching: lower case, accents removed ("Café" → "cafe"). */
export function normalizeTerm(term: string): string {
  // Indexing calls this once per word of the site; ASCII has no decompositions and no marks, and is most words.
  return isAscii(term) ? term.toLowerCase() : term.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

interface Range {
  start: number;
  end: number;
}

/**
 * The terms, normalised, less those that start with another of them: they match no more words. A query's matched
 * words are often hundreds ("monitor", "monitors", "monitoring", …), and every word of a text is checked against them.
 */
export function prefixTerms(terms: readonly string[]): string[] {
  const kept: string[] = [];
  for (const term of [...new Set(terms.map(normalizeTerm))].sort()) {
    // Sorted, the words a term starts follow it.
    if (term !== '' && !(kept.length > 0 && term.startsWith(kept[kept.length - 1]))) kept.push(term);
  }
  return kept;
}

/**
 * The character ranges of the words in `text` that match one of `terms` (already normalised): a word matches when its
 * normalised form starts with a term, so both whole-word matches (`terms` as MiniSearch reports them) and the prefix
 * being typed are found.
 */
export function matchRanges(text: string, terms: readonly string[]): Range[] {
  if (terms.length === 0 || text === '') return [];
  const wanted = prefixTerms(terms);
  if (wanted.length === 0) return [];
  const ranges: Range[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = normalizeTerm(match[0]);
    if (wanted.some((t) => word.startsWith(t))) ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}

/**
 * Highlights the words of `text` that match `terms`, as safe HTML: the text is cut at the match boundaries found in the
 * raw text, every piece is escaped, and only then are the matches wrapped in `<mark>`. Matching never runs on escaped
 * text, so a term can never match inside an entity (`amp` in `&amp;`) or produce markup from the text.
 */
export function highlight(text: string, terms: readonly string[]): string {
  const ranges = matchRanges(text, terms);
  let out = '';
  let at = 0;
  for (const { start, end } of ranges) {
    out += escapeHtml(text.slice(at, start)) + '<mark>' + escapeHtml(text.slice(start, end)) + '</mark>';
    at = end;
  }
  return out + escapeHtml(text.slice(at));
}

/**
 * A window of about `length` characters of `text` around its first match (the start when nothing matches), cut at
 * word boundaries, with an ellipsis where text was left out. Returns plain text; highlight it afterwards.
 */
export function excerpt(text: string, terms: readonly string[], length = 160): string {
  if (text.length <= length) return text;
  const first = matchRanges(text, terms)[0];
  let start = first ? Math.max(0, first.start - Math.floor(length / 4)) : 0;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < (first?.start ?? start + 20) ? space + 1 : start;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + length / 2) end = space;
  }
  return (start > 0 ? '… ' : '') + text.slice(start, end).trim() + (end < text.length ? ' …' : '');
}

/** Cuts text to at most `length` characters at a word boundary (for the short text stored in the index). */
export function shorten(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.lastIndexOf(' ', length);
  return text.slice(0, cut > length / 2 ? cut : length).trimEnd() + ' …';
}

// Markers for highlights that come from a remote service: requested as pre/post tags so the service's own markup is
// never trusted; the text is escaped, then the markers become <mark>.
export const REMOTE_PRE_TAG = '\u0002pd-mark\u0003';
export const REMOTE_POST_TAG = '\u0002/pd-mark\u0003';

/**
 * Turns a highlighted value from a search service into safe HTML. `<em>`/`</em>` (the default tags of such services,
 * in case our markers were ignored) and our markers become `<mark>`; everything else is escaped.
 */
export function remoteHighlight(value: string): string {
  const marked = value.split('<em>').join(REMOTE_PRE_TAG).split('</em>').join(REMOTE_POST_TAG);
  let out = '';
  let open = false;
  for (const piece of marked.split(/(\u0002\/?pd-mark\u0003)/)) {
    if (piece === REMOTE_PRE_TAG) {
      if (!open) out += '<mark>';
      open = true;
    } else if (piece === REMOTE_POST_TAG) {
      if (open) out += '</mark>';
      open = false;
    } else {
      out += escapeHtml(piece);
    }
  }
  return open ? out + '</mark>' : out;
}

/** Removes the markers (or `<em>` tags) from a remote highlighted value: plain text again. */
export function stripRemoteHighlight(value: string): string {
  return value.split(REMOTE_PRE_TAG).join('').split(REMOTE_POST_TAG).join('').replace(/<\/?em>/g, '');
}
