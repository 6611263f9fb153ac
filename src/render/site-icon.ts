import { createHash } from 'node:crypto';
import { DEFAULT_FAVICON_SVG } from '../../theme/head/favicon.ts';
import type { SiteConfig } from '../config/index.ts';
import { withBase, type SiteIcon } from '../shared/index.ts';

/** Output path of protodocs' default icon: content-hashed, like every file under assets/. */
export const DEFAULT_FAVICON_FILE = `assets/favicon.${createHash('sha256').update(DEFAULT_FAVICON_SVG).digest('hex').slice(0, 10)}.svg`;

// Icons a site may keep at the root of content/public without naming them in the config (Starlight and VitePress
// sites do), in the order a browser would rather have them.
const CONVENTIONAL = ['/favicon.svg', '/favicon.ico', '/favicon.png'];

type IconConfig = Pick<SiteConfig, 'favicon' | 'baseUrl'>;

const TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon' };

/**
 * The icon every page links: the config's `favicon`, else a conventional favicon file of the site, else protodocs'
 * own. A page always links one, so a browser never asks for /favicon.ico, which under a base URL is not even the
 * site's to serve.
 */
export function siteIcon(config: IconConfig, staticFiles: ReadonlyMap<string, string>): SiteIcon {
  const path = iconPath(config, staticFiles);
  const href = withBase(config.baseUrl, path);
  const type = TYPES[/\.([a-z]+)$/i.exec(path.split(/[?#]/)[0])?.[1]?.toLowerCase() ?? ''];
  return type ? { href, type } : { href };
}

/** The files the site's icon needs written: protodocs' own when the site has none. */
export function siteIconFiles(config: IconConfig, staticFiles: ReadonlyMap<string, string>): [string, string][] {
  return iconPath(config, staticFiles) === '/' + DEFAULT_FAVICON_FILE ? [[DEFAULT_FAVICON_FILE, DEFAULT_FAVICON_SVG]] : [];
}

function iconPath(config: IconConfig, staticFiles: ReadonlyMap<string, string>): string {
  return config.favicon ?? CONVENTIONAL.find((file) => staticFiles.has(file)) ?? '/' + DEFAULT_FAVICON_FILE;
}
