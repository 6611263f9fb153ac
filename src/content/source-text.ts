import { isUtf8 } from 'node:buffer';
import { problem, type Diagnostic } from '../errors/index.ts';

/**
 * Size budget of one markdown file, in bytes, from measurement (README, "Limits"): micromark's cost grows faster than
 * the file, and a file past the error size would hold a build for many seconds on its own.
 */
export const SOURCE_SIZE = { warning: 64 * 1024, error: 128 * 1024 } as const;

const BOM = '\uFEFF';

/**
 * The text of an author's source file. A UTF-8 byte-order mark (Windows editors write one) is dropped so that
 * frontmatter starts at the first character; a binary file, or one that is not UTF-8, is a problem at the first byte
 * that shows it, not a page of garbage.
 */
export function readSourceText(bytes: Buffer, file: string): { text: string } | { problem: Diagnostic } {
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    return { problem: problem('PD2021', {}, { file, ...positionOfByte(bytes, nul) }) };
  }
  if (!isUtf8(bytes)) {
    return { problem: problem('PD2022', {}, { file, ...positionOfByte(bytes, firstInvalidUtf8(bytes)) }) };
  }
  const text = bytes.toString('utf8');
  return { text: text.startsWith(BOM) ? text.slice(1) : text };
}

/** Line and column (in characters) of a byte offset; the bytes before it are valid UTF-8. */
function positionOfByte(bytes: Buffer, offset: number): { line: number; column: number } {
  const before = bytes.subarray(0, offset).toString('utf8');
  const lineStart = before.lastIndexOf('\n') + 1;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (before.charCodeAt(i) === 10) line++;
  return { line, column: [...before.slice(lineStart)].length + 1 };
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence (only called when there is one). */
function firstInvalidUtf8(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    // A sequence is checked whole by isUtf8 itself, which also rules out overlong forms and surrogates.
    if (length === 0 || !isUtf8(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return bytes.length;
}
