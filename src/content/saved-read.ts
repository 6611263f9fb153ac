import { readFileSync } from 'node:fs';
import type { MarkdownRead } from './scan.ts';
import { readSourceText } from './source-text.ts';

// A markdown file as a build read it, without its text: what the next build needs of an unchanged file to route it
// (its frontmatter and its hash). Its text is read again only if that build asks for it, to parse it or to write it
// out: at 10,000 pages an edit otherwise read 66 MB of sources to change one page.

export type SavedRead = [
  abs: string,
  size: number,
  mtimeMs: number,
  ctimeMs: number,
  file: string,
  sourceHash: string,
  yaml: string,
  /** Where the body starts in the source, in characters. */
  bodyStart: number,
  bodyLineOffset: number,
  unclosed: boolean,
];

/** The saved form of a read: a restored one gives back what it was restored from, without reading its text. */
const restored = new WeakMap<MarkdownRead, SavedRead>();

export function savedRead(abs: string, stats: { size: number; mtimeMs: number; ctimeMs: number }, read: MarkdownRead): SavedRead {
  const known = restored.get(read);
  if (known) return known;
  const { split, base } = read;
  return [abs, stats.size, stats.mtimeMs, stats.ctimeMs, base.file, base.sourceHash, split.yaml, base.source.length - base.body.length, split.bodyLineOffset, split.unclosed === true];
}

/**
 * The read a saved one stands for, its text (source and body) read from the file when first asked for. The scan only
 * restores a file whose stats are the saved ones; a file changed behind them reads as it is now, and the next build,
 * seeing other stats, reads it anew.
 */
export function restoredRead(saved: SavedRead): MarkdownRead {
  const [abs, , , , file, sourceHash, yaml, bodyStart, bodyLineOffset, unclosed] = saved;
  let text: string | undefined;
  const source = () => {
    if (text === undefined) {
      const read = readSourceText(readFileSync(abs), file);
      // It was valid text when saved; one that no longer is gives nothing, and the next build reports it.
      text = 'text' in read ? read.text : '';
    }
    return text;
  };
  const split = { yaml, bodyLineOffset, ...(unclosed ? { unclosed } : {}) } as MarkdownRead['split'];
  const base = { file, abs, sourceHash, bodyLineOffset, mdx: abs.endsWith('.mdx') } as MarkdownRead['base'];
  lazyText(split, 'body', () => source().slice(bodyStart));
  lazyText(base, 'source', source);
  lazyText(base, 'body', () => source().slice(bodyStart));
  const read = { split, base };
  restored.set(read, saved);
  return read;
}

/**
 * `own` with the read's fields. A restored read's text is copied as its lazy accessors, so that it stays unread until
 * a stage asks for it (Object.assign would read it); a read's other fields, and a fresh read's, are plain values.
 */
export function withRead<T extends object>(read: MarkdownRead, own: T): T & MarkdownRead['base'] {
  const { base } = read;
  if (!restored.has(read)) return Object.assign(own, base);
  const { file, abs, sourceHash, bodyLineOffset, mdx } = base;
  const plain: Omit<MarkdownRead['base'], 'source' | 'body'> = { file, abs, sourceHash, bodyLineOffset, mdx };
  const target = Object.assign(own, plain) as T & MarkdownRead['base'];
  for (const key of ['source', 'body'] as const) Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(base, key)!);
  return target;
}

/**
 * `target[key]` made on first read, then kept on the object it was read from (`withRead` copies the accessor onto
 * each content file).
 */
function lazyText<T extends object>(target: T, key: keyof T & string, make: () => string): void {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get(this: object) {
      const value = make();
      Object.defineProperty(this, key, { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
  });
}
