import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { printDiagnostics, summaryLine, type Diagnostic } from '../errors/index.ts';

export interface ReportOptions {
  root: string;
  codeFrames: boolean;
  verbose: boolean;
  crash?: unknown;
  /** Printed already (`reportEarlyErrors`): left out of the list, counted in the summary. */
  shown?: readonly Diagnostic[];
}

/** Prints problems as `file:line:column  reason  (hint)`, one per line, with code frames on a terminal. */
export function reportDiagnostics(items: readonly Diagnostic[], options: ReportOptions, write: (text: string) => void): void {
  if (items.length === 0) return;
  const shown = new Set(options.shown);
  const rest = items.filter((d) => !shown.has(d));
  if (rest.length) write(printList(rest, options) + '\n');
  if (options.verbose && options.crash instanceof Error && options.crash.stack) write(options.crash.stack + '\n');
  write(summaryLine(items) + '\n');
}

/**
 * Errors found before the markdown is parsed, printed as soon as they are found: on a large site the build takes a
 * while longer to find the rest, which `reportDiagnostics` lists at the end (pass these as `shown`).
 */
export function reportEarlyErrors(items: readonly Diagnostic[], options: ReportOptions, write: (text: string) => void): void {
  write(printList(items, options) + '\n');
  write('Found before parsing the content; looking for other problems…\n');
}

function printList(items: readonly Diagnostic[], options: ReportOptions): string {
  return printDiagnostics(items, {
    codeFrames: options.codeFrames,
    readSource: (file) => {
      const abs = path.resolve(options.root, file);
      return existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
    },
  });
}
