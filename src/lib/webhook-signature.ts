/**
 * Webhook signing per the Standard Webhooks specification, so a receiver can verify our deliveries with any of
 * that project's libraries as well as with this module.
 *
 * - Headers: `webhook-id` (unique per message), `webhook-timestamp` (integer Unix seconds) and
 *   `webhook-signature`: a space-separated list of `v1,<base64 HMAC-SHA256>` (several while a secret rotates).
 * - Signed content: `${id}.${timestamp}.${body}`, the body exactly as sent (the receiver must verify the raw
 *   bytes, before parsing the JSON).
 * - Secret: `whsec_` + base64 of the key bytes; the HMAC key is the base64-decoded part, not the text.
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

/** The HMAC key of a `whsec_` secret. A secret of another form is a programming error, not a verify failure. */
function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with "whsec_"');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  if (key.length === 0) throw new Error('a webhook secret carries a non-empty base64 key');
  return key;
}

function hmac(key: Buffer, id: string, timestamp: string, body: string): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest();
}

/** The three headers of one delivery of `body` with message id `id`, sent at `timestampS` (Unix seconds). */
export function signWebhook(secret: string, id: string, timestampS: number, body: string): { headers: WebhookHeaders } {
  if (!Number.isSafeInteger(timestampS) || timestampS < 0) throw new RangeError(`webhook timestamp must be whole non-negative seconds, got ${timestampS}`);
  const timestamp = String(timestampS);
  const signature = hmac(secretKey(secret), id, timestamp, body).toString('base64');
  return {
    headers: { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `${SIGNATURE_VERSION},${signature}` },
  };
}

/** A header value as node:http gives it (a repeated header may arrive as a list: then it is not trusted). */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Checks a received delivery against `secret`, at receiver time `nowS` (Unix seconds). Header names are
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
  const expected = Buffer.from(hmac(secretKey(secret), id, timestamp, body).toString('base64'), 'utf8');
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
