/**
 * The order of PaymentLifecycle.admit's store reads (src/payments/lifecycle.ts): a new x402 payment is verified,
 * then claimed, with no claim read; a payment seen before is still answered from its claim whichever way the
 * verification goes — refused (a settled copy's nonce is spent), admitted (its claim is then taken), or the
 * facilitator unreachable; a card credential and a payment carrying a payment identifier are looked up first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import type { CardGate } from '../../src/payments/card/index.js';
import type { PaymentGate } from '../../src/payments/gate.js';
import { FacilitatorUnavailableError } from '../../src/payments/errors.js';
import type { PaymentCheck, PaymentRequest, VerifiedPayment } from '../../src/payments/types.js';
import { PaymentLifecycle, type PaidCall } from '../../src/payments/lifecycle.js';
import type { RegisteredEndpoint } from '../../src/registry/index.js';
import { systemTimers } from '../../src/lib/timers.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/types.js';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';

const endpoint: RegisteredEndpoint = fixtureRegistry().get('test-echo')!;
const CALL_KEY = 'test-echo:{}';
const ANSWER = { status: 200, headers: { 'content-type': 'application/json' }, json: '{"data":"kept"}' };

function verified(key: string, paymentId?: string): VerifiedPayment {
  return {
    version: 2, network: 'eip155:8453', payer: '0xpayer', idempotencyKey: key, amountAtomic: 2000n,
    ...(paymentId !== undefined ? { paymentId } : {}),
    settle: async () => ({ ok: true, transaction: '0xtx', network: 'eip155:8453', headers: {} }),
    cancel: async () => undefined,
  };
}

/** A gate whose check the test sets; it counts checks. */
function fakeGate(key: string | undefined) {
  const gate = { checks: 0, next: (async () => ({ kind: 'verified', payment: verified(key!) })) as () => Promise<PaymentCheck> };
  const api = {
    identify: () => key,
    check: () => {
      gate.checks++;
      return gate.next();
    },
    findSettlement: async () => undefined,
  };
  return { gate, api: api as unknown as PaymentGate };
}

/** The store with its claim reads counted. */
function countedStore(): { store: Store; reads: () => number } {
  const store = openSqliteStore(':memory:');
  let reads = 0;
  const getClaim = store.getClaim.bind(store);
  store.getClaim = (key) => {
    reads++;
    return getClaim(key);
  };
  return { store, reads: () => reads };
}

function lifecycle(gate: PaymentGate, store: Store, card?: CardGate) {
  return new PaymentLifecycle({ gate, store, card, now: () => new Date(), timers: systemTimers, logger: pino({ level: 'silent' }) });
}

const x402Request: PaymentRequest = { header: (name) => (name === 'payment-signature' ? 'signed' : undefined), url: '/x', userAgent: 't' };
const call = (preq = x402Request): PaidCall => ({ endpoint, preq, requestId: 'req', callKey: CALL_KEY });

async function seed(store: Store, key: string, finish?: Parameters<Store['finishClaim']>[1]) {
  await store.claimPayment({ idempotencyKey: key, endpoint: 'test-echo', network: 'eip155:8453', payer: '0xpayer', amountAtomic: 2000n, requestId: 'first', claimedAt: new Date(), callKey: CALL_KEY });
  if (finish) await store.finishClaim(key, finish);
}

test('a new x402 payment is verified and claimed without a claim read', async () => {
  const { store, reads } = countedStore();
  const { gate, api } = fakeGate('evm:new');
  const admission = await lifecycle(api, store).admit(call());
  assert.equal(admission.kind, 'admitted');
  assert.equal(gate.checks, 1);
  assert.equal(reads(), 0);
  assert.equal((await store.getClaim('evm:new'))?.status, 'claimed');
});

test('a copy of a settled payment, refused by the facilitator, is named a replay or served its kept answer', async () => {
  const { store } = countedStore();
  const { gate, api } = fakeGate('evm:settled');
  gate.next = async () => ({ kind: 'invalid', reason: 'invalid_exact_evm_payload_authorization_nonce_used', message: 'spent' });
  await seed(store, 'evm:settled', { status: 'delivered', transaction: '0xtx', at: new Date() });
  const replay = await lifecycle(api, store).admit(call());
  assert.deepEqual(replay.kind === 'refused' ? [replay.code, replay.reason] : replay.kind, ['payment_replayed', 'payment_replayed']);
  const kept = countedStore().store;
  await seed(kept, 'evm:settled', { status: 'undelivered', transaction: '0xtx', answer: ANSWER, at: new Date() });
  const retry = await lifecycle(api, kept).admit(call());
  assert.deepEqual(retry.kind === 'kept' ? retry.answer : retry.kind, ANSWER);
});

test('a copy that verifies while its original still runs is told the payment is in use', async () => {
  const { store } = countedStore();
  const { api } = fakeGate('evm:running');
  await seed(store, 'evm:running');
  const admission = await lifecycle(api, store).admit(call());
  assert.deepEqual(admission.kind === 'refused' ? admission.reason : admission.kind, 'payment_in_use');
});

test('with the facilitator unreachable, a payment whose answer was kept still gets it; a new one gets the error', async () => {
  const { store } = countedStore();
  const { gate, api } = fakeGate('evm:kept');
  gate.next = async () => { throw new FacilitatorUnavailableError('down'); };
  await seed(store, 'evm:kept', { status: 'undelivered', transaction: '0xtx', answer: ANSWER, at: new Date() });
  const retry = await lifecycle(api, store).admit(call());
  assert.deepEqual(retry.kind === 'kept' ? retry.answer : retry.kind, ANSWER);
  const fresh = fakeGate('evm:unknown');
  fresh.gate.next = gate.next;
  await assert.rejects(lifecycle(fresh.api, store).admit(call()), FacilitatorUnavailableError);
});

test('a payment carrying a payment identifier is looked up by its own key before its identifier', async () => {
  const { store } = countedStore();
  const { gate, api } = fakeGate('evm:with-id');
  gate.next = async () => ({ kind: 'verified', payment: verified('evm:with-id', 'pay_0123456789abcdef') });
  await seed(store, 'evm:with-id', { status: 'not_settled', reason: 'http_500', at: new Date() });
  const admission = await lifecycle(api, store).admit(call());
  assert.equal(admission.kind, 'refused');
  assert.equal(admission.kind === 'refused' ? admission.code : '', 'payment_replayed');
});

test('a card credential seen before is answered from its claim without being checked', async () => {
  const { store } = countedStore();
  const { api } = fakeGate(undefined);
  let checks = 0;
  const card = {
    identify: () => 'card:cred-1',
    check: async () => {
      checks++;
      return { kind: 'invalid', reason: 'x', message: 'x' };
    },
  } as unknown as CardGate;
  await seed(store, 'card:cred-1', { status: 'undelivered', transaction: 'ch_1', answer: ANSWER, at: new Date() });
  const preq: PaymentRequest = { header: (name) => (name === 'authorization' ? 'Payment abc' : undefined), url: '/x', userAgent: 't' };
  const admission = await lifecycle(api, store, card).admit(call(preq));
  assert.deepEqual(admission.kind === 'kept' ? admission.answer : admission.kind, ANSWER);
  assert.equal(checks, 0);
});
