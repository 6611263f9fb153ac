import { readdirSync, existsSync, type Dirent } from 'node:fs';
import path from 'node:path';

/** Every file below `dir` (sorted, forward-slash relative paths); nothing when it does not exist. */
export function walkFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
