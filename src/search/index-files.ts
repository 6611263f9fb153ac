import { createHash } from 'node:crypto';
import {
  createMiniSearch,
  FULL_INDEX_FORMAT,
  INDEX_FORMAT,
  TEXTS_FORMAT,
  type IndexDocument,
  type IndexedPage,
  type IndexedSection,
  type IndexedVersion,
  type SearchFullIndexFile,
  type SearchIndexFile,
  type SearchTextsFile,
} from '../search-engine/index.ts';
import { shorten } from '../search-engine/index.ts';
import { withBase } from '../shared/index.ts';
import type { SearchRecord, SearchRecordVersion } from './types.ts';

/** Folder of the index files in the output, relative to its root. */
export const SEARCH_ASSETS_DIR = 'assets/search';

/** Characters of each section's text stored in the index file, for the result preview before the full text loads. */
export const STORED_TEXT_LENGTH = 90;

/** How many page titles the "Try searching for" list offers. */
const SUGGESTIONS = 4;

export interface SearchIndexFiles {
  /** Output path (relative to the output root) → JSON text. */
  files: Map<string, string>;
  /** URL of the main index file (with the base URL), for SiteChrome.search.indexUrl. */
  indexUrl: string;
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

function slugOf(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'version';
}

/**
 * Serialises the records into static, content-hashed files under assets/search/. Per scope (the main one: current
 * docs version, blog and pages; then one per older docs version, fetched only by readers of that version):
 *
 * - `index[-<version>].<hash>.json` (`indexUrl` points at the main one): what a first query downloads. A page table, a
 *   section table (page, anchor, heading path, the first STORED_TEXT_LENGTH characters of text), the "Try searching
 *   for" titles, and a MiniSearch index (`toJSON`) over titles, headings and tags.
 * - `full-<scope>.<hash>.json`: the MiniSearch index over the full text as well, same document ids; the browser fetches
 *   it right after the first file and swaps it in.
 * - `texts-<scope>.<hash>.json`: the full section texts, for excerpts around the match (search page).
 */
/**
 * The main index file's name comes from the records and the file formats, not from its bytes, so pages, which link
 * it, can render while the index is still being built. Same records, same files, so the name still changes whenever
 * the content does; a change to how the files are made for the same records must bump one of the format constants
 * (the browser checks them too).
 */
function mainIndexPath(recordsHash: string): string {
  const format = [INDEX_FORMAT, FULL_INDEX_FORMAT, TEXTS_FORMAT, STORED_TEXT_LENGTH, SUGGESTIONS];
  return `${SEARCH_ASSETS_DIR}/index.${hashOf(JSON.stringify(format) + recordsHash)}.json`;
}

/** A hash of the records, made one record at a time: at 10,000 pages their JSON would be a 100 MB string. */
export function hashRecords(records: readonly SearchRecord[]): string {
  const hash = createHash('sha256');
  for (const record of records) hash.update(JSON.stringify(record)).update('\n');
  return hash.digest('hex');
}

/** URL of the main index file for records with this `hashRecords`. */
export function searchIndexUrl(recordsHash: string, baseUrl: string): string {
  return withBase(baseUrl, '/' + mainIndexPath(recordsHash));
}

export function buildSearchIndexFiles(
  records: readonly SearchRecord[],
  options: {
    baseUrl: string;
    recordsHash?: string;
    /**
     * Takes each file as soon as it is made, which then stays out of `files`. At 10,000 pages the full-text index
     * alone is a string of over 100 MB: written and let go, it is not held while the next one is made.
     */
    write?: (rel: string, json: string) => void;
  },
): SearchIndexFiles {
  const files = new Map<string, string>();
  const emit = (rel: string, json: string) => (options.write ? options.write(rel, json) : files.set(rel, json));
  const versions = new Map<string, SearchRecordVersion>();
  for (const r of records) if (r.version && !versions.has(r.version.name)) versions.set(r.version.name, r.version);
  const isMain = (r: SearchRecord) => r.type !== 'docs' || !r.version || r.version.current;
  const language = records[0]?.language ?? 'en';

  const put = (name: string, json: string): string => {
    const rel = `${SEARCH_ASSETS_DIR}/${name}.${hashOf(json)}.json`;
    emit(rel, json);
    return withBase(options.baseUrl, '/' + rel);
  };

  const indexedVersions: IndexedVersion[] = [];
  for (const version of versions.values()) {
    const entry: IndexedVersion = { name: version.name, label: version.label, path: version.path, current: version.current };
    if (!version.current) {
      const own = records.filter((r) => r.type === 'docs' && r.version?.name === version.name);
      entry.url = put(`index-${slugOf(version.name)}`, serialiseIndex(own, version.name, language, [], [], (n, j) => put(n, j)));
    }
    indexedVersions.push(entry);
  }
  const main = records.filter(isMain);
  const json = serialiseIndex(main, 'main', language, suggestionsFor(main), indexedVersions, (n, j) => put(n, j));
  const indexPath = mainIndexPath(options.recordsHash ?? hashRecords(records));
  emit(indexPath, json);
  return { files, indexUrl: withBase(options.baseUrl, '/' + indexPath) };
}

/** Top-level docs first (fewest path segments, in route order), then the rest: their titles are good first queries. */
function suggestionsFor(records: readonly SearchRecord[]): string[] {
  const pages = new Map<string, { title: string; depth: number; order: number; docs: boolean }>();
  for (const r of records) {
    if (!pages.has(r.pageUrl)) {
      pages.set(r.pageUrl, { title: r.title, depth: r.pageUrl.split('/').filter(Boolean).length, order: pages.size, docs: r.type === 'docs' });
    }
  }
  const titles = [...pages.values()]
    .sort((a, b) => Number(b.docs) - Number(a.docs) || a.depth - b.depth || a.order - b.order)
    .map((p) => p.title);
  return [...new Set(titles)].slice(0, SUGGESTIONS);
}

function serialiseIndex(
  records: readonly SearchRecord[],
  scope: string,
  language: string,
  suggestions: string[],
  versions: IndexedVersion[],
  put: (name: string, json: string) => string,
): string {
  const pages: IndexedPage[] = [];
  const pageIndex = new Map<string, number>();
  const sections: IndexedSection[] = [];
  const documents: IndexDocument[] = [];
  for (const r of records) {
    let p = pageIndex.get(r.pageUrl);
    if (p === undefined) {
      p = pages.length;
      pageIndex.set(r.pageUrl, p);
      pages.push([r.title, r.pageUrl, r.type, r.type === 'docs' ? r.version?.name ?? '' : '', r.tags, r.category ?? '']);
    }
    const id = sections.length;
    sections.push([p, r.anchor ?? '', r.hierarchy, shorten(r.text, STORED_TEXT_LENGTH)]);
    documents.push({ id, title: r.title, headings: r.hierarchy.join(' '), text: r.text, tags: r.tags.join(' ') });
  }
  const name = scope === 'main' ? 'main' : slugOf(scope);
  const texts: SearchTextsFile = { format: TEXTS_FORMAT, texts: records.map((r) => r.text) };
  const textsUrl = put(`texts-${name}`, JSON.stringify(texts));
  const full: SearchFullIndexFile = { format: FULL_INDEX_FORMAT, index: createMiniSearch(documents, 'full').toJSON() };
  const fullUrl = put(`full-${name}`, JSON.stringify(full));
  const file: SearchIndexFile = {
    format: INDEX_FORMAT,
    scope,
    language,
    fullUrl,
    textsUrl,
    pages,
    sections,
    suggestions,
    versions,
    index: createMiniSearch(documents, 'lite').toJSON(),
  };
  return JSON.stringify(file);
}

/**
 * The records back from built index files (for the ask handler and the hosted-search export). `read` returns a
 * file's text by its output path (relative to the output root), or undefined. Reads every `index*.json` under
 * assets/search/ among `paths` and the texts file each one names.
 */
export function recordsFromIndexFiles(paths: Iterable<string>, read: (rel: string) => string | undefined): SearchRecord[] {
  const records: SearchRecord[] = [];
  // The main index first, then the older versions.
  const indexPaths = [...paths]
    .filter((p) => p.startsWith(`${SEARCH_ASSETS_DIR}/index`) && p.endsWith('.json'))
    .sort((a, b) => Number(!a.startsWith(`${SEARCH_ASSETS_DIR}/index.`)) - Number(!b.startsWith(`${SEARCH_ASSETS_DIR}/index.`)) || a.localeCompare(b));
  const parsed = indexPaths.map((p) => JSON.parse(read(p) ?? 'null') as SearchIndexFile | null).filter((f) => f?.format === INDEX_FORMAT) as SearchIndexFile[];
  const allVersions = parsed.flatMap((f) => f.versions);
  const versionOf = new Map(allVersions.map((v) => [v.name, { name: v.name, label: v.label, path: v.path, current: v.current }]));
  for (const file of parsed) {
    // The URL carries the base URL; the file sits in the same folder whatever the base.
    const textsJson = read(`${SEARCH_ASSETS_DIR}/${file.textsUrl.split('/').pop()}`);
    const texts = textsJson ? (JSON.parse(textsJson) as SearchTextsFile).texts : [];
    file.sections.forEach(([p, anchor, hierarchy, short], i) => {
      const [title, pageUrl, type, version, tags, category] = file.pages[p];
      const v = version ? versionOf.get(version) : undefined;
      records.push({
        url: anchor ? `${pageUrl}#${anchor}` : pageUrl,
        pageUrl,
        ...(anchor ? { anchor } : {}),
        title,
        hierarchy,
        text: texts[i] ?? short,
        type,
        ...(v ? { version: v } : {}),
        tags,
        language: file.language,
        ...(category ? { category } : {}),
      });
    });
  }
  return records;
}
