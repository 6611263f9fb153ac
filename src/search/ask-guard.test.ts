import { describe, expect, test } from 'vitest';
import { createAskHandler } from './ask.ts';
import { MAX_CONCURRENT_QUESTIONS, QUESTIONS_PER_CLIENT } from './ask-guard.ts';
import type { SearchRecord } from './types.ts';

const records: SearchRecord[] = [
  {
    url: '/docs/verify/',
    pageUrl: '/docs/verify/',
    title: 'Verify your domain',
    hierarchy: [],
    text: 'Publishers verify their domain with a DNS TXT record before receipts are accepted.',
    type: 'docs',
    tags: [],
    language: 'en',
  },
];

const site = 'http://127.0.0.1:3000';

function ask(init: { origin?: string | null; type?: string; body?: string } = {}): Request {
  const headers = new Headers({ 'Content-Type': init.type ?? 'application/json' });
  if (init.origin !== null) headers.set('Origin', init.origin ?? site);
  return new Request(`${site}/api/ask`, { method: 'POST', headers, body: init.body ?? JSON.stringify({ question: 'How do I verify my domain?' }) });
}

/** A model endpoint that counts its calls and answers only when told to. */
function slowModel() {
  let calls = 0;
  const pending: (() => void)[] = [];
  const fetch = (async () => {
    calls++;
    await new Promise<void>((resolve) => pending.push(resolve));
    return new Response('data: {"choices":[{"delta":{"content":"Use a TXT record."}}]}\n\ndata: [DONE]\n\n', {
      headers: { 'Content-Type': 'text/event-stream' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, calls: () => calls, answerAll: () => pending.splice(0).forEach((resolve) => resolve()) };
}

describe('the answer endpoint guards its model quota', () => {
  test('a cross-origin text/plain POST (no preflight needed) never reaches the model', async () => {
    const model = slowModel();
    const handler = createAskHandler({ records, llm: { baseUrl: 'http://model.test', model: 'm' }, fetch: model.fetch });
    const plain = await handler(ask({ origin: 'https://evil.test', type: 'text/plain' }), { clientAddress: '10.0.0.1' });
    expect(plain.status).toBe(415);
    const json = await handler(ask({ origin: 'https://evil.test' }), { clientAddress: '10.0.0.1' });
    expect(json.status).toBe(403);
    expect(model.calls()).toBe(0);
  });

  test('its own origin, an allowed one and programs without an Origin header are answered', async () => {
    const handler = createAskHandler({ records, guard: { allowedOrigins: ['https://docs.example.test/'] } });
    for (const origin of [site, 'https://docs.example.test', null]) {
      const response = await handler(ask({ origin }), { clientAddress: '10.0.0.2' });
      expect(response.status, String(origin)).toBe(200);
      expect(await response.text()).toContain('TXT record');
    }
    expect((await handler(ask({ origin: 'https://docs.example.test.evil.test' }))).status).toBe(403);
  });

  test(`at most ${MAX_CONCURRENT_QUESTIONS} questions at once reach the model; the rest get 429 with Retry-After`, async () => {
    const model = slowModel();
    const handler = createAskHandler({ records, llm: { baseUrl: 'http://model.test', model: 'm' }, fetch: model.fetch });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const started = handler(ask(), { clientAddress: `10.1.0.${i}` });
        return Promise.race([started, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 50))]);
      }),
    );
    const refused = responses.filter((r): r is Response => r !== 'waiting' && r.status === 429);
    expect(model.calls()).toBe(MAX_CONCURRENT_QUESTIONS);
    expect(refused).toHaveLength(100 - MAX_CONCURRENT_QUESTIONS);
    expect(refused[0].headers.get('Retry-After')).toBe('5');
    model.answerAll();
  });

  test('a slot is given back when an answer has been read, so later questions are answered', async () => {
    const handler = createAskHandler({ records, guard: { maxConcurrent: 1 } });
    for (let i = 0; i < 3; i++) {
      const response = await handler(ask(), { clientAddress: `10.2.0.${i}` });
      expect(response.status).toBe(200);
      await response.text();
    }
  });

  test(`one client may ask ${QUESTIONS_PER_CLIENT} questions a minute`, async () => {
    let now = 1_000_000;
    const handler = createAskHandler({ records, guard: { now: () => now } });
    for (let i = 0; i < QUESTIONS_PER_CLIENT; i++) {
      const response = await handler(ask(), { clientAddress: '10.3.0.1' });
      expect(response.status).toBe(200);
      await response.text();
    }
    now += 20_000;
    const limited = await handler(ask(), { clientAddress: '10.3.0.1' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('40');
    expect((await handler(ask(), { clientAddress: '10.3.0.2' })).status).toBe(200);
    now += 40_000;
    expect((await handler(ask(), { clientAddress: '10.3.0.1' })).status).toBe(200);
  });
});
