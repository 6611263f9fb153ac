import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE, PACKAGE_ROOT, findKeyPosition, type SiteConfig } from '../config/index.ts';
import type { Diagnostic } from '../errors/index.ts';
import { checkOutputFolder, isSameOrInside } from '../output/index.ts';

/**
 * What would be lost if the output folder were replaced. Before the config is loaded (`config` undefined) only what
 * every site has is known: its root, content/ and protodocs itself.
 */
export function outputFolderProblems(outDir: string, rootDir: string, config?: SiteConfig, flag?: string): Diagnostic[] {
  const root = path.resolve(rootDir);
  const outDirAbs = path.resolve(outDir);
  const siteFolders = ['content', 'theme', 'src', 'bin', 'node_modules', '.git'].map((name) => path.join(root, name));
  const ownFolders = ['src', 'theme', 'bin', 'dist', 'node_modules'].map((name) => path.join(PACKAGE_ROOT, name));
  const deps = config?.configDeps ?? [];
  // A folder holding a config import is a source folder, unless it is the site root (which holds the output too).
  const depFolders = deps.map((dep) => path.dirname(dep)).filter((dir) => !isSameOrInside(root, dir));
  const configKey = config && !flag ? findKeyPosition(readFileSync(path.join(root, CONFIG_FILE), 'utf8'), ['outDir']) : undefined;
  return checkOutputFolder({
    outDir: outDirAbs,
    root,
    sourceFiles: [...deps, config?.contentDir ?? path.join(root, 'content'), PACKAGE_ROOT],
    sourceFolders: [...siteFolders, ...ownFolders, ...depFolders],
    namedBy: flag || !config ? { flag: `--out ${path.relative(root, outDirAbs) || '.'}` } : { file: CONFIG_FILE, line: configKey?.line ?? 1, column: configKey?.column ?? 1 },
  });
}
