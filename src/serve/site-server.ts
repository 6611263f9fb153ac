import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mountAskHandler, type WebHandler } from './ask-adapter.ts';
import type { LiveReload } from './live-reload.ts';
import { createStaticHandler, type ServedSite } from './static-handler.ts';
import { injectReloadScript } from './live-reload.ts';

export interface SiteServerOptions {
  site: () => ServedSite;
  /** Serve mode only: answers /__protodocs/* and injects the reload script into HTML. */
  live?: LiveReload;
  ask?: { path: string; handler: WebHandler };
  /**
   * On a loopback address only loopback Host headers are answered: a page on another origin could otherwise
   * reach the server through DNS rebinding and read it (or spend the ask endpoint's API quota).
   */
  loopbackOnly?: boolean;
}

const LOOPBACK_HOST = /^(?:localhost|[a-z0-9-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

export function isLoopbackAddress(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export function createSiteServer(options: SiteServerOptions): Server {
  const serveStatic = createStaticHandler({ site: options.site, transformHtml: options.live ? injectReloadScript : undefined });
  const ask = options.ask ? { path: options.ask.path, handle: mountAskHandler(options.ask.handler) } : undefined;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (options.loopbackOnly && !LOOPBACK_HOST.test(req.headers.host ?? '')) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Forbidden: this development server answers only requests addressed to localhost.\n');
      return;
    }
    if (options.live?.handle(req, res)) return;
    if (ask && (req.url ?? '').split('?')[0] === ask.path) return ask.handle(req, res);
    await serveStatic(req, res);
  };
  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
}

/** Listens and resolves with the URL to print; a taken port rejects with a message that names the flag. */
export function listen(server: Server, port: number, host: string): Promise<{ port: number; origin: string }> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') reject(new Error(`Port ${port} on ${host} is already in use; pass --port <number> (0 picks a free one).`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new Error(`Cannot listen on host ${host}: ${error.code}.`));
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ port: address.port, origin: `http://${shownHost}:${address.port}` });
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets and open event streams would otherwise hold close() open.
    server.closeAllConnections();
  });
}
