import { Command, CommanderError } from 'commander';
import { useModuleImporter } from '../files/index.ts';
import type { CodeCacheUse } from './code-cache.ts';
import { askLlmFromEnv, registerSearchCommand } from './search-command.ts';

// With its loader (launch.ts), the only module that reads process.env or sets the exit code: everything below it
// returns exit codes.
// Commands load their modules when they run: start-up (and --help) never pays for the whole pipeline.

/** What the CLI's loader (src/cli/launch.ts) gives it. */
export interface CliHost {
  /** The loader's import(): the CLI runs from a code cache, where its own has no callback (files/import-module.ts). */
  importModule?: (specifier: string) => Promise<unknown>;
  /** How the CLI's code was loaded, shown by --verbose. */
  codeCache?: CodeCacheUse;
  /** A build or check succeeded, as a run of this kind: the loader keeps the code it compiled. */
  succeeded?: (kind: string) => void;
}

/** Runs the command in `argv` (process.argv's shape) and sets process.exitCode. */
export async function main(argv: string[], host: CliHost = {}): Promise<void> {
  if (host.importModule) useModuleImporter(host.importModule);

  /** PROTODOCS_CONFIG_TIMEOUT: seconds site.config.ts may take to load (default 10). */
  const configTimeoutMs = Number(process.env.PROTODOCS_CONFIG_TIMEOUT) > 0 ? Number(process.env.PROTODOCS_CONFIG_TIMEOUT) * 1000 : undefined;

  const program = new Command();
  program
    .name('protodocs')
    .description('Build a static docs site from site.config.ts and content/.')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program
    .command('build')
    .description('Build the site into the output folder (build/ by default).')
    .option('--root <dir>', 'site root (where site.config.ts is)', process.cwd())
    .option('--out <dir>', 'output folder')
    .option('--base-url <path>', 'override baseUrl, e.g. /docs-preview/')
    .option('--strict', 'treat warnings as errors')
    .option('--quiet', 'no progress output, only problems and the result')
    .option('--verbose', 'print stage timings and stack traces of internal errors')
    .action(async (opts: { root: string; out?: string; baseUrl?: string; strict?: boolean; quiet?: boolean; verbose?: boolean }) => {
      const { runBuild } = await import('./build-command.ts');
      process.exitCode = await runBuild({
        ...opts,
        configTimeoutMs,
        verbose: opts.verbose || process.env.PROTODOCS_VERBOSE === '1',
        analyticsId: process.env.PROTODOCS_GTAG_ID || undefined,
        codeCache: host.codeCache,
        succeeded: host.succeeded && ((kind) => host.succeeded!(`build:${kind}`)),
      });
    });

  program
    .command('serve')
    .description('Build in memory, serve on http://127.0.0.1:3000/, rebuild on change and reload open tabs.')
    .option('--root <dir>', 'site root (where site.config.ts is)', process.cwd())
    .option('--port <number>', 'port to listen on (0 picks a free one)', '3000')
    .option('--host <address>', 'address to listen on; anything but loopback exposes the site to the network', '127.0.0.1')
    .option('--no-watch', 'serve the existing output folder as it is: no build, no watching, no reload')
    .option('--out <dir>', 'output folder to serve with --no-watch')
    .option('--base-url <path>', 'override baseUrl, e.g. /docs-preview/')
    .option('--verbose', 'print stage timings of every build')
    .action(async (opts: { root: string; port: string; host: string; watch: boolean; out?: string; baseUrl?: string; verbose?: boolean }) => {
      const { runServe } = await import('./serve-command.ts');
      process.exitCode = await runServe({
        ...opts,
        configTimeoutMs,
        verbose: opts.verbose || process.env.PROTODOCS_VERBOSE === '1',
        llm: askLlmFromEnv(process.env),
      });
    });

  program
    .command('check')
    .description('Build in memory and crawl the result: every link, asset and fragment must resolve.')
    .option('--root <dir>', 'site root (where site.config.ts is)', process.cwd())
    .option('--external', 'also check links to other sites')
    .option('--format <format>', 'text, or json ({ ok, problems }) on stdout for CI', 'text')
    .option('--base-url <path>', 'override baseUrl, e.g. /docs-preview/')
    .option('--strict', 'treat warnings as errors')
    .option('--quiet', 'no progress output, only problems and the result')
    .option('--verbose', 'print stage timings and stack traces of internal errors')
    .action(async (opts: { root: string; external?: boolean; format: string; baseUrl?: string; strict?: boolean; quiet?: boolean; verbose?: boolean }) => {
      const { runCheck } = await import('./check-command.ts');
      process.exitCode = await runCheck({
        ...opts,
        configTimeoutMs,
        verbose: opts.verbose || process.env.PROTODOCS_VERBOSE === '1',
        codeCache: host.codeCache,
        succeeded: host.succeeded && ((kind) => host.succeeded!(`check:${kind}`)),
      });
    });

  program
    .command('init')
    .argument('[dir]', 'folder to create the site in', '.')
    .description('Start a new site: a config, a home page, docs in a sidebar, a blog post and a page. Never overwrites a file.')
    .option('--title <title>', 'site title')
    .option('--tagline <text>', 'one line under the title')
    .option('--url <url>', 'where the site will be published, e.g. https://docs.example.com')
    .option('-y, --yes', 'take the defaults for anything not given, without asking')
    .action(async (dir: string, opts: { title?: string; tagline?: string; url?: string; yes?: boolean }) => {
      const { runInit } = await import('./init-command.ts');
      process.exitCode = await runInit({
        ...opts,
        dir,
        // Questions only when someone can answer them: never in CI or with piped input.
        interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
        input: process.stdin,
        output: process.stdout,
        errors: process.stderr,
        today: new Date(),
      });
    });

  registerSearchCommand(program);

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; anything else commander rejects is a usage error.
      process.exitCode = error.exitCode === 0 ? 0 : 2;
    } else {
      process.stderr.write(`PD9000 internal error in protodocs (please report it): ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  }
}
