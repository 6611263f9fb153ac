import { Command, CommanderError } from 'commander';
import { runBuild } from './build-command.ts';

// The only module that reads process.env or calls process.exit: everything below it returns exit codes.

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
  .option('--verbose', 'print stage timings and stack traces of internal errors')
  .action(async (opts: { root: string; out?: string; baseUrl?: string; strict?: boolean; verbose?: boolean }) => {
    process.exitCode = await runBuild({ ...opts, verbose: opts.verbose || process.env.PROTODOCS_VERBOSE === '1' });
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version are successes; anything else commander rejects is a usage error.
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    process.stderr.write(`PD9000 internal error in protodocs (please report it): ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
