import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';

/** A fetch-style handler, the shape `createAskHandler(...)` from src/search/ask.ts returns. */
export type WebHandler = (request: Request, info?: { clientAddress?: string }) => Promise<Response>;

export interface MountOptions {
  /** Request bodies above this size get 413 without reaching the handler. */
  maxBodyBytes?: number;
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return 'too-large';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) return 'too-large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)), 'Cache-Control': 'no-store' });
  res.end(text);
}

/**
 * Adapts a web `(Request) => Promise<Response>` handler to node:http, so the same ask handler runs in serve mode
 * and on any fetch-style host. The response body is streamed as it comes (answers may be streamed token by
 * token), and the request's signal aborts when the client goes away.
 */
export function mountAskHandler(handler: WebHandler, options: MountOptions = {}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const limit = options.maxBodyBytes ?? 1024 * 1024;
  return async (req, res) => {
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const method = req.method ?? 'GET';
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const body = hasBody ? await readBody(req, limit) : undefined;
      if (body === 'too-large') {
        sendJson(res, 413, { error: `Request body larger than ${limit} bytes.` });
        return;
      }
      // The Host header is client-controlled; the origin only needs to make the URL parseable for the handler.
      const host = /^[a-z0-9.[\]:-]+$/i.test(req.headers.host ?? '') ? req.headers.host : 'localhost';
      const request = new Request(new URL(req.url ?? '/', `http://${host}`), {
        method,
        headers: toHeaders(req),
        // Copied into a plain ArrayBuffer: BodyInit does not accept a Buffer over a shared pool.
        body: hasBody && body ? Uint8Array.from(body) : undefined,
        signal: controller.signal,
      });
      const response = await handler(request, { clientAddress: req.socket.remoteAddress });
      const headers: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') headers[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) headers['set-cookie'] = cookies;
      res.writeHead(response.status, response.statusText || undefined, headers);
      if (!response.body || method === 'HEAD') {
        res.end();
        return;
      }
      const stream = Readable.fromWeb(response.body as unknown as NodeWebReadableStream<Uint8Array>);
      for await (const chunk of stream) {
        if (!res.write(chunk)) await drainedOrClosed(res);
        if (controller.signal.aborted) break;
      }
      res.end();
    } catch (error) {
      if (controller.signal.aborted) return;
      if (res.headersSent) {
        res.destroy(error instanceof Error ? error : undefined);
        return;
      }
      sendJson(res, 500, { error: `The ask handler failed: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
}
