/**
 * The coded error module (src/errors/, docs/errors.md): status and retry hint come from the code table, an
 * unexpected thrown value becomes `internal` with the generic message while its original is kept for the
 * logs, and the error body renders nothing that is kept for the logs only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, asApiError, ERROR_CODES, INTERNAL_MESSAGE, internalError, type ErrorCode } from '../../src/errors/api-error.js';
import { errorBody } from '../../src/errors/error-body.js';
import { FacilitatorUnavailableError, FACILITATOR_UNAVAILABLE_MESSAGE } from '../../src/payments/errors.js';

const SECRET = 'postgres://service:hunter2@db.internal:5432/api';

test('every code: status and retryable come from the table, and the body says the same', () => {
  for (const [code, info] of Object.entries(ERROR_CODES) as [ErrorCode, (typeof ERROR_CODES)[ErrorCode]][]) {
    const err = new ApiError(code, 'm');
    assert.equal(err.status, info.status, code);
    assert.equal(err.retryable, info.retryable, code);
    assert.equal(errorBody(err, 'req_1').error.retryable, info.retryable, code);
  }
  // A status override (the facilitator's 503) keeps the code's retry hint.
  const overridden = new ApiError('upstream_unavailable', 'm', { status: 503 });
  assert.equal(overridden.status, 503);
  assert.equal(overridden.retryable, true);
});

test('an unknown thrown value becomes internal with the generic message; the original is logged and kept as cause', () => {
  const original = new Error(`connect ECONNREFUSED ${SECRET}`);
  const logged: unknown[] = [];
  const err = asApiError(original, (o) => logged.push(o));
  assert.equal(err.code, 'internal');
  assert.equal(err.status, 500);
  assert.equal(err.retryable, true);
  assert.equal(err.message, INTERNAL_MESSAGE);
  assert.equal(err.message, 'Something went wrong on our side. You were not charged.');
  assert.equal(err.cause, original, 'the original travels with the error for the logs');
  assert.deepEqual(logged, [original], 'the original is handed to the logger once');
  assert.ok(!JSON.stringify(errorBody(err, 'req_1')).includes('hunter2'), 'nothing of the original in the body');
  // Not only Errors are thrown.
  for (const thrown of ['a string', 42, undefined, null, { message: SECRET }]) {
    const coded = asApiError(thrown);
    assert.equal(coded.code, 'internal');
    assert.equal(coded.message, INTERNAL_MESSAGE);
    assert.ok(!JSON.stringify(errorBody(coded, 'req_1')).includes('hunter2'));
  }
  assert.equal(internalError(original).cause, original);
});

test('an ApiError passes through as it is, and nothing is logged for it', () => {
  const coded = new ApiError('not_found', 'Not found. You were not charged.');
  let logged = 0;
  assert.equal(asApiError(coded, () => logged++), coded);
  assert.equal(logged, 0);
});

test('the body renders code, message, issues, retryable, request_id and extra fields in that order, never cause or logDetail', () => {
  const err = new ApiError('invalid_input', 'Input does not match.', {
    issues: [{ path: '/mint', message: 'must be a mint' }],
    extra: { leg: 'chain_rpc' },
    cause: new Error(SECRET),
    logDetail: { upstream: SECRET },
  });
  const json = JSON.stringify(errorBody(err, 'req_abc'));
  assert.equal(json, '{"error":{"code":"invalid_input","message":"Input does not match.","issues":[{"path":"/mint","message":"must be a mint"}],"retryable":false,"request_id":"req_abc","leg":"chain_rpc"}}');
  assert.equal(err.logDetail?.upstream, SECRET, 'kept for the logs');
});

test('the facilitator being unavailable is a coded 503 with a fixed message; its own text is kept for the logs only', () => {
  const cause = new Error(`fetch failed: ${SECRET}`);
  const err = new FacilitatorUnavailableError(cause.message, cause);
  assert.ok(err instanceof ApiError);
  assert.equal(err.code, 'upstream_unavailable');
  assert.equal(err.status, 503);
  assert.equal(err.message, FACILITATOR_UNAVAILABLE_MESSAGE);
  assert.equal(err.detail, cause.message);
  assert.equal(err.cause, cause);
  const body = JSON.stringify(errorBody(err, 'req_1'));
  assert.equal(body, '{"error":{"code":"upstream_unavailable","message":"The payment facilitator is unavailable; nothing was charged. Retry shortly.","retryable":true,"request_id":"req_1"}}');
});

test('the invocation pipeline answers internal with the generic body and logs the original (thrown, or the cause of an internal ApiError)', async () => {
  const { Invoker } = await import('../../src/app/invoke.js');
  type Deps = ConstructorParameters<typeof Invoker>[0];
  const logged: { fields: Record<string, unknown>; msg: string }[] = [];
  const logger = { error: (fields: Record<string, unknown>, msg: string) => logged.push({ fields, msg }), warn: () => undefined, info: () => undefined };
  const invoker = new Invoker({ logger, lifecycle: {} } as unknown as Deps);
  const internalBody = { error: { code: 'internal', message: INTERNAL_MESSAGE, retryable: true, request_id: 'req_1' } };

  const thrown = new Error(SECRET);
  const a = invoker.errorOutcome(thrown, 'req_1', 'k');
  assert.equal(a.status, 500);
  assert.deepEqual(a.body, internalBody);
  assert.equal(logged.at(-1)?.fields.err, thrown);

  const cause = new Error(`composite call to unknown endpoint x (${SECRET})`);
  const b = invoker.errorOutcome(internalError(cause), 'req_1', 'k');
  assert.deepEqual(b.body, internalBody);
  assert.equal(logged.at(-1)?.fields.err, cause, 'the cause of an internal ApiError is logged');

  const before = logged.length;
  invoker.errorOutcome(new ApiError('not_found', 'Not found. You were not charged.'), 'req_1', 'k');
  assert.equal(logged.length, before, 'an expected coded error is not logged as a failure');
});
