'use client';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';

// Checks the Ed25519 signature of an IAIndex receipt in the browser.
// Signed bytes: UTF-8 of the RFC 8785 canonical JSON of the receipt without its
// top-level `signature` and `signatureAlgorithm` members. Signature: base64url.

export interface ReceiptVerifierProps {
  /** Receipt JSON shown in the first box when the page loads. */
  defaultReceipt?: string;
  /** Public key shown in the second box: base64url raw Ed25519 key, or a PEM public key. */
  defaultPublicKey?: string;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'valid'; canonical: string }
  | { kind: 'invalid'; canonical: string }
  | { kind: 'error'; message: string };

// A receipt signed with the example client key used in the IAIndex blog walkthrough.
const SAMPLE_RECEIPT = {
  version: '1.0.0',
  receiptId: '11703a92-e5e7-4201-80fb-a4d96783947a',
  timestamp: '2025-03-04T09:15:27.120Z',
  content: {
    entryId: 'a246a2f7-dfd6-565b-8e78-0cb2c8528675',
    url: 'https://tidewater.example/2025/03/harbour-dredging-plan',
    contentHash: 'sha256:905a87a24be900e935f4de58760fb397bd083ebae0f7c74632a87efd5e199303',
    publisher: 'tidewater.example',
  },
  client: {
    id: '0b6f3c1e-8a52-4d7e-9c1a-5f2d7e4b9a30',
    name: 'kestrel-reader',
    version: '2.4.0',
    organization: 'Kestrel Labs',
    publicKey:
      '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA/1hAMUedQEmaX0yMB1Iv5lbhqNivW6Jq8dCSmWs/oJo=\n-----END PUBLIC KEY-----\n',
  },
  usage: { purpose: 'inference', context: 'rag-retrieval', modelId: 'kestrel-chat-7' },
  signature: 'NeYiIa0W362nK74assl0lfppmekUQ7SsmAbbeiPITkucFxvmS_ykoU0T2v97EKk4WhFBy0We8MDAEzGG03C2Bw',
  signatureAlgorithm: 'Ed25519',
};
const SAMPLE_KEY = '_1hAMUedQEmaX0yMB1Iv5lbhqNivW6Jq8dCSmWs_oJo';

/** RFC 8785 canonical JSON for ordinary JSON values (finite numbers, no lone surrogates). */
function canonicalize(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('The receipt contains a number JSON cannot represent.');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `[${value.map(canonicalize).join(',')}]`;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // The default sort compares UTF-16 code units, which is the order RFC 8785 asks for.
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalize(record[key])}`).join(',')}}`;
  }
  throw new Error('The receipt contains a value that is not JSON.');
}

/** Decodes base64url (padding optional); standard base64 is accepted too. */
function decodeBase64(text: string, what: string): Uint8Array<ArrayBuffer> {
  const clean = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (clean === '' || !/^[A-Za-z0-9+/]+$/.test(clean) || clean.length % 4 === 1) {
    throw new Error(`The ${what} is not valid base64url.`);
  }
  const binary = atob(clean + '='.repeat((4 - (clean.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function importPublicKey(text: string): Promise<CryptoKey> {
  const trimmed = text.trim();
  if (trimmed === '') throw new Error('Paste the public key of the client that signed the receipt.');
  if (trimmed.includes('BEGIN PUBLIC KEY')) {
    const body = trimmed.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '');
    return crypto.subtle.importKey('spki', decodeBase64(body, 'PEM public key'), { name: 'Ed25519' }, false, ['verify']);
  }
  const raw = decodeBase64(trimmed, 'public key');
  if (raw.length !== 32) {
    throw new Error(`A raw Ed25519 public key is 32 bytes; this one decodes to ${raw.length}.`);
  }
  return crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
}

async function checkReceipt(receiptText: string, keyText: string): Promise<Outcome> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(receiptText);
  } catch {
    return { kind: 'error', message: 'The receipt is not valid JSON.' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { kind: 'error', message: 'A receipt is a JSON object.' };
  }
  const { signature, signatureAlgorithm, ...unsigned } = parsed as Record<string, unknown>;
  if (typeof signature !== 'string' || signature === '') {
    return { kind: 'error', message: 'The receipt has no "signature" string.' };
  }
  if (signatureAlgorithm !== undefined && signatureAlgorithm !== 'Ed25519') {
    return { kind: 'error', message: `This tool checks Ed25519 signatures only, not ${String(signatureAlgorithm)}.` };
  }
  try {
    const canonical = canonicalize(unsigned);
    const signatureBytes = decodeBase64(signature, 'signature');
    if (signatureBytes.length !== 64) {
      return { kind: 'invalid', canonical };
    }
    const key = await importPublicKey(keyText);
    const ok = await crypto.subtle.verify({ name: 'Ed25519' }, key, signatureBytes, new TextEncoder().encode(canonical));
    return ok ? { kind: 'valid', canonical } : { kind: 'invalid', canonical };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotSupportedError') {
      return { kind: 'error', message: 'This browser cannot verify Ed25519 with Web Crypto. Try a current Chrome, Edge, Firefox or Safari.' };
    }
    return { kind: 'error', message: error instanceof Error ? error.message : 'The check failed.' };
  }
}

export default function ReceiptVerifier({ defaultReceipt = '', defaultPublicKey = '' }: ReceiptVerifierProps) {
  const id = useId();
  const [receipt, setReceipt] = useState(defaultReceipt);
  const [publicKey, setPublicKey] = useState(defaultPublicKey);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome({ kind: 'checking' });
    setOutcome(await checkReceipt(receipt, publicKey));
  }

  function loadSample() {
    setReceipt(JSON.stringify(SAMPLE_RECEIPT, null, 2));
    setPublicKey(SAMPLE_KEY);
    setOutcome({ kind: 'idle' });
  }

  function clearAll() {
    setReceipt('');
    setPublicKey('');
    setOutcome({ kind: 'idle' });
  }

  let message = 'Paste a receipt and a key, then press "Verify signature".';
  if (outcome.kind === 'checking') message = 'Checking…';
  if (outcome.kind === 'valid') message = 'Valid: this key signed exactly this receipt.';
  if (outcome.kind === 'invalid') message = 'Invalid: the signature does not match this receipt and key.';
  if (outcome.kind === 'error') message = `Error: ${outcome.message}`;

  return (
    <form className="pd-card pd-receipt-verifier" onSubmit={onSubmit}>
      <p>
        <label htmlFor={`${id}-receipt`}>Signed receipt (JSON)</label>
        <textarea
          id={`${id}-receipt`}
          className="pd-receipt-verifier__receipt"
          rows={12}
          spellCheck={false}
          autoComplete="off"
          value={receipt}
          onChange={(event) => setReceipt(event.target.value)}
        />
      </p>
      <p>
        <label htmlFor={`${id}-key`}>Client public key (base64url raw Ed25519, or PEM)</label>
        <textarea
          id={`${id}-key`}
          className="pd-receipt-verifier__key"
          rows={2}
          spellCheck={false}
          autoComplete="off"
          value={publicKey}
          onChange={(event) => setPublicKey(event.target.value)}
        />
      </p>
      <p className="pd-receipt-verifier__actions">
        <button type="submit" disabled={outcome.kind === 'checking'}>
          Verify signature
        </button>{' '}
        <button type="button" onClick={loadSample}>
          Load example
        </button>{' '}
        <button type="button" onClick={clearAll}>
          Clear
        </button>
      </p>
      <p role="status" aria-live="polite" className={`pd-receipt-verifier__status pd-receipt-verifier__status--${outcome.kind}`}>
        {message}
      </p>
      {outcome.kind === 'valid' || outcome.kind === 'invalid' ? (
        <details className="pd-receipt-verifier__canonical">
          <summary>Bytes that were checked (RFC 8785 canonical JSON)</summary>
          <pre>
            <code>{outcome.canonical}</code>
          </pre>
        </details>
      ) : null}
    </form>
  );
}
