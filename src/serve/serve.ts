import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { build, indexSearch, type BuildResult, type SearchTask } from '../pipeline/index.ts';
import { CONFIG_FILE, PACKAGE_ROOT, loadConfig } from '../config/index.ts';
import { memoryReuse } from '../reuse/index.ts';
import type { PoolFactory } from '../workers/index.ts';
import { Diagnostics, codeFrame, diagnosticFromThrown, sortDiagnostics, type Diagnostic } from '../errors/index.ts';
import { createAskGuard, createAskHandler, loadSearchRecords, recordsFromIndexFiles, type AskLlmOptions, type SearchRecord } from '../search/index.ts';
import type { WebHandler } from './ask-adapter.ts';
import { LiveReload, type OverlayProblem } from './live-reload.ts';
import { closeServer, createSiteServer, isLoopbackAddress, listen } from './site-server.ts';
import { awaitingSource, diskSource, laterSource, memorySource, type SiteSource } from './site-source.ts';
import type { ServedSite } from './static-handler.ts';
import { watchSite, type SiteWatcher } from './watch.ts';

export interface ServeOptions {
  root: string;
  /** Watch mode builds in memory and ignores it; with watch: false it is the folder served (default: the config's). */
  outDir?: string;
  baseUrl?: string;
  port: number;
  host: string;
  watch: boolean;
  /** Progress lines (the "Serving …" line, rebuild results). */
  log: (line: string) => void;
  /** Problems of a build, printed by the CLI with code frames. */
  report: (diagnostics: readonly Diagnostic[]) => void;
  /** Stage timings of every build, when verbose. */
  buildLog?: (line: string) => void;
  /** Overrides the /api/ask handler built from the site's search index (tests). */
  ask?: WebHandler;
  askPath?: string;
  /** OpenAI-compatible chat endpoint for AI answers; without it the ask handler answers extractively. */
  llm?: AskLlmOptions;
  debounceMs?: number;
  configTimeoutMs?: number;
  /** Worker pools for large sites (the CLI passes threads); default: every build in this thread. */
  workers?: PoolFactory;
}

/** How long after the pages the search index starts building: the reloaded tabs fetch their pages first. */
const SEARCH_INDEX_DELAY_MS = 100;

export interface RunningServe {
  /** The site's URL, base included: what "Serving …" printed. */
  url: string;
  port: number;
  server: Server;
  /** Runs a rebuild now (tests; watch mode calls it itself). Resolves true when the build succeeded. */
  rebuild(): Promise<boolean>;
  close(): Promise<void>;
}

export class ServeSetupError extends Error {}

/** A page for the time before the first good build: it only loads the reload client, which shows the overlay. */
function placeholderSource(): SiteSource {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head>' +
    '<body><h1>Build failed</h1><p>See the terminal for details. This page reloads when the build succeeds.</p></body></html>';
  return memorySource(new Map([['index.html', html], ['404.html', html]]), new Map());
}

function overlayProblems(items: readonly Diagnostic[], root: string): OverlayProblem[] {
  const sources = new Map<string, string | undefined>();
  const read = (file: string) => {
    if (!sources.has(file)) {
      const abs = path.resolve(root, file);
      sources.set(file, existsSync(abs) && statSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined);
    }
    return sources.get(file);
  };
  return sortDiagnostics(items.filter((d) => d.severity === 'error'))
    .slice(0, 50)
    .map((d) => {
      const source = d.file && d.line ? read(d.file) : undefined;
      return {
        code: d.code,
        message: d.message,
        file: d.file,
        line: d.line,
        column: d.column,
        hint: d.hint,
        frame: source !== undefined && d.line ? codeFrame(source, d.line, d.column ?? 1) : undefined,
      };
    });
}

/** The URL path a tab shows for an output HTML file ("docs/intro/index.html" → "/docs/intro/"). */
function pagePathOf(rel: string, baseUrl: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : baseUrl + '/';
  return base + rel.replace(/(^|\/)index\.html$/, '$1');
}

function sameContent(a: string | Uint8Array | undefined, b: string | Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  return Buffer.from(a).equals(Buffer.from(b));
}

const MAX_CHANGED = 500;

/**
 * HTML pages whose bytes differ between two builds, as URL paths; null means "reload every tab" (a copied file
 * changed on disk, or too many pages to list). Assets need no entry: their names are hashed, so a changed asset
 * changes every page that loads it.
 */
function changedPages(previous: BuildResult, next: BuildResult, touched: readonly string[], baseUrl: string): string[] | null {
  const copySources = new Set(next.copies.values());
  if (touched.some((file) => copySources.has(file))) return null;
  const changed = new Set<string>();
  // A page the build took from its memo is the same as before: only fresh pages are compared.
  for (const [rel, content] of next.files) {
    if (!rel.endsWith('.html') || (next.freshPages && !next.freshPages.has(rel))) continue;
    if (!sameContent(previous.files.get(rel), content)) changed.add(rel);
  }
  for (const rel of previous.files.keys()) if (rel.endsWith('.html') && !next.files.has(rel)) changed.add(rel);
  if (changed.size > MAX_CHANGED) return null;
  return [...changed].map((rel) => pagePathOf(rel, baseUrl));
}

/** Quiet time after a rebuild before the in-memory cache is written to disk. */
const CACHE_SAVE_DELAY_MS = 1000;

/** `protodocs serve`: one in-memory build served at once, rebuilt on every change, tabs told over SSE. */
export async function startServe(options: ServeOptions): Promise<RunningServe> {
  const root = path.resolve(options.root);
  return options.watch ? startWatching(root, options) : startStatic(root, options);
}

async function startStatic(root: string, options: ServeOptions): Promise<RunningServe> {
  let outDir = options.outDir ? path.resolve(options.outDir) : undefined;
  let baseUrl = options.baseUrl ?? '/';
  let allowedOrigins: string[] = [];
  if (existsSync(path.join(root, CONFIG_FILE))) {
    const diagnostics = new Diagnostics();
    const config = await loadConfig({ root, outDir: options.outDir, baseUrl: options.baseUrl, timeoutMs: options.configTimeoutMs }, diagnostics).catch((error: unknown) => {
      diagnostics.items.push(diagnosticFromThrown(error));
      return undefined;
    });
    if (!config) {
      options.report(diagnostics.items);
      throw new ServeSetupError('The site config could not be loaded, so the output folder and base URL are unknown.');
    }
    outDir ??= config.outDirAbs;
    baseUrl = config.baseUrl;
    allowedOrigins = config.search.ai.allowedOrigins;
  }
  if (!outDir) throw new ServeSetupError(`No ${CONFIG_FILE} in ${root}; pass --out <folder> to serve a built site.`);
  if (!existsSync(path.join(outDir, 'index.html')) && !existsSync(path.join(outDir, '404.html'))) {
    throw new ServeSetupError(`${path.relative(process.cwd(), outDir) || outDir} holds no built site; run \`protodocs build\` first, or drop --no-watch.`);
  }
  const site: ServedSite = { source: await diskSource(outDir), baseUrl };
  const builtOut = outDir;
  const ask = options.ask ?? createAskHandler({ records: () => loadSearchRecords(builtOut), llm: options.llm, guard: { allowedOrigins: allowedOrigins } });
  const server = createSiteServer({
    site: () => site,
    loopbackOnly: isLoopbackAddress(options.host),
    ask: { path: options.askPath ?? '/api/ask', handler: ask },
  });
  const { port, origin } = await listen(server, options.port, options.host);
  const url = origin + baseUrl;
  options.log(`Serving ${url}`);
  return { url, port, server, rebuild: async () => true, close: () => closeServer(server) };
}

async function startWatching(root: string, options: ServeOptions): Promise<RunningServe> {
  const live = new LiveReload();
  let site: ServedSite = { source: placeholderSource(), baseUrl: options.baseUrl ?? '/' };
  let lastGood: BuildResult | undefined;
  let buildNumber = 0;
  let broken = false;
  // One guard for every build's handler: its limits hold across rebuilds. It is made anew when the config's allowed
  // origins change.
  let guard = { origins: '', value: createAskGuard() };
  const guardFor = (origins: readonly string[]) => {
    if (JSON.stringify(origins) !== guard.origins) guard = { origins: JSON.stringify(origins), value: createAskGuard({ allowedOrigins: origins }) };
    return guard.value;
  };
  let askHandler: WebHandler = createAskHandler({ records: [], llm: options.llm, guard: guard.value });
  // Everything a build makes is reused by the next while its inputs are unchanged.
  const reuse = memoryReuse();
  // Stops the last build's search index if it is still being made: the next build makes its own.
  let cancelSearch: (() => void) | undefined;
  /**
   * The search stage for a build, after its pages: in a worker on a large site, so the server answers meanwhile.
   * `stopped`: a later build stopped it, and makes its own.
   */
  const scheduleSearch = (prepare: () => SearchTask, pages: number, files: Map<string, string | Uint8Array>): Promise<{ stopped: boolean; records?: SearchRecord[] }> => {
    const pool = options.workers?.(pages);
    let cancelled = false;
    cancelSearch = () => {
      cancelled = true;
      void pool?.close();
    };
    return new Promise<void>((resolve) => setTimeout(resolve, SEARCH_INDEX_DELAY_MS))
      .then(async () => {
        if (cancelled) return { stopped: true };
        try {
          const task = prepare();
          const index = await indexSearch(task, reuse, pool, options.buildLog);
          if (!cancelled) for (const [rel, text] of index.files) files.set(rel, text);
          // The records the index was made from, for the ask handler (none stands for a page without its sections).
          return { stopped: cancelled, records: task.records.some((r) => r.unchanged) ? undefined : task.records };
        } catch (error) {
          // Not an author's mistake (the records were fine): a bug, and the site stays usable without search.
          if (!cancelled) options.buildLog?.(`✗ search index failed: ${error instanceof Error ? error.stack : String(error)}`);
          return { stopped: cancelled };
        }
      })
      .finally(() => pool?.close());
  };
  // A request that finds no file in a site whose index is still being made waits for the site of the next index made:
  // a later edit may stop this build's index and make its own. When a build fails instead, it gets the site served.
  let indexed = laterSource();
  let served: SiteSource = site.source;
  // Set once the first build has said which files to watch; builds before that have nothing to add.
  const watching: { watcher?: SiteWatcher } = {};
  let touched: string[] = [];
  let printedWarnings: string | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;

  // Whether the watcher was running when the last build began: then it has seen every change since that build read
  // its files, and this one need not stat those it does not name.
  let watchedSinceLastBuild = false;

  const runBuild = async (): Promise<boolean> => {
    const changedFiles = touched;
    touched = [];
    const seenChanging = watchedSinceLastBuild ? new Set(changedFiles) : undefined;
    watchedSinceLastBuild = watching.watcher !== undefined;
    const started = performance.now();
    // The last build's index is stale once anything changed, and would compete with this build for the cores.
    cancelSearch?.();
    const result = await build({
      root,
      outDir: options.outDir,
      baseUrl: options.baseUrl,
      configTimeoutMs: options.configTimeoutMs,
      write: false,
      minify: false,
      reuse,
      workers: options.workers,
      deferSearch: true,
      changed: seenChanging,
      log: options.buildLog,
      askEndpoint: options.askPath ?? '/api/ask',
    });
    const ms = Math.round(performance.now() - started);
    if (!result.ok) {
      broken = true;
      printedWarnings = undefined;
      options.report(result.diagnostics);
      live.send({ type: 'error', build: buildNumber, problems: overlayProblems(result.diagnostics, root) });
      options.log(lastGood ? `✗ Build failed after ${ms} ms; still serving the last good build.` : `✗ Build failed after ${ms} ms.`);
      indexed.resolve(served);
      return false;
    }
    // Warnings are printed when they change, not again on every save.
    const warnings = JSON.stringify(result.diagnostics);
    if (result.diagnostics.length && warnings !== printedWarnings) options.report(result.diagnostics);
    printedWarnings = warnings;
    const baseUrl = result.config?.baseUrl ?? '/';
    const changed = lastGood && !broken ? changedPages(lastGood, result, changedFiles, baseUrl) : null;
    // A tab still showing the previous build may lazy-load its (hashed, so never stale) chunks after the swap.
    const files = new Map(result.files);
    for (const [rel, content] of lastGood?.files ?? []) if (rel.startsWith('assets/') && !files.has(rel)) files.set(rel, content);
    // The search index arrives a moment after the pages; a request for it waits for it.
    const source = memorySource(files, result.copies);
    served = source;
    if (indexed.settled) indexed = laterSource();
    const waiting = indexed;
    const late = result.search
      ? scheduleSearch(result.search, result.pages, result.files).then(({ stopped, records }) => {
          for (const [rel, content] of result.files) if (!files.has(rel)) files.set(rel, content);
          if (!stopped) waiting.resolve(source);
          return records;
        })
      : undefined;
    // Without a search index to wait for, a request still waiting for an earlier build's gets this site.
    if (!late) waiting.resolve(source);
    site = { source: late ? awaitingSource(source, waiting.promise) : source, baseUrl };
    lastGood = result;
    buildNumber++;
    const wasBroken = broken;
    if (wasBroken) live.send({ type: 'ok', build: buildNumber });
    broken = false;
    // The first build has no open tabs to tell, unless they are showing the placeholder of a failed start.
    if (buildNumber > 1 || wasBroken) {
      live.send({ type: 'reload', build: buildNumber, changed });
      options.log(`✓ Rebuilt ${result.pages} pages in ${ms} ms${changed ? ` (${changed.length} changed)` : ''}.`);
    }
    // After the tabs are told: a file the build read for the first time (a new component, a config import) is watched
    // from now on, and a change to it in these moments is in the next build's scan anyway.
    watching.watcher?.add(result.inputs);
    const thisBuild = buildNumber;
    const afterIndex = (records?: SearchRecord[]) => {
      // A newer build has taken over (and stopped this one's index).
      if (thisBuild !== buildNumber) return;
      // The ask handler answers from this build's index, so it is made anew with each good build: from the records it
      // was made from, or else read back from its files when the first question comes (an updated index was made from
      // the edited pages' records only).
      askHandler = createAskHandler({
        records:
          records ??
          (async () =>
            recordsFromIndexFiles(result.files.keys(), (rel) => {
              const content = result.files.get(rel);
              return typeof content === 'string' ? content : undefined;
            })),
        llm: options.llm,
        guard: guardFor(result.config?.search.ai.allowedOrigins ?? []),
      });
      // Saving the cache to disk blocks for a moment: never between an edit and the reloaded page.
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => reuse.save(), CACHE_SAVE_DELAY_MS);
      saveTimer.unref();
    };
    // The first build is awaited whole, so the ask handler is ready when serving starts. Later, the next edit is not
    // held up by this one's index: it starts at once and stops the index, which it makes again anyway.
    if (thisBuild === 1) afterIndex(await late);
    else void (late ?? Promise.resolve(undefined)).then(afterIndex);
    return true;
  };

  // One build at a time; changes that arrive during a build queue exactly one more.
  let running: Promise<boolean> | undefined;
  let again = false;
  const rebuild = (): Promise<boolean> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let ok: boolean;
      do {
        again = false;
        try {
          ok = await runBuild();
        } catch (error) {
          // build() reports author errors as diagnostics; reaching here is a bug, and watching must go on.
          broken = true;
          const problem = diagnosticFromThrown(error);
          options.report([problem]);
          live.send({ type: 'error', build: buildNumber, problems: overlayProblems([problem], root) });
          indexed.resolve(served);
          ok = false;
        }
      } while (again);
      return ok;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  await rebuild();
  const outDirAbs = lastGood?.config?.outDirAbs ?? path.resolve(root, options.outDir ?? 'build');
  const watcher = await watchSite({
    paths: [path.join(root, 'content'), path.join(root, CONFIG_FILE), path.join(PACKAGE_ROOT, 'theme'), path.join(PACKAGE_ROOT, 'src', 'client'), ...(lastGood?.inputs ?? [])],
    ignoreUnder: [outDirAbs],
    debounceMs: options.debounceMs ?? 10,
    onChange: (files) => {
      touched.push(...files);
      void rebuild();
    },
    onError: (error) => options.log(`Watcher error: ${error instanceof Error ? error.message : String(error)}`),
  });
  watching.watcher = watcher;

  const server = createSiteServer({
    site: () => site,
    live,
    loopbackOnly: isLoopbackAddress(options.host),
    ask: { path: options.askPath ?? '/api/ask', handler: options.ask ?? ((request, info) => askHandler(request, info)) },
  });
  let port: number;
  let origin: string;
  try {
    ({ port, origin } = await listen(server, options.port, options.host));
  } catch (error) {
    await watcher.close();
    live.close();
    throw error;
  }
  const url = origin + site.baseUrl;
  options.log(`Serving ${url}`);
  return {
    url,
    port,
    server,
    rebuild,
    async close() {
      await watcher.close();
      live.close();
      await running?.catch(() => false);
      cancelSearch?.();
      indexed.resolve(served);
      clearTimeout(saveTimer);
      reuse.save();
      await closeServer(server);
    },
  };
}
