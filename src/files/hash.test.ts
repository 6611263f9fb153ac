import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashText } from './hash.ts';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('hashText', () => {
  it('is the sha1 of the parts, each ended by a NUL, whichever way Node computes it', () => {
    expect(hashText('ab', 'c')).toBe(sha1('ab\0c\0'));
    expect(hashText('ab', 'c')).not.toBe(hashText('a', 'bc'));
    expect(hashText('é', '')).toBe(sha1('é\0\0'));
    // Keys saved by earlier builds were made this way: no parts is the hash of nothing.
    expect(hashText()).toBe(sha1(''));
    // Long parts (hashed through a Hash object, not joined) give the same digest.
    const long = 'x'.repeat(5_000);
    expect(hashText(long, 'y')).toBe(sha1(`${long}\0y\0`));
  });
});
