// Guards the worked example on content/docs/protocol/signatures.md: the published canonical form, public key and
// signature must be exactly what RFC 8785 + Ed25519 produce, so readers can use the page as a test vector.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';

const PAGE = fileURLToPath(new URL('../content/docs/protocol/signatures.md', import.meta.url));

interface CodeBlock {
  lang: string;
  meta: string;
  body: string;
}

/** Fenced code blocks of a markdown file (top-level ``` fences only, which is all the docs use). */
function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let open: { lang: string; meta: string; lines: string[] } | undefined;
  for (const line of markdown.split('\n')) {
    if (open) {
      if (/^```\s*$/.test(line)) {
        blocks.push({ lang: open.lang, meta: open.meta, body: open.lines.join('\n') });
        open = undefined;
      } else {
        open.lines.push(line);
      }
      continue;
    }
    const fence = /^```(\w*)(.*)$/.exec(line);
    if (fence) open = { lang: fence[1], meta: fence[2].trim(), lines: [] };
  }
  return blocks;
}

function titleOf(meta: string): string | undefined {
  return /title="([^"]*)"/.exec(meta)?.[1];
}

const blocks = codeBlocks(readFileSync(PAGE, 'utf8'));

function block(title: string): CodeBlock {
  const found = blocks.filter((b) => titleOf(b.meta) === title);
  if (found.length !== 1) throw new Error(`expected one code block titled "${title}" in signatures.md, found ${found.length}`);
  return found[0];
}

type Json = Record<string, unknown>;

const signedBlock = block('signed receipt');
const signedText = signedBlock.body;
const signed = JSON.parse(signedText) as Json;
const canonicalBlock = block('canonical form');
const publicJwk = JSON.parse(block('public key').body) as { kty: string; crv: string; x: string };
const privateJwk = JSON.parse(block('private key (test only)').body) as { kty: string; crv: string; x: string; d: string };

function withoutSignatureFields(doc: Json): Json {
  const { signature: _signature, signatureAlgorithm: _algorithm, ...unsigned } = doc;
  return unsigned;
}

function canonicalBytes(doc: Json): Buffer {
  const text = canonicalize(withoutSignatureFields(doc));
  if (text === undefined) throw new Error('canonicalize returned undefined');
  return Buffer.from(text, 'utf8');
}

const publicKey: KeyObject = createPublicKey({
  key: { kty: 'OKP', crv: 'Ed25519', x: publicJwk.x },
  format: 'jwk',
});

function verifies(doc: Json): boolean {
  const signature = doc.signature;
  if (typeof signature !== 'string') return false;
  return verify(null, canonicalBytes(doc), publicKey, Buffer.from(signature, 'base64url'));
}

describe('signatures.md worked example', () => {
  it('declares the signed example as a receipt and publishes an Ed25519 key', () => {
    expect(signedBlock.lang).toBe('json');
    expect(signedBlock.meta).toMatch(/\bschema=receipt\b/);
    expect(publicJwk.kty).toBe('OKP');
    expect(publicJwk.crv).toBe('Ed25519');
    expect(Buffer.from(publicJwk.x, 'base64url')).toHaveLength(32);
    expect(privateJwk.x).toBe(publicJwk.x);
  });

  it('publishes the RFC 8785 canonical form of the receipt without its signature fields, on one line', () => {
    expect(canonicalBlock.lang).toBe('json');
    expect(canonicalBlock.body).not.toContain('\n');
    expect(canonicalBlock.body).toBe(canonicalize(withoutSignatureFields(signed)));
  });

  it('has a base64url Ed25519 signature (86 characters, no padding) that verifies with the published key', () => {
    expect(signed.signatureAlgorithm).toBe('Ed25519');
    expect(signed.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(verifies(signed)).toBe(true);
  });

  it('embeds the same key as PEM in client.publicKey', () => {
    const client = signed.client as { publicKey: string };
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(client.publicKey.trim()).toBe(pem.trim());
  });

  it('reproduces the published signature from the test private key (Ed25519 is deterministic)', () => {
    const privateKey = createPrivateKey({ key: { ...privateJwk }, format: 'jwk' });
    const again = sign(null, Buffer.from(canonicalBlock.body, 'utf8'), privateKey).toString('base64url');
    expect(again).toBe(signed.signature);
  });

  it('fails verification when one byte of the signed example changes', () => {
    // Change one character inside a string value so the JSON stays parseable.
    const target = '"timestamp": "2025-01-17T14:30:00.000Z"';
    const at = signedText.indexOf(target);
    expect(at).toBeGreaterThan(-1);
    const position = at + target.indexOf('14:30') + 3; // the '3' of the minutes
    const tampered = signedText.slice(0, position) + '4' + signedText.slice(position + 1);
    expect(tampered).not.toBe(signedText);
    expect(tampered.length).toBe(signedText.length);
    expect(verifies(JSON.parse(tampered) as Json)).toBe(false);
  });

  it('fails verification when any single signed value changes', () => {
    const paths: string[][] = [
      ['receiptId'],
      ['keyId'],
      ['content', 'contentHash'],
      ['content', 'entryId'],
      ['client', 'name'],
      ['usage', 'purpose'],
      ['usage', 'modelId'],
    ];
    for (const path of paths) {
      const copy = structuredClone(signed);
      let holder = copy as Json;
      for (const key of path.slice(0, -1)) holder = holder[key] as Json;
      const last = path[path.length - 1];
      const value = holder[last] as string;
      holder[last] = value.slice(0, -1) + (value.endsWith('a') ? 'b' : 'a');
      expect(verifies(copy), path.join('.')).toBe(false);
    }
  });

  it('fails verification when one bit of the signature flips', () => {
    const raw = Buffer.from(signed.signature as string, 'base64url');
    raw[10] ^= 0x01;
    expect(verifies({ ...signed, signature: raw.toString('base64url') })).toBe(false);
  });
});
