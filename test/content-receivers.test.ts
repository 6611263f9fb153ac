// Runs the two reference receivers published on content/docs/publishers/receiving-receipts.md (JavaScript and
// Python, copied from the page as they are) and sends them the batch documented on protocol/receipts.md. They look
// client keys up in a registry served by this test, which holds the published test key of the signatures page.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, blockTitled, signDocument, testKeys, verifies, type Json } from './content-support.ts';

const PAGE = 'publishers/receiving-receipts.md';
const jsReceiver = blockTitled(PAGE, 'receipt-webhook.mjs');
const pyReceiver = blockTitled(PAGE, 'receipt_webhook.py');
const documentedBatch = JSON.parse(blockTitled('protocol/receipts.md', 'batch.json').body) as Batch;
const indexFile = blockTitled('protocol/schema.md', 'https://example.com/.well-known/iaindex.json').body;
const keys = testKeys();
const CLIENT_ID = documentedBatch.receipts[0].client.id;
const KEY_ID = documentedBatch.keyId;

interface Receipt extends Json {
  receiptId: string;
  timestamp: string;
  client: { id: string; publicKey: string };
}
interface Batch extends Json {
  batchId: string;
  issuedAt: string;
  keyId: string;
  receipts: Receipt[];
}
interface Reply {
  status: number;
  body: {
    received?: boolean;
    receiptId?: string;
    batchId?: string;
    results?: { receiptId: string; status: string; error?: { code: string } }[];
    error?: { code: string; message: string };
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The documented batch with fresh times, re-signed with the published test key, as a client would send it today. */
function freshBatch(receiptAges: number[] = [2 * 3600_000, 3600_000]): Batch {
  const now = Date.now();
  const receipts = documentedBatch.receipts.map((r, i) =>
    signDocument({ ...r, receiptId: randomUUID(), timestamp: iso(now - receiptAges[i]) }, keys.privateKey),
  );
  return signDocument({ ...documentedBatch, batchId: randomUUID(), issuedAt: iso(now), receipts }, keys.privateKey);
}

/** A key registry like GET /api/v1/clients/{clientId}/keys, knowing one client and the published test key. */
function startRegistry(): Promise<http.Server> {
  const publicKey = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const record = { id: KEY_ID, algorithm: 'Ed25519', publicKey, status: 'active', validFrom: '2025-01-01T00:00:00Z', validUntil: iso(Date.now() + 86_400_000) };
  const server = http.createServer((req, res) => {
    const known = req.url === `/api/v1/clients/${CLIENT_ID}/keys`;
    res.writeHead(known ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(known ? { client: { id: CLIENT_ID, name: 'Corvid Research Assistant', organization: 'Corvid AI Labs' }, keys: [record] } : { error: { code: 'not_found', message: 'no such client' } }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPort(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`receiver exited with ${child.exitCode}:\n${output()}`);
    try {
      await fetch(url, { method: 'GET' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`receiver did not listen within 30 s:\n${output()}`);
}

/** python3 with the receiver's dependencies. rfc8785 comes from PyPI, which this machine cannot reach; when it is
 * missing, a stand-in is put on PYTHONPATH and proven equal to the npm RFC 8785 implementation on what is sent. */
function pythonEnvironment(dir: string): { env: NodeJS.ProcessEnv; standIn: boolean } {
  const probe = spawnSync('python3', ['-c', 'import flask, cryptography'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    throw new Error(`python3 with flask and cryptography is needed to run the Python reference receiver (CI installs them): ${probe.error?.message ?? probe.stderr}`);
  }
  const hasRfc8785 = spawnSync('python3', ['-c', 'import rfc8785'], { encoding: 'utf8' }).status === 0;
  if (hasRfc8785) return { env: process.env, standIn: false };
  const shim = path.join(dir, 'shim');
  mkdirSync(shim);
  writeFileSync(
    path.join(shim, 'rfc8785.py'),
    'import json\n\n\ndef dumps(value):\n    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")\n',
  );
  return { env: { ...process.env, PYTHONPATH: shim }, standIn: true };
}

interface Receiver {
  name: string;
  url: string;
  stop: () => void;
}

async function startReceiver(name: 'javascript' | 'python', registry: string, work: string): Promise<Receiver> {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, 'public', '.well-known'), { recursive: true });
  writeFileSync(path.join(dir, 'public', '.well-known', 'iaindex.json'), indexFile);
  const port = await freePort();
  let command: string[];
  let env: NodeJS.ProcessEnv = process.env;
  if (name === 'javascript') {
    writeFileSync(path.join(dir, 'receipt-webhook.mjs'), jsReceiver.body);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    command = [process.execPath, 'receipt-webhook.mjs'];
  } else {
    writeFileSync(path.join(dir, 'receipt_webhook.py'), pyReceiver.body);
    env = pythonEnvironment(dir).env;
    command = ['python3', 'receipt_webhook.py'];
  }
  const child = spawn(command[0], command.slice(1), {
    cwd: dir,
    env: { ...env, PORT: String(port), IAINDEX_API: registry, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}/api/iaindex/receipt`;
  await waitForPort(url, child, () => output);
  return { name, url, stop: () => child.kill() };
}

async function post(url: string, body: unknown): Promise<Reply> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
}

describe('the documented batch', () => {
  it('is signed, envelope and receipts alike, with the published test key', () => {
    expect(verifies(documentedBatch, keys.publicKey)).toBe(true);
    for (const receipt of documentedBatch.receipts) expect(verifies(receipt, keys.publicKey), receipt.receiptId).toBe(true);
  });

  it('reaches back more than 300 seconds, so it shows late delivery', () => {
    const issued = Date.parse(documentedBatch.issuedAt);
    for (const receipt of documentedBatch.receipts) expect(issued - Date.parse(receipt.timestamp)).toBeGreaterThan(300_000);
  });
});

describe('the Python stand-in for rfc8785', () => {
  it('canonicalises the batch exactly as the npm RFC 8785 implementation does, when it is needed', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'iaindex-jcs-'));
    try {
      const { env, standIn } = pythonEnvironment(work);
      const batch = freshBatch();
      const run = spawnSync('python3', ['-c', 'import json, sys, rfc8785; sys.stdout.buffer.write(rfc8785.dumps(json.load(sys.stdin)))'], { input: JSON.stringify(batch), env });
      expect(run.status, run.stderr?.toString()).toBe(0);
      expect(run.stdout.toString('utf8')).toBe(canonicalize(batch));
      if (standIn) console.warn('rfc8785 is not installed for python3: the Python receiver ran with the verified stand-in');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe.each(['javascript', 'python'] as const)('the %s reference receiver', (name) => {
  let registry: http.Server;
  let receiver: Receiver;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'iaindex-receiver-'));
    registry = await startRegistry();
    const { port } = registry.address() as AddressInfo;
    receiver = await startReceiver(name, `http://127.0.0.1:${port}`, work);
  }, 60_000);

  afterAll(() => {
    receiver?.stop();
    registry?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('accepts the documented batch, sent today, with every receipt accepted in order', async () => {
    const batch = freshBatch();
    const reply = await post(receiver.url, batch);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.received).toBe(true);
    expect(reply.body.batchId).toBe(batch.batchId);
    expect(reply.body.results).toEqual(batch.receipts.map((r) => ({ receiptId: r.receiptId, status: 'accepted' })));

    const again = await post(receiver.url, signDocument({ ...batch, batchId: randomUUID() }, keys.privateKey));
    expect(again.status).toBe(200);
    expect(again.body.results?.map((r) => [r.status, r.error?.code])).toEqual(batch.receipts.map(() => ['rejected', 'duplicate_receipt']));
  });

  it('refuses the batch exactly as published, whose issuedAt is long past the window', async () => {
    const reply = await post(receiver.url, documentedBatch);
    expect(reply.status).toBe(400);
    expect(reply.body.error?.code).toBe('stale_timestamp');
  });

  it('refuses a batch changed after signing', async () => {
    const reply = await post(receiver.url, { ...freshBatch(), batchId: randomUUID() });
    expect(reply.status).toBe(401);
    expect(reply.body.error?.code).toBe('invalid_signature');
  });

  it('rejects, inside an accepted batch, a receipt older than seven days before issuedAt', async () => {
    const batch = freshBatch([8 * 86_400_000, 60_000]);
    const reply = await post(receiver.url, batch);
    expect(reply.status).toBe(200);
    expect(reply.body.results?.map((r) => [r.status, r.error?.code])).toEqual([['rejected', 'stale_timestamp'], ['accepted', undefined]]);
  });

  it('accepts a single receipt in real time, and only once', async () => {
    const receipt = signDocument({ ...documentedBatch.receipts[0], receiptId: randomUUID(), timestamp: iso(Date.now()) }, keys.privateKey);
    const first = await post(receiver.url, receipt);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ received: true, receiptId: receipt.receiptId });
    const second = await post(receiver.url, receipt);
    expect(second.status).toBe(409);
    expect(second.body.error?.code).toBe('duplicate_receipt');
  });

  it('answers 401 for a client whose key is not registered', async () => {
    const receipt = signDocument({ ...documentedBatch.receipts[0], receiptId: randomUUID(), timestamp: iso(Date.now()), client: { ...documentedBatch.receipts[0].client, id: randomUUID() } }, keys.privateKey);
    const reply = await post(receiver.url, receipt);
    expect(reply.status).toBe(401);
    expect(reply.body.error?.code).toBe('invalid_signature');
  });
});
