// URL helpers used by the compiler and the browser runtime alike.

/** Joins a base URL ("/" or "/sub/") with a site path ("/docs/intro/"), keeping exactly one slash between. */
export function withBase(baseUrl: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return path;
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  return base + (path.startsWith('/') ? path : '/' + path);
}

/** Site paths always end with a slash ("/docs/intro/"); files keep their extension ("/blog/rss.xml"). */
export function normalizeRoutePath(path: string): string {
  let p = path.replace(/\/index\.html$/, '/').replace(/\/{2,}/g, '/');
  if (!p.startsWith('/')) p = '/' + p;
  if (!p.endsWith('/') && !/\.[a-z][a-z0-9]*$/i.test(p)) p += '/';
  return p;
}

/** The output file of a route: "/docs/intro/" → "docs/intro/index.html". */
export function routeToFile(routePath: string): string {
  if (/\.[a-z][a-z0-9]*$/i.test(routePath)) return routePath.replace(/^\//, '');
  return (routePath.replace(/^\//, '') + 'index.html').replace(/^\/?/, '');
}

export function isExternalUrl(href: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(href) || /^(?:mailto|tel):/i.test(href);
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Why an author's value cannot be part of a URL path (slug, id, permalink, tag, version path), or undefined when it
 * can. Every such value ends up as folders in the output, so a `.` or `..` segment (also percent-encoded, which
 * browsers and hosts decode) could write outside the output folder or over another page.
 */
export function unsafeUrlPathReason(value: string): string | undefined {
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'it contains a control character';
  if (value.includes('\\')) return 'it contains a backslash';
  if (/[?#]/.test(value)) return `it contains "${/[?#]/.exec(value)![0]}", which ends a URL path`;
  for (const segment of value.split('/')) {
    const decoded = segment.replace(/%2e/gi, '.');
    if (decoded === '.' || decoded === '..') return `it has a "${segment}" segment, which would resolve outside its place`;
  }
  return undefined;
}
