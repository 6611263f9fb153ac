// Recent searches of the modal, in localStorage under `pd-search-recent` + the site's storage key suffix.

import { readStorage, writeStorage } from '../../head/storage-keys.ts';

export interface RecentSearch {
  /** What the reader typed. */
  query: string;
  /** The result they chose. */
  title: string;
  heading: string;
  url: string;
}

export const RECENT_KEY_PREFIX = 'pd-search-recent';
const MAX_RECENT = 5;

export function recentKey(suffix: string): string {
  return RECENT_KEY_PREFIX + suffix;
}

function isRecent(value: unknown): value is RecentSearch {
  const v = value as RecentSearch;
  return typeof v === 'object' && v !== null && typeof v.query === 'string' && typeof v.title === 'string' && typeof v.url === 'string' && typeof v.heading === 'string';
}

export function readRecent(suffix: string): RecentSearch[] {
  try {
    const parsed = JSON.parse(readStorage(recentKey(suffix)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Adds an entry first (replacing an older one for the same URL) and returns the new list. */
export function addRecent(suffix: string, entry: RecentSearch): RecentSearch[] {
  const list = [entry, ...readRecent(suffix).filter((r) => r.url !== entry.url)].slice(0, MAX_RECENT);
  writeStorage(recentKey(suffix), JSON.stringify(list));
  return list;
}

export function clearRecent(suffix: string): void {
  writeStorage(recentKey(suffix), '[]');
}
