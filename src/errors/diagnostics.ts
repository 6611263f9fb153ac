import { problem } from './problem.ts';
import { ProtodocsError, toDiagnostic, type Diagnostic, type DiagnosticInit } from './protodocs-error.ts';

/** Collects problems so one run reports all of them; a problem found twice (by an early check and again later) once. */
export class Diagnostics {
  readonly items: Diagnostic[] = [];
  private readonly seen = new Set<string>();

  add(init: DiagnosticInit | ProtodocsError): void {
    this.push(toDiagnostic(init));
  }

  addAll(items: Iterable<Diagnostic>): void {
    for (const item of items) this.push(item);
  }

  private push(item: Diagnostic): void {
    const key = JSON.stringify([item.code, item.severity, item.file, item.line, item.column, item.message]);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(item);
  }

  get errorCount(): number {
    return this.items.filter((d) => d.severity === 'error').length;
  }

  get warningCount(): number {
    return this.items.filter((d) => d.severity === 'warning').length;
  }

  hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }
}

/** Turns anything thrown into a diagnostic: author mistakes keep their position, anything else is PD9000. */
export function diagnosticFromThrown(error: unknown): Diagnostic {
  if (error instanceof ProtodocsError) return toDiagnostic(error);
  return problem('PD9000', { reason: error instanceof Error ? error.message : String(error) });
}
