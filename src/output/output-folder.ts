import { lstatSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { problem, type Diagnostic } from '../errors/index.ts';

/**
 * Every folder protodocs writes carries this file; a non-empty folder without it belongs to someone else, and a build
 * never replaces it.
 */
export const OUTPUT_MARKER = 'protodocs-manifest.json';

/** Sibling folders a build makes beside the output and removes when it ends (`<prefix><pid>-<time>`). */
export const TEMP_PREFIX = '.protodocs-tmp-';
export const OLD_PREFIX = '.protodocs-old-';

export interface OutputFolderCheck {
  /** Absolute output folder. */
  outDir: string;
  /** Absolute site root. */
  root: string;
  /** Files and folders the build reads: the output may neither hold one of them nor sit inside a folder of them. */
  sourceFiles: readonly string[];
  sourceFolders: readonly string[];
  /** How the user named the folder, for messages: `--out .` or the config key. */
  namedBy: { flag: string } | { file: string; line: number; column: number };
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

export function isSameOrInside(child: string, parent: string): boolean {
  return child === parent || isInside(child, parent);
}

/**
 * Refuses an output folder whose replacement would lose something that is not protodocs' own: the site itself, its
 * sources, or a folder some other tool or person filled. Runs before any work, so nothing is read or written first.
 */
export function checkOutputFolder(check: OutputFolderCheck): Diagnostic[] {
  const { outDir, root } = check;
  const at = 'flag' in check.namedBy ? {} : check.namedBy;
  const named = 'flag' in check.namedBy ? check.namedBy.flag : `outDir "${path.relative(root, outDir) || '.'}"`;

  if (isSameOrInside(root, outDir)) return [problem('PD8001', { outDir, named, holds: outDir === root ? 'is-root' : 'contains-root' }, at)];
  const held = check.sourceFiles.find((file) => isSameOrInside(file, outDir));
  if (held) return [problem('PD8001', { outDir, named, holds: { is: held === outDir, source: path.relative(root, held) || held } }, at)];
  const source = check.sourceFolders.find((folder) => isSameOrInside(outDir, folder));
  if (source) return [problem('PD8002', { outDir, named, source: path.relative(root, source) || source }, at)];

  let stat;
  try {
    stat = lstatSync(outDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return parentProblems(outDir);
    return [fileSystemProblem(error, outDir, 'read')];
  }
  if (stat.isSymbolicLink()) return [problem('PD8004', { kind: 'link', path: outDir, named }, at)];
  if (!stat.isDirectory()) return [problem('PD8004', { kind: 'file', path: outDir, named }, at)];
  if ((stat.mode & 0o200) === 0) return [problem('PD8005', { path: outDir, isParent: false }, at)];
  const entries = readdirSync(outDir);
  if (entries.length > 0 && !entries.includes(OUTPUT_MARKER)) return [problem('PD8003', { outDir, entries: entries.length, marker: OUTPUT_MARKER }, at)];
  return parentProblems(outDir);
}

function parentProblems(outDir: string): Diagnostic[] {
  // The new output is made beside the old one and renamed into place: the parent must exist and take writes.
  const parent = path.dirname(outDir);
  let stat;
  try {
    stat = statSync(parent);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [problem('PD8004', { kind: 'parent', path: parent })];
  if ((stat.mode & 0o200) === 0) return [problem('PD8005', { path: parent, isParent: true })];
  return [];
}

const FILE_SYSTEM_ADVICE: Record<string, string> = {
  EACCES: 'check the permissions of this path',
  EPERM: 'check the permissions of this path',
  EROFS: 'the file system is read-only; choose an output folder on a writable one',
  ENOSPC: 'the disk is full; free some space',
  EDQUOT: 'the disk quota is used up; free some space',
  EEXIST: 'remove what is at this path',
  ENOTDIR: 'a file stands where a folder is needed; remove it',
  EISDIR: 'a folder stands where a file is needed; remove it',
  EMFILE: 'too many open files; raise the limit (ulimit -n)',
  EBUSY: 'another program is using this path; close it and build again',
};

/** A file-system failure as a problem that names the path, what was being done and what to do about it. */
export function fileSystemProblem(error: unknown, target: string, operation: string): Diagnostic {
  const code = (error as NodeJS.ErrnoException).code;
  return problem('PD8006', {
    operation,
    path: target,
    reason: code ?? (error instanceof Error ? error.message : String(error)),
    advice: code ? FILE_SYSTEM_ADVICE[code] : undefined,
  });
}

/**
 * Removes the temp and old folders that builds killed before they could clean up left beside the output. A folder
 * whose build is still running (another terminal) is left alone.
 */
export function removeStaleBuildFolders(outDir: string): void {
  const parent = path.dirname(outDir);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const prefix = name.startsWith(TEMP_PREFIX) ? TEMP_PREFIX : name.startsWith(OLD_PREFIX) ? OLD_PREFIX : undefined;
    if (!prefix) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (!Number.isInteger(pid) || isRunning(pid)) continue;
    rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
