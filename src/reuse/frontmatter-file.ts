import { FRONTMATTER_SCHEMAS, type FrontmatterMemo } from '../content/index.ts';
import type { Diagnostic } from '../errors/index.ts';
import { readKeyedFile, writeKeyedFile } from './keyed-file.ts';

/** Bump when the file's shape changes; the running code's key covers the schemas and the validation. */
const FORMAT = 'protodocs-frontmatter-1';

type SavedEntry = [file: string, yaml: string, schema: string, result: unknown, problems: Diagnostic[]];

/**
 * The frontmatter memo (see FrontmatterMemo) kept on disk from one `protodocs build` to the next: parsing and
 * validating 10,000 YAML blocks takes about 0.4 s, and an edit changes one. `save` writes it when an entry changed;
 * a file for other code, or unreadable, is none.
 */
export function frontmatterFile(file: string, code: string): { memo: FrontmatterMemo; save(): void } {
  const key = `${FORMAT}\0${code}`;
  const memo: FrontmatterMemo = new Map();
  for (const [name, yaml, schema, result, problems] of readKeyedFile<SavedEntry[]>(file, key) ?? []) {
    const known = FRONTMATTER_SCHEMAS[schema];
    if (known) memo.set(name, { yaml, schema: known, result: result as { value: unknown; positions: Record<string, never> } | undefined, problems });
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
      writeKeyedFile(file, key, entries);
    },
  };
}
