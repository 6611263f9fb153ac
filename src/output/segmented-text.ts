import { open } from 'node:fs/promises';

/** A part of a file: the key of what it is made from, and how to make its text. */
export type Segment = [key: string, make: () => string];

/** A file's segments as written, in order: each one's key and length in bytes. */
export type SegmentLayout = [key: string, bytes: number][];

/**
 * A file made of segments (its parts' bytes in order), and its layout for the next build. Given the previous
 * file's path and layout, a segment whose key it lists is copied from that file's bytes instead of being made: at
 * 10,000 pages llms-full.txt is 66 MB, made from every doc's source, and an edit changes one of them. The previous
 * file is read in libuv's threads, so a build renders its pages meanwhile; one that cannot be read, or that the layout
 * does not describe, gives nothing and every segment is made.
 */
export async function composeSegments(segments: readonly Segment[], previous?: { file: string; layout: SegmentLayout }): Promise<{ content: Buffer[]; layout: SegmentLayout }> {
  if (!previous) return makeSegments(segments);
  const at = new Map<string, [start: number, end: number]>();
  let offset = 0;
  for (const [key, bytes] of previous.layout) {
    if (!at.has(key)) at.set(key, [offset, offset + bytes]);
    offset += bytes;
  }
  // A layout that does not describe the file (its segments' lengths are not the file's) gives nothing.
  const old = await readOfSize(previous.file, offset);
  if (!old) return makeSegments(segments);
  const layout: SegmentLayout = [];
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

function makeSegments(segments: readonly Segment[]): { content: Buffer[]; layout: SegmentLayout } {
  // Each text as its bytes, outside V8's heap, and let go at once: joined into one string, a cold build of 10,000
  // pages held llms-full.txt's 66 MB three times over (the texts, the joined string, the bytes written), which was
  // the build's peak memory.
  const layout: SegmentLayout = [];
  const content = segments.map(([key, make]) => {
    const bytes = Buffer.from(make());
    layout.push([key, bytes.length]);
    return bytes;
  });
  return { content, layout };
}

/**
 * The file's bytes if it holds exactly `size` of them, else undefined (missing, unreadable, or of another size). In
 * one read, not readFile's 512 KiB ones: each of those waits for the main thread, which is busy rendering pages and
 * takes their callbacks only between them.
 */
async function readOfSize(file: string, size: number): Promise<Buffer | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    if ((await handle.stat()).size !== size) return undefined;
    const bytes = Buffer.allocUnsafe(size);
    for (let read = 0; read < size; ) {
      const { bytesRead } = await handle.read(bytes, read, size - read, read);
      // Shorter than its stat said: changed while being read.
      if (bytesRead === 0) return undefined;
      read += bytesRead;
    }
    return bytes;
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => {});
  }
}
