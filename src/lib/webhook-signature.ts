/**
 * Webhook signing per the Standard Webhooks specification, so a receiver can verify our deliveries with any of
 * that project's libraries as well as with this module.
 *
 * - Headers: `webhook-id` (unique per message), `webhook-timestamp` (integer Unix seconds) and
 *   `webhook-signature`: a space-separated list of `v1,<base64 HMAC-SHA256>` (several while a secret rotates).
 * - Signed content: `${id}.${timestamp}.${body}`, the body exactly as sent (the receiver must verify the raw
 *   bytes, before parsing the JSON).
 * - Secret: `whsec_` + base64 of the key bytes; the HMAC key is the base64-decoded part, not the text. The
 *   specification wants a key of at least 24 bytes (192 bits) and at most 512 bits (64 bytes): a key outside
 *   those bounds is refused by signing and verifying alike. Verification, like the Standard Webhooks
 *   libraries, also takes the bare base64 without the prefix (receivers often store it that way).
 *
 * Replay protection is two-part: the timestamp must be within `toleranceS` of the receiver's clock (either
 * direction), which bounds how long a captured delivery stays usable, and within that window the receiver
 * drops a `webhook-id` it has already processed. A retried delivery keeps its id (and is re-signed with a new
 * timestamp), so that deduplication also makes retries idempotent.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SIGNATURE_VERSION = 'v1';
const SECRET_KEY_BYTES = 32;
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const DEFAULT_TOLERANCE_S = 300;

// A type alias, not an interface, so the headers pass where a header record (index signature) is expected.
export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

export type WebhookVerifyFailure = 'missing_headers' | 'bad_timestamp' | 'too_old' | 'too_new' | 'bad_signature';
export type WebhookVerifyResult = { ok: true } | { ok: false; reason: WebhookVerifyFailure };

/** A fresh secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_KEY_BYTES).toString('base64');
}

/**
 * The HMAC key of a secret; the `whsec_` prefix is required unless `prefixOptional`. A secret of another form
 * is a programming or configuration error, not a verify failure, so it throws.
 */
function secretKey(secret: string, prefixOptional: boolean): Buffer {
  const hasPrefix = secret.startsWith(SECRET_PREFIX);
  if (!hasPrefix && !prefixOptional) throw new Error('a webhook secret starts with "whsec_"');
  const encoded = hasPrefix ? secret.slice(SECRET_PREFIX.length) : secret;
  // Node's base64 decoder skips characters it does not know: a mistyped secret must fail, not yield another key.
  if (!BASE64.test(encoded)) throw new Error('a webhook secret carries its key in base64');
  const key = Buffer.from(encoded, 'base64');
  if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) {
    throw new RangeError(`a webhook secret key is ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} bytes, got ${key.length}`);
  }
  return key;
}

function hmac(key: Buffer, id: string, timestamp: string, body: string): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest();
}

/** The three headers of one delivery of `body` with message id `id`, sent at `timestampS` (Unix seconds). */
export function signWebhook(secret: string, id: string, timestampS: number, body: string): { headers: WebhookHeaders } {
  if (!Number.isSafeInteger(timestampS) || timestampS < 0) throw new RangeError(`webhook timestamp must be whole non-negative seconds, got ${timestampS}`);
  const timestamp = String(timestampS);
  const signature = hmac(secretKey(secret, false), id, timestamp, body).toString('base64');
  return {
    headers: { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `${SIGNATURE_VERSION},${signature}` },
  };
}

/** A header value as node:http gives it (a repeated header may arrive as a list: then it is not trusted). */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Checks a received delivery against `secret` (`whsec_…` or the bare base64 key), at receiver time `nowS` (Unix seconds). Header names are
 * matched lower-case (as node:http presents them). Any one valid `v1,` signature among several is enough;
 * entries of other versions are skipped.
 */
export function verifyWebhook(
  secret: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: string,
  nowS: number,
  toleranceS: number = DEFAULT_TOLERANCE_S,
): WebhookVerifyResult {
  // First, so a malformed secret throws whatever the headers are.
  const key = secretKey(secret, true);
  const id = single(headers['webhook-id']);
  const timestamp = single(headers['webhook-timestamp']);
  const signatures = single(headers['webhook-signature']);
  if (id === undefined || timestamp === undefined || signatures === undefined) return { ok: false, reason: 'missing_headers' };

  if (!/^\d{1,15}$/.test(timestamp)) return { ok: false, reason: 'bad_timestamp' };
  const sentS = Number(timestamp);
  if (sentS < nowS - toleranceS) return { ok: false, reason: 'too_old' };
  if (sentS > nowS + toleranceS) return { ok: false, reason: 'too_new' };

  // Compared as base64 text rather than decoded bytes: Node's base64 decoder skips stray characters, and a
  // signature that is not exactly the canonical encoding should not pass.
  const expected = Buffer.from(hmac(key, id, timestamp, body).toString('base64'), 'utf8');
  let matched = false;
  for (const entry of signatures.split(' ')) {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== SIGNATURE_VERSION) continue;
    const candidate = Buffer.from(entry.slice(comma + 1), 'utf8');
    // Every entry is compared (no early exit) and in constant time, so timing reveals nothing about the key.
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
  }
  return matched ? { ok: true } : { ok: false, reason: 'bad_signature' };
}
