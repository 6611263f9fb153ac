/**
 * Whether two values of plain data (what JSON or a structured clone carries: objects, arrays, primitives) are equal
 * in every field. A field set to undefined differs from one that is absent: for a cache that only costs a miss.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // for…in rather than Object.keys: this runs for every item of every page, and needs no arrays.
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let fields = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    if (!Object.hasOwn(right, key) || !sameData(left[key], right[key])) return false;
    fields++;
  }
  for (const key in right) if (Object.hasOwn(right, key)) fields--;
  return fields === 0;
}
