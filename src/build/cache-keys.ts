import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
// The leaf module, not content/index.ts: cache keys must not pull the content stage (zod, yaml) into start-up.
import { walkFiles } from '../content/walk.ts';
import { PACKAGE_ROOT } from './bundle-client.ts';
import { hashText } from './markdown-cache.ts';

/** Fingerprint of everything the client bundle is made from: file stats are enough to notice an edit. */
export function bundleKey(baseUrl: string, minify: boolean | undefined, extraIslands: ReadonlyMap<string, string>, deps: readonly string[]): string {
  const files = packageFiles(['theme', 'src/client', 'src/shared']);
  return hashText(baseUrl, String(minify), JSON.stringify([...extraIslands]), statsKey([...files, ...extraIslands.values(), ...deps]));
}

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

/**
 * Hash of the code that turns markdown into HTML: a changed protodocs (even unreleased, mid-development) never
 * reuses HTML that older code made.
 */
export function markdownCodeKey(): string {
  // The code running in this process cannot change while it runs: hash it once.
  codeKey ??= hashMarkdownCode();
  return codeKey;
}

let codeKey: string | undefined;

function hashMarkdownCode(): string {
  // An installed package ships the compiled code only: its markdown stage is somewhere in dist/.
  const files = existsSync(path.join(PACKAGE_ROOT, 'src/markdown'))
    ? [...packageFiles(['src/markdown', 'src/shared']), path.join(PACKAGE_ROOT, 'src/build/markdown-jobs.ts')]
    : packageFiles(['dist']).filter((f) => f.endsWith('.js'));
  return hashText(...files.filter((f) => !f.includes('.test.')).map((f) => readFileSync(f, 'utf8')));
}

