import type { MarkdownFile } from '../content/index.ts';
import { problem, type Diagnostic, type Diagnostics } from '../errors/index.ts';
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
    diagnostics.add(problem('PD4020', { what: key, value, reason, example: true }, { file: file.file, ...file.positions[key] }));
  }
  return ok;
}

/** A doc or post needs a title for its sidebar entry, list item and <title>: the frontmatter's, or its `# heading`. */
export function missingTitle(file: MarkdownFile): Diagnostic {
  return problem('PD2025', { kind: file.kind === 'blog' ? 'post' : 'doc' }, { file: file.file });
}
