import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeOf } from './content-types.ts';
import { encodeSegments, parseRequestPath } from './request-path.ts';
import type { SiteFile, SiteSource } from './site-source.ts';

export interface ServedSite {
  source: SiteSource;
  /** "/" or "/sub/": the site is mounted there, as it would be in production. */
  baseUrl: string;
}

export interface StaticHandlerOptions {
  /** Read on every request, so a rebuild swaps source and base together. */
  site: () => ServedSite;
  /** Serve mode rewrites HTML (live-reload script); check and --no-watch serve bytes as built. */
  transformHtml?: (html: string) => string;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

// esbuild names ("island-Search.AB12CD34.js") and build image names ("logo.0123456789.png") carry a content hash.
const HASHED_NAME = /[.-][A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

function cacheControlOf(rel: string): string {
  return rel.startsWith('assets/') && HASHED_NAME.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const own = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === own);
}

function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = Buffer.from(text + '\n', 'utf8');
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(body.byteLength),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function redirect(req: IncomingMessage, res: ServerResponse, status: 301 | 302, location: string): void {
  sendText(req, res, status, `Redirecting to ${location}`, { Location: location });
}

/**
 * Static file semantics of a production host: `dir/` → dir/index.html, `dir` → 301 `dir/`, `dir/index.html` → 301
 * `dir/`, unknown → 404.html with status 404, ETag / If-None-Match, HEAD, immutable caching of hashed assets.
 */
export function createStaticHandler(options: StaticHandlerOptions): RequestHandler {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(req, res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
      return;
    }
    const parsed = parseRequestPath(req.url);
    if (!parsed.ok) {
      sendText(req, res, 400, `Bad request: ${parsed.reason}`);
      return;
    }
    const site = options.site();
    const { segments, trailingSlash, search } = parsed;
    const baseSegments = site.baseUrl.split('/').filter(Boolean);
    const underBase = baseSegments.every((s, i) => segments[i] === s);
    if (!underBase) {
      if (segments.length === 0) return redirect(req, res, 302, encodeSegments(baseSegments, true));
      return notFound(req, res, site);
    }
    const rest = segments.slice(baseSegments.length);
    const urlOf = (parts: string[], slash: boolean) => encodeSegments([...baseSegments, ...parts], slash) + search;

    if (rest.length === 0 || trailingSlash) {
      if (rest.length === 0 && baseSegments.length > 0 && !trailingSlash) return redirect(req, res, 301, urlOf([], true));
      const rel = [...rest, 'index.html'].join('/');
      const file = await site.source.file(rel);
      return file ? sendFile(req, res, rel, file, 200) : notFound(req, res, site);
    }
    const rel = rest.join('/');
    if (rest[rest.length - 1] === 'index.html') {
      const file = await site.source.file(rel);
      return file ? redirect(req, res, 301, urlOf(rest.slice(0, -1), true)) : notFound(req, res, site);
    }
    const file = await site.source.file(rel);
    if (file) return sendFile(req, res, rel, file, 200);
    if (await site.source.file(`${rel}/index.html`)) return redirect(req, res, 301, urlOf(rest, true));
    return notFound(req, res, site);
  };

  async function notFound(req: IncomingMessage, res: ServerResponse, site: ServedSite): Promise<void> {
    const page = await site.source.file('404.html');
    if (page) return sendFile(req, res, '404.html', page, 404);
    sendText(req, res, 404, 'Not found');
  }

  async function sendFile(req: IncomingMessage, res: ServerResponse, rel: string, file: SiteFile, status: 200 | 404): Promise<void> {
    const type = contentTypeOf(rel);
    const transform = type.startsWith('text/html') ? options.transformHtml : undefined;
    // The injected script changes the bytes, so the validator must differ from the production one.
    const etag = transform ? file.etag.replace(/"$/, '-dev"') : file.etag;
    const headers: Record<string, string> = {
      'Content-Type': type,
      ETag: etag,
      'Cache-Control': status === 200 ? cacheControlOf(rel) : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    };
    if (status === 200 && etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    let body = await file.read();
    if (transform) body = Buffer.from(transform(Buffer.from(body).toString('utf8')), 'utf8');
    headers['Content-Length'] = String(body.byteLength);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
