/**
 * The one error type a caller is ever shown (docs/errors.md): a stable code from the table in ./codes.ts,
 * its HTTP status and retry hint, and a message written for the caller. What explains the failure to us —
 * the thrown value that caused it, an upstream's or a library's own text — travels with the error for the
 * logs only (`cause`, `logDetail`) and is never rendered (./error-body.ts).
 *
 * Anything else that is thrown (a plain `Error`, a library's exception) becomes `internal` with a generic
 * message before it reaches a caller: `asApiError`.
 */
import { ERROR_CODES, type ErrorCode } from './codes.js';

// The code table is imported from here by most of the code base: one import for the error contract.
export { ERROR_CODES, type ErrorCode, type ErrorCodeInfo } from './codes.js';

export interface InputIssue {
  /** JSON Pointer into the inputs (`/` for the whole body). */
  path: string;
  message: string;
}

export interface ApiErrorOptions {
  issues?: InputIssue[];
  /** Further fields of the error body (e.g. `resets_at`, `leg`), rendered beside `code` and `message`. */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Overrides the code's status (e.g. 503 `upstream_unavailable` for the payment facilitator). */
  status?: number;
  /** What caused this error (the original thrown value): for the logs only, never rendered. */
  cause?: unknown;
  /** Details for the logs only (e.g. an upstream's own text), never rendered. */
  logDetail?: Record<string, unknown>;
}

/** The message of every `internal` error: nothing about what failed inside reaches the caller. */
export const INTERNAL_MESSAGE = 'Something went wrong on our side. You were not charged.';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** From the code table: whether repeating the same call can succeed. */
  readonly retryable: boolean;
  readonly issues?: InputIssue[];
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly logDetail?: Record<string, unknown>;

  /** `message` is shown to the caller as is: never put an upstream's, a library's or a thrown error's text in it. */
  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause !== undefined ? { cause: options.cause } : undefined);
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code].status;
    this.retryable = ERROR_CODES[code].retryable;
    this.issues = options.issues;
    this.extra = options.extra;
    this.headers = options.headers;
    this.logDetail = options.logDetail;
  }
}

/** The `internal` error standing for an unexpected failure; `cause` (the original) is kept for the logs. */
export function internalError(cause: unknown): ApiError {
  return new ApiError('internal', INTERNAL_MESSAGE, { cause });
}

/**
 * Any thrown value as an error safe to show: an `ApiError` as it is, anything else as `internal` with the
 * generic message. The original of an unexpected error is handed to `logUnexpected` (and kept as `cause`).
 */
export function asApiError(err: unknown, logUnexpected?: (original: unknown) => void): ApiError {
  if (err instanceof ApiError) return err;
  logUnexpected?.(err);
  return internalError(err);
}
