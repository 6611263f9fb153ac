import type { IncomingMessage, ServerResponse } from 'node:http';
import { RELOAD_CLIENT_SOURCE } from './reload-client.ts';

export const EVENTS_PATH = '/__protodocs/events';
export const RELOAD_SCRIPT_PATH = '/__protodocs/reload.js';

/** One problem as the browser overlay shows it; `frame` is the code frame text, already cut to a few lines. */
export interface OverlayProblem {
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
  frame?: string;
}

export type LiveEvent =
  | { type: 'reload'; build: number; changed: string[] | null }
  | { type: 'error'; build: number; problems: OverlayProblem[] }
  | { type: 'ok'; build: number };

const SCRIPT_TAG = `<script type="module" src="${RELOAD_SCRIPT_PATH}"></script>`;

/** Adds the reload client before the last </body>; an external module script keeps the page's CSP intact. */
export function injectReloadScript(html: string): string {
  const at = html.toLowerCase().lastIndexOf('</body>');
  return at < 0 ? html + SCRIPT_TAG : html.slice(0, at) + SCRIPT_TAG + html.slice(at);
}

function frame(event: string, data: unknown): string {
  // JSON.stringify never emits a raw newline, so one data: line carries the whole payload.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Server-Sent Events hub of serve mode. It remembers the last state, so a tab that connects (or reconnects) while
 * the build is broken sees the overlay at once, and one that missed a rebuild reloads.
 */
export class LiveReload {
  private readonly clients = new Set<ServerResponse>();
  private last: LiveEvent = { type: 'ok', build: 0 };
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(heartbeatMs = 25_000) {
    // Proxies and some browsers drop idle streams; a comment line keeps the connection alive.
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), heartbeatMs);
    this.heartbeat.unref();
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Answers the two serve-only URLs; returns false for every other request. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname === RELOAD_SCRIPT_PATH) {
      const body = Buffer.from(RELOAD_CLIENT_SOURCE, 'utf8');
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Length': String(body.byteLength),
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    if (pathname !== EVENTS_PATH) return false;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 1000\n\n');
    res.write(frame('hello', { build: this.last.build }));
    if (this.last.type === 'error') res.write(frame('error', this.last));
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
    return true;
  }

  send(event: LiveEvent): void {
    this.last = event;
    this.write(frame(event.type, event));
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private write(text: string): void {
    for (const client of this.clients) client.write(text);
  }
}
