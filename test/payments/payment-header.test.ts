/**
 * Our PAYMENT-SIGNATURE decoder (src/payments/payment-header.ts) against @x402/core's
 * `decodePaymentSignatureHeader`: on every input below both throw, or both return the same value.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentSignatureHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { decodePaymentSignature } from '../../src/payments/payment-header.js';

type Outcome = { ok: true; value: unknown } | { ok: false };

function run(decode: (header: string) => unknown, header: string): Outcome {
  try {
    return { ok: true, value: decode(header) };
  } catch {
    return { ok: false };
  }
}

function assertSame(header: string, label = header.slice(0, 40)): Outcome {
  const ours = run(decodePaymentSignature, header);
  assert.deepEqual(ours, run(decodePaymentSignatureHeader, header), `decoders disagree on ${JSON.stringify(label)}`);
  return ours;
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

/** Deterministic pseudo-random numbers (no dependence on Math.random for a failing case to be replayable). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const payload: PaymentPayload = {
  x402Version: 2,
  resource: { url: 'https://api.example/entrypoints/enrich-token-light/invoke', description: 'Enrich — a token (0.002 USDC) ✓', mimeType: 'application/json' },
  accepted: {
    scheme: 'exact', network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', amount: '2000',
    asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', payTo: 'Pay1111111111111111111111111111111111111111', maxTimeoutSeconds: 120,
    extra: { feePayer: 'Fee1111111111111111111111111111111111111111' },
  },
  payload: { transaction: b64(new Uint8Array(600).map((_, i) => (i * 37) & 0xff)) },
  extensions: { bazaar: { info: { input: { type: 'http', method: 'POST', body: { mint: 'x' } } } } },
};

test('a real payment header decodes to the same payload, non-ASCII text included', () => {
  const header = encodePaymentSignatureHeader(payload);
  const outcome = assertSame(header);
  assert.deepEqual(outcome, { ok: true, value: payload });
});

test('padding: accepted and refused exactly where atob accepts and refuses it', () => {
  // Bodies of every length mod 4 (JSON texts of 1..8 bytes), with 0, 1 and 2 '=' appended or removed.
  for (const text of ['1', '12', '123', '1234', '"ab"', '[1,2]', '{"a":1}', '"abcdef"']) {
    const full = b64(text);
    const bare = full.replace(/=+$/, '');
    for (const header of [full, bare, `${bare}=`, `${bare}==`, `${full}=`, `${full}==`, `${bare}===`]) assertSame(header);
  }
  for (const header of ['', '=', '==', 'a', 'a=', 'ab=', 'abcde', 'abcd=', 'abcd==', 'ab==', 'abc=', 'MQ', 'MQ=', 'MQ==', 'MTI', 'MTI=']) assertSame(header);
});

test('characters outside the base64 alphabet are refused by both', () => {
  const header = encodePaymentSignatureHeader(payload);
  for (const bad of [' ', '\n', '\t', '-', '_', '.', '=', '%', 'é', '\u0000']) {
    assertSame(`${header.slice(0, 8)}${bad}${header.slice(8)}`, `inserted ${JSON.stringify(bad)}`);
    assertSame(`${bad}${header}`, `leading ${JSON.stringify(bad)}`);
  }
  assertSame('a=b=', 'padding inside');
});

test('a leading byte-order mark is dropped by both; invalid UTF-8 decodes the same', () => {
  const json = Buffer.from(JSON.stringify({ x402Version: 2, note: 'ok' }));
  const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json]);
  assert.deepEqual(assertSame(b64(withBom)), { ok: true, value: { x402Version: 2, note: 'ok' } });
  assertSame(b64(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), json])), 'two BOMs');
  // Invalid sequences inside a JSON string: lone continuation bytes, overlong forms, surrogates, truncations.
  for (const bytes of [[0x80], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xff, 0xfe]]) {
    const text = Buffer.concat([Buffer.from('{"note":"a'), Buffer.from(bytes), Buffer.from('b"}')]);
    assertSame(b64(text), `bytes ${bytes.join(',')}`);
  }
});

test('random byte strings and random alphabet strings: the same outcome every time', () => {
  const next = rng(402);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let decoded = 0;
  for (let i = 0; i < 3000; i++) {
    if (i % 3 === 0) {
      // JSON with random (often invalid UTF-8) bytes inside a string.
      const junk = Buffer.from(Array.from({ length: 1 + Math.floor(next() * 12) }, () => Math.floor(next() * 256)).filter((b) => b !== 0x22 && b !== 0x5c && b >= 0x20));
      if (assertSame(b64(Buffer.concat([Buffer.from('{"v":"'), junk, Buffer.from('"}')]))).ok) decoded++;
    } else if (i % 3 === 1) {
      assertSame(b64(Buffer.from(Array.from({ length: Math.floor(next() * 40) }, () => Math.floor(next() * 256)))));
    } else {
      const length = Math.floor(next() * 24);
      let s = '';
      for (let j = 0; j < length; j++) s += alphabet[Math.floor(next() * 64)];
      assertSame(s + '='.repeat(Math.floor(next() * 3)));
    }
  }
  assert.ok(decoded > 100, `enough random inputs decode for the comparison to mean something (${decoded})`);
});
