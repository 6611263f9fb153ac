import { describe, expect, test } from 'vitest';
import { isUnmade, sharedLazyField } from './lazy-field.ts';

describe('sharedLazyField', () => {
  test('makes a field from its object on first read, keeps it as a plain property, and shares one getter', () => {
    const made: string[] = [];
    const lazy = sharedLazyField<{ name: string; size?: number }>((target, key) => {
      made.push(`${target.name}.${key}`);
      return target.name.length;
    });
    const a: { name: string; size?: number } = { name: 'alpha' };
    const b: { name: string; size?: number } = { name: 'be' };
    lazy(a, 'size');
    lazy(b, 'size');
    expect(Object.getOwnPropertyDescriptor(a, 'size')!.get).toBe(Object.getOwnPropertyDescriptor(b, 'size')!.get);
    expect(made).toEqual([]);
    expect(isUnmade(a, 'size')).toBe(true);
    expect(a.size).toBe(5);
    expect(a.size).toBe(5);
    expect(made).toEqual(['alpha.size']);
    expect(isUnmade(a, 'size')).toBe(false);
    // Unread, it reads as an ordinary field all the same.
    expect(JSON.stringify(b)).toBe('{"name":"be","size":2}');
    expect({ ...a }).toEqual({ name: 'alpha', size: 5 });
  });

  test('without keep, makes it on every read until something sets it', () => {
    let reads = 0;
    const lazy = sharedLazyField<{ html?: string }>(() => `made ${++reads}`, { keep: false });
    const doc: { html?: string } = {};
    lazy(doc, 'html');
    expect([doc.html, doc.html]).toEqual(['made 1', 'made 2']);
    expect(isUnmade(doc, 'html')).toBe(true);
    doc.html = 'set';
    expect(doc.html).toBe('set');
    expect(isUnmade(doc, 'html')).toBe(false);
    expect(reads).toBe(2);
  });
});
