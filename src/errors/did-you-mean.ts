/**
 * The closest candidate, when it is close enough to be a likely typo: the one "did you mean" of protodocs, for config
 * keys, component and admonition names, doc ids and heading anchors. A path-like candidate (`guides/setup`) is also
 * compared by its last segment, so a doc id written without its folder is found.
 */
export function didYouMean(value: string, candidates: Iterable<string>): string | undefined {
  const needle = value.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    const last = other.slice(other.lastIndexOf('/') + 1);
    // A truncated or extended name (`warn`, `notes`) is as likely a slip as a typo.
    const affix = needle.length >= 3 && (other.startsWith(needle) || needle.startsWith(other));
    const distance = last === needle && last !== other ? 0.5 : affix ? 1 : Math.min(editDistance(needle, other), last !== other ? editDistance(needle, last) + 0.5 : Infinity);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(value.length / 3)) ? best : undefined;
}

/** Edit distance where swapping two neighbouring letters counts as one edit (the most common typo). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j], rows[i - 2][j - 2] + 1);
      }
    }
    rows.push(row);
  }
  return rows[a.length][b.length];
}
