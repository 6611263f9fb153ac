// Line rewrites done before parsing (MDX heading ids, Docusaurus admonition titles) must leave fenced code alone.

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** Applies `rewrite` to every line that is not inside (or the fence of) a fenced code block. Lines keep their places. */
export function mapLinesOutsideFences(source: string, rewrite: (line: string) => string): string {
  const lines = source.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1];
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (fence === undefined) lines[i] = rewrite(line);
  }
  return lines.join('\n');
}
