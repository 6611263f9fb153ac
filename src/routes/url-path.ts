import { normalizeRoutePath } from '../shared/index.ts';

/** A page's URL from a base and an author's path: always a folder URL, so a page is always written as index.html. */
export function pageRoutePath(path: string): string {
  return normalizeRoutePath(path.replace(/\/*$/, '/'));
}
