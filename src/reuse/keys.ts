import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../config/index.ts';
import { hashText, walkFiles } from '../files/index.ts';

// The keys reuse is decided by. A key covers everything its result was made from, so a reused result is always the
// one the build would make again.

export { hashText };

/** Absolute paths of every file under these folders of the protodocs package. */
export function packageFiles(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) => walkFiles(path.join(PACKAGE_ROOT, dir)).map((f) => path.join(PACKAGE_ROOT, dir, f)));
}

/** Size and modification time of each file: enough to notice an edit between two builds of one process. */
export function statsKey(files: readonly string[]): string {
  return hashText(
    ...files.map((f) => {
      try {
        const st = statSync(f);
        return `${f}:${st.size}:${st.mtimeMs}`;
      } catch {
        return `${f}:missing`;
      }
    }),
  );
}

/** The folders the browser bundle is made from. */
export const CLIENT_SOURCES = ['theme', 'src/client', 'src/shared', 'src/search-engine'];

/** Fingerprint of everything the client bundle is made from: file stats are enough to notice an edit. */
export function bundleKey(baseUrl: string, minify: boolean | undefined, extraIslands: ReadonlyMap<string, string>, deps: readonly string[]): string {
  return hashText(baseUrl, String(minify), JSON.stringify([...extraIslands]), statsKey([...packageFiles(CLIENT_SOURCES), ...extraIslands.values(), ...deps]));
}

/** The protodocs code that runs: compiled files (dist/) and sources (src/, absent from an installed package). */
export function codeFiles(): string[] {
  return packageFiles(['dist', 'src']).filter((f) => /\.(?:c?js|ts|tsx)$/.test(f) && !f.includes('.test.'));
}

/**
 * Hash of the protodocs code that runs: a changed protodocs (even unreleased, mid-development) never reuses results
 * that older code made. Every compiled file (dist/) and every source file (src/, absent from an installed package) is
 * read, since a message from src/errors is part of a cached result as much as the HTML from src/markdown is.
 * Computed once per reuse (see reuse.ts): the code of a running process does not change.
 */
export function codeKey(): string {
  return hashCode(codeFiles());
}

function hashCode(files: readonly string[]): string {
  return hashText(...files.map((f) => `${path.relative(PACKAGE_ROOT, f)}\0${readFileSync(f, 'utf8')}`));
}

/**
 * `codeKey`, remembered in `file` with the code files' stats: while none of them has another size or modification
 * time, the key is read back instead of hashing 4 MB of code (20 to 30 ms of every build). Editing a file changes its
 * modification time, so an edited protodocs is hashed again. A key hashed anew comes with `save`, to remember it once
 * the build succeeded (a failed build leaves nothing behind).
 */
export function rememberedCodeKey(file: string): { key: string; save?: () => void } {
  const files = codeFiles();
  const stats = statsKey(files);
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { stats?: unknown; key?: unknown };
    if (saved.stats === stats && typeof saved.key === 'string') return { key: saved.key };
  } catch {
    // None yet, or unreadable: hash the code.
  }
  const key = hashCode(files);
  const save = () => {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify({ stats, key }));
      renameSync(temp, file);
    } catch {
      // A read-only disk only costs the next build the hashing.
    }
  };
  return { key, save };
}
