import { createHash } from 'node:crypto';

/** sha1 of the parts, each ended by a NUL so that ("ab", "c") and ("a", "bc") differ: the one hash of keys. */
export function hashText(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}
