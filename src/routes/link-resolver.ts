import path from 'node:path';
import { isExternalUrl, normalizeRoutePath, withBase } from '../shared/index.ts';
import type { LinkResolver } from '../markdown/types.ts';
import type { RouteTable } from './types.ts';

/** Files that are published but are not pages (feeds, sitemap), so links to them are valid. */
export const GENERATED_FILES = ['/sitemap.xml', '/robots.txt', '/llms.txt', '/llms-full.txt'];

/**
 * Resolves links written in a source file: relative `.md` paths become the target page's URL, site paths are
 * checked against the route table. Fragments are handled by the caller.
 */
export function createLinkResolver(table: RouteTable, baseUrl: string, extraFiles: ReadonlySet<string>) {
  const exists = (p: string) => table.byUrl.has(p) || table.staticFiles.has(p) || extraFiles.has(p) || GENERATED_FILES.includes(p);

  return (fromFile: string, fromUrl: string): LinkResolver =>
    (href: string) => {
      if (!href || isExternalUrl(href) || href.startsWith('#') || /^[a-z]+:/i.test(href)) return undefined;
      const [pathPart, query] = href.split('?');
      if (/\.mdx?$/.test(pathPart)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), decodeURI(pathPart)));
        const url = table.bySource.get(target);
        if (!url) {
          return { broken: true, hint: `no content file ${target}; link to an existing .md file by its relative path` };
        }
        return { url: withBase(baseUrl, url) + (query ? `?${query}` : '') };
      }
      const sitePath = pathPart.startsWith('/')
        ? pathPart
        : path.posix.join(fromUrl.endsWith('/') ? fromUrl : path.posix.dirname(fromUrl) + '/', pathPart);
      const candidates = [sitePath, normalizeRoutePath(sitePath)];
      if (candidates.some(exists)) {
        return { url: withBase(baseUrl, sitePath) + (query ? `?${query}` : '') };
      }
      return { broken: true, hint: `there is no page at ${normalizeRoutePath(sitePath)}` };
    };
}

/** Route path of a resolved URL (base URL removed, trailing slash added). */
export function routePathOf(url: string, baseUrl: string): string {
  const withoutBase = baseUrl !== '/' && url.startsWith(baseUrl) ? '/' + url.slice(baseUrl.length) : url;
  return normalizeRoutePath(withoutBase.split('?')[0]);
}
