import type { DocumentHtml } from '../markdown/index.ts';

// A page's key is a hash of its route data, and route data is a function of the route table, the site chrome, the
// shell (bundle, CSP, config) and the rendered documents it reads. Making every page's data to find its key was most of
// an edit's render stage: 0.4 s of 2.2 at 10,000 pages, for one page that changed. So each build also notes, per page,
// which documents its data read and their identities, under a key of everything else (the "structure"): a later build
// with the same structure gives a page whose documents are unchanged the key it had, without making its data.

/** The documents a page's data read: each one's source file and identity (see DocumentHtml.identity). */
export type DocumentReads = readonly (readonly [file: string, identity: string])[];

/** A page as the last build keyed it: its key, and what its data read besides the structure. */
export type PageRead = readonly [key: string, reads: DocumentReads];

/** Pages keyed by an earlier build under one structure, kept between builds by the reuse (disk or memory). */
export interface PageReadsMemo {
  /** The pages of the last build, when it had this structure; else undefined. */
  earlier(structure: string): ReadonlyMap<string, PageRead> | undefined;
  /** This build's pages, saved with the build (only a build that succeeded keeps them). */
  keep(structure: string, pages: ReadonlyMap<string, PageRead>): void;
}

/** Whether every document a page read is still the one it read: the same file, with the same identity. */
export function readsUnchanged(reads: DocumentReads, html: ReadonlyMap<string, DocumentHtml>): boolean {
  for (const [file, identity] of reads) if (html.get(file)?.identity !== identity) return false;
  return true;
}

/**
 * What a page read, with identities, or undefined when one of them has none (an MDX document's HTML also depends on
 * its components, which no identity names) or is missing: such a page is keyed from its data on every build.
 */
export function documentReads(files: readonly string[], html: ReadonlyMap<string, DocumentHtml>): DocumentReads | undefined {
  const reads: [string, string][] = [];
  for (const file of files) {
    const identity = html.get(file)?.identity;
    if (identity === undefined) return undefined;
    if (!reads.some(([known]) => known === file)) reads.push([file, identity]);
  }
  return reads;
}
