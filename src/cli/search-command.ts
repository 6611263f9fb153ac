import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { AskLlmOptions } from '../search/index.ts';
import { reportDiagnostics } from './report.ts';

export interface SearchExportOptions {
  root: string;
  /** Output file; stdout when absent. */
  out?: string;
  baseUrl?: string;
  verbose?: boolean;
}

/**
 * `protodocs search export`: builds the site in memory and writes its search sections as records for a hosted,
 * Algolia-compatible index (objectID, url, hierarchy lvl0..lvl6, content, type, language, docusaurus_tag, …), one JSON
 * array, ready to upload. Returns the exit code.
 */
export async function runSearchExport(options: SearchExportOptions): Promise<number> {
  const root = path.resolve(options.root);
  // Loaded on use, so `protodocs --help` and the other commands start without the build pipeline.
  const [{ build }, { recordsFromIndexFiles, toHostedRecords }, { cliWorkers }] = await Promise.all([
    import('../pipeline/index.ts'),
    import('../search/index.ts'),
    import('./build-setup.ts'),
  ]);
  const result = await build({ root, write: false, baseUrl: options.baseUrl, workers: cliWorkers() });
  reportDiagnostics(result.diagnostics, { root, codeFrames: process.stderr.isTTY === true, verbose: options.verbose === true, crash: result.crash }, (t) =>
    process.stderr.write(t),
  );
  if (!result.ok || !result.config) {
    process.stderr.write('Build failed; nothing exported.\n');
    return 1;
  }
  const files = result.files;
  const read = (rel: string) => {
    const content = files.get(rel);
    return content === undefined ? undefined : typeof content === 'string' ? content : Buffer.from(content).toString('utf8');
  };
  const records = recordsFromIndexFiles(files.keys(), read);
  if (records.length === 0) {
    process.stderr.write('The build produced no search index, so there is nothing to export.\n');
    return 1;
  }
  const hosted = toHostedRecords(records, { siteUrl: result.config.url });
  const json = JSON.stringify(hosted, null, 1) + '\n';
  const pages = new Set(records.map((r) => r.pageUrl)).size;
  if (options.out) {
    const out = path.resolve(options.out);
    await writeFile(out, json);
    process.stderr.write(`Wrote ${hosted.length} records (${pages} pages) to ${path.relative(process.cwd(), out) || out}\n`);
  } else {
    process.stdout.write(json);
  }
  return 0;
}

/**
 * The AI answer settings from the environment, for the ask handler of `protodocs serve`:
 * PROTODOCS_AI_BASE_URL (an OpenAI-compatible API root, e.g. https://api.openai.com/v1), PROTODOCS_AI_MODEL and
 * PROTODOCS_AI_KEY (optional bearer token). Without a base URL and a model the handler answers extractively.
 */
export function askLlmFromEnv(env: Record<string, string | undefined>): AskLlmOptions | undefined {
  const baseUrl = env.PROTODOCS_AI_BASE_URL?.trim();
  const model = env.PROTODOCS_AI_MODEL?.trim();
  if (!baseUrl || !model) return undefined;
  const apiKey = env.PROTODOCS_AI_KEY?.trim();
  return { baseUrl, model, ...(apiKey ? { apiKey } : {}) };
}

/** Adds `protodocs search export [--root DIR] [--out FILE]`. */
export function registerSearchCommand(program: Command): void {
  const search = program.command('search').description('Search index tools.');
  search
    .command('export')
    .description('Build in memory and write the search sections as records for a hosted (Algolia-compatible) index.')
    .option('--root <dir>', 'site root (where site.config.ts is)', process.cwd())
    .option('--out <file>', 'write the JSON array to this file instead of stdout')
    .option('--base-url <path>', 'override baseUrl, e.g. /docs-preview/')
    .option('--verbose', 'print stack traces of internal errors')
    .action(async (opts: { root: string; out?: string; baseUrl?: string; verbose?: boolean }) => {
      process.exitCode = await runSearchExport({ ...opts, verbose: opts.verbose || process.env.PROTODOCS_VERBOSE === '1' });
    });
}
