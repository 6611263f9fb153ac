import type { Position } from 'unist';
import type { Diagnostic, ErrorCode } from '../errors/index.ts';

export interface Point {
  line: number;
  column: number;
}

/** Builds a diagnostic at a file position; markdown problems are always errors, the build must not ship them. */
export function markdownDiagnostic(
  code: ErrorCode,
  file: string,
  at: Point | undefined,
  message: string,
  hint?: string,
): Diagnostic {
  const diagnostic: Diagnostic = {
    code,
    message,
    file,
    line: at?.line ?? 1,
    column: at?.column ?? 1,
    severity: 'error',
  };
  if (hint) diagnostic.hint = hint;
  return diagnostic;
}

export function startOf(position: Position | undefined): Point | undefined {
  return position ? { line: position.start.line, column: position.start.column } : undefined;
}
