import { describe, expect, test } from 'vitest';
import { collectGarbage } from './collect-garbage.ts';

describe('collectGarbage', () => {
  test('returns the garbage of a phase at once, without --expose-gc on the command line', () => {
    let garbage: string[] | undefined = Array.from({ length: 200_000 }, (_, i) => `item ${i} `.repeat(8));
    const held = process.memoryUsage().heapUsed;
    garbage = undefined;
    collectGarbage();
    expect(garbage).toBeUndefined();
    // About 40 MB of strings held, then let go.
    expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(20 * 1024 * 1024);
  });
});
