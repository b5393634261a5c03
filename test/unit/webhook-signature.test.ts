/** Standard Webhooks signing: the signature a receiver computes on its own matches, and every tampering fails. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { generateWebhookSecret, signWebhook, verifyWebhook } from '../../src/lib/webhook-signature.js';

// A fixed key so the vector below is reproducible; the expected signature is computed here, independently.
const KEY = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
const SECRET = `whsec_${KEY.toString('base64')}`;
const ID = 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';
const TS = 1674087231;
const BODY = '{"type":"user.created","data":{"n":1,"text":"héllo"}}';

function independentSignature(key: Buffer, id: string, ts: string, body: string): string {
  return createHmac('sha256', key).update(Buffer.from(`${id}.${ts}.${body}`, 'utf8')).digest('base64');
}

test('signWebhook: the three headers, signature = base64 HMAC-SHA256 of id.timestamp.body under the decoded key', () => {
  const { headers } = signWebhook(SECRET, ID, TS, BODY);
  assert.deepEqual(headers, {
    'webhook-id': ID,
    'webhook-timestamp': '1674087231',
    'webhook-signature': `v1,${independentSignature(KEY, ID, '1674087231', BODY)}`,
  });
  // The key is the decoded bytes, not the secret's text.
  assert.notEqual(headers['webhook-signature'], `v1,${independentSignature(Buffer.from(SECRET), ID, '1674087231', BODY)}`);
});

test('signWebhook refuses a non-integer timestamp and a secret without the whsec_ prefix', () => {
  assert.throws(() => signWebhook(SECRET, ID, 1.5, BODY), RangeError);
  assert.throws(() => signWebhook(KEY.toString('base64'), ID, TS, BODY));
});

test('verifyWebhook accepts what signWebhook produced', () => {
  const { headers } = signWebhook(SECRET, ID, TS, BODY);
  assert.deepEqual(verifyWebhook(SECRET, { ...headers }, BODY, TS), { ok: true });
});

test('a tampered body, id or timestamp, or another secret, fails with bad_signature', () => {
  const { headers } = signWebhook(SECRET, ID, TS, BODY);
  const bad = { ok: false, reason: 'bad_signature' };
  assert.deepEqual(verifyWebhook(SECRET, headers, BODY.replace('1', '2'), TS), bad);
  assert.deepEqual(verifyWebhook(SECRET, { ...headers, 'webhook-id': `${ID}x` }, BODY, TS), bad);
  assert.deepEqual(verifyWebhook(SECRET, { ...headers, 'webhook-timestamp': String(TS + 1) }, BODY, TS), bad);
  assert.deepEqual(verifyWebhook(generateWebhookSecret(), headers, BODY, TS), bad);
  // Stray characters around a valid signature are not tolerated (Node's base64 decoder would skip them).
  assert.deepEqual(verifyWebhook(SECRET, { ...headers, 'webhook-signature': `${headers['webhook-signature']}!` }, BODY, TS), bad);
});

test('tolerance: exactly 300 s either way passes, 301 s fails (too_old / too_new)', () => {
  const { headers } = signWebhook(SECRET, ID, TS, BODY);
  assert.deepEqual(verifyWebhook(SECRET, headers, BODY, TS + 300), { ok: true });
  assert.deepEqual(verifyWebhook(SECRET, headers, BODY, TS - 300), { ok: true });
  assert.deepEqual(verifyWebhook(SECRET, headers, BODY, TS + 301), { ok: false, reason: 'too_old' });
  assert.deepEqual(verifyWebhook(SECRET, headers, BODY, TS - 301), { ok: false, reason: 'too_new' });
  assert.deepEqual(verifyWebhook(SECRET, headers, BODY, TS + 60, 59), { ok: false, reason: 'too_old' });
});

test('several signatures: any one valid v1 entry suffices; other versions and all-wrong lists do not', () => {
  const { headers } = signWebhook(SECRET, ID, TS, BODY);
  const valid = headers['webhook-signature'];
  const other = signWebhook(generateWebhookSecret(), ID, TS, BODY).headers['webhook-signature'];
  const validValue = valid.slice(3);
  assert.deepEqual(verifyWebhook(SECRET, { ...headers, 'webhook-signature': `${other} ${valid}` }, BODY, TS), { ok: true });
  assert.deepEqual(verifyWebhook(SECRET, { ...headers, 'webhook-signature': `${valid} ${other}` }, BODY, TS), { ok: true });
  assert.deepEqual(verifyWebhook(SECRET, { ...headers, 'webhook-signature': `v1a,${validValue} ${other}` }, BODY, TS), {
    ok: false,
    reason: 'bad_signature',
  });
  assert.deepEqual(verifyWebhook(SECRET, { ...headers, 'webhook-signature': other }, BODY, TS), { ok: false, reason: 'bad_signature' });
});

test('missing or malformed headers', () => {
  const { headers } = signWebhook(SECRET, ID, TS, BODY);
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
    const without: Record<string, string | undefined> = { ...headers, [name]: undefined };
    assert.deepEqual(verifyWebhook(SECRET, without, BODY, TS), { ok: false, reason: 'missing_headers' }, name);
  }
  assert.deepEqual(verifyWebhook(SECRET, { ...headers, 'webhook-id': [ID, ID] }, BODY, TS), { ok: false, reason: 'missing_headers' });
  for (const ts of ['abc', '1674087231.5', '-5', ' 1674087231', '1e9']) {
    assert.deepEqual(verifyWebhook(SECRET, { ...headers, 'webhook-timestamp': ts }, BODY, TS), { ok: false, reason: 'bad_timestamp' }, ts);
  }
});

test('generateWebhookSecret: whsec_ + base64 of 32 random bytes, different each time', () => {
  const a = generateWebhookSecret();
  const b = generateWebhookSecret();
  assert.match(a, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.equal(Buffer.from(a.slice(6), 'base64').length, 32);
  assert.notEqual(a, b);
});

test('verifyWebhook takes the secret with or without the whsec_ prefix; signWebhook still requires it', () => {
  const { headers } = signWebhook(SECRET, ID, TS, BODY);
  assert.deepEqual(verifyWebhook(KEY.toString('base64'), headers, BODY, TS), { ok: true });
  assert.deepEqual(verifyWebhook(SECRET, headers, BODY, TS), { ok: true });
  // The bare form is the same key, not the prefixed text read as base64 (which would be another key).
  const otherKey = Buffer.alloc(32, 7).toString('base64');
  assert.deepEqual(verifyWebhook(otherKey, headers, BODY, TS), { ok: false, reason: 'bad_signature' });
  assert.throws(() => signWebhook(KEY.toString('base64'), ID, TS, BODY), /whsec_/);
});

test('a key of 24 to 64 bytes signs and verifies; shorter or longer is refused by both, as is a key that is not base64', () => {
  for (const bytes of [24, 32, 64]) {
    const secret = `whsec_${Buffer.alloc(bytes, 1).toString('base64')}`;
    const { headers } = signWebhook(secret, ID, TS, BODY);
    assert.equal(headers['webhook-signature'], `v1,${independentSignature(Buffer.alloc(bytes, 1), ID, String(TS), BODY)}`, `${bytes} bytes`);
    assert.deepEqual(verifyWebhook(secret, headers, BODY, TS), { ok: true }, `${bytes} bytes`);
  }
  const { headers } = signWebhook(SECRET, ID, TS, BODY);
  for (const bytes of [1, 23, 65, 128]) {
    const encoded = Buffer.alloc(bytes, 1).toString('base64');
    assert.throws(() => signWebhook(`whsec_${encoded}`, ID, TS, BODY), RangeError, `${bytes} bytes`);
    assert.throws(() => verifyWebhook(`whsec_${encoded}`, headers, BODY, TS), RangeError, `${bytes} bytes`);
    assert.throws(() => verifyWebhook(encoded, headers, BODY, TS), RangeError, `${bytes} bytes, bare`);
  }
  // Refused even when the headers alone would fail: the secret is checked first.
  assert.throws(() => verifyWebhook(`whsec_${Buffer.alloc(16).toString('base64')}`, {}, BODY, TS), RangeError);
  // Node's decoder would skip the stray characters and yield a valid-length key: refused instead.
  const mistyped = `whsec_${KEY.toString('base64').slice(0, 20)}!*${KEY.toString('base64').slice(20)}`;
  assert.throws(() => signWebhook(mistyped, ID, TS, BODY), /base64/);
  assert.throws(() => verifyWebhook(mistyped, headers, BODY, TS), /base64/);
  assert.throws(() => verifyWebhook('', headers, BODY, TS), /base64/);
  assert.throws(() => signWebhook('whsec_', ID, TS, BODY), /base64/);
});
