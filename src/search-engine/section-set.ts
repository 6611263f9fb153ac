// A set of sections of one scope, for the counting and the AND/OR of a query over long lists: a 32-bit mask per page
// for its first 32 places (nearly every section of a site), a Set of keys beyond. Tens of thousands of sections are
// added, combined and counted in well under a millisecond.

import { localOfKey, pageOfKey, SECTION_BLOCK, sectionKey } from './shards.ts';

const MASK_PLACES = 32;

function popcount(mask: number): number {
  mask -= (mask >>> 1) & 0x55555555;
  mask = (mask & 0x33333333) + ((mask >>> 2) & 0x33333333);
  return Math.imul((mask + (mask >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export class SectionSet {
  readonly masks: Uint32Array;
  /** Sections from the 33rd place of a page on. */
  private far: Set<number> | undefined;

  constructor(pages: number) {
    this.masks = new Uint32Array(pages);
  }

  add(key: number): void {
    const local = localOfKey(key);
    if (local < MASK_PLACES) this.masks[pageOfKey(key)] |= 1 << local;
    else (this.far ??= new Set()).add(key);
  }

  /** Adds a page's places of one block of `encodeSections` (SECTION_BLOCK places from block × SECTION_BLOCK). */
  addMask(page: number, block: number, mask: number): void {
    if (block === 0) this.masks[page] |= mask;
    else for (let bit = 0; mask !== 0; bit++, mask >>>= 1) if (mask & 1) this.add(sectionKey(page, block * SECTION_BLOCK + bit));
  }

  has(key: number): boolean {
    const local = localOfKey(key);
    return local < MASK_PLACES ? (this.masks[pageOfKey(key)] & (1 << local)) !== 0 : this.far?.has(key) === true;
  }

  /** The page's sections, in order. */
  keysOf(page: number): number[] {
    return this.keysIn(page, page + 1);
  }

  /** The sections of the pages from `first` to before `end`, in order (one pass over those beyond the 32nd place). */
  keysIn(first: number, end: number): number[] {
    const keys: number[] = [];
    for (let page = first; page < Math.min(end, this.masks.length); page++) {
      for (let local = 0, mask = this.masks[page]; mask !== 0; local++, mask >>>= 1) if (mask & 1) keys.push(sectionKey(page, local));
    }
    if (!this.far) return keys;
    const before = keys.length;
    for (const key of this.far) if (pageOfKey(key) >= first && pageOfKey(key) < end) keys.push(key);
    return keys.length === before ? keys : keys.sort((a, b) => a - b);
  }

  /** Calls `each` for every section, in order of pages (those from the 33rd place of a page after the others). */
  forEach(each: (key: number) => void): void {
    for (let page = 0; page < this.masks.length; page++) {
      for (let local = 0, mask = this.masks[page]; mask !== 0; local++, mask >>>= 1) if (mask & 1) each(sectionKey(page, local));
    }
    this.far?.forEach(each);
  }

  /**
   * The sections in every set (`every`) or in any, on the pages `accepted` lets through (one byte per page, 0 leaves
   * the page out); with how many there are, and on how many pages.
   */
  static combine(sets: readonly SectionSet[], every: boolean, accepted: Uint8Array): { set: SectionSet; size: number; pages: number } {
    const set = new SectionSet(accepted.length);
    const masks = set.masks;
    const lists = sets.map((s) => s.masks);
    let size = 0;
    let pages = 0;
    // One pass, a loop per case: it runs over every page of the site for each query.
    for (let page = 0; page < masks.length; page++) {
      if (accepted[page] === 0) continue;
      let mask = lists[0][page];
      if (every) for (let i = 1; i < lists.length && mask !== 0; i++) mask &= lists[i][page];
      else for (let i = 1; i < lists.length; i++) mask |= lists[i][page];
      if (mask === 0) continue;
      masks[page] = mask;
      size += popcount(mask);
      pages++;
    }
    const far = new Set<number>();
    for (const s of sets) for (const key of s.far ?? []) far.add(key);
    // Pages that have sections only beyond their 32nd place, each counted once.
    const farOnly = new Set<number>();
    for (const key of far) {
      const page = pageOfKey(key);
      if (!accepted[page] || (every && !sets.every((s) => s.has(key)))) continue;
      (set.far ??= new Set()).add(key);
      size++;
      if (masks[page] === 0) farOnly.add(page);
    }
    return { set, size, pages: pages + farOnly.size };
  }
}
