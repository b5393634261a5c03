/**
 * Errors of one member of a multi-address call (a batch item, a comparison column), in the stable codes
 * of src/errors/api-error.ts (docs/errors.md), and the call-level failure when no member (or too few)
 * could be answered.
 *
 * A member's error is what a single call for that address would have answered (not_found,
 * upstream_unavailable, upstream_timeout, internal), minus the "You were not charged" sentence: inside a
 * call that succeeds, that sentence would be false.
 */
import { ApiError, ERROR_CODES, type ErrorCode } from '../../errors/api-error.js';
import { SourceError, toApiError } from '../../sources/errors.js';
import type { JobOutcome } from '../../lib/bounded-run.js';

export interface MemberError {
  code: ErrorCode;
  message: string;
  retryable: boolean;
}

export interface FailedMember {
  address: string;
  error: MemberError;
}

const NOT_CHARGED = /\s*You were not charged\.?/g;

function fromApiError(err: ApiError): MemberError {
  return { code: err.code, message: err.message.replace(NOT_CHARGED, '').trim(), retryable: ERROR_CODES[err.code].retryable };
}

export function memberError(code: ErrorCode, message: string): MemberError {
  return { code, message, retryable: ERROR_CODES[code].retryable };
}

/** The error of a job that did not finish with a value. */
export function errorOfOutcome(outcome: Exclude<JobOutcome<unknown>, { status: 'done' }>): MemberError {
  if (outcome.status === 'timed_out') {
    return memberError('upstream_timeout', outcome.started
      ? 'Not finished before the answer deadline (its data sources were too slow).'
      : 'Not started before the answer deadline (earlier items took the time).');
  }
  const err = outcome.error;
  if (err instanceof ApiError) return fromApiError(err);
  if (err instanceof SourceError) return fromApiError(toApiError(err));
  // A bug must not leak internals, nor fail the other members.
  return memberError('internal', 'Something went wrong on our side for this address.');
}

/**
 * The failure of a call whose members all failed (or too few succeeded), answered like a single call
 * would be, never charged: 404 when every failure is not_found, 504 when every upstream failure is a
 * timeout, 502 when any upstream source failed, 500 otherwise. `items` lists each member's error.
 */
export function callFailure(failed: readonly FailedMember[], context: string): ApiError {
  const codes = failed.map((f) => f.error.code);
  const upstream = codes.filter((c) => c === 'upstream_unavailable' || c === 'upstream_timeout');
  let code: ErrorCode;
  if (codes.length > 0 && codes.every((c) => c === 'not_found')) code = 'not_found';
  else if (upstream.length > 0 && upstream.every((c) => c === 'upstream_timeout') && codes.every((c) => c === 'not_found' || c === 'upstream_timeout')) code = 'upstream_timeout';
  else if (upstream.length > 0) code = 'upstream_unavailable';
  else code = 'internal';
  const detail = failed.map((f) => `${f.address}: ${f.error.code}`).join('; ');
  return new ApiError(code, `${context} (${detail}). You were not charged.`, { extra: { items: failed.map((f) => ({ address: f.address, error: f.error })) } });
}
