// In MDX `{` opens an expression, so `## Title {#custom-id}` would be a parse error. Escaping the braces of a
// trailing `{#id}` on ATX heading lines (as Docusaurus does) lets the id syntax work the same in .md and .mdx.
// The escape keeps every line where it was; only columns after the id on those lines shift.

const HEADING_WITH_ID = /^(\s{0,3}#{1,6}[ \t].*?)\{#([^\s{}]+)\}([ \t]*)$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

export function escapeMdxHeadingIds(source: string): string {
  if (!source.includes('{#')) return source;
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
    if (fence !== undefined) continue;
    lines[i] = line.replace(HEADING_WITH_ID, (_all, before: string, id: string, after: string) => `${before}\\{#${id}\\}${after}`);
  }
  return lines.join('\n');
}
