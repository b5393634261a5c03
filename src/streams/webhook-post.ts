/**
 * One webhook delivery attempt: a POST of the event JSON to the subscriber's URL, judged by the answer's status.
 *
 * - The connection resolves the host through the `lookup` it is given (the callback-URL guard), so the address
 *   is checked at connect time; an IP-literal host, which Node connects to without any lookup, is put through
 *   the same `lookup` first.
 * - Redirects are not followed: a 3xx is a failure like any other non-2xx (following one would let a receiver
 *   point the service at an address the guard never saw).
 * - The answer's body is read and discarded, up to `maxResponseBytes`: the receiver's words are never stored
 *   or shown, and a receiver that streams without end cannot hold the connection.
 * - A 2xx status is the acknowledgement: the receiver has processed the event, so how the answer's body then
 *   ends (over the cap, cut, past the deadline) does not turn it into a failure that would deliver it again.
 *   Only an abort (shutdown) still reports `aborted`. For a non-2xx answer the cap stays a failure.
 * - A 429 or 503 may say when to come back (`Retry-After`); a 410 says the receiver is gone for good. Both are
 *   reported for the caller's retry policy, which this module does not decide.
 * - The failure is a fixed short code, never the socket's or the receiver's text.
 * - The deadline runs on `timers`, so a test can fire it on ManualTimers.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { systemTimers, type Timers } from '../lib/timers.js';

export type WebhookPostError = 'timeout' | 'blocked_address' | 'connection_failed' | 'response_too_large' | 'aborted' | `status_${number}`;

export interface WebhookPostResult {
  /** True iff the receiver answered with a 2xx status within the deadline (whatever its body did after). */
  ok: boolean;
  /** The receiver's status, null when none was received. */
  status: number | null;
  error: WebhookPostError | null;
  /** A 429 or 503 answer's `Retry-After`, in whole seconds from now (0 when already past); null otherwise or unparseable. */
  retryAfterS: number | null;
  /** True iff the receiver answered 410 Gone. */
  gone: boolean;
  /** How long the attempt took (informational: logs and the delivery record, never a decision). */
  durationMs: number;
}

export interface WebhookPostOptions {
  url: URL;
  /** The JSON text to send, exactly the text that was signed. */
  body: string;
  /** The signature headers (and any other); `content-type` is always `application/json`. */
  headers: Readonly<Record<string, string>>;
  /** Deadline of the whole attempt: connect, send, answer, answer body. */
  timeoutMs: number;
  /** The guarded lookup (callback-url's `guardedLookup`). */
  lookup: LookupFunction;
  timers?: Timers;
  /** Abandons the attempt (shutdown): the result is `aborted`. */
  signal?: AbortSignal;
  maxResponseBytes?: number;
  /** The clock an HTTP-date `Retry-After` is measured against when the answer has no usable `Date` header. */
  now?: () => Date;
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/** The three HTTP-date forms (IMF-fixdate, RFC 850, asctime) all start with a day name; asctime has no zone but is GMT. */
function parseHttpDate(value: string): number | null {
  if (!/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /.test(value)) return null;
  const ms = Date.parse(/ GMT$/.test(value) ? value : `${value} GMT`);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * `Retry-After` as seconds to wait: delta-seconds as given, an HTTP-date relative to the answer's own `Date`
 * (the receiver's clock against itself, so clock skew between us does not matter) or, absent, to `now`.
 */
export function parseRetryAfter(value: string | undefined, dateHeader: string | undefined, now: () => Date): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) ? seconds : null;
  }
  const at = parseHttpDate(text);
  if (at === null) return null;
  const base = (dateHeader === undefined ? null : parseHttpDate(dateHeader.trim())) ?? now().getTime();
  return Math.max(0, Math.ceil((at - base) / 1000));
}

const RETRY_AFTER_STATUSES = new Set([429, 503]);

function errorCode(error: unknown): WebhookPostError {
  return (error as NodeJS.ErrnoException | null)?.code === 'EBLOCKED' ? 'blocked_address' : 'connection_failed';
}

/** Puts an IP-literal host through `lookup`, since Node would connect to it without one. */
function checkLiteralHost(url: URL, lookup: LookupFunction): Promise<WebhookPostError | null> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) === 0) return Promise.resolve(null);
  return new Promise((resolve) => lookup(host, { all: true }, (error) => resolve(error ? errorCode(error) : null)));
}

export async function postWebhook(options: WebhookPostOptions): Promise<WebhookPostResult> {
  const { url, body, headers, timeoutMs, lookup, signal } = options;
  const timers = options.timers ?? systemTimers;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  let retryAfterS: number | null = null;
  const result = (status: number | null, error: WebhookPostError | null): WebhookPostResult => ({
    ok: error === null,
    status,
    error,
    retryAfterS,
    gone: status === 410,
    durationMs: performance.now() - started,
  });

  if (signal?.aborted) return result(null, 'aborted');
  const literalRefusal = await checkLiteralHost(url, lookup);
  if (literalRefusal) return result(null, literalRefusal);

  return new Promise<WebhookPostResult>((resolve) => {
    let settled = false;
    let status: number | null = null;
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      // No pooled connection: each attempt connects (and so resolves and checks the address) afresh.
      agent: false,
      lookup,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    });

    const acknowledged = () => status !== null && status >= 200 && status < 300;
    // After a 2xx, an end other than abort is still the acknowledgement it already was.
    const finish = (error: WebhookPostError | null) => {
      if (settled) return;
      settled = true;
      cancelTimeout();
      signal?.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(result(status, error !== 'aborted' && acknowledged() ? null : error));
    };
    const onAbort = () => finish('aborted');
    const cancelTimeout = timers.setTimeout(() => finish('timeout'), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });

    request.on('error', (error) => finish(errorCode(error)));
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      if (status !== null && RETRY_AFTER_STATUSES.has(status)) retryAfterS = parseRetryAfter(response.headers['retry-after'], response.headers.date, now);
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxResponseBytes) finish('response_too_large');
      });
      response.on('error', () => finish('connection_failed'));
      // A connection cut before the answer ended (no 'end'): after a normal 'end' this finds the attempt settled.
      response.on('close', () => finish('connection_failed'));
      response.on('end', () => finish(acknowledged() ? null : `status_${status ?? 0}`));
    });
    request.end(body);
  });
}
