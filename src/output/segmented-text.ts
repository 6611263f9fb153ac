import { readFileSync } from 'node:fs';

/** A part of a file: the key of what it is made from, and how to make its text. */
export type Segment = [key: string, make: () => string];

/** A file's segments as written, in order: each one's key and length in bytes. */
export type SegmentLayout = [key: string, bytes: number][];

/**
 * A file made of segments (its text, or its parts in order), and its layout for the next build. Given the previous
 * file's path and layout, a segment whose key it lists is copied from that file's bytes instead of being made: at
 * 10,000 pages llms-full.txt is 66 MB, made from every doc's source, and an edit changes one of them.
 */
export function composeSegments(segments: readonly Segment[], previous?: { file: string; layout: SegmentLayout }): { content: string | Buffer[]; layout: SegmentLayout } {
  const layout: SegmentLayout = [];
  if (!previous) {
    const texts: (string | undefined)[] = segments.map(([, make]) => make());
    const content = texts.join('');
    // Measured after the join, each let go once measured: measuring a text made of pieces copies it into one string,
    // and the array would hold all those copies (66 MB at 10,000 pages) beside the joined text.
    for (const [i, [key]] of segments.entries()) {
      layout.push([key, Buffer.byteLength(texts[i]!)]);
      texts[i] = undefined;
    }
    return { content, layout };
  }
  const old = readFileSync(previous.file);
  const at = new Map<string, [start: number, end: number]>();
  let offset = 0;
  for (const [key, bytes] of previous.layout) {
    if (!at.has(key)) at.set(key, [offset, offset + bytes]);
    offset += bytes;
  }
  // A layout that does not describe the file (it was replaced with one of the same size and time) gives nothing.
  if (offset !== old.length) return composeSegments(segments);
  // The file's parts in order, where copied ranges that follow each other are one part: an edit gives three.
  const parts: Buffer[] = [];
  let copied: [start: number, end: number] | undefined;
  for (const [key, make] of segments) {
    const range = at.get(key);
    if (range) {
      layout.push([key, range[1] - range[0]]);
      if (copied && copied[1] === range[0]) copied[1] = range[1];
      else {
        if (copied) parts.push(old.subarray(...copied));
        copied = [range[0], range[1]];
      }
      continue;
    }
    if (copied) parts.push(old.subarray(...copied));
    copied = undefined;
    const made = Buffer.from(make());
    layout.push([key, made.length]);
    parts.push(made);
  }
  if (copied) parts.push(old.subarray(...copied));
  return { content: parts, layout };
}
