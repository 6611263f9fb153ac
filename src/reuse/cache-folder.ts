import path from 'node:path';

/** Where a site's build caches live: inside its node_modules, so that a clean install clears them with the rest. */
export function cacheFolder(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'protodocs');
}
