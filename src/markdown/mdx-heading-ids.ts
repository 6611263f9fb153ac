// In MDX `{` opens an expression, so `## Title {#custom-id}` would be a parse error. Escaping the braces of a
// trailing `{#id}` on ATX heading lines (as Docusaurus does) lets the id syntax work the same in .md and .mdx.
// The escape keeps every line where it was; only columns after the id on those lines shift.

import { mapLinesOutsideFences } from './lines-outside-fences.ts';

const HEADING_WITH_ID = /^(\s{0,3}#{1,6}[ \t].*?)\{#([^\s{}]+)\}([ \t]*)$/;

export function escapeMdxHeadingIds(source: string): string {
  if (!source.includes('{#')) return source;
  return mapLinesOutsideFences(source, (line) =>
    line.replace(HEADING_WITH_ID, (_all, before: string, id: string, after: string) => `${before}\\{#${id}\\}${after}`),
  );
}
