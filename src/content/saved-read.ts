import { readFileSync } from 'node:fs';
import type { MarkdownRead } from './scan.ts';
import { readSourceText } from './source-text.ts';
import { sharedLazyField } from '../shared/index.ts';

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

/** What a restored read's text is made from, and the text once read: one per file, shared by its lazy fields. */
interface RestoredText {
  abs: string;
  file: string;
  bodyStart: number;
  text?: string;
}

const TEXT = Symbol('restored text');

function restoredText(target: object): RestoredText {
  return (target as { [TEXT]: RestoredText })[TEXT];
}

function sourceOf(state: RestoredText): string {
  if (state.text === undefined) {
    const read = readSourceText(readFileSync(state.abs), state.file);
    // It was valid text when saved; one that no longer is gives nothing, and the next build reports it.
    state.text = 'text' in read ? read.text : '';
  }
  return state.text;
}

/**
 * `target[key]` made on first read, then kept on the object it was read from (`withRead` copies the accessor, and
 * the text it reads, onto each content file). One getter per key for every file, not closures per file: 10,000
 * restored reads otherwise put each of their objects on a hidden class of its own.
 */
const lazyText = sharedLazyField<object>((target, key) => {
  const state = restoredText(target);
  return key === 'source' ? sourceOf(state) : sourceOf(state).slice(state.bodyStart);
});

function holdText(target: object, state: RestoredText): void {
  Object.defineProperty(target, TEXT, { value: state });
}

/**
 * The read a saved one stands for, its text (source and body) read from the file when first asked for. The scan only
 * restores a file whose stats are the saved ones; a file changed behind them reads as it is now, and the next build,
 * seeing other stats, reads it anew.
 */
export function restoredRead(saved: SavedRead): MarkdownRead {
  const [abs, , , , file, sourceHash, yaml, bodyStart, bodyLineOffset, unclosed] = saved;
  const state: RestoredText = { abs, file, bodyStart };
  const split = { yaml, bodyLineOffset, ...(unclosed ? { unclosed } : {}) } as MarkdownRead['split'];
  const base = { file, abs, sourceHash, bodyLineOffset, mdx: abs.endsWith('.mdx') } as MarkdownRead['base'];
  holdText(split, state);
  holdText(base, state);
  lazyText(split, 'body');
  lazyText(base, 'source');
  lazyText(base, 'body');
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
  holdText(target, restoredText(base));
  for (const key of ['source', 'body'] as const) Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(base, key)!);
  return target;
}
