/** The payment claims contract (src/store/claims/types.ts): single-use keys, outcomes, the lifecycle's kept answers. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClaimRepository } from '../../../src/store/types.js';
import { claim, contractSuite, unique } from './kit.js';

export const claimsContract = contractSuite<ClaimRepository>('claims repository', ({ withStore, open, onSharedDatabase }) => {
  test('a payment key is claimed exactly once, even by 100 concurrent claims', () => withStore(async (store) => {
    const key = unique('evm:0xabc:0x1');
    const results = await Promise.all(Array.from({ length: 100 }, () => store.claimPayment(claim(key))));
    assert.equal(results.filter(Boolean).length, 1);
    assert.equal(await store.claimPayment(claim(unique('evm:0xabc:0x2'))), true);
  }));

  test('claim outcomes are recorded', () => withStore(async (store) => {
    const key = unique('k1');
    await store.claimPayment({ ...claim(key), amountAtomic: 123456789012345678901234567890n });
    assert.equal((await store.getClaim(key))?.status, 'claimed');
    await store.finishClaim(key, { status: 'settled', transaction: '0xtx', referralCode: 'ref', at: new Date('2026-11-22T00:00:01.234Z') });
    const stored = await store.getClaim(key);
    assert.deepEqual(stored, {
      ...claim(key), amountAtomic: 123456789012345678901234567890n, status: 'settled', transaction: '0xtx', referralCode: 'ref', finishedAt: new Date('2026-11-22T00:00:01.234Z'),
    });
    assert.equal(await store.claimPayment(claim(key)), false, 'a key stays claimed');
    assert.equal(await store.getClaim(unique('missing')), undefined);
  }));

  test('the payment lifecycle: identifier and call recorded, answers kept while a state needs them, listed by state', () => withStore(async (store) => {
    const key = unique('svm:msg');
    const paymentId = unique('pay_identifier_0123456789');
    const claimedAt = new Date('2020-01-01T00:00:00Z'); // older than every other test's claims: listed first
    await store.claimPayment({ ...claim(key), claimedAt, paymentId, callKey: 'endpoint:test-echo:{"value":"x"}' });
    const answer = { status: 200, headers: { 'PAYMENT-RESPONSE': 'abc' }, json: '{"data":{"echo":"x"}}' };
    await store.finishClaim(key, { status: 'unconfirmed', reason: 'settlement_unconfirmed', at: new Date('2020-01-01T00:00:01Z'), answer, lookup: '{"mark":1}' });
    const unconfirmed = await store.getClaim(key);
    assert.equal(unconfirmed?.paymentId, paymentId);
    assert.equal(unconfirmed?.callKey, 'endpoint:test-echo:{"value":"x"}');
    assert.deepEqual(unconfirmed?.answer, answer);
    assert.equal(unconfirmed?.lookup, '{"mark":1}');
    assert.equal((await store.findClaimByPaymentId(paymentId))?.idempotencyKey, key);
    assert.equal(await store.findClaimByPaymentId(unique('pay_nobody_012345678')), undefined);
    const listed = await store.listClaims('unconfirmed', new Date('2020-01-02T00:00:00Z'), 1000);
    assert.ok(listed.some((c) => c.idempotencyKey === key));
    assert.ok(!(await store.listClaims('unconfirmed', new Date('2019-12-31T00:00:00Z'), 1000)).some((c) => c.idempotencyKey === key), 'claimed after the bound');
    // Found on chain: the answer is kept (a later outcome without one does not erase it), the lookup is done.
    await store.finishClaim(key, { status: 'undelivered', transaction: '0xtx', reason: 'confirmed_on_chain', at: new Date('2020-01-01T00:00:02Z') });
    const undelivered = await store.getClaim(key);
    assert.equal(undelivered?.status, 'undelivered');
    assert.deepEqual(undelivered?.answer, answer);
    assert.equal(undelivered?.lookup, undefined);
    assert.ok(!(await store.listClaims('unconfirmed', new Date('2020-01-02T00:00:00Z'), 1000)).some((c) => c.idempotencyKey === key));
    // A later outcome without a transaction keeps the one recorded.
    await store.finishClaim(key, { status: 'delivered', reason: 'retry', at: new Date('2020-01-01T00:00:03Z') });
    assert.equal((await store.getClaim(key))?.transaction, '0xtx');
    assert.equal((await store.getClaim(key))?.amountAtomic, claim(key).amountAtomic, 'an outcome without a charge keeps the amount');
  }));

  test('an upto outcome records what was charged in place of the maximum authorised', () => withStore(async (store) => {
    const key = unique('permit2:owner:nonce');
    await store.claimPayment({ ...claim(key), amountAtomic: 15_000n });
    await store.finishClaim(key, { status: 'delivered', transaction: '0xtx', chargedAtomic: 8_571n, at: new Date('2020-01-01T00:00:01Z') });
    assert.equal((await store.getClaim(key))?.amountAtomic, 8_571n);
  }));

  onSharedDatabase(() => {
    test('two instances see each other\'s claims; 100 claims across them, one winner', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      try {
        const key = unique('shared-claim');
        assert.equal(await a.claimPayment(claim(key)), true);
        assert.equal(await b.claimPayment(claim(key)), false);
        assert.equal((await b.getClaim(key))?.requestId, 'req_1');
        const raced = unique('raced-claim');
        const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).claimPayment(claim(raced))));
        assert.equal(results.filter(Boolean).length, 1);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
});
