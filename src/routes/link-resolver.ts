import path from 'node:path';
import { isExternalUrl, normalizeRoutePath, withBase } from '../shared/index.ts';
import type { LinkResolver } from '../markdown/index.ts';
import type { RouteTable } from './types.ts';

/** Files that are published but are not pages (feeds, sitemap), so links to them are valid. */
export const GENERATED_FILES = ['/sitemap.xml', '/robots.txt', '/llms.txt', '/llms-full.txt'];

/** What link resolution needs from the route table, as plain data: it crosses into worker threads. */
export interface LinkIndex {
  baseUrl: string;
  /** Every route path and published file path. */
  paths: string[];
  /** [source file, route path] pairs. */
  sources: [string, string][];
}

export function linkIndexOf(table: RouteTable, baseUrl: string, extraFiles: Iterable<string> = []): LinkIndex {
  return {
    baseUrl,
    paths: [...table.byUrl.keys(), ...table.staticFiles.keys(), ...extraFiles, ...GENERATED_FILES],
    sources: [...table.bySource],
  };
}

/**
 * Resolves links written in a source file: relative `.md` paths become the target page's URL, site paths are
 * checked against the route table. Fragments are handled by the caller.
 */
export function createLinkResolver(index: LinkIndex) {
  const paths = new Set(index.paths);
  const bySource = new Map(index.sources);
  const { baseUrl } = index;

  return (fromFile: string, fromUrl: string): LinkResolver =>
    (href: string) => {
      if (!href || isExternalUrl(href) || href.startsWith('#') || /^[a-z]+:/i.test(href)) return undefined;
      const [pathPart, query] = href.split('?');
      if (/\.mdx?$/.test(pathPart)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), decodeURI(pathPart)));
        const url = bySource.get(target);
        if (!url) {
          return { broken: true, hint: `no content file ${target}; link to an existing .md file by its relative path` };
        }
        return { url: withBase(baseUrl, url) + (query ? `?${query}` : '') };
      }
      const sitePath = pathPart.startsWith('/')
        ? pathPart
        : path.posix.join(fromUrl.endsWith('/') ? fromUrl : path.posix.dirname(fromUrl) + '/', pathPart);
      if (paths.has(sitePath) || paths.has(normalizeRoutePath(sitePath))) {
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
