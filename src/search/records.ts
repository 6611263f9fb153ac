import { createHash } from 'node:crypto';
import { hashText } from '../files/index.ts';
import type { DocumentHtml, Section } from '../markdown/index.ts';
import type { RouteTable } from '../routes/index.ts';
import { withBase } from '../shared/index.ts';
import type { SearchRecord, SearchRecordVersion } from './types.ts';

export interface SearchRecordsInput {
  table: RouteTable;
  /** Rendered markdown by source file (relative to the site root). */
  html: ReadonlyMap<string, DocumentHtml>;
  baseUrl: string;
  language: string;
  /**
   * Filled with the hash of what each page's records are made from, by page URL, for a page whose HTML has an identity
   * (see DocumentHtml.identity): `hashPages` takes it instead of hashing the records.
   */
  sourceHashes?: Map<string, string>;
  /**
   * The page hashes of the index being updated, by page URL: a page whose sources hash the same is given as one
   * `unchanged` record, without its sections.
   */
  indexed?: ReadonlyMap<string, string>;
}

type PageInfo = Omit<SearchRecord, 'url' | 'anchor' | 'hierarchy' | 'text'> & {
  /** The frontmatter's description: the preview of the top of a page that has no text of its own there. */
  description?: string;
};

/**
 * One record per heading section of every doc, blog post and markdown page, in route-table order. Page modules
 * (React pages) have no sections and are not indexed.
 */
export function buildSearchRecords(input: SearchRecordsInput): SearchRecord[] {
  const { table, html, baseUrl, language } = input;
  const records: SearchRecord[] = [];
  const versions = new Map<string, SearchRecordVersion>(
    table.versions.map((v) => [v.name, { name: v.name, label: v.label, path: withBase(baseUrl, v.basePath), current: v.current }]),
  );
  const add = (doc: DocumentHtml | undefined, page: PageInfo) => {
    if (!doc) return;
    const hash = doc.identity === undefined ? undefined : hashSource(JSON.stringify([doc.identity, page]));
    if (hash !== undefined) input.sourceHashes?.set(page.pageUrl, hash);
    if (hash !== undefined && input.indexed?.get(page.pageUrl) === hash) {
      const { description: _, ...facts } = page;
      records.push({ ...facts, url: page.pageUrl, hierarchy: [], text: '', unchanged: true });
    } else addPage(records, doc.sections, page);
  };
  for (const doc of table.docs) {
    const category = doc.breadcrumbs[0]?.label;
    add(html.get(doc.file.file), {
      pageUrl: withBase(baseUrl, doc.url),
      title: doc.title,
      type: 'docs',
      version: versions.get(doc.version),
      tags: [...doc.tags],
      language,
      ...(category ? { category } : {}),
      description: doc.description,
    });
  }
  for (const post of table.posts) {
    add(html.get(post.file.file), {
      pageUrl: withBase(baseUrl, post.url),
      title: post.title,
      type: 'blog',
      tags: post.tags.map((t) => t.label),
      language,
      category: 'Blog',
      description: post.description,
    });
  }
  for (const page of table.pages) {
    add(html.get(page.file.file), { pageUrl: withBase(baseUrl, page.url), title: page.title, type: 'page', tags: [], language, description: page.description });
  }
  return records;
}

/**
 * Without a frontmatter description, a page's preview is the text of its sections as they are: the description made
 * from the first paragraph is already the start of the section it comes from, and a record repeating it would show
 * the same words twice in one result.
 */
function addPage(records: SearchRecord[], sections: readonly Section[], { description, ...page }: PageInfo): void {
  const path: { depth: number; text: string }[] = [];
  const start = records.length;
  for (const section of sections) {
    // The text before the first heading and an h1 are the top of the page: the page title stands for them.
    const top = section.depth <= 1;
    if (!top) {
      while (path.length && path[path.length - 1].depth >= section.depth) path.pop();
      path.push({ depth: section.depth, text: section.heading });
    }
    const anchor = top ? undefined : section.id;
    const hierarchy = top ? [] : path.map((p) => p.text);
    const previous = records.length > start ? records[records.length - 1] : undefined;
    // An intro paragraph followed by an h1: one record for the top of the page.
    if (top && previous && previous.hierarchy.length === 0 && previous.pageUrl === page.pageUrl) {
      previous.text = [previous.text, section.text].filter(Boolean).join(' ');
      continue;
    }
    records.push({
      ...page,
      url: anchor ? `${page.pageUrl}#${anchor}` : page.pageUrl,
      ...(anchor ? { anchor } : {}),
      hierarchy,
      text: section.text,
    });
  }
  // The top of the page is what a match on the title shows: without text of its own there, the description stands
  // for it, and a page with no text at all can still be found by its title.
  const top = records.length > start && records[start].hierarchy.length === 0 ? records[start] : undefined;
  if (top && !top.text && description) top.text = description;
  else if (!top && (description || records.length === start)) records.splice(start, 0, { ...page, url: page.pageUrl, hierarchy: [], text: description ?? '' });
}

/**
 * A hash of each page's records, by page URL, made one record at a time: at 10,000 pages their JSON would be a 100 MB
 * string. The search index updates the pages whose hash changed.
 */
export function hashPages(records: readonly SearchRecord[], sourceHashes?: ReadonlyMap<string, string>): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const page of pagesOf(records)) {
    const url = page[0].pageUrl;
    // What the records were made from names them as well as they do, and is hashed already.
    const known = sourceHashes?.get(url);
    if (known !== undefined) {
      hashes.set(url, known);
      continue;
    }
    const hash = createHash('sha256');
    for (const record of page) hash.update(JSON.stringify(record)).update('\n');
    hashes.set(url, hash.digest('hex'));
  }
  return hashes;
}

/** A list of records as its pages, each as its consecutive records (a page's records always are). */
export function pagesOf(records: readonly SearchRecord[]): SearchRecord[][] {
  const pages: SearchRecord[][] = [];
  for (const r of records) {
    const last = pages[pages.length - 1];
    if (last && last[0].pageUrl === r.pageUrl) last.push(r);
    else pages.push([r]);
  }
  return pages;
}

/** Tagged, so that no page's records hash (see hashPages) can equal a hash of its sources. */
function hashSource(source: string): string {
  return hashText('source', source);
}
