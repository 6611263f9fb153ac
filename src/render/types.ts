import type { AnalyticsData } from '../shared/index.ts';

/** What the client bundle step produced, as the renderer needs it. */
export interface AssetManifest {
  /** Stylesheet URLs (with base URL), render-blocking by design: one small file. */
  css: string[];
  /** Tags for the end of <body> (or <head>) that load the scripts a page with these islands needs. Non-blocking only. */
  scriptTags: (islands: readonly string[], page?: { analytics?: AnalyticsData }) => string;
  /** Extra <head> tags every page gets (modulepreload hints and the like). */
  headTags: string;
  /** Output files of the bundle: path relative to the output root → content. */
  files: Map<string, string | Uint8Array>;
}

/** What a bundle made, as plain data: a build can keep it and make the manifest again without esbuild. */
export interface BundleData {
  css: string[];
  headTags: string;
  files: Map<string, string | Uint8Array>;
  baseUrl: string;
  loaderUrl: string;
  hydrateUrl: string;
  islandUrls: Map<string, string>;
}

export interface RenderedPage {
  /** Route path without base: "/docs/intro/". */
  url: string;
  /** Output file relative to the output root. */
  outFile: string;
  html: string;
  source?: string;
}
