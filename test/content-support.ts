// Helpers for the tests that run or check the code and examples published in content/docs.
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import canonicalize from 'canonicalize';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface CodeBlock {
  lang: string;
  meta: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
}

/** Fenced code blocks of a markdown file (top-level ``` fences only, which is all the docs use). */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let open: { lang: string; meta: string; line: number; lines: string[] } | undefined;
  markdown.split('\n').forEach((line, i) => {
    if (open) {
      if (/^```\s*$/.test(line)) {
        blocks.push({ lang: open.lang, meta: open.meta, body: open.lines.join('\n'), line: open.line });
        open = undefined;
      } else {
        open.lines.push(line);
      }
      return;
    }
    const fence = /^```(\w*)(.*)$/.exec(line);
    if (fence) open = { lang: fence[1], meta: fence[2].trim(), line: i + 1, lines: [] };
  });
  return blocks;
}

export function docBlocks(docPath: string): CodeBlock[] {
  return codeBlocks(readFileSync(`${ROOT}/content/docs/${docPath}`, 'utf8'));
}

export function titleOf(block: CodeBlock): string | undefined {
  return /title="([^"]*)"/.exec(block.meta)?.[1];
}

/** The one block titled `title` on a docs page; fails loudly when the page changed shape. */
export function blockTitled(docPath: string, title: string): CodeBlock {
  const found = docBlocks(docPath).filter((b) => titleOf(b) === title);
  if (found.length !== 1) throw new Error(`expected one code block titled "${title}" in ${docPath}, found ${found.length}`);
  return found[0];
}

export type Json = Record<string, unknown>;

/** The published test key pair of the signatures page (client `corvid-2025-01`). */
export function testKeys(): { privateKey: KeyObject; publicKey: KeyObject } {
  const jwk = JSON.parse(blockTitled('protocol/signatures.md', 'private key (test only)').body) as Record<string, string>;
  const privateKey = createPrivateKey({ key: { ...jwk }, format: 'jwk' });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** The signing input: RFC 8785 canonical JSON without the top-level signature members. */
export function signingInput(doc: Json): Buffer {
  const { signature: _signature, signatureAlgorithm: _algorithm, ...unsigned } = doc;
  const text = canonicalize(unsigned);
  if (text === undefined) throw new Error('canonicalize returned undefined');
  return Buffer.from(text, 'utf8');
}

export function signDocument<T extends Json>(doc: T, privateKey: KeyObject): T {
  const signature = sign(null, signingInput(doc), privateKey).toString('base64url');
  return { ...doc, signature, signatureAlgorithm: 'Ed25519' };
}

export function verifies(doc: Json, publicKey: KeyObject): boolean {
  if (typeof doc.signature !== 'string') return false;
  return verify(null, signingInput(doc), publicKey, Buffer.from(doc.signature, 'base64url'));
}
