import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

// One v8-serialised value in a file, under a key (what it was made from, the running code's key among it). The caches
// that hold a single value use it; a file may only ever save work, so anything wrong with one reads as no file.

/** The value saved under `key`, or undefined: no file, an unreadable one, or one saved under another key. */
export function readKeyedFile<T>(file: string, key: string): T | undefined {
  try {
    const [saved, value] = deserialize(readFileSync(file)) as [string, T];
    return saved === key ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Written atomically (a temp file, then a rename); a disk that refuses only costs the next build what it saved. */
export function writeKeyedFile(file: string, key: string, value: unknown): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temp, serialize([key, value]));
    renameSync(temp, file);
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      /* nothing was written */
    }
  }
}
