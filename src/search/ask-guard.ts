// Who may ask, and how often. The answer endpoint spends the site owner's model quota, so a page on another site
// must not be able to make a reader's browser call it (a cross-origin form or `text/plain` fetch needs no preflight),
// and no one client may start more questions than a reader types.

/** Questions answered at once, over all clients: each may hold an upstream model call. */
export const MAX_CONCURRENT_QUESTIONS = 4;
/** Questions one client may start per window. */
export const QUESTIONS_PER_CLIENT = 10;
export const CLIENT_WINDOW_MS = 60_000;

export interface AskGuardOptions {
  /** Origins besides the endpoint's own that may ask (`https://docs.example.com`). */
  allowedOrigins?: readonly string[];
  maxConcurrent?: number;
  perClient?: number;
  windowMs?: number;
  /** For tests. */
  now?: () => number;
}

/** What the host knows about the request beyond the Request itself (the peer address, as Deno's `info.remoteAddr`). */
export interface AskRequestInfo {
  clientAddress?: string;
}

function refuse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export interface AskGuard {
  /** A refusal, or undefined with a slot taken: call `release` when the answer has been sent. */
  admit(request: Request, info?: AskRequestInfo): Response | undefined;
  release(): void;
}

export function createAskGuard(options: AskGuardOptions = {}): AskGuard {
  const allowed = new Set((options.allowedOrigins ?? []).map((origin) => origin.replace(/\/+$/, '')));
  const maxConcurrent = options.maxConcurrent ?? MAX_CONCURRENT_QUESTIONS;
  const perClient = options.perClient ?? QUESTIONS_PER_CLIENT;
  const windowMs = options.windowMs ?? CLIENT_WINDOW_MS;
  const now = options.now ?? Date.now;
  let inFlight = 0;
  /** Start times of each client's recent questions, oldest first. */
  const recent = new Map<string, number[]>();

  return {
    admit(request, info) {
      const type = request.headers.get('content-type') ?? '';
      if (!/^application\/json\s*(?:;|$)/i.test(type)) {
        return refuse(415, 'Send the question as JSON (Content-Type: application/json).');
      }
      // Browsers send Origin with every POST; a request without one comes from a program, which no header can stop.
      const origin = request.headers.get('origin');
      if (origin !== null && origin !== new URL(request.url).origin && !allowed.has(origin)) {
        return refuse(403, 'Questions are accepted only from this site’s own pages.');
      }
      const t = now();
      const client = info?.clientAddress ?? 'unknown';
      const times = (recent.get(client) ?? []).filter((start) => t - start < windowMs);
      if (times.length >= perClient) {
        recent.set(client, times);
        return refuse(429, 'Too many questions in a short time. Wait a moment and ask again.', {
          'Retry-After': String(Math.max(1, Math.ceil((times[0] + windowMs - t) / 1000))),
        });
      }
      if (inFlight >= maxConcurrent) {
        return refuse(429, 'Many questions are being answered right now. Ask again in a few seconds.', { 'Retry-After': '5' });
      }
      times.push(t);
      recent.set(client, times);
      // Forget clients whose window has passed, so the map stays as small as the recent traffic.
      if (recent.size > 1000) for (const [key, list] of recent) if (t - list[list.length - 1] >= windowMs) recent.delete(key);
      inFlight++;
      return undefined;
    },
    release() {
      inFlight = Math.max(0, inFlight - 1);
    },
  };
}
