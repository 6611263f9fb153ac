import type { MarkdownFile } from '../content/index.ts';
import type { DiagnosticInit, Diagnostics } from '../errors/index.ts';
import { unsafeUrlPathReason } from '../shared/index.ts';

/**
 * Checks the frontmatter values that become part of a file's URL. Returns false (after reporting each problem at its
 * key) when the file cannot have a route.
 */
export function checkUrlKeys(file: MarkdownFile, values: Record<string, string | undefined>, diagnostics: Diagnostics): boolean {
  let ok = true;
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const reason = unsafeUrlPathReason(value);
    if (!reason) continue;
    ok = false;
    diagnostics.add({
      code: 'PD4020',
      message: `The ${key} "${value}" cannot be used in a URL: ${reason}.`,
      file: file.file,
      ...(file.positions[key] ?? { line: 1, column: 1 }),
      hint: `write the ${key} as plain path segments, e.g. ${key}: getting-started`,
    });
  }
  return ok;
}

/** A doc or post needs a title for its sidebar entry, list item and <title>: the frontmatter's, or its `# heading`. */
export function missingTitle(file: MarkdownFile): DiagnosticInit {
  return {
    code: 'PD2025',
    message: `This ${file.kind === 'blog' ? 'post' : 'doc'} has no title.`,
    file: file.file,
    line: 1,
    column: 1,
    hint: 'add title: to the frontmatter, or start the text with a # heading',
  };
}
