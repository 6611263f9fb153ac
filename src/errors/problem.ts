import { CATALOGUE, type ErrorCode, type ProblemData } from './catalogue.ts';
import type { Diagnostic } from './protodocs-error.ts';

/** Where a problem is: a file relative to the site root and a 1-based position, or nothing (a flag, the run). */
export interface Location {
  file?: string;
  line?: number;
  column?: number;
}

/** A diagnostic for `code`, its message and hint built by the catalogue from `data`. */
export function problem<C extends ErrorCode>(code: C, data: ProblemData<C>, at: Location = {}): Diagnostic {
  const entry = CATALOGUE[code] as unknown as {
    message: (d: ProblemData<C>) => string;
    hint?: (d: ProblemData<C>) => string | undefined;
    severity?: Diagnostic['severity'];
  };
  const diagnostic: Diagnostic = { code, message: entry.message(data), severity: entry.severity ?? 'error' };
  if (at.file !== undefined) {
    diagnostic.file = at.file;
    diagnostic.line = at.line ?? 1;
    diagnostic.column = at.column ?? 1;
  }
  const hint = entry.hint?.(data);
  if (hint !== undefined) diagnostic.hint = hint;
  return diagnostic;
}
