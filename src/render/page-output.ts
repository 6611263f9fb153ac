import { hashText } from '../files/index.ts';
import type { RouteEntry } from '../routes/index.ts';
import { routeToFile, type RouteData, type SiteChrome } from '../shared/index.ts';
import { assemblePage, renderPageBody, type PageShell } from './render-page.ts';
import { documentReads, readsUnchanged, type PageRead, type PageReadsMemo } from './page-reads.ts';
import { buildRouteData, sharedSidebarNodes, sidebarSource, type RouteDataContext } from './route-data.ts';

// Every page of the site, each obtained the cheapest way that gives the same bytes: taken from an earlier build when
// its key (everything that shapes it) is unchanged, else rendered here or, in batches, by workers. The stage talks to
// reuse, workers and the output through the small interfaces below, which the pipeline fills in.

/** A page made before: in memory (serve), or a file of the previous output (build). */
export type EarlierPage = { html: string } | { file: string };

export interface PageReuse {
  page(outFile: string, key: string): EarlierPage | undefined;
  keepPage(outFile: string, key: string, html: string | undefined): void;
}

export interface PageWriter {
  write(rel: string, content: string): Promise<void>;
  /** The previous output's file as it is (a hard link where the output is a folder). */
  reuse(rel: string, source: string): Promise<void>;
  /** Pages another thread wrote into the output itself (see BodyRenderer.writePages). */
  written?(rels: readonly string[]): void;
}

/** Page bodies rendered elsewhere (worker threads), a batch at a time. */
export interface BodyRenderer {
  readonly size: number;
  renderBodies(routes: RouteData[]): Promise<({ ok: true; body: string } | { ok: false; error: string })[]>;
  /**
   * Whole pages, rendered and written into the output by the worker (a build to a folder): only whether each one
   * rendered comes back. At 10,000 pages, writing 480 MB of pages through this thread's promises was a quarter of its
   * render stage, while the worker that rendered them waited for it.
   */
  writePages?(routes: RouteData[], outFiles: string[]): Promise<({ ok: true } | { ok: false; error: string })[]>;
}

export interface PageOutputInput {
  routes: readonly RouteEntry[];
  context: RouteDataContext;
  shell: PageShell;
  /** Everything besides route data that shapes a page (bundle, CSP, config); undefined: no reuse, no keys. */
  shellKey?: string;
  reuse: PageReuse;
  /**
   * Each page's key and reads from the last build (see page-reads.ts), and what the route table was made from
   * (`routeInputsText`, hashed): with `shellKey`, a page whose documents are unchanged is kept without making its data.
   */
  reads?: { memo: PageReadsMemo; routesKey: string };
  writer: PageWriter;
  workers?: BodyRenderer;
  onPage: () => void;
  onError: (route: RouteEntry, message: string) => void;
}

export interface PageOutput {
  /** Output HTML file → the source file that produced it. */
  manifest: Record<string, string>;
  sitemapUrls: string[];
  /** Pages taken from an earlier build. */
  reused: number;
  /** HTML files rendered anew (the rest are an earlier build's). */
  fresh: Set<string>;
}

/**
 * The route data as its page key sees it. Its two big parts are named by what makes them rather than serialised again
 * for every page on every build (both are made only when read, see route-data.ts, so naming them is also what keeps a
 * page taken from an earlier build from making them): the body, and its table of contents, by the identity of its
 * document (see DocumentHtml.identity), and the sidebar, which is `sidebarNodes(tree, base, activeUrl)`, by its tree
 * (serialised and hashed once per build) and the URL it marks.
 */
function keyText(route: RouteEntry, data: RouteData, context: RouteDataContext, trees: Map<object, string>): string {
  // No route data has the properties added here, so no page's own data can write the same text.
  const named: Record<string, unknown> = {};
  const sidebar = 'sidebar' in data ? sidebarSource(route, context.table) : undefined;
  const doc = context.documentOf.get(data);
  const byIdentity = doc?.identity !== undefined;
  const fields = data as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    // The table of contents is the document's own (or none, by its frontmatter): its identity names it too.
    if (((key === 'html' || key === 'toc') && byIdentity) || (key === 'sidebar' && sidebar)) continue;
    named[key] = key === 'site' ? siteKey(data.site, context.chrome, trees) : fields[key];
  }
  if (byIdentity) named.htmlIdentity = doc!.identity;
  if (sidebar) {
    // By the hash of its JSON: a section's tree can be tens of KB, and every page of the section names it.
    let tree = trees.get(sidebar.tree);
    if (tree === undefined) trees.set(sidebar.tree, (tree = hashText(JSON.stringify(sidebar.tree))));
    named.sidebarSource = [tree, context.config.baseUrl, sidebar.activeUrl];
  }
  return JSON.stringify(named);
}

/**
 * A page's chrome as its key names it. Each page's is the site's with its own navbar items and version links (see
 * chromeFor in route-data.ts): every other part, the same object as the site's, is named by the hash of the site's
 * chrome, made once per build. At 1,000 pages, serialising the whole chrome for every key was a fifth of a `serve`
 * rebuild. A part that is not the site's (route data made some other way) is written out.
 */
function siteKey(site: SiteChrome, chrome: SiteChrome, hashes: Map<object, string>): unknown {
  const own = (part: Record<string, unknown>, shared: Record<string, unknown>, skip: string) => Object.keys(part).filter((key) => key !== skip && part[key] !== shared[key]);
  const navbar = site.navbar as unknown as Record<string, unknown>;
  if (own(site as unknown as Record<string, unknown>, chrome as unknown as Record<string, unknown>, 'navbar').some((key) => key !== 'versions') || own(navbar, chrome.navbar as unknown as Record<string, unknown>, 'items').length > 0) return site;
  return { chrome: chromeHash(chrome, hashes), navbarItems: site.navbar.items, versions: site.versions };
}

/** The site chrome's hash, made once per build: page keys name the chrome by it, and so does the pages' structure. */
function chromeHash(chrome: SiteChrome, hashes: Map<object, string>): string {
  let hash = hashes.get(chrome);
  if (hash === undefined) hashes.set(chrome, (hash = hashText(JSON.stringify(chrome))));
  return hash;
}

/** Pages per message to a worker: large enough to amortise the message, small enough to keep both workers busy. */
const PAGE_BATCH = 16;

export async function writePages(input: PageOutputInput): Promise<PageOutput> {
  const { shell, reuse, writer, workers } = input;
  const output: PageOutput = { manifest: {}, sitemapUrls: [], reused: 0, fresh: new Set() };
  const finish = async (outFile: string, pageKey: string, page: string) => {
    reuse.keepPage(outFile, pageKey, page);
    await writer.write(outFile, page);
    input.onPage();
  };
  const renderHere = async (route: RouteEntry, outFile: string, pageKey: string, data: RouteData) => {
    output.fresh.add(outFile);
    try {
      await finish(outFile, pageKey, assemblePage(data, renderPageBody(data), shell));
    } catch (error) {
      input.onError(route, error instanceof Error ? error.message : String(error));
    }
  };
  // Each sidebar tree's hash and the site chrome's, made once for all the pages that show them.
  const trees = new Map<object, string>();
  // Page bodies go to the workers in batches; a bounded number in flight keeps memory flat at any site size.
  const batch: { route: RouteEntry; outFile: string; pageKey: string; data: RouteData }[] = [];
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  const sendBatch = async (renderer: BodyRenderer) => {
    const jobs = batch.splice(0);
    sent++;
    const data = jobs.map((job) => job.data);
    // A body to assemble and write here, or a page the worker wrote (no body), or the page's error.
    const asked: Promise<({ ok: true; body?: string } | { ok: false; error: string })[]> = renderer.writePages ? renderer.writePages(data, jobs.map((job) => job.outFile)) : renderer.renderBodies(data);
    const done = asked.then(async (results) => {
      const written: string[] = [];
      for (const [i, job] of jobs.entries()) {
        const result = results[i];
        output.fresh.add(job.outFile);
        if (!result.ok) input.onError(job.route, result.error);
        else if (result.body !== undefined) await finish(job.outFile, job.pageKey, assemblePage(job.data, result.body, shell));
        else {
          // Written by the worker: kept by its key, with no HTML here to hold.
          written.push(job.outFile);
          reuse.keepPage(job.outFile, job.pageKey, undefined);
          input.onPage();
        }
      }
      if (written.length) writer.written?.(written);
    });
    const tracked = done.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= renderer.size * 2) await Promise.race(inFlight);
  };

  const { context } = input;
  // The pages of this run share their sidebars' items (see SharedSidebarNodes), made anew for each run: a context's
  // route table is not expected to change, but a tree that did is then not served as it was.
  context.sidebarNodes = sharedSidebarNodes();
  // Everything a page's data reads besides its documents: with the same structure as the last build, a page whose
  // documents are the same has the same data, so the same key.
  const structure = input.shellKey !== undefined && input.reads ? hashText(input.shellKey, chromeHash(context.chrome, trees), input.reads.routesKey) : undefined;
  const earlierReads = structure === undefined ? undefined : input.reads!.memo.earlier(structure);
  const pageReads = new Map<string, PageRead>();
  const keepEarlier = async (outFile: string, pageKey: string, earlier: EarlierPage) => {
    if ('html' in earlier) return finish(outFile, pageKey, earlier.html);
    await writer.reuse(outFile, earlier.file);
    reuse.keepPage(outFile, pageKey, undefined);
    output.reused++;
    input.onPage();
  };
  for (const route of input.routes) {
    const outFile = routeToFile(route.url);
    if (route.source) output.manifest[outFile] = route.source;
    if (route.kind !== 'not-found' && route.kind !== 'search' && !(route.kind === 'doc' && route.canonicalUrl)) output.sitemapUrls.push(route.url);
    // A page module's data is its rendered HTML, which no document identity names: it is always keyed from its data.
    const known = route.kind === 'page-module' ? undefined : earlierReads?.get(outFile);
    const unchanged = known && readsUnchanged(known[1], context.html) ? reuse.page(outFile, known[0]) : undefined;
    if (unchanged) {
      pageReads.set(outFile, known!);
      await keepEarlier(outFile, known![0], unchanged);
      continue;
    }
    const reading: string[] = (context.reading = []);
    const data = buildRouteData(route, context);
    context.reading = undefined;
    const pageKey = input.shellKey === undefined ? '' : hashText(input.shellKey, keyText(route, data, context, trees));
    const reads = structure !== undefined && route.kind !== 'page-module' ? documentReads(reading, context.html) : undefined;
    if (reads) pageReads.set(outFile, [pageKey, reads]);
    const earlier = input.shellKey === undefined ? undefined : reuse.page(outFile, pageKey);
    if (earlier) await keepEarlier(outFile, pageKey, earlier);
    else if (workers) {
      batch.push({ route, outFile, pageKey, data });
      if (batch.length === PAGE_BATCH) await sendBatch(workers);
    } else await renderHere(route, outFile, pageKey, data);
  }
  // Workers take pages only once a batch fills: fewer changed pages than that (serve, an edit) render here, sooner than
  // a worker would start (one may be running already, for the search index).
  if (batch.length && sent > 0) await sendBatch(workers!);
  else for (const job of batch.splice(0)) await renderHere(job.route, job.outFile, job.pageKey, job.data);
  await Promise.all(inFlight);
  if (structure !== undefined) input.reads!.memo.keep(structure, pageReads);
  return output;
}
