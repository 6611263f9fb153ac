import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file below `dir` (relative path → its bytes as base64): two equal snapshots are byte-identical trees. */
export function snapshotTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = path.join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out.set(path.relative(dir, abs), readFileSync(abs, 'base64'));
    }
  };
  walk(dir);
  return out;
}
