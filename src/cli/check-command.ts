import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildResult } from '../pipeline/index.ts';
import { diskReuse } from '../reuse/index.ts';
import { cliWorkers, codeCacheLine, runKind, type LoadedCode } from './build-setup.ts';
import { crawlSite } from '../checks/index.ts';
import type { Diagnostic } from '../errors/index.ts';
import { closeServer, createSiteServer, listen, memorySource } from '../serve/index.ts';
import { createProgress, progressMode } from './progress.ts';
import { reportDiagnostics } from './report.ts';

export interface CheckCommandOptions extends LoadedCode {
  root: string;
  external?: boolean;
  format?: string;
  baseUrl?: string;
  strict?: boolean;
  verbose?: boolean;
  /** No progress output. */
  quiet?: boolean;
  configTimeoutMs?: number;
}

/** URL paths of every HTML output, base included and percent-encoded as a browser would request them. */
export function pageUrlsOf(result: BuildResult, baseUrl: string): string[] {
  const base = baseUrl.endsWith('/') ? baseUrl : baseUrl + '/';
  const rels = [...result.files.keys(), ...result.copies.keys()].filter((rel) => rel.endsWith('.html'));
  return [...new Set(rels)].sort().map((rel) => {
    const pagePath = rel.replace(/(^|\/)index\.html$/, '$1');
    return base + pagePath.split('/').map((s) => encodeURIComponent(s)).join('/');
  });
}

/**
 * `protodocs check`: the full build in memory (the output folder is never touched), then a crawl of that result on
 * a loopback server. Returns the exit code: 1 on any error, from the build or the crawl.
 */
export async function runCheck(options: CheckCommandOptions): Promise<number> {
  const json = options.format === 'json';
  if (options.format !== undefined && options.format !== 'json' && options.format !== 'text') {
    process.stderr.write(`--format must be "text" or "json", got "${options.format}".\n`);
    return 2;
  }
  const root = path.resolve(options.root);
  const progress = createProgress(process.stderr, progressMode(process.stderr, options));
  if (options.verbose && options.codeCache) process.stderr.write(`${codeCacheLine(options.codeCache)}\n`);
  const result = await build({
    root,
    baseUrl: options.baseUrl,
    configTimeoutMs: options.configTimeoutMs,
    write: false,
    // The per-file cache (node_modules/.cache/protodocs) makes a CI check of an unchanged page cheap; output is the same.
    reuse: diskReuse({ record: false }),
    workers: cliWorkers(),
    log: options.verbose ? (line) => process.stderr.write(line + '\n') : undefined,
    progress: (event) => progress.event(event),
  });
  const problems: Diagnostic[] = [...result.diagnostics];
  let summary: string;
  if (!result.ok || !result.config) {
    // A failed build is incomplete; crawling it would only repeat its errors as PD5003.
    summary = 'Build failed, so the site was not crawled.';
  } else {
    const baseUrl = result.config.baseUrl;
    const server = createSiteServer({ site: () => ({ source: memorySource(result.files, result.copies), baseUrl }), loopbackOnly: true });
    const { origin } = await listen(server, 0, '127.0.0.1');
    const crawlStarted = performance.now();
    progress.next('crawling the site');
    try {
      const crawl = await crawlSite({
        origin,
        baseUrl,
        pages: pageUrlsOf(result, baseUrl),
        manifest: result.manifest,
        siteUrl: result.config.url,
        external: options.external === true,
        readSource: (file) => {
          const abs = path.resolve(root, file);
          return existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
        },
      });
      problems.push(...crawl.diagnostics);
      progress.step('crawl', performance.now() - crawlStarted, `${crawl.pages} pages, ${crawl.links} links`);
      summary = `Checked ${crawl.pages} pages and ${crawl.links} links${options.external ? '' : ' (external links skipped; pass --external to check them)'}.`;
    } finally {
      await closeServer(server);
    }
  }
  progress.done();
  const errors = problems.filter((d) => d.severity === 'error').length;
  const failed = errors > 0 || (options.strict === true && problems.length > 0);
  if (json) {
    process.stdout.write(JSON.stringify({ ok: !failed, problems }, null, 2) + '\n');
  } else {
    reportDiagnostics(problems, { root, codeFrames: process.stderr.isTTY === true, verbose: options.verbose === true, crash: result.crash }, (t) =>
      process.stderr.write(t),
    );
    const verdict = failed ? 'Check failed.' : problems.length ? `Passed with ${problems.length} warning${problems.length === 1 ? '' : 's'}.` : 'No problems found.';
    process.stdout.write(`${summary} ${verdict}\n`);
  }
  if (!failed) options.succeeded?.(runKind(result));
  return failed ? 1 : 0;
}
