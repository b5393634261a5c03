/**
 * The error codes of the API and what each one means to a caller: HTTP status, whether repeating the same
 * call can succeed, and a one-line meaning. This table drives docs/errors.md ("Codes"; a test keeps the
 * page in step) and the docs the service serves (/openapi.json, /llms.txt, /docs).
 *
 * Codes are a stable contract: a new code is an additive change, renaming or repurposing one is a breaking
 * change (docs/errors.md).
 */
export type ErrorCode =
  | 'invalid_json'
  | 'invalid_input'
  | 'unknown_endpoint'
  | 'not_found'
  | 'unknown_subscription'
  | 'wrong_delivery_mode'
  | 'payment_required'
  | 'payment_invalid'
  | 'payment_replayed'
  | 'settlement_unconfirmed'
  | 'body_too_large'
  | 'rate_limited'
  | 'unroutable_question'
  | 'upstream_unavailable'
  | 'upstream_timeout'
  | 'not_implemented'
  | 'internal';

export interface ErrorCodeInfo {
  /** The HTTP status an error of this code is answered with (an error may override it, e.g. 503 for the facilitator). */
  status: number;
  /** Whether the same call, repeated later, can succeed: rendered as `retryable` in every error body. */
  retryable: boolean;
  meaning: string;
}

/** HTTP status and retry hint of each code: one table, so the docs and the server cannot disagree. */
export const ERROR_CODES: Record<ErrorCode, ErrorCodeInfo> = {
  invalid_json: { status: 400, retryable: false, meaning: 'The body is not valid JSON (or not a JSON object).' },
  invalid_input: { status: 400, retryable: false, meaning: 'The input breaks the endpoint schema; `issues` lists each `{path, message}`.' },
  unknown_endpoint: { status: 404, retryable: false, meaning: 'No endpoint has that key (or the route does not exist).' },
  not_found: { status: 404, retryable: false, meaning: 'The subject does not exist on chain (e.g. the address is not a token mint, the signature is unknown). Not charged.' },
  unknown_subscription: { status: 404, retryable: false, meaning: 'No subscription has that id, or the token does not match it (the two are not told apart). Subscriptions: docs/streaming.md.' },
  wrong_delivery_mode: { status: 409, retryable: false, meaning: 'The subscription delivers the other way: a webhook subscription\'s events are posted, not streamed.' },
  payment_required: { status: 402, retryable: true, meaning: 'A paid endpoint was called without a payment; the body is the x402 challenge.' },
  payment_invalid: { status: 402, retryable: true, meaning: 'The payment failed verification, or settlement was refused before anything moved, or the caller left before the answer was paid for; nothing was charged. `reason` is the code.' },
  payment_replayed: { status: 402, retryable: false, meaning: 'This payment (or payment identifier) was already used for another call, or is paying for a call still running. A re-sent payment whose answer was lost is not refused: it gets that answer.' },
  settlement_unconfirmed: { status: 503, retryable: true, meaning: 'The transfer was sent but its confirmation could not be read: you may have been charged. Repeat the call with the same payment or payment identifier after `Retry-After` to receive the answer; if it never lands you are not charged.' },
  body_too_large: { status: 413, retryable: false, meaning: 'The request body exceeds 64 KiB.' },
  rate_limited: { status: 429, retryable: true, meaning: 'Too many calls on a free route, or too many refused payments from one client on a paid route (payments are then not verified); see `Retry-After`. Not charged.' },
  unroutable_question: { status: 422, retryable: false, meaning: '`query` could not route the question; suggestions are listed. Not charged.' },
  upstream_unavailable: { status: 502, retryable: true, meaning: 'A required data source failed. Not charged.' },
  upstream_timeout: { status: 504, retryable: true, meaning: 'A required data source did not answer in time. Not charged.' },
  not_implemented: { status: 501, retryable: false, meaning: 'The endpoint is registered but not built yet, or needs data this deployment has not configured. Never charged.' },
  internal: { status: 500, retryable: true, meaning: 'An unexpected error before any settlement; no internals are exposed. Not charged (a charged answer is always delivered, whatever fails after the settlement).' },
};
