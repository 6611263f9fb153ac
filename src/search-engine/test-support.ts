import { decodePostingsInto, encodeLevels, levelScore, scoreLevel } from './shards.ts';

// Posting lists as `[section key, score]` pairs, for tests: the index and the browser work on keys and score levels.

/** `[section key, score]` pairs, keys ascending, encoded as `encodeLevels` encodes them. */
export function encodePostings(postings: readonly (readonly [number, number])[]): string {
  return encodeLevels(
    postings.map(([key]) => key),
    postings.map(([, score]) => scoreLevel(score)),
  );
}

/** Calls `each(sectionKey, score)` for every posting of an encoded list. */
export function decodePostings(encoded: string, each: (key: number, score: number) => void): void {
  const keys: number[] = [];
  const levels: number[] = [];
  decodePostingsInto(encoded, keys, levels);
  for (let i = 0; i < keys.length; i++) each(keys[i], levelScore(levels[i]));
}
