import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * protodocs' own folder, found from this module whether it runs from src/ or from dist/: the theme, the browser runtime
 * and the public API ship with the package, not with the site.
 */
export const PACKAGE_ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'theme'))) dir = path.dirname(dir);
  return dir;
})();
