import path from 'node:path';
import { build } from '../pipeline/index.ts';
import { diskReuse } from '../reuse/index.ts';
import { cliWorkers, codeCacheLine, runKind, type LoadedCode } from './build-setup.ts';
import { createProgress, progressMode } from './progress.ts';
import { USAGE_CODES } from '../errors/index.ts';
import { reportDiagnostics, reportEarlyErrors, type ReportOptions } from './report.ts';
import type { Diagnostic } from '../errors/index.ts';

export interface BuildCommandOptions extends LoadedCode {
  root: string;
  out?: string;
  baseUrl?: string;
  /** From PROTODOCS_GTAG_ID (read in main.ts): the gtag tracking id of this build. */
  analyticsId?: string;
  verbose?: boolean;
  strict?: boolean;
  /** No progress output. */
  quiet?: boolean;
  configTimeoutMs?: number;
}

/** `protodocs build`: returns the exit code. */
export async function runBuild(options: BuildCommandOptions): Promise<number> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const progress = createProgress(process.stderr, progressMode(process.stderr, options));
  const report: ReportOptions = { root, codeFrames: process.stderr.isTTY === true, verbose: options.verbose === true };
  let shown: Diagnostic[] = [];
  if (options.verbose && options.codeCache) process.stderr.write(`${codeCacheLine(options.codeCache)}\n`);
  const result = await build({
    root,
    outDir: options.out ? path.resolve(options.out) : undefined,
    baseUrl: options.baseUrl,
    analyticsId: options.analyticsId,
    configTimeoutMs: options.configTimeoutMs,
    // The per-file cache and the build record (node_modules/.cache/protodocs); output is the same without them.
    reuse: diskReuse({ record: true, environment: process.env }),
    workers: cliWorkers(),
    nodeEnv: process.env.NODE_ENV,
    log: options.verbose ? (line) => process.stderr.write(line + '\n') : undefined,
    progress: (event) => progress.event(event),
    onEarlyErrors: (errors) => {
      progress.done();
      reportEarlyErrors(errors, report, (t) => process.stderr.write(t));
      shown = errors;
    },
  });
  progress.done();
  const failed = !result.ok || (options.strict === true && result.diagnostics.length > 0);
  reportDiagnostics(result.diagnostics, { ...report, crash: result.crash, shown }, (t) => process.stderr.write(t));
  if (failed) {
    // A refused output folder is how protodocs was asked to run, not the site: a usage error, as for a bad flag.
    const usage = result.diagnostics.some((d) => d.severity === 'error' && USAGE_CODES.has(d.code));
    process.stderr.write(usage ? 'Nothing was built or written.\n' : 'Build failed; previous output left untouched.\n');
    return usage ? 2 : 1;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const unchanged = result.unchanged ? ' (unchanged since the last build)' : '';
  options.succeeded?.(runKind(result));
  process.stdout.write(`Built ${result.pages} pages in ${seconds} s → ${path.relative(process.cwd(), result.outDir ?? '') || '.'}${unchanged}\n`);
  return 0;
}
