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
 * - The failure is a fixed short code, never the socket's or the receiver's text.
 * - The deadline runs on `timers`, so a test can fire it on ManualTimers.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { systemTimers, type Timers } from '../lib/timers.js';

export type WebhookPostError = 'timeout' | 'blocked_address' | 'connection_failed' | 'response_too_large' | 'aborted' | `status_${number}`;

export interface WebhookPostResult {
  /** True iff the receiver answered 2xx within the deadline (and within the answer size cap). */
  ok: boolean;
  /** The receiver's status, null when none was received. */
  status: number | null;
  error: WebhookPostError | null;
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
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

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
  const started = performance.now();
  const result = (status: number | null, error: WebhookPostError | null): WebhookPostResult => ({
    ok: error === null,
    status,
    error,
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

    const finish = (error: WebhookPostError | null) => {
      if (settled) return;
      settled = true;
      cancelTimeout();
      signal?.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(result(status, error));
    };
    const onAbort = () => finish('aborted');
    const cancelTimeout = timers.setTimeout(() => finish('timeout'), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });

    request.on('error', (error) => finish(errorCode(error)));
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxResponseBytes) finish('response_too_large');
      });
      response.on('error', () => finish('connection_failed'));
      // A connection cut before the answer ended (no 'end'): after a normal 'end' this finds the attempt settled.
      response.on('close', () => finish('connection_failed'));
      response.on('end', () => {
        if (status !== null && status >= 200 && status < 300) finish(null);
        else finish(`status_${status ?? 0}`);
      });
    });
    request.end(body);
  });
}
