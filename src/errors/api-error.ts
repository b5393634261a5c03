/**
 * The error contract (DESIGN §3). Codes are stable and documented in docs/errors.md;
 * a new code is an additive change, renaming one is a breaking change.
 */
export type ErrorCode =
  | 'invalid_json'
  | 'invalid_input'
  | 'unknown_endpoint'
  | 'not_found'
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

export interface InputIssue {
  path: string;
  message: string;
}

/** HTTP status and retry hint of each code: one table, so the docs and the server cannot disagree. */
export const ERROR_CODES: Record<ErrorCode, { status: number; retryable: boolean; meaning: string }> = {
  invalid_json: { status: 400, retryable: false, meaning: 'The body is not valid JSON (or not a JSON object).' },
  invalid_input: { status: 400, retryable: false, meaning: 'The input breaks the endpoint schema; `issues` lists each `{path, message}`.' },
  unknown_endpoint: { status: 404, retryable: false, meaning: 'No endpoint has that key (or the route does not exist).' },
  not_found: { status: 404, retryable: false, meaning: 'The subject does not exist on chain (e.g. the address is not a token mint, the signature is unknown). Not charged.' },
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

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues?: InputIssue[];
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { issues?: InputIssue[]; extra?: Record<string, unknown>; headers?: Record<string, string>; status?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code].status;
    this.issues = options.issues;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    issues?: InputIssue[];
    retryable: boolean;
    request_id: string;
  } & Record<string, unknown>;
}

export function errorBody(err: ApiError, requestId: string): ErrorBody {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.issues ? { issues: err.issues } : {}),
      retryable: ERROR_CODES[err.code].retryable,
      request_id: requestId,
      ...(err.extra ?? {}),
    },
  };
}
