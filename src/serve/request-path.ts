/**
 * Turns the raw request target into path segments that cannot name anything outside the served root.
 * Every segment is percent-decoded exactly once; anything that could change meaning after decoding (a slash,
 * a backslash, a dot segment, a NUL or other control character) is refused instead of being normalised, so a
 * second decode anywhere later cannot turn `%252e%252e` into `..`.
 */
export type RequestPath =
  | { ok: true; segments: string[]; trailingSlash: boolean; search: string }
  | { ok: false; status: 400; reason: string };

const CONTROL = /[\u0000-\u001f\u007f]/;

export function parseRequestPath(rawTarget: string | undefined): RequestPath {
  const bad = (reason: string): RequestPath => ({ ok: false, status: 400, reason });
  if (!rawTarget) return bad('empty request target');
  // The query ends up in redirect Locations, so it is held to the same rule as the path.
  if (CONTROL.test(rawTarget)) return bad('control character in request target');
  let target = rawTarget;
  // Absolute-form targets ("GET http://host/path") are legal HTTP/1.1; only their path matters here.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    const afterScheme = target.indexOf('//') + 2;
    const slash = target.indexOf('/', afterScheme);
    target = slash < 0 ? '/' : target.slice(slash);
  }
  if (!target.startsWith('/')) return bad('request target must start with /');
  const queryAt = target.search(/[?#]/);
  const rawPath = queryAt < 0 ? target : target.slice(0, queryAt);
  const search = queryAt < 0 || target[queryAt] === '#' ? '' : target.slice(queryAt).replace(/#.*$/, '');
  if (rawPath.includes('\\')) return bad('backslash in path');

  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return bad('malformed percent-encoding');
    }
    if (segment === '.' || segment === '..') return bad('dot segment in path');
    if (segment.includes('/') || segment.includes('\\') || CONTROL.test(segment)) return bad('encoded separator or control character');
    // A Windows drive prefix ("C:") would make path.join start over at that drive.
    if (/^[a-z]:/i.test(segment) && segments.length === 0) return bad('drive letter in path');
    segments.push(segment);
  }
  const trailingSlash = rawPath.endsWith('/');
  return { ok: true, segments, trailingSlash, search };
}

/** The canonical URL path of segments, re-encoded; never starts with `//`, so it is safe as a Location. */
export function encodeSegments(segments: readonly string[], trailingSlash: boolean): string {
  const joined = segments.map((s) => encodeURIComponent(s)).join('/');
  if (!joined) return '/';
  return '/' + joined + (trailingSlash ? '/' : '');
}
