import { assetManifest } from '../bundle/index.ts';
import type { SiteConfig } from '../config/index.ts';
import path from 'node:path';
import { ProtodocsError, toDiagnostic, type Diagnostic } from '../errors/index.ts';
import { fileSystemProblem, outputFileWriter } from '../output/index.ts';
import { renderPage, type BundleData, type PageShell } from '../render/index.ts';
import type { RouteData } from '../shared/index.ts';

/** What a page is made in besides its route data, as a message carries it: the bundle's data, not its files. */
export interface PageShellData {
  config: SiteConfig;
  inlineScript: string;
  csp: string;
  feeds: PageShell['feeds'];
  bundle: Omit<BundleData, 'files'>;
}

/** Where a worker writes pages: the output's temp folder, the previous output when it is patched, and its name. */
export interface PagesWriteTo {
  directory: string;
  previous?: string;
  outDir: string;
}

export interface PagesJob {
  routes: RouteData[];
  outFiles: string[];
  shell: PageShellData;
  writeTo: PagesWriteTo;
}

/** A page that rendered was written; one whose layout threw has its message; a failed write, its problem. */
export type PageResult = { ok: true } | { ok: false; error: string } | { ok: false; problem: Diagnostic };

export function pageShellOf(data: PageShellData): PageShell {
  const { config, inlineScript, csp, feeds, bundle } = data;
  return { config, inlineScript, csp, feeds, assets: assetManifest({ ...bundle, files: new Map() }) };
}

/**
 * Renders each page whole and writes it into the output (as StreamingOutput would: a page the patched output already
 * holds byte for byte is left as it is). The first failed write ends the batch with its problem.
 */
export function writePagesJob(job: PagesJob): PageResult[] {
  const shell = pageShellOf(job.shell);
  const writer = outputFileWriter(job.writeTo.directory, job.writeTo.previous);
  const results: PageResult[] = [];
  for (const [i, route] of job.routes.entries()) {
    let html: string;
    try {
      html = renderPage(route, shell);
    } catch (error) {
      results.push({ ok: false, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const rel = job.outFiles[i];
    try {
      writer.write(rel, html);
    } catch (error) {
      // A path outside the output is refused with its own problem; anything else is the file system's.
      const problem = error instanceof ProtodocsError ? toDiagnostic(error) : fileSystemProblem(error, path.join(job.writeTo.outDir, rel), 'write');
      results.push({ ok: false, problem });
      return results;
    }
    results.push({ ok: true });
  }
  return results;
}
