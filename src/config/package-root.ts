import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * protodocs' own folder, found from this module whether it runs from src/ or from dist/: the theme, the browser runtime
 * and the public API ship with the package, not with the site.
 */
export const PACKAGE_ROOT = (() => {
  const start = path.dirname(fileURLToPath(import.meta.url));
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'theme'))) {
    // Code bundled outside its package (a script of one's own) would otherwise climb past the root forever.
    if (path.dirname(dir) === dir) throw new Error(`protodocs found no package folder (package.json and theme/) above ${start}`);
    dir = path.dirname(dir);
  }
  return dir;
})();
