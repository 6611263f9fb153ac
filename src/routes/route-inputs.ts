import type { ContentFile, ContentSet } from '../content/index.ts';
import type { ParsedSummary } from './types.ts';

/** A content file's text and the hash of it: what a body edit changes, and what no route reads. */
const TEXT_FIELDS: ReadonlySet<string> = new Set(['source', 'body', 'sourceHash']);

/**
 * What `buildRoutes` makes the route table from, besides the config, as text: the content set, less each file's text
 * (its `source`, `body` and their hash), and of each file's parse summary only its h1. The table reads nothing else of
 * a file's text (a test holds it to that), so two builds with the same text here and the same config have the same
 * route table, whatever their documents' bodies say. Everything else of the content set is written out, a field added
 * to it later included.
 *
 * A page's data reads a document's body only through its rendered HTML, which page-reads.ts names by identity: this
 * text is how a build knows that an edit left every page's table-made data as it was (see writePages).
 */
export function routeInputsText(content: ContentSet, summaries: ReadonlyMap<string, ParsedSummary>): string {
  const parts: string[] = [];
  for (const key of Object.keys(content) as (keyof ContentSet)[]) {
    if (key !== 'files') parts.push(key, JSON.stringify(content[key], withMaps));
  }
  for (const file of content.files) {
    // A file without a summary is left out of the table; one without an h1 is titled otherwise.
    const summary = summaries.get(file.file);
    parts.push(JSON.stringify(withoutText(file)), summary ? JSON.stringify(summary.h1 ?? null) : '-');
  }
  return parts.join('\n');
}

function withoutText(file: ContentFile): Record<string, unknown> {
  const fields = file as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // Object.keys, not a spread: a file's text may be a lazy field (see saved-read.ts), read from disk when first used.
  for (const name of Object.keys(fields)) if (!TEXT_FIELDS.has(name)) out[name] = fields[name];
  return out;
}

function withMaps(_key: string, value: unknown): unknown {
  return value instanceof Map ? [...value] : value;
}
