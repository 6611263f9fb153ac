// A tiny static server for the browser tests (the real `protodocs serve` is separate): serves a build output under a
// mount path, `dir/` as `dir/index.html`, redirects `dir` to `dir/`, answers unknown paths with 404.html and status
// 404, never reads outside its root, and records the analytics beacons POSTed to /__analytics.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const ANALYTICS_PATH = '/__analytics';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

export interface StaticServer {
  /** Origin plus mount path, ending with "/": "http://127.0.0.1:41234/sub/". */
  url: string;
  origin: string;
  close(): Promise<void>;
}

export interface ServeOptions {
  root: string;
  /** Path prefix the files are served under; default "/". */
  mount?: string;
  /** Receives each analytics beacon body (parsed JSON when possible). */
  onBeacon?: (body: unknown) => void;
  /** Answers GET /__analytics with this (the beacons recorded so far). */
  beacons?: () => unknown[];
  /** Told of every answered request: its path (with the query) and status. */
  onResponse?: (path: string, status: number) => void;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function isDir(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function serveStatic(options: ServeOptions): Promise<StaticServer> {
  const root = path.resolve(options.root);
  const mount = options.mount ?? '/';

  const send = async (res: ServerResponse, file: string, status = 200, head = false) => {
    const body = await readFile(file);
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Length': body.byteLength,
      // Hashed assets never change; pages are revalidated.
      'Cache-Control': /\/assets\//.test(file.split(path.sep).join('/')) ? 'public, max-age=3600' : 'no-cache',
    });
    res.end(head ? undefined : body);
  };

  const notFound = async (res: ServerResponse, head: boolean) => {
    const page = path.join(root, '404.html');
    if (await isFile(page)) return send(res, page, 404, head);
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === ANALYTICS_PATH) {
      if (req.method === 'POST') {
        const text = await readBody(req);
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Keep the raw text.
        }
        options.onBeacon?.(body);
        res.writeHead(204);
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(options.beacons?.() ?? []));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const head = req.method === 'HEAD';
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound(res, head);
    }
    if (!pathname.startsWith(mount)) {
      if (pathname + '/' === mount) {
        res.writeHead(301, { Location: mount + url.search });
        res.end();
        return;
      }
      return notFound(res, head);
    }
    const file = path.resolve(root, '.' + path.posix.normalize('/' + pathname.slice(mount.length)));
    if (file !== root && !file.startsWith(root + path.sep)) return notFound(res, head);
    if (await isDir(file)) {
      if (!pathname.endsWith('/')) {
        res.writeHead(301, { Location: url.pathname + '/' + url.search });
        res.end();
        return;
      }
      const index = path.join(file, 'index.html');
      return (await isFile(index)) ? send(res, index, 200, head) : notFound(res, head);
    }
    if (await isFile(file)) return send(res, file, 200, head);
    return notFound(res, head);
  };

  const server: Server = createServer((req, res) => {
    if (options.onResponse) res.on('finish', () => options.onResponse!(req.url ?? '', res.statusCode));
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin + mount,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
