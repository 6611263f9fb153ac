// Shared by unit tests only: content files and their parse summaries made in memory, as the content and markdown
// stages would hand them to the routes stage (no disk, no parser), and the route table built from them.
import type { SiteConfig } from '../config/index.ts';
import type {
  AuthorEntry,
  BlogFile,
  BlogFrontmatter,
  ContentFile,
  ContentSet,
  DocFile,
  DocFrontmatter,
  PageFile,
  PageFrontmatter,
  PageModuleFile,
  PositionIndex,
  TagEntry,
} from '../content/index.ts';
import { Diagnostics, formatDiagnostic, sortDiagnostics } from '../errors/index.ts';
import { hashText } from '../files/index.ts';
import { buildRoutes } from './build-routes.ts';
import type { ParsedSummary, RouteTable } from './types.ts';

/** A content file and, for markdown, what parsing it found (its first `# heading`). */
export interface FakeFile {
  file: ContentFile;
  parsed?: ParsedSummary;
}

interface MarkdownOptions<F> {
  frontmatter?: F;
  /** The text of the body's first `# heading`, if it has one. */
  h1?: string;
  body?: string;
  /** Positions of frontmatter values ("slug", "tags.1"). */
  positions?: PositionIndex;
}

export function summary(h1?: string): ParsedSummary {
  return { h1, links: [], mdxImports: {}, diagnostics: [] };
}

function base(file: string, options: MarkdownOptions<unknown>) {
  const body = options.body ?? (options.h1 ? `# ${options.h1}\n\nText.\n` : 'Text.\n');
  return { file, abs: `/site/${file}`, source: body, sourceHash: hashText(body), body, bodyLineOffset: 0, mdx: file.endsWith('.mdx'), positions: options.positions ?? {} };
}

/** A doc of the current version (content/docs/<relId>.md), or of an older one (content/versioned_docs/<version>/…). */
export function doc(relId: string, options: MarkdownOptions<DocFrontmatter> & { version?: string } = {}): FakeFile {
  const version = options.version ?? 'current';
  const file = version === 'current' ? `content/docs/${relId}.md` : `content/versioned_docs/${version}/${relId}.md`;
  const docFile: DocFile = { ...base(file, options), kind: 'doc', version, relId, frontmatter: options.frontmatter ?? {} };
  return { file: docFile, parsed: summary(options.h1) };
}

/** A post, named as on disk: `2025-01-17-welcome` gives the date and the slug. */
export function post(name: string, options: MarkdownOptions<BlogFrontmatter> = {}): FakeFile {
  const match = /^(?:.*\/)?(\d{4}-\d{2}-\d{2})-(.+?)(?:\/index)?$/.exec(name);
  const blogFile: BlogFile = {
    ...base(`content/blog/${name}.md`, options),
    kind: 'blog',
    fileDate: match?.[1],
    fileSlug: match?.[2] ?? name.replace(/\/index$/, '').replace(/^.*\//, ''),
    frontmatter: options.frontmatter ?? {},
  };
  return { file: blogFile, parsed: summary(options.h1) };
}

/** A markdown page under content/pages. */
export function page(relPath: string, options: MarkdownOptions<PageFrontmatter> = {}): FakeFile {
  const pageFile: PageFile = { ...base(`content/pages/${relPath}.md`, options), kind: 'page', relPath, frontmatter: options.frontmatter ?? {} };
  return { file: pageFile, parsed: summary(options.h1) };
}

/** A React page module under content/pages. */
export function pageModule(relPath: string): FakeFile {
  const file: PageModuleFile = { kind: 'page-module', file: `content/pages/${relPath}.tsx`, abs: `/site/content/pages/${relPath}.tsx`, relPath };
  return { file };
}

export interface FakeContent {
  authors?: AuthorEntry[];
  tags?: TagEntry[];
  /** tags.yml exists: tags must be declared. */
  tagsDeclared?: boolean;
  authorsDeclared?: boolean;
  /** content/public: path relative to it → absolute source. */
  publicFiles?: Record<string, string>;
  schemas?: Record<string, { file: string; schema: object; text: string }>;
  versionedSidebars?: Record<string, unknown>;
}

export function contentSet(files: readonly FakeFile[], extra: FakeContent = {}): ContentSet {
  return {
    files: files.map((f) => f.file),
    authors: new Map((extra.authors ?? []).map((a) => [a.key, a])),
    tags: new Map((extra.tags ?? []).map((t) => [t.key, t])),
    tagsDeclared: extra.tagsDeclared ?? false,
    authorsDeclared: extra.authorsDeclared ?? false,
    publicFiles: new Map(Object.entries(extra.publicFiles ?? {})),
    schemas: new Map(Object.entries(extra.schemas ?? {})),
    versionedSidebars: new Map(Object.entries(extra.versionedSidebars ?? {})),
  };
}

export interface FakeRoutes {
  table: RouteTable;
  /** Every problem, printed as the CLI prints it, in file order. */
  problems: string[];
}

/** The route table of these files under this config, and the problems the routes stage reported. */
export function routesOf(config: SiteConfig, files: readonly FakeFile[], extra: FakeContent = {}): FakeRoutes {
  const parsed = new Map(files.flatMap((f) => (f.parsed ? [[f.file.file, f.parsed] as const] : [])));
  const diagnostics = new Diagnostics();
  const table = buildRoutes(config, contentSet(files, extra), parsed, diagnostics);
  return { table, problems: sortDiagnostics(diagnostics.items).map(formatDiagnostic) };
}
