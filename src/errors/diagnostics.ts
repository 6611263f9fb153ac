import { problem } from './problem.ts';
import { ProtodocsError, toDiagnostic, type Diagnostic, type DiagnosticInit } from './protodocs-error.ts';

/** Collects problems so one run reports all of them. */
export class Diagnostics {
  readonly items: Diagnostic[] = [];

  add(init: DiagnosticInit | ProtodocsError): void {
    this.items.push(toDiagnostic(init));
  }

  addAll(items: Iterable<Diagnostic>): void {
    for (const item of items) this.items.push(item);
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
