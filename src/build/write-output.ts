import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const WRITE_CONCURRENCY = 64;

async function inBatches<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(workers);
}

/**
 * Writes everything into a sibling temp folder, then swaps it in. Until the final renames nothing in outDir changes,
 * so a build that fails (or crashes) leaves the previous output exactly as it was.
 */
export async function writeOutputAtomically(
  outDir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  copies: ReadonlyMap<string, string>,
): Promise<void> {
  const parent = path.dirname(outDir);
  const stamp = `${process.pid}-${Date.now()}`;
  const temp = path.join(parent, `.protodocs-tmp-${stamp}`);
  const old = path.join(parent, `.protodocs-old-${stamp}`);
  await mkdir(temp, { recursive: true });
  try {
    const dirs = new Set<string>();
    for (const rel of [...files.keys(), ...copies.keys()]) dirs.add(path.dirname(path.join(temp, rel)));
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    await inBatches([...files], WRITE_CONCURRENCY, ([rel, content]) => writeFile(path.join(temp, rel), content));
    await inBatches([...copies], WRITE_CONCURRENCY, ([rel, src]) => copyFile(src, path.join(temp, rel)));
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  const hadOutput = existsSync(outDir);
  if (hadOutput) await rename(outDir, old);
  await rename(temp, outDir);
  if (hadOutput) await rm(old, { recursive: true, force: true });
}
