import type { Message } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE, findKeyPosition, loadConfig, type SiteConfig } from '../config/index.ts';
import type { FrontmatterMemo, MarkdownFile } from '../content/index.ts';
import { Diagnostics, ProtodocsError, diagnosticFromThrown, problem, type Diagnostic } from '../errors/index.ts';
import type { DocumentHtml, ParsedMarkdown } from '../markdown/types.ts';
import type { AssetManifest, LoadedModule, PageShell, RouteDataContext } from '../render/index.ts';
import { buildRoutes, linkIndexOf, type RouteEntry, type RouteTable } from '../routes/index.ts';
import type { SearchIndexFiles, SearchRecord } from '../search/index.ts';
import { routeToFile, type RouteData } from '../shared/index.ts';
import { baseUrlBannerScript } from '../../theme/head/base-url-banner.ts';
import { colorModeScript } from '../../theme/head/color-mode.ts';
import { PACKAGE_ROOT, SITE_NAMESPACE, bundleClient } from './bundle-client.ts';
import { isUpToDate, readRecord, recordKey, reusablePage, writeRecord } from './build-record.ts';
import { bundleKey, markdownCodeKey, statsKey } from './cache-keys.ts';
import { componentFiles } from './component-files.ts';
import { MarkdownCache, hashText } from './markdown-cache.ts';
import type { RenderContextData, RenderJob } from './markdown-jobs.ts';
import type { BuildPool } from './worker-pool.ts';
import { checkOutputFolder, isSameOrInside, removeStaleBuildFolders } from './output-folder.ts';
import { MemoryOutput, StreamingOutput, type OutputSink } from './write-output.ts';

export interface BuildOptions {
  root: string;
  outDir?: string;
  baseUrl?: string;
  /** The gtag tracking id given at build time (the CLI reads it from PROTODOCS_GTAG_ID); it wins over the config's. */
  analyticsId?: string;
  /** false: build in memory only (tests, check). */
  write?: boolean;
  minify?: boolean;
  /** Reuse per-file results of earlier builds (node_modules/.cache/protodocs). Output is identical either way. */
  cache?: boolean;
  /**
   * Skip the whole build when its inputs and the output folder are exactly as the last successful build left them
   * (node_modules/.cache/protodocs/build-record.json). Only for writing builds. `nodeEnv` selects React's build, so
   * it is part of the record's key.
   */
  record?: { nodeEnv?: string };
  /** Kept by a long-running caller (serve) between builds: results reused while their inputs are unchanged. */
  memo?: BuildMemo;
  log?: (line: string) => void;
  /** serve: the path its question handler answers at; pages use it when the config names no AI endpoint. */
  askEndpoint?: string;
  /** Called as each stage ends and as each page is written (the CLI shows it). */
  progress?: (event: BuildProgress) => void;
  /** How long site.config.ts may take to load (the CLI takes it from PROTODOCS_CONFIG_TIMEOUT, in seconds). */
  configTimeoutMs?: number;
}

export type BuildProgress =
  | { type: 'stage'; stage: string; ms: number; detail: string }
  | { type: 'page'; done: number; total: number };

export interface BuildMemo {
  bundle?: { key: string; value: AssetManifest };
  search?: { key: string; value: SearchIndexFiles };
  /** Compiled page modules and MDX components by file, keyed by the stats of every file they were built from. */
  modules?: Map<string, { deps: string[]; key: string; value: LoadedModule }>;
  /**
   * Rendered pages by output file, keyed by their route data and everything else that shapes the HTML, except the
   * search index URL: it changes with any text on the site, and a page that differs only by it is patched, not
   * rendered again.
   */
  pages?: Map<string, { key: string; html: string; indexUrl: string }>;
  /** The validated config with the problems it had, keyed by the options and the stats of the files it was built from. */
  config?: { key: string; config: SiteConfig; diagnostics: Diagnostic[] };
  /** The per-file cache, loaded from disk once; the caller saves it when convenient (`cache.save()`). */
  cache?: MarkdownCache;
  /** MDX syntax trees by file, keyed by source and settings. */
  trees?: Map<string, { key: string; tree: ParsedMarkdown }>;
  /** Validated frontmatter by file, keyed by its YAML text. */
  frontmatter?: FrontmatterMemo;
  /** Stops the last build's search index if it is still being made: the next build makes its own. */
  cancelSearch?: () => void;
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
  /**
   * serve only: the search index, built after the pages. Its files join `files` when this resolves; until then a
   * server should wait for it before answering that a file under assets/search/ does not exist.
   */
  pending?: Promise<void>;
  /** URL of the main search index file (it changes whenever any text on the site does). */
  indexUrl?: string;
  /** Nothing changed since the last build: the output folder was left as it was. */
  unchanged?: boolean;
  /**
   * serve only: the HTML files rendered anew. Any other page is the memo's copy from an earlier build, the same but
   * for the search index URL.
   */
  freshPages?: Set<string>;
  /** A non-author error (PD9000), kept for --verbose. */
  crash?: unknown;
}

/** Pages per message to a worker: large enough to amortise the message, small enough to keep both workers busy. */
const PAGE_BATCH = 16;

/** serve: how long after the pages the search index starts building. */
const SEARCH_INDEX_DELAY_MS = 100;

/** Part of every cache key: a new protodocs version never reuses an older one's results. */
const PROTODOCS_VERSION = '0.1.0';

/**
 * The heavy stages (React renderer, micromark, MiniSearch, linkinator-free checks) load in the background while
 * the config compiles, so a build starts working at once.
 */
function loadStages() {
  return Promise.all([
    import('../render/index.ts'),
    import('./markdown-stage.ts'),
    import('./worker-pool.ts'),
    import('../search/index.ts'),
    import('../checks/index.ts'),
  ]).then(([render, markdownStage, markdownPool, search, checks]) => ({ ...render, ...markdownStage, ...markdownPool, ...search, ...checks }));
}

/** The config, loaded again (esbuild, import, schema) only when a file it was built from changed since the last build. */
async function loadConfigOnce(options: BuildOptions, diagnostics: Diagnostics): Promise<SiteConfig | undefined> {
  const optionsKey = JSON.stringify([options.root, options.outDir, options.baseUrl, options.analyticsId]);
  const known = options.memo?.config;
  if (known && known.key === optionsKey + statsKey(known.config.configDeps)) {
    diagnostics.addAll(known.diagnostics);
    return known.config;
  }
  const before = diagnostics.items.length;
  const config = await loadConfig(
    { root: options.root, outDir: options.outDir, baseUrl: options.baseUrl, analyticsId: options.analyticsId, timeoutMs: options.configTimeoutMs },
    diagnostics,
  );
  if (config && options.memo) {
    options.memo.config = { key: optionsKey + statsKey(config.configDeps), config, diagnostics: diagnostics.items.slice(before) };
  }
  return config;
}

/**
 * What would be lost if the output folder were replaced. Before the config is loaded (`config` undefined) only what
 * every site has is known: its root, content/ and protodocs itself.
 */
function outputFolderProblems(outDir: string, rootDir: string, config?: SiteConfig, flag?: string) {
  const root = path.resolve(rootDir);
  const outDirAbs = path.resolve(outDir);
  const siteFolders = ['content', 'theme', 'src', 'bin', 'node_modules', '.git'].map((name) => path.join(root, name));
  const ownFolders = ['src', 'theme', 'bin', 'dist', 'node_modules'].map((name) => path.join(PACKAGE_ROOT, name));
  const deps = config?.configDeps ?? [];
  // A folder holding a config import is a source folder, unless it is the site root (which holds the output too).
  const depFolders = deps.map((dep) => path.dirname(dep)).filter((dir) => !isSameOrInside(root, dir));
  const configKey = config && !flag ? findKeyPosition(readFileSync(path.join(root, CONFIG_FILE), 'utf8'), ['outDir']) : undefined;
  return checkOutputFolder({
    outDir: outDirAbs,
    root,
    sourceFiles: [...deps, config?.contentDir ?? path.join(root, 'content'), PACKAGE_ROOT],
    sourceFolders: [...siteFolders, ...ownFolders, ...depFolders],
    namedBy: flag || !config ? { flag: `--out ${path.relative(root, outDirAbs) || '.'}` } : { file: CONFIG_FILE, line: configKey?.line ?? 1, column: configKey?.column ?? 1 },
  });
}

/**
 * Points at the file an import most likely meant: the same one with another extension (or none given), else a file
 * named like the component beside the page or in content/components.
 */
/** What an import of a missing file most likely meant: the same name with another extension, beside the page or in content/components. */
function missingImport(file: MarkdownFile, name: string, specifier: string, config: SiteConfig): { likely?: string; from: string } {
  const files = componentFiles(file.abs, file.file);
  return { likely: files.alternative(specifier) ?? files.find(name), from: path.relative(config.root, path.dirname(file.abs)).split(path.sep).join('/') };
}

/** Runs every stage in order, collects every problem, and writes only when there are none. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const diagnostics = new Diagnostics();
  const timings: Record<string, number> = {};
  const files = new Map<string, string | Uint8Array>();
  const copies = new Map<string, string>();
  const log = options.log ?? (() => {});
  // performance.now() counts from process start: this is the CLI's start-up cost, measured where work begins.
  log(`· started ${Math.round(performance.now())} ms after launch`);
  let clock = performance.now();
  const stage = (name: string, detail = '') => {
    const now = performance.now();
    timings[name] = Math.round(now - clock);
    clock = now;
    log(`✓ ${name.padEnd(10)} ${detail.padEnd(14)} ${String(timings[name]).padStart(6)} ms  ${String(Math.round(process.memoryUsage.rss() / 1048576)).padStart(5)} MiB RSS`);
    options.progress?.({ type: 'stage', stage: name, ms: timings[name], detail });
  };
  const result = (extra: Partial<BuildResult> = {}): BuildResult => ({
    ok: !diagnostics.hasErrors(),
    diagnostics: diagnostics.items,
    files,
    copies,
    pages: 0,
    timings,
    inputs: [],
    manifest: {},
    ...extra,
  });

  const startedAt = Date.now();
  const writing = options.write !== false;
  // A folder named by --out is checked before anything else, even before the record says the build is up to date.
  if (writing && options.outDir) {
    for (const problem of outputFolderProblems(options.outDir, options.root)) diagnostics.add(problem);
    if (diagnostics.hasErrors()) return result();
  }
  const recording = options.record !== undefined && options.write !== false && !options.memo && !import.meta.url.endsWith('.ts');
  const buildKey = recording ? recordKey({ ...options, nodeEnv: options.record?.nodeEnv }) : '';
  const record = recording ? readRecord(options.root) : undefined;
  if (record) {
    if (isUpToDate(record, buildKey, path.resolve(options.root))) {
      removeStaleBuildFolders(record.outDir);
      diagnostics.addAll(record.warnings);
      stage('unchanged', `${record.pages} pages`);
      return result({ pages: record.pages, outDir: record.outDir, unchanged: true });
    }
  }
  const contentStage = import('../content/index.ts');
  const stages = loadStages();
  contentStage.catch(() => {});
  stages.catch(() => {});

  let pool: BuildPool | undefined;
  let streaming: StreamingOutput | undefined;
  let searching: Promise<SearchIndexFiles & { onDisk: boolean }> | undefined;
  // The last build's index (serve) is stale once anything changed, and would compete with this build for the cores.
  options.memo?.cancelSearch?.();
  try {
    const config = await loadConfigOnce(options, diagnostics);
    if (!config) return result();
    if (writing) {
      for (const problem of outputFolderProblems(config.outDirAbs, config.root, config, options.outDir)) diagnostics.add(problem);
      if (diagnostics.hasErrors()) return result();
      removeStaleBuildFolders(config.outDirAbs);
    }
    stage('config');
    const base = config.baseUrl;

    const { scanContent } = await contentStage;
    const content = scanContent(config, diagnostics, options.memo ? (options.memo.frontmatter ??= new Map()) : undefined);
    const markdownFiles = content.files.filter((f): f is MarkdownFile => f.kind !== 'page-module');
    stage('scan', `${content.files.length} files`);
    const {
      atomFeed,
      blogSidebarData,
      buildRouteData,
      assemblePage,
      buildSearchIndexFiles,
      hashRecords,
      buildSearchRecords,
      buildSiteChrome,
      checkConfigLinks,
      checkInternalLinks,
      contentSecurityPolicy,
      hostHeaders,
      createBuildPool,
      jsonFeed,
      llmsFiles,
      loadComponentModule,
      MarkdownStage,
      postSummary,
      renderComponentHtml,
      renderPageBody,
      renderPageModule,
      searchIndexUrl,
      robotsTxt,
      rssFeed,
      sha256Base64,
      siteIconFiles,
      sitemap,
    } = await stages;

    // Plain markdown may go to worker threads; MDX stays here, where its components are loaded.
    pool = createBuildPool(PACKAGE_ROOT, markdownFiles.length);
    let cache: MarkdownCache | undefined;
    if (options.cache && options.memo) {
      cache = options.memo.cache ??= MarkdownCache.load(config.root);
      cache.nextBuild();
    } else if (options.cache) cache = MarkdownCache.load(config.root);
    const codeKey = cache || options.memo ? markdownCodeKey() : '';
    const settingsKey = JSON.stringify([PROTODOCS_VERSION, codeKey, config.highlight.languages, config.docs.tocMinDepth, config.docs.tocMaxDepth]);
    if (options.memo) options.memo.trees ??= new Map();
    const markdown = await MarkdownStage.parse(markdownFiles, { pool, cache, settingsKey, trees: options.memo?.trees });
    const parsed = markdown.summaries;
    for (const file of markdownFiles) diagnostics.addAll(parsed.get(file.file)?.diagnostics ?? []);
    stage('parse', `${markdownFiles.length} docs${markdown.cached ? `, ${markdown.cached} cached` : ''}`);

    const table = buildRoutes(config, content, parsed, diagnostics);
    stage('routes', `${table.routes.length} routes`);

    // MDX components and page modules are compiled once each, before rendering needs them synchronously.
    const componentFiles = new Map<string, string>();
    for (const file of markdownFiles) {
      const summary = parsed.get(file.file);
      for (const [name, specifier] of Object.entries(summary?.mdxImports ?? {})) {
        const abs = path.resolve(path.dirname(file.abs), specifier);
        if (!existsSync(abs)) {
          diagnostics.add(problem('PD3023', { name, specifier, ...missingImport(file, name, specifier, config) }, { file: file.file, ...summary?.mdxImportPositions?.[name] }));
          continue;
        }
        componentFiles.set(`${file.file}\0${specifier}`, abs);
      }
    }
    const memo = options.memo;
    // In serve, a module is compiled again only when a file it was built from changed.
    const loadModule = async (abs: string) => {
      const known = memo?.modules?.get(abs);
      if (known && known.key === statsKey(known.deps)) return known.value;
      const mod = await loadComponentModule(abs, config.root, diagnostics);
      if (mod && memo) (memo.modules ??= new Map()).set(abs, { deps: mod.deps, key: statsKey(mod.deps), value: mod });
      return mod;
    };
    const modules = new Map<string, LoadedModule>();
    for (const abs of new Set(componentFiles.values())) {
      const mod = await loadModule(abs);
      if (mod) modules.set(abs, mod);
    }
    const pageModules = new Map<string, LoadedModule>();
    for (const file of content.files) {
      if (file.kind !== 'page-module') continue;
      const mod = await loadModule(file.abs);
      if (mod) pageModules.set(file.file, mod);
    }
    const extraIslands = new Map<string, string>();
    for (const [abs, mod] of modules) if (mod.client) extraIslands.set(path.basename(abs).replace(/\.[jt]sx?$/, ''), abs);
    const clientKey = memo ? bundleKey(base, options.minify, extraIslands, [...modules.values()].flatMap((m) => m.deps)) : '';
    const bundling =
      memo?.bundle?.key === clientKey && memo.bundle
        ? Promise.resolve(memo.bundle.value)
        : bundleClient({ baseUrl: base, extraIslands, minify: options.minify, siteRoot: config.root }).then((value) => {
            if (memo) memo.bundle = { key: clientKey, value };
            return value;
          });
    bundling.catch(() => {});

    const context: RenderContextData = {
      linkIndex: linkIndexOf(table, base),
      schemas: Object.fromEntries([...content.schemas].map(([name, s]) => [name, s.schema])),
      highlightLanguages: [...config.highlight.languages],
    };
    const tocRange = (file: MarkdownFile) =>
      file.kind === 'doc'
        ? { tocMinDepth: file.frontmatter.toc_min_heading_level ?? config.docs.tocMinDepth, tocMaxDepth: file.frontmatter.toc_max_heading_level ?? config.docs.tocMaxDepth }
        : { tocMinDepth: config.docs.tocMinDepth, tocMaxDepth: config.docs.tocMaxDepth };
    const renderJobOf = (file: MarkdownFile): RenderJob => ({ file: file.file, abs: file.abs, fromUrl: table.bySource.get(file.file) ?? '/', ...tocRange(file) });
    const outputs = await markdown.render({
      context,
      jobOf: renderJobOf,
      componentsFor: (file) => {
        let count = 0;
        return (name, specifier, props) => {
          const abs = componentFiles.get(`${file.file}\0${specifier}`);
          const mod = abs ? modules.get(abs) : undefined;
          return mod ? renderComponentHtml(mod, name, props, `${name.toLowerCase()}${count++}-`) : '';
        };
      },
    });
    if (pool) {
      // Fresh workers for the search index and the pages: ending the parse workers returns their whole heaps at once
      // (at 10,000 pages, hundreds of MB that V8 would otherwise keep), for about the cost of loading a module.
      const usedWorkers = pool.started;
      await pool.close();
      pool = createBuildPool(PACKAGE_ROOT, markdownFiles.length);
      // A full build needs them soon for the search index and the pages; their start-up overlaps the checks.
      if (!options.memo && usedWorkers) pool?.warm();
    }
    const html = new Map<string, DocumentHtml>();
    for (const output of outputs) {
      diagnostics.addAll(output.doc.diagnostics);
      html.set(output.file, output.doc);
      for (const [out, abs] of output.copies) copies.set(out, abs);
    }
    stage('markdown', `${html.size} docs`);

    diagnostics.addAll(checkInternalLinks(table, html, base));
    diagnostics.addAll(checkConfigLinks(config, table, readFileSync(path.join(config.root, 'site.config.ts'), 'utf8')));
    stage('checks');

    const assets = await bundling.catch((error: unknown) => {
      // An author's 'use client' component that only runs in Node (node:fs, say) is their mistake, at their line.
      const messages = (error as { errors?: Message[] }).errors ?? [];
      // Site files are named from the site root in their own namespace (see bundle-client.ts); others from protodocs.
      const siteFile = (m: Message) =>
        m.location?.file.startsWith(`${SITE_NAMESPACE}:`)
          ? m.location.file.slice(SITE_NAMESPACE.length + 1)
          : m.location && path.resolve(PACKAGE_ROOT, m.location.file).startsWith(config.root + path.sep)
            ? path.relative(config.root, path.resolve(PACKAGE_ROOT, m.location.file)).split(path.sep).join('/')
            : undefined;
      const inSite = messages.filter((m) => siteFile(m) !== undefined);
      if (inSite.length === 0) throw error;
      for (const m of inSite) {
        diagnostics.add(problem('PD6003', { reason: m.text }, { file: siteFile(m), line: m.location!.line, column: m.location!.column + 1 }));
      }
      return undefined;
    });
    if (!assets) return result();
    for (const [rel, content_] of assets.files) files.set(rel, content_);
    stage('bundle', `${assets.files.size} assets`);

    let records: SearchRecord[] | undefined = buildSearchRecords({ table, html, baseUrl: base, language: config.i18n.defaultLocale });
    const sections = records.length;
    const recordsHash = hashRecords(records);
    // The index depends only on the records: an unchanged site reuses the last build's files.
    const searchKey = options.memo || cache ? hashText(base, codeKey, recordsHash) : '';
    const knownSearch = options.memo?.search?.key === searchKey ? options.memo.search.value : cache?.getSearch(searchKey);
    // With nothing wrong so far, pages stream to disk as they render; otherwise nothing is written at all.
    streaming = options.write !== false && !diagnostics.hasErrors() ? await StreamingOutput.open(config.outDirAbs) : undefined;
    // With workers, the index is built by one of them while the pages render, and written by it straight into the
    // output (at 10,000 pages, ~100 MB that need not cross threads). serve builds it after it has the pages (in a
    // worker on a large site), and the result's `pending` adds it (SearchIndexFiles need nothing from the pages).
    searching = knownSearch
      ? Promise.resolve({ ...knownSearch, onDisk: false })
      : pool && !options.memo
        ? pool.searchIndex(records, base, recordsHash, streaming?.directory)
        : undefined;
    searching?.catch(() => {});
    // The worker has its own copy now: at 10,000 pages, the records are hundreds of MB worth letting go.
    if (searching) records = undefined;
    const indexSearch = (worker?: BuildPool) => {
      const own = records!;
      if (worker) return worker.searchIndex(own, base, recordsHash);
      return searching ?? Promise.resolve().then(() => buildSearchIndexFiles(own, { baseUrl: base, recordsHash }));
    };
    const storeSearch = (search: SearchIndexFiles & { onDisk?: boolean }) => {
      if (options.memo) options.memo.search = { key: searchKey, value: search };
      if (cache) {
        // An index its worker wrote to disk is not held here to cache; a later build with the same records makes it again.
        if (!search.onDisk) cache.setSearch(searchKey, search);
        // serve saves its long-lived cache after the browser has been told to reload; a failed build writes nothing.
        if (!options.memo && !diagnostics.hasErrors()) cache.save();
      }
    };
    const indexUrl = searchIndexUrl(recordsHash, base);
    stage('search', `${sections} sections`);

    const chrome = buildSiteChrome(config, table, indexUrl, options.askEndpoint);
    const moduleHtml = new Map<string, { html: string; title?: string; description?: string }>();
    for (const [file, mod] of pageModules) {
      moduleHtml.set(file, { html: renderPageModule(mod, file, chrome, diagnostics), title: mod.title, description: mod.description });
    }
    // The page's one inline script (hashed into the CSP): colour mode before first paint, and the wrong-base banner.
    const inlineScript =
      colorModeScript({
        storageKeySuffix: config.storage.keySuffix,
        defaultMode: config.colorMode.defaultMode,
        respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme,
        announcementBarId: config.announcementBar?.id,
      }) + baseUrlBannerScript(base);
    const csp = contentSecurityPolicy(config, sha256Base64(inlineScript), chrome.search.hosted?.host);
    const blogBase = `/${config.blog.routeBasePath.replace(/^\/|\/$/g, '')}/`;
    const ctx: RouteDataContext = { config, table, chrome, html, moduleHtml, blogSidebar: blogSidebarData(table.posts, config.blog.sidebarTitle, base) };
    const manifest: Record<string, string> = {};

    const sitemapUrls: string[] = [];
    const feeds = table.posts.length ? config.blog.feeds : [];
    // Everything besides route data that shapes a page's HTML (the bundle's file names carry content hashes): serve
    // reuses a page when none of it changed, and so does a build, from the last build's output.
    const shellKey = memo || recording ? hashText(clientKey, ...[...assets.files.keys()].sort(), csp, JSON.stringify(config), feeds.join()) : '';
    // Pages the last build wrote from the same data are taken from its output instead of rendered again.
    const previousOutputs = new Map(record?.outputs.map(([rel, size, mtimeMs]): [string, [number, number]] => [rel, [size, mtimeMs]]));
    const pageKeys: Record<string, string> = {};
    let reused = 0;
    const sink: OutputSink = streaming ?? new MemoryOutput(files);
    for (const [rel, content] of files) await sink.write(rel, content);
    if (streaming) files.clear();
    const shell: PageShell = { config, inlineScript, csp, assets, feeds };
    const pageFailed = (route: RouteEntry, message: string) =>
      diagnostics.add(problem('PD6001', { kind: 'page', url: route.url, reason: message }, { file: route.source }));
    let pagesDone = 0;
    const pageDone = () => options.progress?.({ type: 'page', done: ++pagesDone, total: table.routes.length });
    const finish = async (route: RouteEntry, outFile: string, pageKey: string, page: string) => {
      if (memo) (memo.pages ??= new Map()).set(outFile, { key: pageKey, html: page, indexUrl });
      await sink.write(outFile, page);
      pageDone();
    };
    const freshPages = new Set<string>();
    const renderHere = async (route: RouteEntry, outFile: string, pageKey: string, data: RouteData) => {
      freshPages.add(outFile);
      try {
        await finish(route, outFile, pageKey, assemblePage(data, renderPageBody(data), shell));
      } catch (error) {
        pageFailed(route, error instanceof Error ? error.message : String(error));
      }
    };
    // Page bodies go to the workers in batches; a bounded number in flight keeps memory flat at any site size.
    const batch: { route: RouteEntry; outFile: string; pageKey: string; data: RouteData }[] = [];
    const inFlight = new Set<Promise<void>>();
    const sendBatch = async () => {
      const jobs = batch.splice(0);
      const done = pool!.renderBodies(jobs.map((job) => job.data)).then(async (bodies) => {
        for (const [i, job] of jobs.entries()) {
          const body = bodies[i];
          freshPages.add(job.outFile);
          if (body.ok) await finish(job.route, job.outFile, job.pageKey, assemblePage(job.data, body.body, shell));
          else pageFailed(job.route, body.error);
        }
      });
      const tracked = done.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      if (inFlight.size >= pool!.size * 2) await Promise.race(inFlight);
    };
    for (const route of table.routes) {
      const data = buildRouteData(route, ctx);
      const outFile = routeToFile(route.url);
      const pageKey = memo || recording ? hashText(shellKey, JSON.stringify(data).replaceAll(indexUrl, '')) : '';
      pageKeys[outFile] = pageKey;
      const known = memo?.pages?.get(outFile);
      const previous = streaming ? reusablePage(record, buildKey, config.outDirAbs, outFile, pageKey, previousOutputs) : undefined;
      // The URL is a content hash under assets/search/: it never occurs in a page by accident.
      if (known?.key === pageKey) await finish(route, outFile, pageKey, known.html.replaceAll(known.indexUrl, indexUrl));
      else if (previous && record!.indexUrl === indexUrl) {
        await streaming!.reuse(outFile, previous);
        reused++;
        pageDone();
      } else if (previous) {
        await sink.write(outFile, readFileSync(previous, 'utf8').replaceAll(record!.indexUrl, indexUrl));
        reused++;
        pageDone();
      } else if (pool) {
        batch.push({ route, outFile, pageKey, data });
        if (batch.length === PAGE_BATCH) await sendBatch();
      } else await renderHere(route, outFile, pageKey, data);
      if (route.source) manifest[outFile] = route.source;
      if (route.kind !== 'not-found' && route.kind !== 'search' && !(route.kind === 'doc' && route.canonicalUrl)) sitemapUrls.push(route.url);
    }
    // Workers start only once a batch fills: fewer changed pages than that (serve, an edit) render here.
    if (batch.length && pool?.started) await sendBatch();
    else for (const job of batch.splice(0)) await renderHere(job.route, job.outFile, job.pageKey, job.data);
    await Promise.all(inFlight);

    let pending: Promise<void> | undefined;
    if (options.memo && !searching) {
      // A large site's index is made in a worker, so the server answers while it is made; the pool is closed after.
      const indexPool = pool;
      pool = undefined;
      let cancelled = false;
      options.memo.cancelSearch = () => {
        cancelled = true;
        void indexPool?.close();
      };
      // A moment's delay lets the reloaded tabs fetch their pages before the index takes the thread.
      pending = new Promise<void>((resolve) => setTimeout(resolve, SEARCH_INDEX_DELAY_MS))
        .then(async () => {
          if (cancelled) return;
          try {
            const search = await indexSearch(indexPool);
            if (cancelled) return;
            storeSearch(search);
            for (const [file, text] of search.files) files.set(file, text);
          } catch (error) {
            // Not an author's mistake (the records were fine): a bug, and the site stays usable without search.
            if (!cancelled) log(`✗ search index failed: ${error instanceof Error ? error.stack : String(error)}`);
          }
        })
        .finally(() => indexPool?.close());
    } else {
      const search = await indexSearch();
      storeSearch(search);
      for (const [file, text] of search.files) await sink.write(file, text);
    }
    if (feeds.length) {
      const feedPosts = table.posts.slice(0, 20).map((p) => ({ ...postSummary(p, ctx), contentHtml: html.get(p.file.file)?.html ?? '' }));
      if (feeds.includes('rss')) await sink.write(`${blogBase.slice(1)}rss.xml`, rssFeed(config, feedPosts));
      if (feeds.includes('atom')) await sink.write(`${blogBase.slice(1)}atom.xml`, atomFeed(config, feedPosts));
      if (feeds.includes('json')) await sink.write(`${blogBase.slice(1)}feed.json`, jsonFeed(config, feedPosts));
    }
    await sink.write('sitemap.xml', sitemap(config, sitemapUrls));
    await sink.write('robots.txt', robotsTxt(config));
    await sink.write('_headers', hostHeaders(csp, base));
    for (const [rel, text] of llmsFiles(config, table)) await sink.write(rel, text);
    for (const [rel, text] of siteIconFiles(config, table.staticFiles)) await sink.write(rel, text);
    for (const [url, abs] of table.staticFiles) copies.set(url.slice(1), abs);
    await sink.write('protodocs-manifest.json', JSON.stringify(manifest, null, 1));
    stage('render', `${table.routes.length} pages${reused ? `, ${reused} kept` : ''}`);

    const inputs = [
      ...config.configDeps,
      ...content.files.map((f) => f.abs),
      ...[...modules.values(), ...pageModules.values()].flatMap((m) => m.deps),
    ];
    const outcome = result({ pages: table.routes.length, config, table, inputs, manifest, outDir: config.outDirAbs, pending, indexUrl, freshPages: memo ? freshPages : undefined });
    if (streaming && outcome.ok) {
      await streaming.commit(copies);
      stage('write', `${copies.size} copied`);
      if (recording) {
        const warnings = diagnostics.items.filter((d) => d.severity === 'warning');
        writeRecord({ key: buildKey, startedAt, root: config.root, outDir: config.outDirAbs, inputs: [...inputs, ...copies.values()], pages: table.routes.length, warnings, pageKeys, indexUrl });
        stage('record');
      }
    }
    return outcome;
  } catch (error) {
    diagnostics.items.push(diagnosticFromThrown(error));
    return result({ crash: error instanceof ProtodocsError ? undefined : error });
  } finally {
    // A failed build leaves no temp folder, once the index worker has stopped writing into it; after a commit this
    // does nothing.
    await searching?.catch(() => undefined);
    await streaming?.abort();
    await pool?.close();
  }
}
