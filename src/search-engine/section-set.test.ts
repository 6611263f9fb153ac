import { describe, expect, it } from 'vitest';
import { SectionSet } from './section-set.ts';
import { sectionKey } from './shards.ts';

function setOf(pages: number, keys: number[]): SectionSet {
  const set = new SectionSet(pages);
  for (const key of keys) set.add(key);
  return set;
}

describe('SectionSet', () => {
  const a = setOf(4, [sectionKey(0, 0), sectionKey(0, 5), sectionKey(1, 31), sectionKey(1, 40), sectionKey(3, 2)]);
  const b = setOf(4, [sectionKey(0, 5), sectionKey(1, 31), sectionKey(1, 40), sectionKey(2, 7), sectionKey(3, 3)]);
  const all = new Uint8Array([1, 1, 1, 1]);

  it('holds sections of any place in a page, the 33rd and later ones too', () => {
    expect(a.has(sectionKey(1, 31))).toBe(true);
    expect(a.has(sectionKey(1, 40))).toBe(true);
    expect(a.has(sectionKey(1, 41))).toBe(false);
    expect(a.keysOf(1)).toEqual([sectionKey(1, 31), sectionKey(1, 40)]);
    const each: number[] = [];
    a.forEach((key) => each.push(key));
    expect(each.sort((x, y) => x - y)).toEqual([sectionKey(0, 0), sectionKey(0, 5), sectionKey(1, 31), sectionKey(1, 40), sectionKey(3, 2)]);
  });

  it('adds a block of places from a tail (30 places a block)', () => {
    const set = new SectionSet(2);
    set.addMask(1, 0, 0b101);
    set.addMask(1, 1, 0b11);
    expect(set.keysOf(1)).toEqual([sectionKey(1, 0), sectionKey(1, 2), sectionKey(1, 30), sectionKey(1, 31)]);
  });

  it('lists the sections of a range of pages in order, those beyond the 32nd place among them', () => {
    const set = setOf(5, [sectionKey(2, 40), sectionKey(1, 3), sectionKey(3, 1), sectionKey(1, 35), sectionKey(4, 0), sectionKey(0, 50)]);
    expect(set.keysIn(1, 4)).toEqual([sectionKey(1, 3), sectionKey(1, 35), sectionKey(2, 40), sectionKey(3, 1)]);
    expect(set.keysIn(4, 8)).toEqual([sectionKey(4, 0)]);
  });

  it('combines sets with AND or OR, counting the sections and their pages', () => {
    const and = SectionSet.combine([a, b], true, all);
    expect([and.size, and.pages]).toEqual([3, 2]);
    expect(and.set.keysOf(1)).toEqual([sectionKey(1, 31), sectionKey(1, 40)]);
    expect(and.set.has(sectionKey(3, 2))).toBe(false);
    const or = SectionSet.combine([a, b], false, all);
    expect([or.size, or.pages]).toEqual([7, 4]);
  });

  it('leaves out the pages the filter does not accept', () => {
    const or = SectionSet.combine([a, b], false, new Uint8Array([1, 0, 1, 1]));
    expect([or.size, or.pages]).toEqual([5, 3]);
    expect(or.set.has(sectionKey(1, 40))).toBe(false);
  });

  it('counts a page whose only sections are beyond its 32nd place', () => {
    const far = setOf(2, [sectionKey(1, 33), sectionKey(1, 34)]);
    expect(SectionSet.combine([far], false, new Uint8Array([1, 1]))).toMatchObject({ size: 2, pages: 1 });
  });
});
