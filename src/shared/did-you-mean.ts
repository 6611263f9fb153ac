// Shared by config errors (unknown keys) and markdown errors (admonition types, component names).
/** The closest candidate, when it is close enough to be a likely typo. */
export function didYouMean(value: string, candidates: Iterable<string>): string | undefined {
  const needle = value.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    // A truncated or extended name (`warn`, `notes`) is as likely a slip as a typo.
    const affix = needle.length >= 3 && (other.startsWith(needle) || needle.startsWith(other));
    const distance = affix ? 1 : editDistance(needle, other);
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
