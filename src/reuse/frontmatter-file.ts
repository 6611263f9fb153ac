import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { FRONTMATTER_SCHEMAS, type FrontmatterMemo } from '../content/index.ts';
import type { Diagnostic } from '../errors/index.ts';

/** Bump when the file's shape changes; the running code's key covers the schemas and the validation. */
const FORMAT = 'protodocs-frontmatter-1';

type SavedEntry = [file: string, yaml: string, schema: string, result: unknown, problems: Diagnostic[]];

/**
 * The frontmatter memo (see FrontmatterMemo) kept on disk from one `protodocs build` to the next: parsing and
 * validating 10,000 YAML blocks takes about 0.4 s, and an edit changes one. `save` writes it when an entry changed;
 * a file for other code, or unreadable, is none.
 */
export function frontmatterFile(file: string, code: string): { memo: FrontmatterMemo; save(): void } {
  const memo: FrontmatterMemo = new Map();
  try {
    const [format, savedCode, entries] = deserialize(readFileSync(file)) as [string, string, SavedEntry[]];
    if (format === FORMAT && savedCode === code) {
      for (const [name, yaml, schema, result, problems] of entries) {
        const known = FRONTMATTER_SCHEMAS[schema];
        if (known) memo.set(name, { yaml, schema: known, result: result as { value: unknown; positions: Record<string, never> } | undefined, problems });
      }
    }
  } catch {
    memo.clear();
  }
  const loaded = new Map(memo);
  const names = new Map(Object.entries(FRONTMATTER_SCHEMAS).map(([name, schema]) => [schema, name]));
  return {
    memo,
    save() {
      if (memo.size === loaded.size && [...memo].every(([name, entry]) => loaded.get(name) === entry)) return;
      const entries: SavedEntry[] = [];
      for (const [name, { yaml, schema, result, problems }] of memo) {
        const schemaName = names.get(schema);
        if (schemaName) entries.push([name, yaml, schemaName, result, problems]);
      }
      const temp = `${file}.${process.pid}.tmp`;
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(temp, serialize([FORMAT, code, entries]));
        renameSync(temp, file);
      } catch {
        // Only costs the next build its YAML parsing.
        rmSync(temp, { force: true });
      }
    },
  };
}
