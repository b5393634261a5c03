/**
 * Top-up credits that were not written at settlement (src/jobs/stream-top-up-credits.ts, src/streams/top-up-credit.ts),
 * against a real SQLite store: a charged top-up with no credit (its settlement confirmed later, or its credit write
 * failed) is credited once, from its payment claim — prepaid, or a voucher allowance on the channel its key names;
 * one still in flight or refused is not; and until then the claim job holds an uncredited voucher top-up back.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { streamTopUpCreditsJob } from '../../src/jobs/stream-top-up-credits.js';
import { channelOfPaymentKey, subscriptionOfCallKey, undeliveredAllowance } from '../../src/streams/top-up-credit.js';
import { ManualTimers } from '../../src/lib/timers.js';
import type { SubscriptionRow } from '../../src/store/subscriptions/types.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const CHANNEL = '0x' + '1f'.repeat(32);

function subscription(id: string): SubscriptionRow {
  return { id, tokenHash: 'a'.repeat(64), source: 'exit-signal', input: { mint: 'M' }, groupKey: `g-${id}`, delivery: 'stream', webhookUrl: null, webhookSecret: null, priceAtomic: 1000n, status: 'active', createdAt: NOW };
}

const claim = (key: string, subscriptionId: string, network: string) => ({
  idempotencyKey: key, endpoint: 'subscription-fund', network, payer: 'payer', amountAtomic: 100_000n, requestId: 'r', claimedAt: NOW,
  callKey: `endpoint:subscription-fund:{"subscription_id":"${subscriptionId}"}`,
});

describe('top-up credits from payment claims', () => {
  it('keys and call keys are read back', () => {
    assert.equal(channelOfPaymentKey(`bs:${CHANNEL.toUpperCase().replace('0X', '0x')}:100000:uuid`), CHANNEL);
    assert.equal(channelOfPaymentKey('eip3009:0xabc:0x01'), undefined);
    assert.equal(subscriptionOfCallKey('endpoint:subscription-fund:{"subscription_id":"sub_1"}'), 'sub_1');
    assert.equal(subscriptionOfCallKey('endpoint:test-echo:{"subscription_id":"sub_1"}'), undefined);
    assert.equal(subscriptionOfCallKey(null), undefined);
  });

  it('credits each charged top-up once; leaves the in-flight and the refused; holds uncredited vouchers back', async () => {
    const store = openSqliteStore(':memory:');
    try {
      for (const id of ['sub_a', 'sub_b', 'sub_c', 'sub_d']) await store.createSubscription(subscription(id));
      const voucherKey = `bs:${CHANNEL}:100000:one`;
      await store.claimPayment(claim('solana:exact:1', 'sub_a', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'));
      await store.claimPayment(claim(voucherKey, 'sub_b', 'eip155:8453'));
      await store.claimPayment(claim('solana:exact:2', 'sub_c', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'));
      await store.claimPayment(claim('solana:exact:3', 'sub_d', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'));
      await store.finishClaim('solana:exact:1', { status: 'undelivered', transaction: 'sig1', at: NOW }); // found on chain later
      await store.finishClaim('solana:exact:3', { status: 'not_settled', reason: 'http_500', at: NOW });
      // sub_c's payment is still `claimed` (in flight); the voucher is `claimed` too: held back from claims already.
      assert.equal((await undeliveredAllowance(store)).get(CHANNEL), 100_000n, 'an in-flight voucher top-up is held back');
      await store.finishClaim(voucherKey, { status: 'delivered', transaction: '', at: NOW });
      assert.equal((await undeliveredAllowance(store)).get(CHANNEL), 100_000n, 'settled, not yet credited: still held back');

      const woken: string[][] = [];
      const job = streamTopUpCreditsJob({ store, onCredited: (ids) => woken.push(ids) });
      const run = () => job.run({ now: NOW, signal: new AbortController().signal, timers: new ManualTimers() });
      assert.equal(await run(), 'credited 2 top-ups, 1 still in flight');
      assert.deepEqual(woken.map((ids) => [...ids].sort()), [['sub_a', 'sub_b']]);
      assert.deepEqual((await store.readFunds('sub_a')).available, { prepaid: 100_000n, voucher: 0n });
      assert.deepEqual((await store.readFunds('sub_b')).available, { prepaid: 0n, voucher: 100_000n });
      assert.deepEqual((await store.readFunds('sub_c')).available, { prepaid: 0n, voucher: 0n });
      assert.deepEqual((await store.readFunds('sub_d')).available, { prepaid: 0n, voucher: 0n }, 'a refused top-up is never credited');
      assert.equal((await undeliveredAllowance(store)).get(CHANNEL), 100_000n, 'credited and undelivered: held back once, not twice');
      assert.equal(await run(), 'credited 0 top-ups, 1 still in flight', 'credits are keyed by the payment: once');
    } finally {
      await store.close();
    }
  });
});
