// A seeded corpus of search records for the search-quality tests: the same records on every machine, with what makes
// ranking hard at scale (a vocabulary of a few thousand words in a long-tailed frequency, words that start other
// words, camelCase identifiers, page titles and headings that repeat words of the text, tags). Records are made
// directly, without markdown: the tests measure the index, not the renderer.

import type { SearchRecord } from '../../src/search/index.ts';

/** mulberry32: a small, fast, seeded generator. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DOMAIN = (
  'receipt attestation publisher crawler signature domain verification ledger policy license dataset model training ' +
  'inference index entry schema webhook payload timestamp batch queue retry token scope header canonical content ' +
  'article feed archive snapshot digest checksum registry endpoint gateway client server cache invalidation deploy ' +
  'sidebar monitor permission migrate migration stream strict nested typed throttle flag schedule render plugin ' +
  'release version compliance audit consent opt revoke rotate key secret certificate chain anchor proof'
).split(' ');

const SYLLABLES = 'ba be bi bo da de di do fa fe fi ka ke ko la le li lo ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se si so ta te ti to va ve vi zo'.split(' ');

/** The vocabulary in frequency order: domain words first, then made-up words of two to four syllables. */
function vocabulary(next: () => number, size: number): string[] {
  const words = new Set(DOMAIN);
  while (words.size < size) {
    const n = 2 + Math.floor(next() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}

/** A Zipf-like pick: rank r has weight 1 / (r + 10). */
function zipf(next: () => number, size: number): number {
  // Inverse of the cumulative weight ln((r + 10) / 10) / ln((size + 10) / 10).
  return Math.min(size - 1, Math.floor(10 * Math.exp(next() * Math.log((size + 10) / 10)) - 10));
}

const TAGS = ['publishers', 'clients', 'api', 'protocol', 'security', 'operations', 'compliance', 'sdk', 'plugins', 'analytics', 'guides', 'reference'];

export const VOCABULARY_SIZE = 4000;

export function generatedRecords(pages: number, seed = 20261124): SearchRecord[] {
  const next = random(seed);
  const words = vocabulary(next, VOCABULARY_SIZE);
  const word = () => words[zipf(next, words.length)];
  const identifier = () => {
    const [a, b] = [word(), word()];
    return a + b.charAt(0).toUpperCase() + b.slice(1);
  };
  const phrase = (n: number) => Array.from({ length: n }, () => (next() < 0.04 ? identifier() : word())).join(' ');
  const sentence = () => {
    const s = phrase(8 + Math.floor(next() * 10));
    return s.charAt(0).toUpperCase() + s.slice(1) + '.';
  };
  const records: SearchRecord[] = [];
  for (let p = 0; p < pages; p++) {
    const section = Math.floor(p / 100);
    const pageUrl = `/docs/section-${section}/page-${p}/`;
    const title = phrase(2 + Math.floor(next() * 3)).replace(/^./, (c) => c.toUpperCase());
    const tags = next() < 0.5 ? [TAGS[Math.floor(next() * TAGS.length)]] : [];
    const sections = 5 + Math.floor(next() * 4);
    const used = new Map<string, number>();
    let parent = '';
    for (let s = 0; s < sections; s++) {
      const heading = s === 0 ? '' : phrase(2 + Math.floor(next() * 3)).replace(/^./, (c) => c.toUpperCase());
      const slug = heading.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const seen = used.get(slug) ?? 0;
      used.set(slug, seen + 1);
      const anchor = s === 0 ? undefined : seen ? `${slug}-${seen}` : slug;
      // Every third heading is an h3 under the previous h2.
      const hierarchy = s === 0 ? [] : s % 3 === 2 && parent ? [parent, heading] : [heading];
      if (s > 0 && hierarchy.length === 1) parent = heading;
      const text = Array.from({ length: 5 + Math.floor(next() * 5) }, sentence).join(' ');
      records.push({
        url: anchor ? `${pageUrl}#${anchor}` : pageUrl,
        pageUrl,
        ...(anchor ? { anchor } : {}),
        title,
        hierarchy,
        text,
        type: 'docs',
        version: { name: 'current', label: 'Next', path: '/docs/', current: true },
        tags,
        language: 'en',
        category: `Section ${section}`,
      });
    }
  }
  return records;
}

/** The corpus's vocabulary, most frequent first (what `generatedRecords` draws its words from). */
export function generatedVocabulary(seed = 20261124): string[] {
  return vocabulary(random(seed), VOCABULARY_SIZE);
}

/** A made-up word of middling frequency with its third letter left out: a typo early in the word. */
export function earlyTypoQuery(seed = 20261124): string {
  const word = generatedVocabulary(seed)[1200];
  return word.slice(0, 2) + word.slice(3);
}

/** Queries of every kind: common and rare words, two and three words, a prefix being typed, typos. */
export function generatedQueries(seed = 20261124): string[] {
  const words = generatedVocabulary(seed);
  // Made-up words of middling and low frequency, one with a typo and one as a prefix.
  const [mid, rare, prefix] = [words[600], words[2900], words[400]];
  return [...FIXED_QUERIES, mid, rare, earlyTypoQuery(seed), prefix.slice(0, Math.max(3, prefix.length - 2)), `${mid} ${words[50]}`];
}

const FIXED_QUERIES = [
  'receipt',
  'publisher signature',
  'cache invalidation',
  'deploy sidebar monitor',
  'migrat',
  'verificaton',
  'webhok payload',
  'strict stream',
  'throttle',
  'consent revoke',
  'schema',
  'rotate key secret',
];
