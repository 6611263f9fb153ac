import type { BlogFrontmatter, DocFrontmatter, PageFrontmatter } from './frontmatter.ts';
import type { PositionIndex } from './yaml-positions.ts';

export interface ContentFileBase {
  /** Relative to the site root, with forward slashes. */
  file: string;
  abs: string;
  source: string;
  /** A hash of `source`, made once when the file was read (serve keeps it with the text while the file is unchanged). */
  sourceHash: string;
  /** Markdown without the frontmatter block. */
  body: string;
  bodyLineOffset: number;
  mdx: boolean;
  /** File position of each frontmatter value, by dotted key path ("slug", "tags.1"). */
  positions: PositionIndex;
}

export interface DocFile extends ContentFileBase {
  kind: 'doc';
  version: string;
  /** Path under the version's folder, without extension: "api/receipts". */
  relId: string;
  frontmatter: DocFrontmatter;
}

export interface BlogFile extends ContentFileBase {
  kind: 'blog';
  /** Date and slug from the file name, when it has them. */
  fileDate?: string;
  fileSlug: string;
  frontmatter: BlogFrontmatter;
}

export interface PageFile extends ContentFileBase {
  kind: 'page';
  /** Path under content/pages without extension: "markdown-page", "index". */
  relPath: string;
  frontmatter: PageFrontmatter;
}

export interface PageModuleFile {
  kind: 'page-module';
  file: string;
  abs: string;
  relPath: string;
}

export type MarkdownFile = DocFile | BlogFile | PageFile;
export type ContentFile = MarkdownFile | PageModuleFile;

export interface AuthorEntry {
  key: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  /** Author page permalink segment (under /blog/authors/), when the author has a page. */
  pageSlug?: string;
}

export interface TagEntry {
  key: string;
  label: string;
  description?: string;
  permalink: string;
}

export interface ContentSet {
  files: ContentFile[];
  authors: Map<string, AuthorEntry>;
  tags: Map<string, TagEntry>;
  /** Whether tags.yml exists: then blog tags must be declared in it. */
  tagsDeclared: boolean;
  authorsDeclared: boolean;
  /** Static files to copy: output path (relative) → absolute source. */
  publicFiles: Map<string, string>;
  /** JSON Schemas for examples: name → schema object. */
  schemas: Map<string, { file: string; schema: object; text: string }>;
  /** Frozen sidebars of older docs versions: version name → sidebars object. */
  versionedSidebars: Map<string, unknown>;
}
