import type { Diagnostic } from './protodocs-error.ts';

export interface PrintOptions {
  /** Source text by file, for code frames. */
  readSource?: (file: string) => string | undefined;
  codeFrames?: boolean;
}

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    (a.file ?? '').localeCompare(b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    a.code.localeCompare(b.code)
  );
}

export function sortDiagnostics(items: readonly Diagnostic[]): Diagnostic[] {
  return [...items].sort(compareDiagnostics);
}

/** `file:line:column  PDxxxx reason  (hint: …)`, the one line format every problem is printed in. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file ? `${d.file}:${d.line ?? 1}:${d.column ?? 1}` : 'protodocs';
  const level = d.severity === 'warning' ? 'warning ' : '';
  const hint = d.hint ? `  (hint: ${d.hint})` : '';
  return `${where}  ${level}${d.code} ${d.message}${hint}`;
}

/** Two lines of context around the problem, a `>` marker and a caret. */
export function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split(/\r?\n/);
  const start = Math.max(1, line - 2);
  const end = Math.min(lines.length, line + 2);
  const width = String(end).length;
  const out: string[] = [];
  for (let n = start; n <= end; n++) {
    const marker = n === line ? '>' : ' ';
    out.push(` ${marker} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    // The caret's indent repeats the line's tabs, so it lines up however wide the terminal draws a tab.
    if (n === line) out.push(`   ${' '.repeat(width)} | ${(lines[n - 1] ?? '').slice(0, Math.max(0, column - 1)).replace(/[^\t]/g, ' ').padEnd(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}

export function summaryLine(items: readonly Diagnostic[]): string {
  const errors = items.filter((d) => d.severity === 'error').length;
  const warnings = items.length - errors;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`;
}

export function printDiagnostics(items: readonly Diagnostic[], options: PrintOptions = {}): string {
  const out: string[] = [];
  for (const d of sortDiagnostics(items)) {
    out.push(formatDiagnostic(d));
    if (options.codeFrames && d.file && d.line && options.readSource) {
      const source = options.readSource(d.file);
      if (source !== undefined) out.push(codeFrame(source, d.line, d.column ?? 1));
    }
  }
  return out.join('\n');
}
