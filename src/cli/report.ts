import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { printDiagnostics, summaryLine, type Diagnostic } from '../errors/index.ts';

export interface ReportOptions {
  root: string;
  codeFrames: boolean;
  verbose: boolean;
  crash?: unknown;
}

/** Prints problems as `file:line:column  reason  (hint)`, one per line, with code frames on a terminal. */
export function reportDiagnostics(items: readonly Diagnostic[], options: ReportOptions, write: (text: string) => void): void {
  if (items.length === 0) return;
  write(
    printDiagnostics(items, {
      codeFrames: options.codeFrames,
      readSource: (file) => {
        const abs = path.resolve(options.root, file);
        return existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
      },
    }) + '\n',
  );
  if (options.verbose && options.crash instanceof Error && options.crash.stack) write(options.crash.stack + '\n');
  write(summaryLine(items) + '\n');
}
