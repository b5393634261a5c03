/**
 * The subscriptions contract (src/store/subscriptions/types.ts): events numbered per subscription, money moved
 * once and never below zero, webhook delivery state, leases. On a shared database other tests' rows stay, so
 * ids and group keys are unique per test and the whole-table reads (due webhooks, stale reservations, retention,
 * pending top-ups) use moments in a year no other test stores at.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { PendingTopUp } from '../../../src/store/subscriptions/types.js';
import type { ClaimRepository, DeliveryAttempt, GroupEvent, SubscriptionRepository, SubscriptionRow } from '../../../src/store/types.js';
import { contractSuite, unique } from './kit.js';

const t = (iso: string) => new Date(iso);
const newId = () => `sub_${randomBytes(12).toString('hex')}`;
const T0 = '2026-11-22T00:00:00.000Z';

function subscription(over: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    id: newId(), tokenHash: 'a'.repeat(64), source: 'check-alerts', input: { subjects: [{ type: 'token', address: 'MINT' }], thresholds: { drop: 0.2 } },
    groupKey: unique('group'), delivery: 'stream', webhookUrl: null, webhookSecret: null, priceAtomic: 1000n, status: 'active', createdAt: t(T0), ...over,
  };
}

/** A new active subscription's id: charges are reserved only for an active subscription. */
async function activeSubscription(store: SubscriptionRepository, over: Partial<SubscriptionRow> = {}): Promise<string> {
  const row = subscription(over);
  await store.createSubscription(row);
  return row.id;
}

const event = (eventId: string, occurredAt = T0): GroupEvent => ({ eventId, type: 'verdict_changed', occurredAt: t(occurredAt), body: JSON.stringify({ id: eventId }) });

const credit = (subscriptionId: string, amountAtomic: bigint, source: 'prepaid' | 'voucher' = 'prepaid', channelId = '') => ({
  subscriptionId, source, channelId, amountAtomic, paymentKey: unique('pay'), network: source === 'prepaid' ? 'solana:mainnet' : 'eip155:8453',
  transaction: source === 'prepaid' ? '0xtx' : '', at: t(T0),
});

const attempt = (subscriptionId: string, seq: number, n: number, ok: boolean, at: string, nextAttemptAt: string | null = null): DeliveryAttempt => ({
  subscriptionId, seq, attempt: n, at: t(at), status: ok ? 200 : 500, ok, error: ok ? null : 'status_500', durationMs: 12, nextAttemptAt: nextAttemptAt ? t(nextAttemptAt) : null,
});

export const subscriptionsContract = contractSuite<SubscriptionRepository & ClaimRepository>('subscriptions repository', ({ withStore, open, onSharedDatabase }) => {
  test('subscriptions: created, read back exactly, cancelled once', () => withStore(async (store) => {
    const row = subscription({ delivery: 'webhook', webhookUrl: 'https://hooks.example/x', webhookSecret: 'whsec_abc', priceAtomic: 123456789012345678n, createdAt: t('2026-11-22T00:00:01.234Z') });
    await store.createSubscription(row);
    assert.deepEqual(await store.getSubscription(row.id), row);
    assert.equal(await store.getSubscription(newId()), undefined);
    assert.equal(await store.cancelSubscription(row.id, t(T0)), true);
    assert.equal((await store.getSubscription(row.id))?.status, 'cancelled');
    assert.equal(await store.cancelSubscription(row.id, t(T0)), false, 'already cancelled');
    assert.equal(await store.cancelSubscription(newId(), t(T0)), false, 'unknown');
  }));

  test('detection groups with activeSince: only subscriptions that can pay, or were created, topped up or charged since', () => withStore(async (store) => {
    const old = t('2026-11-01T00:00:00.000Z');
    const since = t('2026-11-21T00:00:00.000Z');
    const idle = subscription({ createdAt: old });
    const canPay = subscription({ createdAt: old });
    const recent = subscription({ createdAt: t('2026-11-21T00:00:00.000Z') });
    const chargedLately = subscription({ createdAt: old });
    const toppedUpLately = subscription({ createdAt: old });
    const poor = subscription({ createdAt: old });
    for (const s of [idle, canPay, recent, chargedLately, toppedUpLately, poor]) await store.createSubscription(s);
    await store.creditSubscription({ ...credit(canPay.id, 1000n), at: old });
    await store.creditSubscription({ ...credit(poor.id, 999n), at: old }); // less than one event
    await store.creditSubscription({ ...credit(chargedLately.id, 1000n), at: old });
    await store.reserveCharge(chargedLately.id, 1, 1000n, t('2026-11-21T12:00:00.000Z'));
    await store.commitCharge(chargedLately.id, 1, t('2026-11-21T12:00:00.000Z'));
    await store.creditSubscription({ ...credit(toppedUpLately.id, 1000n), at: t('2026-11-21T06:00:00.000Z') });
    await store.reserveCharge(toppedUpLately.id, 1, 1000n, old); // spent at once (an old moment): only the top-up is recent
    const keys = async (activeSince?: Date) => new Set((await store.listDetectionGroups(activeSince)).map((g) => g.groupKey));
    const mine = [idle, canPay, recent, chargedLately, toppedUpLately, poor];
    const filtered = await keys(since);
    assert.deepEqual(mine.filter((s) => filtered.has(s.groupKey)).map((s) => s.groupKey), [canPay, recent, chargedLately, toppedUpLately].map((s) => s.groupKey));
    const all = await keys();
    assert.ok(mine.every((s) => all.has(s.groupKey)), 'without activeSince every active group');
  }));

  test('detection groups: one per key with an active subscription, its state and earliest active subscriber', () => withStore(async (store) => {
    const groupKey = unique('group');
    const early = subscription({ groupKey, createdAt: t('2026-11-20T00:00:00.000Z') });
    const later = subscription({ groupKey, createdAt: t('2026-11-21T00:00:00.000Z') });
    const cancelledOnly = subscription();
    for (const s of [early, later, cancelledOnly]) await store.createSubscription(s);
    await store.cancelSubscription(cancelledOnly.id, t(T0));
    const find = async (key: string) => (await store.listDetectionGroups()).filter((g) => g.groupKey === key);
    assert.deepEqual(await find(groupKey), [{ groupKey, source: 'check-alerts', input: early.input, state: null, firstSubscribedAt: early.createdAt }]);
    assert.deepEqual(await find(cancelledOnly.groupKey), [], 'no active subscription, no detection');
    await store.saveDetectionState(groupKey, '{"v":1}', t(T0));
    await store.saveDetectionState(groupKey, '{"v":2}', t(T0));
    await store.cancelSubscription(early.id, t(T0));
    assert.deepEqual(await find(groupKey), [{ groupKey, source: 'check-alerts', input: early.input, state: '{"v":2}', firstSubscribedAt: later.createdAt }]);
  }));

  test('appended events: numbered per subscription in order, duplicates skipped, only active subscribers existing at storedAt', () => withStore(async (store) => {
    const groupKey = unique('group');
    const a = subscription({ groupKey });
    const b = subscription({ groupKey, createdAt: t('2026-11-22T00:05:00.000Z') });
    const lateJoiner = subscription({ groupKey, createdAt: t('2026-11-22T00:20:00.000Z') });
    const cancelled = subscription({ groupKey });
    const otherGroup = subscription();
    for (const s of [a, b, lateJoiner, cancelled, otherGroup]) await store.createSubscription(s);
    await store.cancelSubscription(cancelled.id, t(T0));

    const first = await store.appendGroupEvents(groupKey, [event('e1'), event('e2')], t('2026-11-22T00:01:00.000Z'));
    assert.deepEqual(first, { appended: 2, subscriptionIds: [a.id] }, 'b did not exist yet');
    const second = await store.appendGroupEvents(groupKey, [event('e2'), event('e3')], t('2026-11-22T00:10:00.000Z'));
    assert.deepEqual(second, { appended: 3, subscriptionIds: [a.id, b.id].sort() }, 'a skips e2 which it has');
    assert.deepEqual(await store.appendGroupEvents(groupKey, [event('e3')], t('2026-11-22T00:11:00.000Z')), { appended: 0, subscriptionIds: [] });

    const seqs = async (id: string) => (await store.eventsAfter(id, 0, 100)).map((e) => [e.seq, e.eventId]);
    assert.deepEqual(await seqs(a.id), [[1, 'e1'], [2, 'e2'], [3, 'e3']]);
    assert.deepEqual(await seqs(b.id), [[1, 'e2'], [2, 'e3']]);
    assert.deepEqual(await seqs(lateJoiner.id), []);
    assert.deepEqual(await seqs(cancelled.id), []);
    assert.deepEqual(await seqs(otherGroup.id), []);
    const [stored] = await store.eventsAfter(b.id, 1, 1);
    assert.deepEqual(stored, {
      subscriptionId: b.id, seq: 2, eventId: 'e3', type: 'verdict_changed', occurredAt: t(T0), storedAt: t('2026-11-22T00:10:00.000Z'), body: '{"id":"e3"}',
    });
  }));

  test('appended events: one event fans out to 1,000 subscribers of a group', () => withStore(async (store) => {
    const groupKey = unique('group');
    const subs = Array.from({ length: 1000 }, () => subscription({ groupKey }));
    for (const s of subs) await store.createSubscription(s);
    const result = await store.appendGroupEvents(groupKey, [event('big')], t('2026-11-22T01:00:00.000Z'));
    assert.equal(result.appended, 1000);
    assert.deepEqual(result.subscriptionIds, subs.map((s) => s.id).sort());
    assert.deepEqual((await store.eventsAfter(subs[999]!.id, 0, 10)).map((e) => e.seq), [1]);
  }));

  test('events: eventsAfter pages, eventRange bounds, retention deletes by stored time and never reuses a seq', () => withStore(async (store) => {
    const s = subscription({ createdAt: t('2018-01-01T00:00:00.000Z') });
    await store.createSubscription(s);
    assert.deepEqual(await store.eventRange(s.id), { first: 0, last: 0 });
    await store.appendGroupEvents(s.groupKey, [event('r1'), event('r2')], t('2018-01-02T00:00:00.000Z'));
    await store.appendGroupEvents(s.groupKey, [event('r3')], t('2018-01-03T00:00:00.000Z'));
    assert.deepEqual((await store.eventsAfter(s.id, 1, 1)).map((e) => e.seq), [2]);
    assert.deepEqual(await store.eventRange(s.id), { first: 1, last: 3 });
    assert.equal(await store.deleteEventsBefore(t('2018-01-03T00:00:00.000Z')), 2);
    assert.deepEqual(await store.eventRange(s.id), { first: 3, last: 3 });
    await store.appendGroupEvents(s.groupKey, [event('r4')], t('2018-01-04T00:00:00.000Z'));
    assert.deepEqual((await store.eventsAfter(s.id, 0, 10)).map((e) => e.seq), [3, 4]);
  }));

  test('credits: applied once per payment key; funds read per source', () => withStore(async (store) => {
    const id = newId();
    const c = credit(id, 5000n);
    assert.equal(await store.creditSubscription(c), 'credited');
    assert.equal(await store.creditSubscription({ ...c, amountAtomic: 9999n }), 'duplicate');
    assert.equal(await store.creditSubscription(credit(id, 700n, 'voucher', 'ch1')), 'credited');
    assert.equal(await store.creditSubscription(credit(id, 300n, 'voucher', 'ch2')), 'credited');
    assert.deepEqual(await store.readFunds(id), {
      available: { prepaid: 5000n, voucher: 1000n }, reserved: 0n, charged: { count: 0, amountAtomic: 0n }, credited: { prepaid: 5000n, voucher: 1000n },
    });
  }));

  test('charges: an event is charged at most once; reserving twice debits once', () => withStore(async (store) => {
    const id = await activeSubscription(store);
    await store.creditSubscription(credit(id, 5000n));
    assert.deepEqual(await store.reserveCharge(id, 1, 1000n, t(T0)), { kind: 'reserved', source: 'prepaid', channelId: '' });
    assert.deepEqual(await store.reserveCharge(id, 1, 1000n, t(T0)), { kind: 'reserved', source: 'prepaid', channelId: '' });
    assert.equal((await store.readFunds(id)).available.prepaid, 4000n, 'one debit');
    assert.equal((await store.readFunds(id)).reserved, 1000n);
    await store.commitCharge(id, 1, t('2026-11-22T00:00:05.000Z'));
    await store.commitCharge(id, 1, t('2026-11-22T00:09:00.000Z'));
    assert.deepEqual(await store.reserveCharge(id, 1, 1000n, t(T0)), { kind: 'charged_before' });
    const funds = await store.readFunds(id);
    assert.deepEqual([funds.available.prepaid, funds.reserved, funds.charged], [4000n, 0n, { count: 1, amountAtomic: 1000n }]);
    assert.deepEqual(await store.listCharges(id, 0, 10), [{
      subscriptionId: id, seq: 1, amountAtomic: 1000n, source: 'prepaid', channelId: '', state: 'charged', reservedAt: t(T0), chargedAt: t('2026-11-22T00:00:05.000Z'),
    }], 'a second commit keeps the first time');
  }));

  test('charges: unfunded moves nothing and never splits across sources', () => withStore(async (store) => {
    const id = await activeSubscription(store);
    assert.deepEqual(await store.reserveCharge(id, 1, 1n, t(T0)), { kind: 'unfunded' }, 'no credit at all');
    await store.creditSubscription(credit(id, 600n));
    await store.creditSubscription(credit(id, 600n, 'voucher', 'ch1'));
    assert.deepEqual(await store.reserveCharge(id, 1, 1000n, t(T0)), { kind: 'unfunded' });
    const funds = await store.readFunds(id);
    assert.deepEqual([funds.available, funds.reserved], [{ prepaid: 600n, voucher: 600n }, 0n]);
    assert.deepEqual(await store.listCharges(id, 0, 10), []);
  }));

  test('charges: prepaid before voucher, then the voucher allowance with the most left', () => withStore(async (store) => {
    const id = await activeSubscription(store);
    await store.creditSubscription(credit(id, 1000n));
    await store.creditSubscription(credit(id, 1500n, 'voucher', 'small'));
    await store.creditSubscription(credit(id, 2500n, 'voucher', 'large'));
    assert.deepEqual(await store.reserveCharge(id, 1, 1000n, t(T0)), { kind: 'reserved', source: 'prepaid', channelId: '' });
    assert.deepEqual(await store.reserveCharge(id, 2, 1000n, t(T0)), { kind: 'reserved', source: 'voucher', channelId: 'large' });
    assert.deepEqual(await store.reserveCharge(id, 3, 1000n, t(T0)), { kind: 'reserved', source: 'voucher', channelId: 'large' }, '1500 left on large');
    assert.deepEqual(await store.reserveCharge(id, 4, 1000n, t(T0)), { kind: 'reserved', source: 'voucher', channelId: 'small' }, '1500 on small beats 500 on large');
    assert.deepEqual((await store.readFunds(id)).available, { prepaid: 0n, voucher: 1000n });
  }));

  test('charges: release gives a reservation back to its source, never a committed charge', () => withStore(async (store) => {
    const id = await activeSubscription(store);
    await store.creditSubscription(credit(id, 1000n));
    await store.creditSubscription(credit(id, 3000n, 'voucher', 'ch1'));
    await store.reserveCharge(id, 1, 1000n, t(T0)); // prepaid
    await store.reserveCharge(id, 2, 1000n, t(T0)); // voucher
    await store.reserveCharge(id, 3, 1000n, t(T0)); // voucher
    await store.commitCharge(id, 3, t(T0));
    await store.releaseCharge(id, 2);
    await store.releaseCharge(id, 2);
    assert.deepEqual((await store.readFunds(id)).available, { prepaid: 0n, voucher: 2000n }, 'back to the voucher, once');
    await store.releaseCharge(id, 1);
    assert.deepEqual((await store.readFunds(id)).available, { prepaid: 1000n, voucher: 2000n }, 'back to prepaid');
    await store.releaseCharge(id, 3);
    const funds = await store.readFunds(id);
    assert.deepEqual([funds.available, funds.reserved, funds.charged], [{ prepaid: 1000n, voucher: 2000n }, 0n, { count: 1, amountAtomic: 1000n }], 'the committed charge stays');
    assert.deepEqual((await store.listCharges(id, 0, 10)).map((c) => [c.seq, c.state]), [[3, 'charged']]);
    assert.deepEqual(await store.reserveCharge(id, 2, 1000n, t(T0)), { kind: 'reserved', source: 'prepaid', channelId: '' }, 'a released event can be reserved again');
  }));

  test('voucher allowances: voiding zeroes one channel and returns what it held; channels with allowance are those of active subscriptions', () => withStore(async (store) => {
    const active = subscription();
    const cancelled = subscription();
    for (const s of [active, cancelled]) await store.createSubscription(s);
    await store.cancelSubscription(cancelled.id, t(T0));
    const [kept, voided, spent, ofCancelled] = [unique('ch-kept'), unique('ch-void'), unique('ch-spent'), unique('ch-cancelled')];
    await store.creditSubscription(credit(active.id, 5000n));
    await store.creditSubscription(credit(active.id, 3000n, 'voucher', kept));
    await store.creditSubscription(credit(active.id, 2000n, 'voucher', voided));
    await store.creditSubscription(credit(active.id, 1000n, 'voucher', spent));
    await store.creditSubscription(credit(cancelled.id, 1000n, 'voucher', ofCancelled));
    await store.voidVoucherCredit(active.id, spent);
    const channels = await store.channelsWithAllowance();
    assert.deepEqual(channels.filter((c) => [kept, voided, spent, ofCancelled].includes(c)).sort(), [kept, voided].sort());

    await store.reserveCharge(active.id, 1, 5000n, t(T0)); // prepaid
    await store.reserveCharge(active.id, 2, 1500n, t(T0)); // kept
    await store.reserveCharge(active.id, 3, 1500n, t(T0)); // voided (2000 left beats kept's 1500)
    await store.commitCharge(active.id, 3, t(T0));
    assert.equal(await store.voidVoucherCredit(active.id, voided), 500n);
    assert.equal(await store.voidVoucherCredit(active.id, voided), 0n);
    assert.equal(await store.voidVoucherCredit(active.id, unique('ch-unknown')), 0n);
    const funds = await store.readFunds(active.id);
    assert.deepEqual([funds.available, funds.reserved, funds.charged.count], [{ prepaid: 0n, voucher: 1500n }, 6500n, 1], 'reserved and charged rows left alone');
    assert.ok(!(await store.channelsWithAllowance()).includes(voided));

    // Undelivered per channel, cancelled subscriptions included: available plus reserved (kept: 1500 left + 1500
    // reserved); a voided channel's committed charge is delivered, its voided rest is not held back.
    const outstanding = await store.voucherOutstanding();
    assert.deepEqual([outstanding.get(kept), outstanding.get(ofCancelled), outstanding.get(voided), outstanding.get(spent)], [3000n, 1000n, undefined, undefined]);
    await store.commitCharge(active.id, 2, t(T0));
    assert.equal((await store.voucherOutstanding()).get(kept), 1500n, 'a delivered event is no longer held back');
  }));

  test('charges: listCharges pages; staleReservations lists only old uncommitted reservations', () => withStore(async (store) => {
    const id = await activeSubscription(store);
    await store.creditSubscription(credit(id, 10_000n));
    await store.reserveCharge(id, 1, 100n, t('2017-01-01T00:00:00.000Z'));
    await store.reserveCharge(id, 2, 100n, t('2017-01-01T00:00:01.000Z'));
    await store.reserveCharge(id, 3, 100n, t('2017-01-01T00:00:02.000Z'));
    await store.reserveCharge(id, 4, 100n, t('2017-03-01T00:00:00.000Z'));
    await store.commitCharge(id, 2, t('2017-01-01T00:00:03.000Z'));
    assert.deepEqual((await store.listCharges(id, 1, 2)).map((c) => c.seq), [2, 3]);
    const stale = await store.staleReservations(t('2017-02-01T00:00:00.000Z'), 10);
    assert.deepEqual(stale.map((c) => [c.subscriptionId, c.seq, c.state]), [[id, 1, 'reserved'], [id, 3, 'reserved']]);
    assert.deepEqual((await store.staleReservations(t('2017-02-01T00:00:00.000Z'), 1)).map((c) => c.seq), [1]);
  }));

  test('charges: only an active subscription is charged (cancelled or unknown: inactive, nothing debited)', () => withStore(async (store) => {
    const cancelled = await activeSubscription(store);
    await store.creditSubscription(credit(cancelled, 5000n));
    await store.creditSubscription(credit(cancelled, 5000n, 'voucher', unique('ch')));
    await store.cancelSubscription(cancelled, t(T0));
    assert.deepEqual(await store.reserveCharge(cancelled, 1, 1000n, t(T0)), { kind: 'inactive' });
    const funds = await store.readFunds(cancelled);
    assert.deepEqual([funds.available, funds.reserved, funds.charged.count], [{ prepaid: 5000n, voucher: 5000n }, 0n, 0]);
    assert.deepEqual(await store.listCharges(cancelled, 0, 10), []);

    const unknown = newId(); // credited, but no subscription row
    await store.creditSubscription(credit(unknown, 5000n));
    assert.deepEqual(await store.reserveCharge(unknown, 1, 1000n, t(T0)), { kind: 'inactive' });
    assert.equal((await store.readFunds(unknown)).available.prepaid, 5000n);
  }));

  test('charges: commit answers whether the charge stands (true, true again, false once released or never reserved)', () => withStore(async (store) => {
    const id = await activeSubscription(store);
    await store.creditSubscription(credit(id, 5000n));
    await store.reserveCharge(id, 1, 1000n, t(T0));
    await store.reserveCharge(id, 2, 1000n, t(T0));
    assert.equal(await store.lastChargedSeq(id), 0);
    assert.equal(await store.commitCharge(id, 1, t(T0)), true);
    assert.equal(await store.commitCharge(id, 1, t(T0)), true, 'already committed');
    await store.releaseCharge(id, 2);
    assert.equal(await store.commitCharge(id, 2, t(T0)), false, 'released meanwhile');
    assert.equal(await store.commitCharge(id, 3, t(T0)), false, 'never reserved');
    const funds = await store.readFunds(id);
    assert.deepEqual([funds.available.prepaid, funds.reserved, funds.charged], [4000n, 0n, { count: 1, amountAtomic: 1000n }], 'a failed commit charges nothing');
    assert.equal(await store.lastChargedSeq(id), 1);
  }));

  test('voucher allowances: voiding a channel zeroes it on every subscription, leaves other channels and reserved or charged rows', () => withStore(async (store) => {
    const [a, b] = [await activeSubscription(store), await activeSubscription(store)];
    const [refunded, other] = [unique('ch-refunded'), unique('ch-other')];
    await store.creditSubscription(credit(a, 3000n, 'voucher', refunded));
    await store.creditSubscription(credit(a, 1000n, 'voucher', other));
    await store.creditSubscription(credit(b, 2000n, 'voucher', refunded));
    await store.creditSubscription(credit(b, 700n));
    await store.reserveCharge(a, 1, 1000n, t(T0)); // refunded (3000 beats 1000)
    await store.reserveCharge(a, 2, 1000n, t(T0)); // refunded (2000 beats 1000)
    await store.commitCharge(a, 2, t(T0));
    await store.voidChannelCredits(refunded);
    const [fundsA, fundsB] = [await store.readFunds(a), await store.readFunds(b)];
    assert.deepEqual([fundsA.available, fundsA.reserved, fundsA.charged.count], [{ prepaid: 0n, voucher: 1000n }, 1000n, 1], 'other channel kept; reserved and charged untouched');
    assert.deepEqual(fundsB.available, { prepaid: 700n, voucher: 0n });
    const outstanding = await store.voucherOutstanding();
    assert.deepEqual([outstanding.get(refunded), outstanding.get(other)], [1000n, 1000n], 'only the reservation is still held on the refunded channel');
    assert.ok(!(await store.channelsWithAllowance()).includes(refunded));
    await store.voidChannelCredits(unique('ch-unknown')); // nothing to void: no error
  }));

  test('pending top-ups: fund-endpoint claims neither refused nor credited yet, oldest first', () => withStore(async (store) => {
    // 2015: older than every other test's claims, so on a shared database these come first.
    const fund = (key: string, claimedAt: string, endpoint = 'subscription-fund') => ({
      idempotencyKey: key, endpoint, network: 'eip155:8453', payer: '0xpayer', amountAtomic: 100_000n, requestId: 'req_fund',
      claimedAt: t(claimedAt), callKey: `endpoint:${endpoint}:{"subscription_id":"${key}"}`,
    });
    const [delivered, inFlight, refused, credited, otherEndpoint] = [unique('bs:ch:delivered'), unique('inflight'), unique('refused'), unique('credited'), unique('echo')];
    await store.claimPayment(fund(delivered, '2015-01-01T00:00:00.000Z'));
    await store.claimPayment(fund(inFlight, '2015-01-01T00:00:01.000Z'));
    await store.claimPayment(fund(refused, '2015-01-01T00:00:00.500Z'));
    await store.claimPayment(fund(credited, '2015-01-01T00:00:00.200Z'));
    await store.claimPayment(fund(otherEndpoint, '2015-01-01T00:00:00.100Z', 'test-echo'));
    await store.finishClaim(delivered, { status: 'delivered', transaction: '0xsettled', at: t('2015-01-01T00:00:02.000Z') });
    await store.finishClaim(refused, { status: 'not_settled', reason: 'settlement_failed', at: t('2015-01-01T00:00:02.000Z') });
    await store.finishClaim(credited, { status: 'delivered', transaction: '0xcredited', at: t('2015-01-01T00:00:02.000Z') });
    await store.finishClaim(otherEndpoint, { status: 'delivered', transaction: '0xecho', at: t('2015-01-01T00:00:02.000Z') });
    await store.creditSubscription({ ...credit(newId(), 100_000n), paymentKey: credited });

    const mine = new Set([delivered, inFlight, refused, credited, otherEndpoint]);
    const expected: PendingTopUp[] = [
      {
        paymentKey: delivered, status: 'delivered', network: 'eip155:8453', amountAtomic: 100_000n, transaction: '0xsettled',
        callKey: `endpoint:subscription-fund:{"subscription_id":"${delivered}"}`, claimedAt: t('2015-01-01T00:00:00.000Z'),
      },
      {
        paymentKey: inFlight, status: 'claimed', network: 'eip155:8453', amountAtomic: 100_000n, transaction: null,
        callKey: `endpoint:subscription-fund:{"subscription_id":"${inFlight}"}`, claimedAt: t('2015-01-01T00:00:01.000Z'),
      },
    ];
    assert.deepEqual((await store.pendingTopUps(1000)).filter((p) => mine.has(p.paymentKey)), expected);
    assert.deepEqual((await store.pendingTopUps(1)).map((p) => p.paymentKey), [delivered], 'limit keeps the oldest');
    await store.creditSubscription({ ...credit(newId(), 100_000n), paymentKey: delivered });
    assert.deepEqual((await store.pendingTopUps(1000)).filter((p) => mine.has(p.paymentKey)).map((p) => p.paymentKey), [inFlight], 'credited: no longer pending');
  }));

  test('webhook state: ok acknowledges, a failure counts and schedules, an attempt at or below ackedSeq is only logged', () => withStore(async (store) => {
    const s = subscription({ delivery: 'webhook', webhookUrl: 'https://hooks.example/x', webhookSecret: 'whsec_x' });
    await store.createSubscription(s);
    assert.deepEqual(await store.readWebhookState(s.id), { ackedSeq: 0, attempts: 0, nextAttemptAt: null });
    await store.recordDeliveryAttempt(attempt(s.id, 1, 1, false, '2026-11-22T00:00:01.000Z', '2026-11-22T00:00:31.000Z'));
    await store.recordDeliveryAttempt(attempt(s.id, 1, 2, false, '2026-11-22T00:00:31.000Z', '2026-11-22T00:01:31.000Z'));
    assert.deepEqual(await store.readWebhookState(s.id), { ackedSeq: 0, attempts: 2, nextAttemptAt: t('2026-11-22T00:01:31.000Z') });
    await store.recordDeliveryAttempt(attempt(s.id, 1, 3, true, '2026-11-22T00:01:31.000Z'));
    assert.deepEqual(await store.readWebhookState(s.id), { ackedSeq: 1, attempts: 0, nextAttemptAt: null });
    await store.recordDeliveryAttempt(attempt(s.id, 1, 4, false, '2026-11-22T00:01:32.000Z', '2026-11-22T00:05:00.000Z'));
    assert.deepEqual(await store.readWebhookState(s.id), { ackedSeq: 1, attempts: 0, nextAttemptAt: null }, 'seq 1 is acknowledged: logged only');
    await store.recordDeliveryAttempt(attempt(s.id, 2, 1, true, '2026-11-22T00:01:33.000Z'));
    assert.equal((await store.readWebhookState(s.id)).ackedSeq, 2);

    const log = await store.listDeliveryAttempts(s.id, 3);
    assert.deepEqual(log.map((a) => [a.seq, a.attempt, a.ok]), [[2, 1, true], [1, 4, false], [1, 3, true]], 'newest first');
    assert.deepEqual((await store.listDeliveryAttempts(s.id, 10)).at(-1), attempt(s.id, 1, 1, false, '2026-11-22T00:00:01.000Z', '2026-11-22T00:00:31.000Z'));
    assert.deepEqual(await store.readWebhookState(newId()), { ackedSeq: 0, attempts: 0, nextAttemptAt: null });
  }));

  test('webhooks due: funded active webhook subscriptions with a stored pending event whose attempt is due, oldest pending first', () => withStore(async (store) => {
    // 2019: older than every other test's events, so on a shared database these come first.
    const hook = (createdAt: string) => subscription({ delivery: 'webhook', webhookUrl: 'https://hooks.example/x', webhookSecret: 'whsec_x', createdAt: t(createdAt) });
    const newer = hook('2019-01-01T00:00:00.000Z');
    const older = hook('2019-01-01T00:00:00.000Z');
    const retrying = hook('2019-01-01T00:00:00.000Z');
    const notYet = hook('2019-01-01T00:00:00.000Z');
    const acked = hook('2019-01-01T00:00:00.000Z');
    const cancelled = hook('2019-01-01T00:00:00.000Z');
    const stream = subscription({ createdAt: t('2019-01-01T00:00:00.000Z') });
    const idle = hook('2019-01-01T00:00:00.000Z');
    // Oldest pending of all, but cannot be delivered: no funds, less than one event's price, or (2016: the only
    // events stored then) the pending events deleted by retention.
    const unfunded = Array.from({ length: 3 }, () => hook('2016-01-01T00:00:00.000Z'));
    const poor = hook('2016-01-01T00:00:00.000Z');
    const expired = hook('2016-01-01T00:00:00.000Z');
    const all = [newer, older, retrying, notYet, acked, cancelled, stream, idle, ...unfunded, poor, expired];
    for (const s of all) await store.createSubscription(s);
    for (const s of [newer, older, retrying, notYet, acked, cancelled, stream, idle, expired]) await store.creditSubscription(credit(s.id, 1000n));
    await store.creditSubscription(credit(poor.id, 999n));
    await store.appendGroupEvents(older.groupKey, [event('o1')], t('2019-01-02T00:00:00.000Z'));
    await store.appendGroupEvents(newer.groupKey, [event('n1')], t('2019-01-04T00:00:00.000Z'));
    for (const s of [retrying, notYet, acked, cancelled, stream]) await store.appendGroupEvents(s.groupKey, [event('x1')], t('2019-01-01T00:00:00.000Z'));
    for (const s of [...unfunded, poor]) await store.appendGroupEvents(s.groupKey, [event('u1')], t('2018-12-31T00:00:00.000Z'));
    await store.appendGroupEvents(expired.groupKey, [event('e1')], t('2016-06-01T00:00:00.000Z'));
    assert.equal(await store.deleteEventsBefore(t('2016-06-02T00:00:00.000Z')), 1, 'only the expired subscription\'s event is that old');
    await store.recordDeliveryAttempt(attempt(retrying.id, 1, 1, false, '2019-01-01T00:00:01.000Z', '2019-01-03T00:00:00.000Z'));
    await store.recordDeliveryAttempt(attempt(notYet.id, 1, 1, false, '2019-01-01T00:00:01.000Z', '2019-01-09T00:00:00.000Z'));
    await store.recordDeliveryAttempt(attempt(acked.id, 1, 1, true, '2019-01-01T00:00:01.000Z'));
    await store.cancelSubscription(cancelled.id, t('2019-01-01T00:00:02.000Z'));

    const mine = new Set(all.map((s) => s.id));
    const now = t('2019-01-05T00:00:00.000Z');
    assert.deepEqual((await store.webhookSubscriptionsDue(now, 1000)).filter((id) => mine.has(id)), [older.id, retrying.id, newer.id]);
    assert.deepEqual(await store.webhookSubscriptionsDue(now, 2), [older.id, retrying.id], 'limit keeps the oldest deliverable: undeliverable ones do not fill it');
    assert.ok((await store.webhookSubscriptionsDue(t('2019-01-09T00:00:00.000Z'), 1000)).includes(notYet.id), 'due once its next attempt comes');
    await store.creditSubscription(credit(unfunded[0]!.id, 1000n));
    assert.deepEqual(await store.webhookSubscriptionsDue(now, 1), [unfunded[0]!.id], 'due once funded');
  }));

  test('webhook leases: exclusive between holders, renewable by the holder, taken once expired, released by the holder only', () => withStore(async (store) => {
    const s = subscription({ delivery: 'webhook', webhookUrl: 'https://hooks.example/x', webhookSecret: 'whsec_x' });
    await store.createSubscription(s);
    const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000);
    assert.equal(await store.leaseSubscription(s.id, 'i1', at(0), at(30)), true);
    assert.equal(await store.leaseSubscription(s.id, 'i2', at(10), at(40)), false);
    assert.equal(await store.leaseSubscription(s.id, 'i1', at(20), at(60)), true, 'renewed');
    assert.equal(await store.leaseSubscription(s.id, 'i2', at(45), at(75)), false, 'the renewal holds past the first expiry');
    await store.releaseSubscriptionLease(s.id, 'i2');
    assert.equal(await store.leaseSubscription(s.id, 'i2', at(50), at(80)), false, 'only the holder releases');
    assert.equal(await store.leaseSubscription(s.id, 'i2', at(60), at(90)), true, 'expired');
    await store.releaseSubscriptionLease(s.id, 'i2');
    assert.equal(await store.leaseSubscription(s.id, 'i1', at(61), at(91)), true, 'released');
    assert.equal(await store.leaseSubscription(newId(), 'i1', at(0), at(30)), false, 'unknown subscription');
  }));

  onSharedDatabase(() => {
    test('two instances reserving the same event at once: one debit', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      try {
        const id = await activeSubscription(a);
        await a.creditSubscription(credit(id, 100_000n));
        const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).reserveCharge(id, 1, 1000n, t(T0))));
        assert.ok(outcomes.every((o) => o.kind === 'reserved'));
        const funds = await b.readFunds(id);
        assert.deepEqual([funds.available.prepaid, funds.reserved], [99_000n, 1000n]);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    test('two instances appending to one group at once: seqs 1..n, no gap, no duplicate', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      try {
        const groupKey = unique('group');
        const subs = Array.from({ length: 20 }, () => subscription({ groupKey }));
        for (const s of subs) await a.createSubscription(s);
        await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).appendGroupEvents(groupKey, [event(`c${i}`), event(`d${i % 5}`)], t('2026-11-22T02:00:00.000Z'))));
        for (const s of subs) {
          const events = await a.eventsAfter(s.id, 0, 100);
          assert.deepEqual(events.map((e) => e.seq), Array.from({ length: 25 }, (_, i) => i + 1), s.id);
          assert.equal(new Set(events.map((e) => e.eventId)).size, 25, 'each event id once');
        }
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
});
