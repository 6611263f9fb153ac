import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/index.ts';
import { ProtodocsError, problem, type Diagnostics } from '../errors/index.ts';
import { loadAuthors, loadTags } from './blog-meta.ts';
import {
  blogFrontmatterSchema,
  docFrontmatterSchema,
  pageFrontmatterSchema,
  parseFrontmatter,
  splitFrontmatter,
  type FrontmatterMemo,
  type SplitFrontmatter,
} from './frontmatter.ts';
import { withRead } from './saved-read.ts';
import { readSourceText, SOURCE_SIZE } from './source-text.ts';
import type { ContentFile, ContentFileBase, ContentSet } from './types.ts';
import { fileBelow, hashText, walkFiles, type ListedFiles } from '../files/index.ts';

const MARKDOWN = /\.mdx?$/;
const BLOG_FILE = /^(?:.*\/)?(\d{4}-\d{2}-\d{2})-(.+?)(?:\/index)?\.mdx?$/;

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** A markdown file as read: its frontmatter block split off, and the fields every markdown kind shares. */
export interface MarkdownRead {
  split: SplitFrontmatter;
  base: Omit<ContentFileBase, 'positions'>;
}

/** What markdown files read as, kept by a long-running caller (serve) with the stats they had: unchanged, not read again. */
export type SourceMemo = Map<string, { size: number; mtimeMs: number; ctimeMs: number; read: MarkdownRead }>;

/** What a caller may give the scan besides the config (see scanContent). */
export interface ScanOptions {
  /** Validated frontmatter kept between builds. */
  memo?: FrontmatterMemo;
  /** File texts kept between builds by their stats. */
  sources?: SourceMemo;
  /**
   * The files a long-running caller's (serve's) watcher saw change since `sources` was last brought up to date; a file
   * `sources` holds and `changed` does not name is not even statted (at 1,000 pages the stats were a tenth of an edit's
   * rebuild).
   */
  changed?: ReadonlySet<string>;
  /** Told of each file as it is found, so that its parse can start while the scan reads the rest. */
  onFile?: (file: ContentFile) => void;
  /**
   * The content folder's files with their stats, listed in another thread while the config loaded (`walkFilesAside`):
   * the scan then neither walks the folder nor stats a file (10,000 stats took it 0.13 s). A file is read all the same
   * where its stats differ from those `sources` has, so a file changed since it was listed is read as it is now.
   */
  listed?: ListedFiles;
}

/**
 * Finds every content file, reads it once and validates its frontmatter for its kind. The options' `memo` and
 * `sources` hold frontmatter and file texts from earlier builds (serve keeps them in memory, a build on disk).
 */
export function scanContent(config: SiteConfig, diagnostics: Diagnostics, options: ScanOptions = {}): ContentSet {
  const { memo, sources, changed, onFile, listed } = options;
  const { root, contentDir } = config;
  if (!existsSync(contentDir)) {
    throw new ProtodocsError(problem('PD2001', { folder: toPosix(path.relative(root, contentDir)) || 'content' }));
  }
  const files: ContentFile[] = [];
  const add = (file: ContentFile) => {
    files.push(file);
    onFile?.(file);
  };
  const rel = (abs: string) => toPosix(path.relative(root, abs));

  const seen = new Set<string>();
  // A folder's files from the listing (rel to content/, sorted: those below one folder keep their order) or walked.
  const contentPrefix = (dir: string) => {
    const relDir = toPosix(path.relative(contentDir, dir));
    return relDir && !relDir.startsWith('..') && !path.isAbsolute(relDir) ? `${relDir}/` : undefined;
  };
  const filesBelow = (dir: string): { relFile: string; listedAs?: string }[] => {
    const prefix = listed && contentPrefix(dir);
    if (prefix === undefined) return walkFiles(dir).map((relFile) => ({ relFile }));
    const below: { relFile: string; listedAs: string }[] = [];
    for (const key of listed!.keys()) if (key.startsWith(prefix)) below.push({ relFile: key.slice(prefix.length), listedAs: key });
    return below;
  };
  const statsOf = (abs: string, listedAs: string | undefined): { size: number; mtimeMs: number; ctimeMs: number } => {
    const found = listedAs === undefined ? undefined : listed?.get(listedAs);
    return found && found[2] !== undefined ? { size: found[0], mtimeMs: found[1], ctimeMs: found[2] } : statSync(abs);
  };
  /** A markdown file, read once; one that is too large, binary or not UTF-8 is reported and skipped. */
  const readMarkdown = (abs: string, listedAs: string | undefined): MarkdownRead | undefined => {
    const known = sources?.get(abs);
    const { size, mtimeMs, ctimeMs } = known && changed && !changed.has(abs) ? known : statsOf(abs, listedAs);
    // The memo's own name for the file: path.relative for each of 1,000 files was a tenth of serve's scan.
    const file = known?.read.base.file ?? rel(abs);
    if (size > SOURCE_SIZE.error) {
      diagnostics.add(problem('PD2023', { bytes: size, limit: SOURCE_SIZE.error }, { file }));
      return undefined;
    }
    if (size > SOURCE_SIZE.warning) diagnostics.add(problem('PD2024', { bytes: size, limit: SOURCE_SIZE.warning }, { file }));
    seen.add(abs);
    if (known && known.size === size && known.mtimeMs === mtimeMs && known.ctimeMs === ctimeMs) return known.read;
    const read = readMarkdownFile(abs, file, diagnostics);
    if (read) sources?.set(abs, { size, mtimeMs, ctimeMs, read });
    return read;
  };

  const versionDirs = config.docs.versions.map((v, index) => ({
    name: v.name,
    dir: index === 0 ? path.join(contentDir, 'docs') : path.join(contentDir, 'versioned_docs', v.name),
  }));
  for (const { name, dir } of versionDirs) {
    for (const { relFile, listedAs } of filesBelow(dir)) {
      if (!MARKDOWN.test(relFile) || relFile.split('/').some((s) => s.startsWith('_'))) continue;
      const abs = fileBelow(dir, relFile);
      const read = readMarkdown(abs, listedAs);
      if (!read) continue;
      const frontmatter = parseFrontmatter(read.split, docFrontmatterSchema, read.base.file, diagnostics, memo);
      if (!frontmatter || frontmatter.value.draft) continue;
      add(
        withRead(read, {
          kind: 'doc',
          version: name,
          relId: relFile.replace(MARKDOWN, '').replace(/\/index$/, ''),
          frontmatter: frontmatter.value,
          positions: frontmatter.positions,
        }),
      );
    }
  }

  const blogDir = path.join(contentDir, 'blog');
  for (const { relFile, listedAs } of filesBelow(blogDir)) {
    if (!MARKDOWN.test(relFile) || relFile.split('/').some((s) => s.startsWith('_'))) continue;
    const abs = fileBelow(blogDir, relFile);
    const read = readMarkdown(abs, listedAs);
    if (!read) continue;
    const frontmatter = parseFrontmatter(read.split, blogFrontmatterSchema, read.base.file, diagnostics, memo);
    if (!frontmatter || frontmatter.value.draft) continue;
    const match = BLOG_FILE.exec(relFile);
    add(
      withRead(read, {
        kind: 'blog',
        fileDate: match?.[1],
        fileSlug: match?.[2] ?? path.basename(relFile.replace(/\/index\.mdx?$/, ''), path.extname(relFile)),
        frontmatter: frontmatter.value,
        positions: frontmatter.positions,
      }),
    );
  }

  const pagesDir = path.join(contentDir, 'pages');
  for (const { relFile, listedAs } of filesBelow(pagesDir)) {
    if (relFile.split('/').some((s) => s.startsWith('_')) || /\.test\.tsx?$/.test(relFile)) continue;
    const abs = fileBelow(pagesDir, relFile);
    if (MARKDOWN.test(relFile)) {
      const read = readMarkdown(abs, listedAs);
      if (!read) continue;
      const frontmatter = parseFrontmatter(read.split, pageFrontmatterSchema, read.base.file, diagnostics, memo);
      if (!frontmatter) continue;
      add(
        withRead(read, {
          kind: 'page',
          relPath: relFile.replace(MARKDOWN, ''),
          frontmatter: frontmatter.value,
          positions: frontmatter.positions,
        }),
      );
    } else if (/\.[jt]sx$/.test(relFile)) {
      add({ kind: 'page-module', file: rel(abs), abs, relPath: relFile.replace(/\.[jt]sx$/, '') });
    }
  }

  const authors = loadAuthors(blogDir, root, diagnostics);
  const tags = loadTags(blogDir, root, diagnostics);

  const publicDir = path.join(contentDir, 'public');
  const publicFiles = new Map<string, string>();
  for (const { relFile } of filesBelow(publicDir)) publicFiles.set(relFile, path.join(publicDir, relFile));

  const schemas: ContentSet['schemas'] = new Map();
  const schemaDir = path.join(contentDir, 'schemas');
  for (const { relFile } of filesBelow(schemaDir)) {
    if (!relFile.endsWith('.json') || relFile.includes('/')) continue;
    const abs = path.join(schemaDir, relFile);
    const text = readFileSync(abs, 'utf8');
    try {
      schemas.set(relFile.replace(/\.json$/, ''), { file: rel(abs), schema: JSON.parse(text) as object, text });
    } catch (error) {
      diagnostics.add(problem('PD2008', { kind: 'schema-json', name: relFile, reason: (error as Error).message }, { file: rel(abs) }));
    }
  }

  const versionedSidebars = new Map<string, unknown>();
  for (const v of config.docs.versions.slice(1)) {
    const abs = path.join(contentDir, 'versioned_sidebars', `${v.name}-sidebars.json`);
    if (existsSync(abs)) {
      try {
        versionedSidebars.set(v.name, JSON.parse(readFileSync(abs, 'utf8')));
      } catch (error) {
        diagnostics.add(problem('PD4003', { kind: 'json', version: v.name, reason: (error as Error).message }, { file: rel(abs) }));
      }
    }
  }

  // A file gone since the last build is not kept for the next.
  if (sources) for (const abs of sources.keys()) if (!seen.has(abs)) sources.delete(abs);
  return {
    files,
    authors: authors ?? new Map(),
    tags: tags ?? new Map(),
    authorsDeclared: authors !== undefined,
    tagsDeclared: tags !== undefined,
    publicFiles,
    schemas,
    versionedSidebars,
  };
}

/** The text of a markdown file, split at its frontmatter; a binary or non-UTF-8 file is reported and skipped. */
function readMarkdownFile(abs: string, file: string, diagnostics: Diagnostics): MarkdownRead | undefined {
  const text = readSourceText(readFileSync(abs), file);
  if ('problem' in text) {
    diagnostics.add(text.problem);
    return undefined;
  }
  const source = text.text;
  const split = splitFrontmatter(source);
  return { split, base: { file, abs, source, sourceHash: hashText(source), body: split.body, bodyLineOffset: split.bodyLineOffset, mdx: abs.endsWith('.mdx') } };
}
