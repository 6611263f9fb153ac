import { readFileSync, statSync } from 'node:fs';
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

/**
 * Hash of the protodocs code that runs: a changed protodocs (even unreleased, mid-development) never reuses results
 * that older code made. Every compiled file (dist/) and every source file (src/, absent from an installed package) is
 * read, since a message from src/errors is part of a cached result as much as the HTML from src/markdown is.
 * Computed once per reuse (see reuse.ts): the code of a running process does not change.
 */
export function codeKey(): string {
  const files = packageFiles(['dist', 'src']).filter((f) => /\.(?:js|ts|tsx)$/.test(f) && !f.includes('.test.'));
  return hashText(...files.map((f) => `${path.relative(PACKAGE_ROOT, f)}\0${readFileSync(f, 'utf8')}`));
}
