import type { SiteConfig } from '../config/index.ts';
import type { Diagnostic } from '../errors/index.ts';
import type { Reuse } from '../reuse/index.ts';
import type { RouteTable } from '../routes/index.ts';
import type { PoolFactory } from '../workers/index.ts';
import type { BuildProgress } from './run.ts';
import type { SearchTask } from './search-stage.ts';

export interface BuildOptions {
  root: string;
  outDir?: string;
  baseUrl?: string;
  /** The gtag tracking id given at build time (the CLI reads it from PROTODOCS_GTAG_ID); it wins over the config's. */
  analyticsId?: string;
  /** false: build in memory only (tests, check, serve). */
  write?: boolean;
  minify?: boolean;
  /** What may be taken from earlier builds (src/reuse): the CLI chooses; default none. Output is the same either way. */
  reuse?: Reuse;
  /** Worker pools for the heavy stages (src/workers): the CLI chooses threads; default none, all in this thread. */
  workers?: PoolFactory;
  /** React's build (part of the build record's key): the CLI passes NODE_ENV. */
  nodeEnv?: string;
  /** serve: the search records and index are left to the caller (`indexSearch(result.search())`), to make after the reload. */
  deferSearch?: boolean;
  /**
   * serve: every file its watcher saw change since the last build, when it was watching all along. A markdown file the
   * source memo (`reuse.sources`) holds and this does not name is taken as it was, without a stat.
   */
  changed?: ReadonlySet<string>;
  /** serve: the path its question handler answers at; pages use it when the config names no AI endpoint. */
  askEndpoint?: string;
  /** How long site.config.ts may take to load (the CLI takes it from PROTODOCS_CONFIG_TIMEOUT, in seconds). */
  configTimeoutMs?: number;
  log?: (line: string) => void;
  /** Called as each stage ends and as each page is written (the CLI shows it). */
  progress?: (event: BuildProgress) => void;
  /**
   * Errors in the site's structure (navbar, sidebars, versions), found before any markdown is parsed: the CLI shows
   * them at once, while the build goes on to find the rest. They are in the result's diagnostics too.
   */
  onEarlyErrors?: (errors: Diagnostic[]) => void;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** Output files: path relative to the output root → content. Only with write: false; a writing build streams them to disk. */
  files: Map<string, string | Uint8Array>;
  /** Files copied as they are: output path → absolute source. */
  copies: Map<string, string>;
  pages: number;
  outDir?: string;
  timings: Record<string, number>;
  config?: SiteConfig;
  table?: RouteTable;
  /** Every file the build read, for watch mode. */
  inputs: string[];
  /** Output HTML file → source file that produced it. */
  manifest: Record<string, string>;
  /** With deferSearch: makes the search stage's input (the records), for the caller to index when it chooses. */
  search?: () => SearchTask;
  /** Nothing changed since the last build: the output folder was left as it was. */
  unchanged?: boolean;
  /** The HTML files rendered anew; the others are an earlier build's. */
  freshPages?: Set<string>;
  /** A non-author error (PD9000), kept for --verbose. */
  crash?: unknown;
}
