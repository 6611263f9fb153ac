import { describe, expect, it } from 'vitest';
import { sameData } from './same-data.ts';

describe('sameData', () => {
  it('finds plain data equal field by field, at any depth', () => {
    const value = { type: 'category', label: 'A', items: [{ type: 'doc', label: 'B', active: false }], href: undefined };
    expect(sameData(value, structuredClone(value))).toBe(true);
    expect(sameData([1, 'a', null], [1, 'a', null])).toBe(true);
  });

  it('tells apart values that differ in one field, one element or their shape', () => {
    expect(sameData({ a: { b: [1, 2] } }, { a: { b: [1, 3] } })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameData({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData({}, [])).toBe(false);
    expect(sameData({ a: null }, { a: {} })).toBe(false);
    expect(sameData({ a: '1' }, { a: 1 })).toBe(false);
  });

  it('counts a field set to undefined as different from an absent one', () => {
    expect(sameData({ a: undefined }, {})).toBe(false);
    expect(sameData({ a: undefined, b: 1 }, { b: 1, c: undefined })).toBe(false);
  });
});
