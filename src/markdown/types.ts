import type { Root } from 'mdast';
import type { Diagnostic } from '../errors/index.ts';
import type { ComponentFiles } from '../files/index.ts';

export type { ComponentFiles };
import type { TocItem } from '../shared/index.ts';

/** A link or image reference as written in the source, with its position (1-based). */
export interface LinkRef {
  href: string;
  line: number;
  column: number;
  kind: 'link' | 'image';
}

export interface HeadingInfo {
  depth: number;
  /** Plain text, without a trailing `{#custom-id}`. */
  text: string;
  id: string;
  line: number;
}

/** Phase 1: what the route table needs to know about a markdown file. */
export interface ParsedMarkdown {
  mdast: Root;
  /** Text of the first h1, if the body has one. */
  h1?: string;
  headings: HeadingInfo[];
  links: LinkRef[];
  /**
   * Set when one of `links` is an image. A page that shows an image can change with no change to it or to any page (the
   * image's file changes), so its fingerprint is taken anew on every build; this says so without reading `links`,
   * which the cache reads from disk only when used.
   */
  images?: true;
  /** MDX only: `import X from './x.tsx'` → X → the import specifier as written. */
  mdxImports: Record<string, string>;
  /** MDX only: where each import is written. */
  mdxImportPositions?: Record<string, { line: number; column: number }>;
  diagnostics: Diagnostic[];
}

export interface ParseOptions {
  /** Relative to the site root; used in diagnostics. */
  file: string;
  mdx: boolean;
  /** Added to mdast line numbers (the frontmatter block was cut off before parsing). */
  lineOffset?: number;
  /**
   * Skip the table and autolink-literal constructs when a cheap scan shows the source cannot contain them
   * (default true). The output is identical either way; `false` exists so tests can prove that.
   */
  scanSyntax?: boolean;
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Resolves an href from the source file: a relative `.md` path or a site path becomes a URL; undefined = leave as is.
 * It receives the href as written up to the first `#` (query included, percent-escapes not decoded); the renderer
 * re-appends the `#fragment` to the returned URL. It is never called for same-page `#fragment` links or for
 * external URLs.
 */
export type LinkResolver = (href: string) => { url: string } | { broken: true; hint?: string } | undefined;

export interface RenderOptions {
  file: string;
  resolveLink: LinkResolver;
  /** Image paths relative to the source file → public URL (the asset is copied with a hashed name); undefined = not found. */
  resolveImage: (src: string) => string | undefined;
  /** Language names registered with highlight.js. */
  highlightLanguages: readonly string[];
  /** Validates a ```json schema=NAME block; returns error messages (empty = valid) or 'unknown-schema'. */
  validateExample?: (schema: string, value: JsonValue) => string[] | 'unknown-schema';
  /**
   * Renders an MDX component at its place; returns HTML. `specifier` is the import path as written in the file.
   * `childrenHtml` is passed only when the element has children: their markdown rendered to HTML.
   */
  renderComponent?: (
    name: string,
    specifier: string,
    props: Record<string, JsonValue>,
    childrenHtml?: string,
  ) => string;
  /** MDX: the component files near the page, for the hints of PD3004 (none in unit tests). */
  components?: ComponentFiles;
  /** TOC depth range, default 2..3. */
  tocMinDepth?: number;
  tocMaxDepth?: number;
}

export interface OutgoingLink {
  /** Resolved URL path (with base URL); '' means the same page (a `#fragment`-only link). */
  url: string;
  /** The fragment without '#', percent-decoded so it compares with `anchors`. */
  fragment: string;
  line: number;
  column: number;
}

/** A heading section, the unit of the search index. */
export interface Section {
  /** Heading id; undefined for the text before the first heading. */
  id?: string;
  heading: string;
  depth: number;
  /** Plain text of the section body. */
  text: string;
}

/** Phase 2 result. */
export interface DocumentHtml {
  html: string;
  /** HTML of the part before `<!-- truncate -->`, when the marker is present. */
  excerptHtml?: string;
  toc: TocItem[];
  /** Every id in the page that a `#fragment` can target. */
  anchors: string[];
  /**
   * Internal links with a `#fragment`, resolved, for the anchor check. A link to a page alone was checked as it was
   * resolved (PD5001); kept here too, it was most of what the cache reads back of every page on each edit.
   */
  links: OutgoingLink[];
  sections: Section[];
  wordCount: number;
  /** The first paragraph's plain text, cut near 160 characters: the description of a page whose frontmatter has none. */
  description?: string;
  diagnostics: Diagnostic[];
  /**
   * A hash of everything this HTML was made from (the file's bytes, the settings, how its links resolved), set by the
   * build where it knows that: a page key can name the HTML by it instead of hashing the HTML again.
   */
  identity?: string;
}
