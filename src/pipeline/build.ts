import { contentFolder } from '../config/index.ts';
import { ProtodocsError, diagnosticFromThrown } from '../errors/index.ts';
import { MemoryOutput, StreamingOutput, removeStaleBuildFolders } from '../output/index.ts';
import { noReuse, type RecordedInputs } from '../reuse/index.ts';
import { hashText, walkFilesAside } from '../files/index.ts';
import type { BuildPool } from '../workers/index.ts';
import { configStage } from './config-stage.ts';
import { outputFolderProblems } from './output-check.ts';
import { BuildRun } from './run.ts';
import type { BuildOptions, BuildResult } from './types.ts';

/** Runs every stage in order, collects every problem, and writes only when there are none. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const run = new BuildRun(options.log, options.progress);
  const reuse = options.reuse ?? noReuse();
  const writing = options.write !== false;
  const out: BuildResult = { ok: true, diagnostics: run.diagnostics.items, files: new Map(), copies: new Map(), pages: 0, timings: run.timings, inputs: [], manifest: {} };
  const done = (extra: Partial<BuildResult> = {}): BuildResult => Object.assign(out, { ok: !run.failed }, extra);
  // A folder named by --out is checked before anything else, even before the record says the build is up to date.
  if (writing && options.outDir && run.add(outputFolderProblems(options.outDir, options.root))) return done();
  const unchanged = writing ? reuse.unchanged(options) : undefined;
  if (unchanged) {
    removeStaleBuildFolders(unchanged.outDir);
    run.add(unchanged.warnings);
    run.stage('unchanged', `${unchanged.pages} pages`);
    return done({ pages: unchanged.pages, outDir: unchanged.outDir, unchanged: true });
  }
  // An edit reads few files but stats them all: content/ is walked and statted in another thread while the config
  // compiles and the caches load (a small site's, by the check above, in this one). A first build reads every file, so
  // the stats are a small part of its scan, while the thread would take a core from the parse workers; a build in
  // memory, or serve, which knows what changed, needs no stats.
  const walks = new AbortController();
  const listedHere = writing && !options.changed ? reuse.listedContent?.() : undefined;
  const listingContent = listedHere ? Promise.resolve(listedHere) : writing && !options.changed && reuse.recorded?.() ? walkFilesAside(contentFolder(options.root), walks.signal) : undefined;
  listingContent?.catch(() => {});
  // The heavy stages (React, micromark, MiniSearch) load while the config compiles.
  const loading = import('./stages.ts');
  loading.catch(() => {});
  let pool: BuildPool | undefined;
  let output: StreamingOutput | undefined;
  let searching: ReturnType<Awaited<typeof loading>['startSearch']>;
  let finished = false;
  try {
    const config = await configStage(options, reuse, run.diagnostics);
    if (!config || (writing && run.add(outputFolderProblems(config.outDirAbs, config.root, config, options.outDir)))) return done();
    if (writing) removeStaleBuildFolders(config.outDirAbs);
    // The output folder is patched, not replaced: its files are listed in another thread while this one reads the site.
    const listed = writing ? walkFilesAside(config.outDirAbs, walks.signal) : undefined;
    listed?.catch(() => {});
    run.stage('config');
    const s = await loading;
    // Parsing starts as the scan reads files: the workers start with the first batch to parse, and parse while this
    // thread reads the rest (at 10,000 pages, the scan is a few seconds of one core).
    const parsing = s.MarkdownStage.begin(config, { pool: (work) => (pool ??= options.workers?.(work)), reuse });
    const frontmatter = reuse.frontmatter?.(config.root);
    const sources = reuse.sources?.(config.root);
    // A listing that failed leaves the scan to walk and stat.
    const listedContent = await listingContent?.catch(() => undefined);
    const content = s.scanContent(config, run.diagnostics, { memo: frontmatter, sources, changed: options.changed, onFile: (file) => parsing.add(file), listed: listedContent });
    const structure = s.checkStructure(config, content, s.configSource(config));
    run.add(structure);
    const early = structure.filter((d) => d.severity === 'error');
    if (early.length) options.onEarlyErrors?.(early);
    run.stage('scan', `${content.files.length} files`);
    pool ??= options.workers?.(content.files.length);
    // The search index's worker, whatever the edit, loads its code and the last index's state while the markdown is
    // compiled; unless the workers are parsing, and are replaced once they have rendered.
    if (pool && !options.deferSearch && s.searchesInWorker(content.files.length)) {
      if (!pool.started) s.preloadSearch(config, reuse, pool);
      pool.warm(1);
    }
    const markdown = await parsing.finish(content);
    run.add(markdown.diagnostics());
    run.stage('parse', `${markdown.count} docs${markdown.cached ? `, ${markdown.cached} cached` : ''}`);
    const table = s.buildRoutes(config, content, markdown.summaries, run.diagnostics);
    run.stage('routes', `${table.routes.length} routes`);
    const modules = await s.loadModules(config, content.files, markdown.summaries, reuse, run.diagnostics);
    const bundling = s.startBundle(config, modules, options.minify, reuse);
    const documents = await s.renderDocuments(markdown, { config, table, schemas: content.schemas, modules });
    run.add(documents.diagnostics);
    if (pool && markdown.parsedInWorkers) {
      // Fresh workers for the search index and the pages: ending the parse workers returns their whole heaps at once.
      await pool.close();
      pool = options.workers?.(content.files.length);
      // A full build needs them soon; their start-up overlaps the checks. The first makes the search index, and
      // loads only its code: 73 KB against a build worker's 1.9 MB, compiled while the other starts.
      if (!options.deferSearch) {
        pool?.startSearchWorker();
        pool?.warm();
      }
      if (pool && !options.deferSearch && s.searchesInWorker(content.files.length)) s.preloadSearch(config, reuse, pool);
    }
    run.stage('markdown', `${documents.html.size} docs`);
    run.add(s.checkInternalLinks(table, documents.html, config.baseUrl));
    run.add(s.checkConfigLinks(config, table, s.configSource(config)));
    run.stage('checks');
    const bundled = await bundling.result;
    if ('problems' in bundled) return done({ ok: !run.add(bundled.problems) });
    run.stage('bundle', `${bundled.assets.files.size} assets`);
    // serve makes the records after the reload; a build now, so that a worker indexes them while pages render.
    const prepareSearch = () => s.prepareSearch(config, table, documents.html, reuse);
    const search = options.deferSearch ? undefined : prepareSearch();
    // With nothing wrong so far, pages stream to disk as they render; otherwise nothing is written at all.
    output = writing && !run.failed ? await StreamingOutput.open(config.outDirAbs, { patch: true, listed }) : undefined;
    const sink = output ?? new MemoryOutput(out.files);
    const writeTo = output && { directory: output.directory, previous: output.previousDirectory };
    const kept = search ? s.keptPages(search.records) : 0;
    const summary = search ? s.searchSummary(search.records, kept) : 'after the pages';
    // Records made for most pages leave this thread's heap mostly garbage (the records, the HTML read back to make
    // them); collected before the pages render, V8 sizes the heap by what is live rather than letting the render
    // stage's own garbage pile on top: at 10,000 pages that was the build's peak, 1,078 MiB against 925 with this. An
    // edit makes a page's records, and the collection would cost it 150 ms at 10,000 pages for nothing.
    const madeMostRecords = search !== undefined && kept < table.routes.length / 2;
    searching = search && s.startSearch(search, reuse, pool, writeTo);
    if (searching && pool && madeMostRecords) s.collectGarbage();
    // The pages need the previous output's listing to keep its files; the index, updated above in a small site's edit,
    // did not, while another thread made the listing.
    if (output && listed) reuse.listedOutput?.(await listed);
    run.stage('search', summary);
    const routesKey = reuse.keysPages ? hashText(s.routeInputsText(content, markdown.summaries)) : undefined;
    const site = await s.renderSite({ config, table, html: documents.html, modules, assets: bundled.assets, bundleKey: bundling.key, indexUrl: s.searchIndexUrl(config.baseUrl), askEndpoint: options.askEndpoint, reuse, keyed: reuse.keysPages, routesKey, sink, writeTo, pool, diagnostics: run.diagnostics, onPage: () => run.page(table.routes.length) });
    if (search) await s.writeSearch(sink, (await searching) ?? (await s.indexSearch(search, reuse, undefined, writeTo)));
    run.stage('render', `${table.routes.length} pages${site.reused ? `, ${site.reused} kept` : ''}`);
    // The workers' heaps (the page renderer's, the index's replacement) go back now, not after the commit and the
    // record: at 10,000 pages they held a few hundred MiB through the cache's save, the build's peak.
    await pool?.close();
    pool = undefined;
    const copies = s.siteCopies(table, documents.copies);
    const inputs = s.siteInputs(config, content.files, s.moduleInputs(modules));
    const read = [...inputs, ...copies.values()];
    let inputStats: RecordedInputs | undefined;
    if (output && !run.failed) {
      // The record's stats of the inputs and the commit's moves run together, in libuv's threads.
      const statting = reuse.statInputs?.({ root: config.root, startedAt: run.startedAt, inputs: read, contentFiles: listedContent?.keys() });
      await output.commit(copies);
      inputStats = await statting;
      run.stage('write', `${copies.size} copied`);
    }
    finished = true;
    reuse.finish({ ok: !run.failed, wrote: output !== undefined, root: config.root, outDir: config.outDirAbs, startedAt: run.startedAt, inputs: read, outputs: output?.files, written: output?.written, pages: table.routes.length, warnings: run.warnings(), inputStats });
    if (output && !run.failed) run.stage('record');
    return done({ copies, pages: table.routes.length, config, table, inputs, manifest: site.manifest, outDir: config.outDirAbs, search: options.deferSearch ? prepareSearch : undefined, freshPages: site.fresh });
  } catch (error) {
    run.diagnostics.items.push(diagnosticFromThrown(error));
    return done({ crash: error instanceof ProtodocsError ? undefined : error });
  } finally {
    walks.abort();
    // A failed build leaves no temp folder, once the index worker has stopped writing into it; after a commit this
    // does nothing.
    await searching?.catch(() => undefined);
    if (!finished) reuse.abandon?.();
    await output?.abort();
    await pool?.close();
  }
}
