// The wire protocol of the AI question endpoint (SearchData.ai.endpoint), shared by the handler (src/search/ask.ts)
// and the search modal.
//
// Request:  POST {endpoint}, Content-Type: application/json, body {"question": "..."}.
// Errors before the answer starts: a non-2xx status with a JSON body {"error": "message"}:
//   400 bad JSON or empty question, 405 not POST, 413 question too long, 502 model service failed, 504 timed out.
// Success:  200, Content-Type: text/event-stream. Server-Sent Events, each `event: <name>` + `data: <JSON>`:
//   sources  {"sources": [{"n": 1, "title", "heading", "url"}]}   the sections the answer is grounded in (first)
//   delta    {"text": "..."}                                      the next piece of the answer (markdown-lite text:
//                                                                 paragraphs, "> " quotes, [n] citing sources[n-1])
//   error    {"message": "..."}                                   the answer broke off (the stream then ends)
//   done     {"mode": "model" | "extractive"}                     the answer is complete
// "extractive" means no language model was used: the answer quotes the most relevant passages and says so.

export const ASK_EVENTS = ['sources', 'delta', 'error', 'done'] as const;

export interface AskSource {
  /** 1-based number used in the answer as [n]. */
  n: number;
  title: string;
  /** Heading of the section ('' for the top of a page). */
  heading: string;
  url: string;
}

export type AskMode = 'model' | 'extractive';

export type AskEvent =
  | { event: 'sources'; data: { sources: AskSource[] } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'error'; data: { message: string } }
  | { event: 'done'; data: { mode: AskMode } };

export const ASK_DISCLAIMER = 'Answers are generated with AI which can make mistakes. Verify responses.';

/** One SSE frame. JSON never contains a raw newline, so one `data:` line always suffices. */
export function encodeAskEvent(event: AskEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Incremental SSE parser: feed it decoded text chunks, get complete events back. Handles frames split across chunks,
 * CRLF line ends, comments (`:`) and multi-line `data:`.
 */
export function createSseParser(): (chunk: string) => { event: string; data: string }[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const out: { event: string; data: string }[] = [];
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon >= 0 ? line.slice(0, colon) : line;
        const value = colon >= 0 ? line.slice(colon + 1).replace(/^ /, '') : '';
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length) out.push({ event, data: data.join('\n') });
    }
    return out;
  };
}

export class AskError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AskError';
  }
}

/**
 * Sends a question and calls `onEvent` for each event as it arrives. Rejects with an AskError carrying the server's
 * message on a non-2xx answer, a network failure, or an `error` event.
 */
export async function askQuestion(
  endpoint: string,
  question: string,
  onEvent: (event: AskEvent) => void,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<AskMode> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ question }),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new AskError('The answer service could not be reached. Check your network connection and try again.');
  }
  if (!response.ok || !response.body) {
    let message = `The answer service failed (HTTP ${response.status}).`;
    try {
      const body = (await response.json()) as { error?: unknown };
      if (typeof body.error === 'string' && body.error) message = body.error;
    } catch {
      // not JSON: keep the generic message
    }
    throw new AskError(message, response.status);
  }
  const parse = createSseParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let mode: AskMode | undefined;
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new AskError('The answer was interrupted. Try again.');
    }
    if (chunk.done) break;
    for (const frame of parse(chunk.value)) {
      if (!(ASK_EVENTS as readonly string[]).includes(frame.event)) continue;
      const event = { event: frame.event, data: JSON.parse(frame.data) } as AskEvent;
      if (event.event === 'error') throw new AskError(event.data.message);
      if (event.event === 'done') mode = event.data.mode;
      onEvent(event);
    }
  }
  if (!mode) throw new AskError('The answer was interrupted. Try again.');
  return mode;
}

export type AnswerBlock = { kind: 'paragraph' | 'quote'; parts: AnswerPart[] };
export type AnswerPart = { kind: 'text'; text: string } | { kind: 'cite'; n: number };

/**
 * Splits answer text into paragraphs and quotes, with `[n]` citations separated out, so the modal renders it with
 * React elements (never as HTML).
 */
export function parseAnswer(text: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  for (const chunk of text.split(/\n{2,}/)) {
    const lines = chunk.split('\n');
    const quote = lines.every((l) => l.startsWith('>'));
    const body = (quote ? lines.map((l) => l.replace(/^>\s?/, '')) : lines).join(quote ? ' ' : '\n').trim();
    if (!body) continue;
    const parts: AnswerPart[] = [];
    let at = 0;
    for (const m of body.matchAll(/\[(\d{1,2})\]/g)) {
      if (m.index > at) parts.push({ kind: 'text', text: body.slice(at, m.index) });
      parts.push({ kind: 'cite', n: Number(m[1]) });
      at = m.index + m[0].length;
    }
    if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
    blocks.push({ kind: quote ? 'quote' : 'paragraph', parts });
  }
  return blocks;
}
