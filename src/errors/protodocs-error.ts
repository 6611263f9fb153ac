import type { ErrorCode } from './catalogue.ts';

export type Severity = 'error' | 'warning';

export interface DiagnosticInit {
  code: ErrorCode;
  message: string;
  /** Relative to the site root. */
  file?: string;
  /** 1-based. */
  line?: number;
  column?: number;
  hint?: string;
  severity?: Severity;
}

/** The one error type for author mistakes. Stages collect these; the CLI prints them. */
export class ProtodocsError extends Error {
  readonly code: ErrorCode;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
  readonly severity: Severity;

  constructor(init: DiagnosticInit) {
    super(init.message);
    this.name = 'ProtodocsError';
    this.code = init.code;
    this.file = init.file;
    this.line = init.line;
    this.column = init.column;
    this.hint = init.hint;
    this.severity = init.severity ?? 'error';
  }
}

/** A plain, serialisable diagnostic (crosses worker threads, goes to --format json). */
export interface Diagnostic {
  code: ErrorCode;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
  severity: Severity;
}

export function toDiagnostic(error: ProtodocsError | DiagnosticInit): Diagnostic {
  return {
    code: error.code,
    message: error.message,
    file: error.file,
    line: error.line,
    column: error.column,
    hint: error.hint,
    severity: error.severity ?? 'error',
  };
}
