import path from 'node:path';
import { ServeSetupError, startServe, type RunningServe } from '../serve/index.ts';
import { cliWorkers } from './build-setup.ts';
import { reportDiagnostics } from './report.ts';

export interface ServeCommandOptions {
  root: string;
  port: string;
  host: string;
  /** commander's --no-watch sets this to false. */
  watch: boolean;
  out?: string;
  baseUrl?: string;
  verbose?: boolean;
  /** From PROTODOCS_AI_BASE_URL, PROTODOCS_AI_MODEL and PROTODOCS_AI_KEY (read in main.ts). */
  llm?: { baseUrl: string; model: string; apiKey?: string };
  askPath?: string;
  configTimeoutMs?: number;
}

/** Port flag → number; undefined when it is not one (a usage error). */
export function parsePort(value: string): number | undefined {
  if (!/^\d{1,5}$/.test(value)) return undefined;
  const port = Number(value);
  return port <= 65535 ? port : undefined;
}

/**
 * `protodocs serve`: resolves with the exit code once the server has stopped (Ctrl+C). `started` receives the
 * running server, so tests and the stop signal handler can reach it.
 */
export async function runServe(options: ServeCommandOptions, started?: (server: RunningServe) => void): Promise<number> {
  const port = parsePort(options.port);
  if (port === undefined) {
    process.stderr.write(`--port must be a number from 0 to 65535, got "${options.port}".\n`);
    return 2;
  }
  const root = path.resolve(options.root);
  let running: RunningServe;
  try {
    running = await startServe({
      root,
      outDir: options.out ? path.resolve(options.out) : undefined,
      baseUrl: options.baseUrl,
      port,
      host: options.host,
      watch: options.watch,
      llm: options.llm,
      askPath: options.askPath,
      configTimeoutMs: options.configTimeoutMs,
      workers: cliWorkers(),
      log: (line) => process.stdout.write(line + '\n'),
      report: (items) =>
        reportDiagnostics(items, { root, codeFrames: process.stderr.isTTY === true, verbose: options.verbose === true }, (t) => process.stderr.write(t)),
      buildLog: options.verbose ? (line) => process.stderr.write(line + '\n') : undefined,
    });
  } catch (error) {
    if (error instanceof ServeSetupError || (error instanceof Error && /already in use|Cannot listen/.test(error.message))) {
      process.stderr.write(error.message + '\n');
      return 1;
    }
    throw error;
  }
  started?.(running);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}
