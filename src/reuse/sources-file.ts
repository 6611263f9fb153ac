import { restoredRead, savedRead, type SavedRead, type SourceMemo } from '../content/index.ts';
import { readKeyedFile, writeKeyedFile } from './keyed-file.ts';

type SourceEntry = SourceMemo extends Map<string, infer Entry> ? Entry : never;

/** Bump when the file's shape changes; the running code's key covers how a file is read and split. */
const FORMAT = 'protodocs-sources-1';

/**
 * The source memo (see SourceMemo) kept on disk from one `protodocs build` to the next, without the files' texts: an
 * unchanged file is routed from what it held (its frontmatter, its hash) and its text read only if a stage needs it.
 * Reading and hashing 10,000 sources took about 0.3 s of an edit's rebuild. The memo keeps what it is given in that
 * saved form too, so that it never holds a file's text. `save` writes it when an entry changed.
 */
export function sourcesFile(file: string, code: string): { memo: SourceMemo; save(): void } {
  const key = `${FORMAT}\0${code}`;
  let changed = false;
  class SavedSources extends Map<string, SourceEntry> {
    override set(abs: string, entry: SourceEntry): this {
      changed = true;
      return super.set(abs, { ...entry, read: restoredRead(savedRead(abs, entry, entry.read)) });
    }

    override delete(abs: string): boolean {
      changed ||= this.has(abs);
      return super.delete(abs);
    }
  }
  const memo = new SavedSources();
  for (const saved of readKeyedFile<SavedRead[]>(file, key) ?? []) {
    const [abs, size, mtimeMs, ctimeMs] = saved;
    Map.prototype.set.call(memo, abs, { size, mtimeMs, ctimeMs, read: restoredRead(saved) });
  }
  return {
    memo,
    save() {
      if (changed) writeKeyedFile(file, key, [...memo].map(([abs, entry]) => savedRead(abs, entry, entry.read)));
    },
  };
}
