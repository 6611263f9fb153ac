// The AI question endpoint as a standard web handler: (Request) => Promise<Response>. Any host can run it
// (`protodocs serve` mounts it at /api/ask; see node-adapter.ts for node:http). The wire protocol (JSON request,
// JSON errors, Server-Sent Events answer) is documented in src/shared/search-ask.ts.
//
// It never reads the environment: the CLI passes PROTODOCS_AI_BASE_URL, PROTODOCS_AI_MODEL and PROTODOCS_AI_KEY as
// `llm: { baseUrl, model, apiKey }`. Without `llm` it answers extractively, quoting the best passages.

import { citedSources, extractiveAnswer, indexPassages, NOTHING_FOUND, retrieve, sourceLabel, type Retrieved } from '../search-engine/index.ts';
import { encodeAskEvent, createSseParser, type AskEvent, type AskMode, type AskSource } from '../search-engine/index.ts';
import { shorten } from '../search-engine/index.ts';
import { createAskGuard, type AskGuard, type AskGuardOptions, type AskRequestInfo } from './ask-guard.ts';
import type { SearchRecord } from './types.ts';

export { EXTRACTIVE_NOTICE, NOTHING_FOUND } from '../search-engine/index.ts';

export interface AskLlmOptions {
  /** OpenAI-compatible API root; the handler POSTs to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
}

export interface AskHandlerOptions {
  /** The sections to answer from, or a loader (called once, on the first question). */
  records: SearchRecord[] | (() => Promise<SearchRecord[]>);
  llm?: AskLlmOptions;
  /** For tests and hosts without a global fetch. */
  fetch?: typeof fetch;
  /** Limit for the whole model call, headers and stream (default 30 s). */
  timeoutMs?: number;
  /** Longer questions get 413 (default 500 characters). */
  maxQuestionLength?: number;
  /** Sections given to the model / quoted (default 5). */
  maxSources?: number;
  /** Site title, for the model's instructions. */
  siteTitle?: string;
  /** Which origins may ask and how often (see ask-guard.ts); on by default. A guard instance is shared by handlers. */
  guard?: AskGuardOptions | AskGuard;
}

export const DEFAULT_ASK_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_QUESTION_LENGTH = 500;

function json(status: number, error: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}

/**
 * Creates the handler. Records are indexed once (lazily, on the first question). `info` is what the host knows of
 * the peer (its address), for the per-client limit.
 */
export function createAskHandler(options: AskHandlerOptions): (request: Request, info?: AskRequestInfo) => Promise<Response> {
  const guard = options.guard && 'admit' in options.guard ? options.guard : createAskGuard(options.guard);
  const answer = createAnswerer(options);
  return async (request, info) => {
    if (request.method !== 'POST') return json(405, 'Send the question with POST.', { Allow: 'POST' });
    const refusal = guard.admit(request, info);
    if (refusal) return refusal;
    let response: Response;
    try {
      response = await answer(request);
    } catch (error) {
      guard.release();
      throw error;
    }
    return releasedWhenSent(response, () => guard.release());
  };
}

/** The response, whose slot is given back once its body has been read to the end or abandoned. */
function releasedWhenSent(response: Response, release: () => void): Response {
  let released = false;
  const once = () => {
    if (!released) {
      released = true;
      release();
    }
  };
  if (!response.body) {
    once();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          once();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        once();
        controller.error(error);
      }
    },
    async cancel(reason) {
      once();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function createAnswerer(options: AskHandlerOptions): (request: Request) => Promise<Response> {
  const maxLength = options.maxQuestionLength ?? DEFAULT_MAX_QUESTION_LENGTH;
  const timeoutMs = options.timeoutMs ?? DEFAULT_ASK_TIMEOUT_MS;
  const maxSources = options.maxSources ?? 5;
  const doFetch = options.fetch ?? fetch;
  let corpus: Promise<{ records: SearchRecord[]; mini: ReturnType<typeof indexPassages> }> | undefined;
  const load = () =>
    (corpus ??= (async () => {
      const records = typeof options.records === 'function' ? await options.records() : options.records;
      return { records, mini: indexPassages(records) };
    })().catch((error: unknown) => {
      corpus = undefined;
      throw error;
    }));

  return async (request) => {
    let question: unknown;
    try {
      question = ((await request.json()) as { question?: unknown })?.question;
    } catch {
      return json(400, 'Send a JSON body like {"question": "How do I verify my domain?"}.');
    }
    if (typeof question !== 'string' || question.trim() === '') return json(400, 'Ask a question first.');
    const q = question.trim();
    if (q.length > maxLength) return json(413, `The question is too long (${q.length} characters); the limit is ${maxLength}. Shorten it and ask again.`);

    let sources: Retrieved<SearchRecord>[];
    try {
      const { records, mini } = await load();
      sources = retrieve(mini, records, q, maxSources);
    } catch {
      return json(503, 'The documentation index is not available right now. Try again later.');
    }
    const cited: AskSource[] = citedSources(sources);

    if (sources.length === 0) return stream([{ event: 'sources', data: { sources: [] } }, { event: 'delta', data: { text: NOTHING_FOUND } }], 'extractive');
    if (!options.llm) {
      return stream([{ event: 'sources', data: { sources: cited } }, { event: 'delta', data: { text: extractiveAnswer(sources) } }], 'extractive');
    }

    // The model call: one abort for the timeout, the reader going away, and the request being aborted.
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, timeoutMs);
    const onRequestAbort = () => abort.abort();
    request.signal?.addEventListener('abort', onRequestAbort);
    const finish = () => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onRequestAbort);
    };
    let upstream: Response;
    try {
      upstream = await doFetch(`${options.llm.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          ...(options.llm.apiKey ? { Authorization: `Bearer ${options.llm.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: options.llm.model, stream: true, temperature: 0.2, messages: chatMessages(q, sources, options.siteTitle) }),
        signal: abort.signal,
      });
    } catch {
      finish();
      return timedOut
        ? json(504, 'The AI model took too long to answer. Try again in a moment.')
        : json(502, 'The AI model service could not be reached. Try again later, or use keyword search.');
    }
    if (!upstream.ok || !upstream.body) {
      finish();
      await upstream.body?.cancel().catch(() => {});
      return json(502, `The AI model service failed (HTTP ${upstream.status}). Try again later, or use keyword search.`);
    }
    const body = upstream.body;

    const encoder = new TextEncoder();
    return new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          const send = (event: AskEvent) => controller.enqueue(encoder.encode(encodeAskEvent(event)));
          send({ event: 'sources', data: { sources: cited } });
          void (async () => {
            const parse = createSseParser();
            const reader = body.pipeThrough(new TextDecoderStream()).getReader();
            let any = false;
            try {
              for (;;) {
                const { done, value } = await reader.read();
                if (done) break;
                for (const frame of parse(value)) {
                  if (frame.data.trim() === '[DONE]') continue;
                  const text = deltaText(frame.data);
                  if (text) {
                    any = true;
                    send({ event: 'delta', data: { text } });
                  }
                }
              }
              if (!any) send({ event: 'error', data: { message: 'The AI model returned an empty answer. Try again.' } });
              else send({ event: 'done', data: { mode: 'model' } });
            } catch {
              send({
                event: 'error',
                data: { message: timedOut ? 'The AI model took too long and the answer was cut off. Try again.' : 'The AI model stopped answering. Try again.' },
              });
            } finally {
              finish();
              try {
                controller.close();
              } catch {
                // the reader went away
              }
            }
          })();
        },
        cancel() {
          abort.abort();
          finish();
        },
      }),
      { status: 200, headers: sseHeaders() },
    );
  };
}

function sseHeaders(): Record<string, string> {
  return { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' };
}

function stream(events: AskEvent[], mode: AskMode): Response {
  const text = [...events, { event: 'done', data: { mode } } as AskEvent].map(encodeAskEvent).join('');
  return new Response(text, { status: 200, headers: sseHeaders() });
}

/** The `content` of one chat-completion stream chunk, if any. */
function deltaText(data: string): string {
  try {
    const chunk = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] };
    const content = chunk.choices?.[0]?.delta?.content;
    return typeof content === 'string' ? content : '';
  } catch {
    return '';
  }
}

function chatMessages(question: string, sources: Retrieved<SearchRecord>[], siteTitle = 'the site'): { role: 'system' | 'user'; content: string }[] {
  const context = sources
    .map((s, i) => `[${i + 1}] ${sourceLabel(s.passage)} (${s.passage.url})\n${shorten(s.passage.text || s.passage.title, 2000)}`)
    .join('\n\n');
  return [
    {
      role: 'system',
      content:
        `You answer questions about the ${siteTitle} documentation. Use only the numbered sources the user gives you. ` +
        'After each statement, cite the sources it comes from as [1], [2]. If the sources do not answer the question, say that ' +
        'the documentation does not cover it. Be brief. Write plain text paragraphs without markdown formatting.',
    },
    { role: 'user', content: `Sources:\n\n${context}\n\nQuestion: ${question}` },
  ];
}
