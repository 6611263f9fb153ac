// The AI question endpoint as a standard web handler: (Request) => Promise<Response>. Any host can run it
// (`protodocs serve` mounts it at /api/ask; see node-adapter.ts for node:http). The wire protocol (JSON request,
// JSON errors, Server-Sent Events answer) is documented in src/shared/search-ask.ts.
//
// It never reads the environment: the CLI passes PROTODOCS_AI_BASE_URL, PROTODOCS_AI_MODEL and PROTODOCS_AI_KEY as
// `llm: { baseUrl, model, apiKey }`. Without `llm` it answers extractively, quoting the best passages.

import type MiniSearch from 'minisearch';
import { encodeAskEvent, createSseParser, type AskEvent, type AskMode, type AskSource } from '../shared/search-ask.ts';
import { createMiniSearch, fuzziness, FIELD_BOOST, type IndexDocument } from '../shared/search-engine.ts';
import { matchRanges, normalizeTerm, shorten, tokenize } from '../shared/search-text.ts';
import { createAskGuard, type AskGuard, type AskGuardOptions, type AskRequestInfo } from './ask-guard.ts';
import type { SearchRecord } from './types.ts';

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

export const EXTRACTIVE_NOTICE =
  'No AI model is configured for this site, so instead of a generated answer here are the most relevant passages of the documentation, quoted as written.';
export const NOTHING_FOUND = 'I could not find anything in the documentation about that. Try rephrasing the question, or use keyword search.';

// Words that carry no meaning for retrieval in a question.
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i if in is it its me my of on or should the this to was what when where which who why will with you your'.split(' '),
);

interface Retrieved {
  record: SearchRecord;
  terms: string[];
}

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
  let corpus: Promise<{ records: SearchRecord[]; mini: MiniSearch<IndexDocument> }> | undefined;
  const load = () =>
    (corpus ??= (async () => {
      const records = typeof options.records === 'function' ? await options.records() : options.records;
      const mini = createMiniSearch(
        records.map((r, id) => ({ id, title: r.title, headings: r.hierarchy.join(' '), text: r.text, tags: r.tags.join(' ') })),
      );
      return { records, mini };
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

    let sources: Retrieved[];
    try {
      const { records, mini } = await load();
      sources = retrieve(mini, records, q, maxSources);
    } catch {
      return json(503, 'The documentation index is not available right now. Try again later.');
    }
    const cited: AskSource[] = sources.map((s, i) => ({
      n: i + 1,
      title: s.record.title,
      heading: s.record.hierarchy[s.record.hierarchy.length - 1] ?? '',
      url: s.record.url,
    }));

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

/** The best sections for a question: any-term matching without stop words, at most two sections per page. */
export function retrieve(mini: MiniSearch<IndexDocument>, records: readonly SearchRecord[], question: string, max: number): Retrieved[] {
  const words = tokenize(question).map(normalizeTerm).filter((w) => w && !STOP_WORDS.has(w));
  if (words.length === 0) return [];
  const results = mini.search(words.join(' '), {
    combineWith: 'OR',
    boost: { ...FIELD_BOOST },
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => fuzziness(term),
  });
  const perPage = new Map<string, number>();
  const out: Retrieved[] = [];
  for (const r of results) {
    const record = records[r.id as number];
    if (!record) continue;
    const n = perPage.get(record.pageUrl) ?? 0;
    if (n >= 2) continue;
    perPage.set(record.pageUrl, n + 1);
    out.push({ record, terms: [...r.terms, ...words] });
    if (out.length >= max) break;
  }
  return out;
}

function sourceLabel(r: SearchRecord): string {
  return [r.title, ...r.hierarchy].join(' › ');
}

function chatMessages(question: string, sources: Retrieved[], siteTitle = 'the site'): { role: 'system' | 'user'; content: string }[] {
  const context = sources
    .map((s, i) => `[${i + 1}] ${sourceLabel(s.record)} (${s.record.url})\n${shorten(s.record.text || s.record.title, 2000)}`)
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

/** The passage of a section that best matches the terms: its best sentence and what follows, up to ~320 characters. */
export function bestPassage(text: string, terms: readonly string[], length = 320): string {
  // A sentence ends at . ! or ? followed by a space ("_pd-verification.<domain>" stays one sentence).
  const sentences = text.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);
  if (sentences.length === 0) return '';
  let best = 0;
  let bestScore = -1;
  sentences.forEach((s, i) => {
    const score = new Set(matchRanges(s, terms).map((m) => normalizeTerm(s.slice(m.start, m.end)))).size;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  let passage = sentences[best];
  for (let i = best + 1; i < sentences.length && passage.length + sentences[i].length < length; i++) passage += ' ' + sentences[i];
  return shorten(passage, length);
}

/** The answer without a model: a notice, then the best passages quoted, each citing its section. */
export function extractiveAnswer(sources: readonly Retrieved[], quotes = 3): string {
  const parts = [EXTRACTIVE_NOTICE];
  sources.slice(0, quotes).forEach((s, i) => {
    const passage = bestPassage(s.record.text, s.terms) || sourceLabel(s.record);
    parts.push(`> ${passage.replace(/\s*\n\s*/g, ' ')} [${i + 1}]`);
  });
  return parts.join('\n\n');
}
