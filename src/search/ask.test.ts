import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AskError, askQuestion, createSseParser, parseAnswer, type AskEvent } from '../search-engine/ask.ts';
import { createAskHandler, EXTRACTIVE_NOTICE, NOTHING_FOUND, type AskHandlerOptions } from './ask.ts';
import { sampleRecords } from './test-support.ts';

/** Runs a question through the handler with the browser client, collecting the events. */
async function ask(handler: (r: Request) => Promise<Response>, question: string) {
  const events: (AskEvent & { at: number })[] = [];
  const fetchViaHandler = ((url: string, init?: RequestInit) => handler(new Request(new URL(url, 'http://site.test'), init))) as typeof fetch;
  const mode = await askQuestion('/api/ask', question, (e) => events.push({ ...e, at: performance.now() }), { fetch: fetchViaHandler });
  const text = events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('');
  const sources = events.find((e) => e.event === 'sources')?.data as { sources: { n: number; title: string; url: string }[] } | undefined;
  return { mode, events, text, sources: sources?.sources ?? [] };
}

async function post(handler: (r: Request) => Promise<Response>, body: string, method = 'POST'): Promise<{ status: number; json: { error?: string } }> {
  const response = await handler(new Request('http://site.test/api/ask', { method, body: method === 'GET' ? undefined : body, headers: { 'Content-Type': 'application/json' } }));
  return { status: response.status, json: (await response.json()) as { error?: string } };
}

describe('ask handler without a model (extractive)', () => {
  const handler = createAskHandler({ records: sampleRecords() });

  it('quotes the best passages, cites them and says that it did so', async () => {
    const { mode, text, sources, events } = await ask(handler, 'How do I verify my domain with a TXT record?');
    expect(mode).toBe('extractive');
    expect(events[0].event).toBe('sources');
    expect(sources[0]).toMatchObject({ n: 1, title: 'Domain verification', url: '/docs/domain-verification/#dns-txt-record' });
    expect(text.startsWith(EXTRACTIVE_NOTICE)).toBe(true);
    expect(text).toContain('> Add a TXT record at _pd-verification.<domain> with your token. [1]');
    const blocks = parseAnswer(text);
    expect(blocks[0].kind).toBe('paragraph');
    expect(blocks[1]).toEqual({ kind: 'quote', parts: [{ kind: 'text', text: 'Add a TXT record at _pd-verification.<domain> with your token. ' }, { kind: 'cite', n: 1 }] });
  });

  it('says so when nothing in the docs matches', async () => {
    const { text, sources, mode } = await ask(handler, 'qwertyuiop zxcvbnm?');
    expect(sources).toEqual([]);
    expect(text).toBe(NOTHING_FOUND);
    expect(mode).toBe('extractive');
  });

  it('refuses bad requests with a JSON message', async () => {
    expect(await post(handler, '', 'GET')).toMatchObject({ status: 405, json: { error: expect.stringContaining('POST') } });
    expect(await post(handler, 'not json')).toMatchObject({ status: 400, json: { error: expect.stringContaining('JSON') } });
    expect(await post(handler, JSON.stringify({ question: '  ' }))).toMatchObject({ status: 400, json: { error: 'Ask a question first.' } });
    const long = await post(createAskHandler({ records: [], maxQuestionLength: 10 }), JSON.stringify({ question: 'x'.repeat(11) }));
    expect(long).toEqual({ status: 413, json: { error: 'The question is too long (11 characters); the limit is 10. Shorten it and ask again.' } });
  });

  it('passes the server message to the client as an AskError', async () => {
    const fetchViaHandler = ((url: string, init?: RequestInit) =>
      createAskHandler({ records: [], maxQuestionLength: 3 })(new Request(new URL(url, 'http://site.test'), init))) as typeof fetch;
    const error = await askQuestion('/api/ask', 'too long', () => {}, { fetch: fetchViaHandler }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AskError);
    expect(error).toMatchObject({ status: 413, message: expect.stringContaining('too long') });
  });

  it('loads records once, lazily, and reports a loader failure', async () => {
    let calls = 0;
    const lazy = createAskHandler({
      records: async () => {
        calls++;
        return sampleRecords();
      },
    });
    expect(calls).toBe(0);
    await ask(lazy, 'receipts');
    await ask(lazy, 'signature');
    expect(calls).toBe(1);
    const broken = createAskHandler({ records: () => Promise.reject(new Error('no index')) });
    expect(await post(broken, JSON.stringify({ question: 'receipts' }))).toMatchObject({ status: 503 });
  });
});

interface LlmRequest {
  url?: string;
  headers: IncomingHttpHeaders;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

describe('ask handler with an OpenAI-compatible model', () => {
  const requests: LlmRequest[] = [];
  let lastChunkAt = 0;
  // A stand-in chat-completions endpoint. The question decides the behaviour.
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(text) as LlmRequest['body'];
      requests.push({ url: req.url, headers: req.headers, body });
      const question = body.messages.at(-1)!.content;
      if (question.includes('server error')) {
        res.writeHead(500).end('{"error":"boom"}');
        return;
      }
      if (question.includes('slow start')) return; // never answers: the handler times out
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      if (question.includes('stall')) {
        send(res, 'Partial');
        return; // stops mid-stream
      }
      void stream(res, ['Receipts are checked ', 'with Ed25519 signatures ', '[1].']);
    });
  });
  const send = (res: ServerResponse, content: string) => res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
  const stream = async (res: ServerResponse, parts: string[]) => {
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\n\n`);
    for (const part of parts) {
      send(res, part);
      await new Promise((r) => setTimeout(r, 80));
    }
    lastChunkAt = performance.now();
    res.end('data: [DONE]\n\n');
  };
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const handlerWith = (extra: Partial<AskHandlerOptions> = {}) =>
    createAskHandler({ records: sampleRecords(), llm: { baseUrl, model: 'test-model', apiKey: 'sk-test' }, timeoutMs: 2000, siteTitle: 'Sample', ...extra });

  it('streams a grounded answer with the sections it was given', async () => {
    const { mode, text, sources, events } = await ask(handlerWith(), 'How are receipts signed? Which signature?');
    expect(mode).toBe('model');
    expect(text).toBe('Receipts are checked with Ed25519 signatures [1].');
    const request = requests.at(-1)!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({ model: 'test-model', stream: true });
    expect(request.body.messages[0].content).toContain('Use only the numbered sources');
    expect(request.body.messages[1].content).toContain(`[1] ${sources[0].title}`);
    expect(request.body.messages[1].content).toContain(sources[0].url);
    // Streamed: the first piece reached the reader before the model sent its last one.
    const firstDelta = events.find((e) => e.event === 'delta')!;
    expect(firstDelta.at).toBeLessThan(lastChunkAt);
  });

  it('gives 502 when the model service is down or fails', async () => {
    const down = createAskHandler({ records: sampleRecords(), llm: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' } });
    expect(await post(down, JSON.stringify({ question: 'receipts' }))).toMatchObject({ status: 502, json: { error: expect.stringContaining('could not be reached') } });
    expect(await post(handlerWith(), JSON.stringify({ question: 'receipts server error' }))).toMatchObject({
      status: 502,
      json: { error: expect.stringContaining('HTTP 500') },
    });
  });

  it('gives 504 when the model does not answer in time, and an error event when it stalls mid-answer', async () => {
    expect(await post(handlerWith({ timeoutMs: 300 }), JSON.stringify({ question: 'receipts slow start' }))).toMatchObject({
      status: 504,
      json: { error: expect.stringContaining('took too long') },
    });
    const error = await ask(handlerWith({ timeoutMs: 300 }), 'receipts stall').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AskError);
    expect((error as Error).message).toContain('took too long');
  });

  it('does not call the model when no section matches', async () => {
    const before = requests.length;
    const { text } = await ask(handlerWith(), 'qwertyuiop zxcvbnm');
    expect(text).toBe(NOTHING_FOUND);
    expect(requests.length).toBe(before);
  });
});

describe('SSE parser', () => {
  it('handles frames split across chunks, CRLF and comments', () => {
    const parse = createSseParser();
    expect(parse('event: delta\r\ndata: {"te')).toEqual([]);
    expect(parse('xt":"a"}\r\n\r\n: keep-alive\n\ndata: one\ndata: two\n\n')).toEqual([
      { event: 'delta', data: '{"text":"a"}' },
      { event: 'message', data: 'one\ntwo' },
    ]);
  });
});
