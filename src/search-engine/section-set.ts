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
    const keys: number[] = [];
    for (let local = 0, mask = this.masks[page]; mask !== 0; local++, mask >>>= 1) if (mask & 1) keys.push(sectionKey(page, local));
    if (this.far) keys.push(...[...this.far].filter((key) => pageOfKey(key) === page).sort((a, b) => a - b));
    return keys;
  }

  /** Calls `each` for every section, in order of pages (those from the 33rd place of a page after the others). */
  forEach(each: (key: number) => void): void {
    for (let page = 0; page < this.masks.length; page++) {
      for (let local = 0, mask = this.masks[page]; mask !== 0; local++, mask >>>= 1) if (mask & 1) each(sectionKey(page, local));
    }
    this.far?.forEach(each);
  }

  size(): number {
    let count = this.far?.size ?? 0;
    for (let page = 0; page < this.masks.length; page++) if (this.masks[page] !== 0) count += popcount(this.masks[page]);
    return count;
  }

  /** How many pages have a section in the set. */
  pageCount(): number {
    let count = 0;
    for (let page = 0; page < this.masks.length; page++) if (this.masks[page] !== 0) count++;
    const farOnly = new Set<number>();
    for (const key of this.far ?? []) if (this.masks[pageOfKey(key)] === 0) farOnly.add(pageOfKey(key));
    return count + farOnly.size;
  }

  /**
   * The sections in every set (`every`) or in any, on the pages `accepted` lets through (one byte per page, 0 leaves
   * the page out).
   */
  static combine(sets: readonly SectionSet[], every: boolean, accepted: Uint8Array): SectionSet {
    const result = new SectionSet(accepted.length);
    const masks = result.masks;
    for (let page = 0; page < masks.length; page++) {
      if (!accepted[page]) continue;
      let mask = every ? 0xffffffff : 0;
      for (const set of sets) mask = every ? mask & set.masks[page] : mask | set.masks[page];
      masks[page] = mask;
    }
    const far = new Set<number>();
    for (const set of sets) for (const key of set.far ?? []) far.add(key);
    for (const key of far) {
      if (accepted[pageOfKey(key)] && (every ? sets.every((set) => set.has(key)) : true)) (result.far ??= new Set()).add(key);
    }
    return result;
  }
}
