import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE, type SiteConfig } from '../config/index.ts';
import { hashText } from '../files/index.ts';
import type { Diagnostics } from '../errors/index.ts';
import { problem, ProtodocsError } from '../errors/index.ts';
import type { DocumentHtml } from '../markdown/index.ts';
import { composeSegments, type OutputSink, type Segment } from '../output/index.ts';
import {
  buildSiteChrome,
  createRouteDataContext,
  contentSecurityPolicy,
  inlineHeadScript,
  renderPageModule,
  sha256Base64,
  pageListFiles,
  siteFeeds,
  siteFiles,
  writePages,
  type AssetManifest,
  type BodyRenderer,
  type BundleData,
  type PageOutput,
  type PageOutputInput,
  type PageShell,
  type SiteFile,
} from '../render/index.ts';
import type { Reuse } from '../reuse/index.ts';
import type { RouteTable } from '../routes/index.ts';
import type { BuildPool } from '../workers/index.ts';
import type { LoadedModules } from './modules-stage.ts';

export interface SiteInput {
  config: SiteConfig;
  table: RouteTable;
  html: Map<string, DocumentHtml>;
  modules: LoadedModules;
  assets: AssetManifest;
  /** What the bundle was made from (bundle-stage.ts). */
  bundleKey: string;
  indexUrl: string;
  askEndpoint?: string;
  reuse: Reuse;
  /** Pages are keyed (and so reusable) only when a reuse can use the keys. */
  keyed: boolean;
  /** What the route table was made from (`routeInputsText`, hashed), for keeping pages without making their data. */
  routesKey?: string;
  sink: OutputSink;
  /** Where another thread writes output files (the output's temp folder, and the previous output when patched). */
  writeTo?: { directory: string; previous?: string };
  pool?: BuildPool;
  diagnostics: Diagnostics;
  onPage: () => void;
}

/**
 * Every page, then the site's other files (feeds, headers, llms files), then the two that list the pages (sitemap,
 * manifest), written to the sink. The site files wait for the pages although they need nothing of them: written
 * beside them, a build from scratch rendered its pages a third slower and peaked 400 MB higher at 10,000 pages (the
 * .md twins took write slots from the pages, and llms-full.txt's 66 MB made at the start grew V8's heap for the
 * whole stage). But for a segmented file the previous output holds (llms-full.txt after an edit): mostly copied from
 * that file's bytes, off V8's heap, it is read and written by libuv's threads while the pages render. Started after
 * them, a one-doc edit of 10,000 pages waited ~100 ms for its 66 MB with nothing else to do.
 */
export async function renderSite(input: SiteInput): Promise<PageOutput> {
  const { config, table, html, modules, assets, diagnostics } = input;
  const chrome = buildSiteChrome(config, table, input.indexUrl, input.askEndpoint);
  const moduleHtml = new Map<string, { html: string; title?: string; description?: string }>();
  for (const [file, mod] of modules.pages) {
    moduleHtml.set(file, { html: renderPageModule(mod, file, chrome, diagnostics), title: mod.title, description: mod.description });
  }
  const inlineScript = inlineHeadScript(config);
  const csp = contentSecurityPolicy(config, sha256Base64(inlineScript), chrome.search.hosted?.host);
  const feeds = siteFeeds(config, table);
  const context = createRouteDataContext({ config, table, chrome, html, moduleHtml });
  const shell: PageShell = { config, inlineScript, csp, assets, feeds };
  for (const [rel, content] of assets.files) await input.sink.write(rel, content);
  const files = siteFiles({ config, table, html, context, csp, keyed: input.keyed && input.sink.reuse !== undefined });
  const copied = files.filter((file) => file[3] !== undefined && input.reuse.segments?.(file[0]) !== undefined);
  const copying = copied.map((file) => writeKeyed(input, ...file));
  for (const writing of copying) writing.catch(() => {});
  const pages = await writePages({
    routes: table.routes,
    context,
    shell,
    // Everything besides route data that shapes a page's HTML (the bundle's file names carry content hashes).
    shellKey: input.keyed ? hashText(input.bundleKey, ...[...assets.files.keys()].sort(), csp, JSON.stringify(config), feeds.join()) : undefined,
    reuse: input.reuse,
    reads: pageReads(input),
    writer: {
      write: (rel, content) => input.sink.write(rel, content),
      reuse: (rel, source) => (input.sink.reuse ? input.sink.reuse(rel, source) : input.sink.write(rel, readFileSync(source, 'utf8'))),
      written: (rels) => input.sink.addMade?.(rels),
    },
    workers: input.pool && pageWorkers(input, input.pool, shell),
    onPage: input.onPage,
    onError: (route, reason) => diagnostics.add(problem('PD6001', { kind: 'page', url: route.url, reason }, { file: route.source })),
  }).catch(async (error: unknown) => {
    // Nothing may still be writing into the output a failed build removes.
    await Promise.allSettled(copying);
    throw error;
  });
  await writeSiteFiles(
    input,
    files.filter((file) => !copied.includes(file)),
    copying,
  );
  for (const file of pageListFiles(config, pages)) await writeKeyed(input, ...file);
  return pages;
}

/**
 * The pool as the pages see it. Writing to a folder another thread can write into, and with the bundle as data (a
 * manifest assetManifest made), a worker renders each page whole and writes it itself; otherwise it renders bodies.
 */
function pageWorkers(input: SiteInput, pool: BuildPool, shell: PageShell): BodyRenderer {
  const bundle = 'bundle' in shell.assets ? (shell.assets as { bundle: BundleData }).bundle : undefined;
  const renderBodies: BodyRenderer['renderBodies'] = (routes) => pool.renderBodies(routes);
  if (!input.writeTo || !bundle || !input.sink.addMade) return { size: pool.size, renderBodies };
  const { files: _files, ...data } = bundle;
  const job = { shell: { config: shell.config, inlineScript: shell.inlineScript, csp: shell.csp, feeds: shell.feeds, bundle: data }, writeTo: { ...input.writeTo, outDir: input.config.outDirAbs } };
  return {
    size: pool.size,
    renderBodies,
    writePages: async (routes, outFiles) => {
      const results = await pool.renderAndWrite({ ...job, routes, outFiles });
      for (const result of results) if ('problem' in result) throw new ProtodocsError(result.problem);
      return results as ({ ok: true } | { ok: false; error: string })[];
    },
  };
}

/** Every promise's value once all have settled, else the failure of the first (in order) that failed. */
async function allSettled<T extends unknown[]>(...promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as T;
}

/** Site files between the event loop's turns: an edit keeps 10,000 .md twins in some 60 ms without waiting once. */
const TURN_EVERY = 256;

/**
 * The files, one after another, but for one made of segments (llms-full.txt), which starts first and goes on beside
 * them: an edit's previous llms-full.txt is read, and the new one written, in libuv's threads while this one goes
 * through the .md twins, each step taken in one of the event loop's turns. All settle before a failure is passed on,
 * so that a failed build removes its output with nothing still writing into it.
 */
async function writeSiteFiles(input: SiteInput, files: readonly SiteFile[], started: readonly Promise<void>[] = []): Promise<void> {
  const composed = [...started, ...files.filter((file) => file[3] !== undefined).map((file) => writeKeyed(input, ...file))];
  const others = (async () => {
    let since = 0;
    for (const file of files) {
      if (file[3] !== undefined) continue;
      if (++since % TURN_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      await writeKeyed(input, ...file);
    }
  })();
  await allSettled(...composed, others);
}

function pageReads(input: SiteInput): PageOutputInput['reads'] {
  const memo = input.keyed && input.routesKey !== undefined ? input.reuse.pageReads?.(input.config.root) : undefined;
  return memo && { memo, routesKey: input.routesKey! };
}

/**
 * A file keyed by what it is made from (`inputs`, else its content), as pages are keyed by their data: when the
 * previous output holds it with the same key (and untouched since), it is kept without being read back to compare. At
 * 1,000 pages that is a thousand `.md` twins.
 */
async function writeKeyed(input: SiteInput, rel: string, text: string | (() => string), inputs?: string, segments?: Segment[]): Promise<void> {
  let value: string | undefined;
  const made = () => (value ??= typeof text === 'string' ? text : text());
  // Only an output folder can keep a file (serve's memory takes the text as cheaply as a key).
  if (!input.keyed || !input.sink.reuse) return input.sink.write(rel, made());
  const key = inputs ?? hashText(made());
  const earlier = input.reuse.page(rel, key);
  if (earlier && 'file' in earlier) {
    await input.sink.reuse(rel, earlier.file);
    // Kept as it is, the file keeps its layout for the next build.
    const kept = segments && input.reuse.segments?.(rel);
    if (kept) input.reuse.keepSegments?.(rel, kept.layout);
  } else if (segments && input.reuse.keepSegments) {
    const { content, layout } = await composeSegments(segments, input.reuse.segments?.(rel));
    await (input.sink.writeParts ? input.sink.writeParts(rel, content) : input.sink.write(rel, Buffer.concat(content)));
    input.reuse.keepSegments(rel, layout);
  } else await input.sink.write(rel, made());
  input.reuse.keepPage(rel, key, undefined);
}

/** Files copied as they are, output path → source: the site's public files and the images its pages use. */
export function siteCopies(table: RouteTable, images: readonly [string, string][]): Map<string, string> {
  const copies = new Map(images);
  for (const [url, abs] of table.staticFiles) copies.set(url.slice(1), abs);
  return copies;
}

/** Every file the build read, for watch mode and the build record. */
export function siteInputs(config: SiteConfig, files: readonly { abs: string }[], moduleDeps: readonly string[]): string[] {
  return [...config.configDeps, ...files.map((f) => f.abs), ...moduleDeps];
}

/** The config's own text, for the positions of navbar and footer links. */
export function configSource(config: SiteConfig): string {
  return readFileSync(path.join(config.root, CONFIG_FILE), 'utf8');
}

/** The search index files, unless the worker that made them wrote them into the output itself. */
export async function writeSearch(sink: OutputSink, files: { files: ReadonlyMap<string, string>; onDisk: boolean; made: readonly string[] }): Promise<void> {
  if (files.onDisk) sink.addMade?.(files.made);
  else for (const [rel, text] of files.files) await sink.write(rel, text);
}
