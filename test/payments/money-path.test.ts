/**
 * The money path in a hostile world (issue: "never charged without the answer"): a caller that hangs up,
 * a settlement whose confirmation cannot be read, bookkeeping that fails after the settlement, upstream
 * text in refusals, refused payments in a loop, and a payer retrying an answer it lost — by re-sending the
 * same payment or with the x402 `payment-identifier` extension.
 *
 * Every test asserts balances on the sandbox chains: the payer's and the payee's USDC and, on Solana, the
 * fee payer's lamports. No verdict depends on time: slow calls are held (`heldCalls`) and released by the
 * test; settlements are held by the facilitator wrapper until the test lets them go.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { generatePaymentId } from '@x402/extensions/payment-identifier';
import { fixtureRegistry, heldCalls } from '../helpers/fixture-endpoints.js';
import {
  assertCharged, balancesOf, blindChain, challengeFor, codeOf, cuttableCall, feePayerOf, header, keyOf, NETWORKS, settledClaim, sign,
  unblindChains, wrapped, type Harness,
} from '../helpers/money-path.js';
import { until } from '../helpers/measured.js';
import { RECONCILE_MIN_AGE_MS } from '../../src/payments/reconciler.js';
import { SETTLEMENT_EXPIRY_MS } from '../../src/payments/lifecycle.js';
import { newPayer } from '../helpers/payers.js';
import { startTestService, suiteService, type TestService } from '../helpers/service.js';

describe('money path', () => {
  const h = { mode: 'pass', settles: 0, verifies: 0 } as Harness;
  // A short confirmation bound: a settle whose confirmation cannot be read ends after 300 ms, not 30 s.
  const service = suiteService({
    registry: fixtureRegistry(), wrapFacilitator: (client) => wrapped(h)(client), facilitatorConfirmation: { maxWaitMs: 300, pollIntervalMs: 20 },
  }, {}, async (s) => {
    h.service = s;
  });
  let challenge: PaymentRequired;
  let heldChallenge: PaymentRequired;
  let feePayer: string;
  before(async () => {
    challenge = await challengeFor(service, 'test-echo', {});
    heldChallenge = await challengeFor(service, 'test-held', {});
    feePayer = feePayerOf(challenge);
    // The sandbox funds the fee payer on its first transaction: one paid call first, so every test starts
    // from a funded fee payer and its lamports move only with the tests' own payments.
    const warm = await newPayer(service, 'solana');
    assert.equal((await service.invoke('test-echo', { value: 'warm-up' }, header(await sign(warm, challenge)))).status, 200);
  });
  after(() => {
    h.mode = 'pass';
  });

  for (const network of NETWORKS) {
    it(`${network}: a caller that hangs up before the answer is never charged (defect 1)`, async () => {
      const payer = await newPayer(service, network);
      const start = await balancesOf(service, payer, feePayer);
      const payment = await sign(payer, heldChallenge);
      const hold = heldCalls.arm(`gone-${network}`);
      const call = cuttableCall(service, 'test-held', header(payment), { value: `gone-${network}` });
      await hold.started;
      // The source answers only after the caller is gone (a slow source, a proxy that gave up).
      await call.hangUp();
      hold.release();
      const claim = await settledClaim(service, keyOf(payment));
      assert.equal(claim.status, 'not_settled');
      assert.equal(claim.reason, 'client_gone');
      assertCharged(start, await balancesOf(service, payer, feePayer), 0n, 'hung up');
    });

    it(`${network}: an answer whose settle call is lost after the broadcast is delivered, charged once`, async () => {
      const payer = await newPayer(service, network);
      const start = await balancesOf(service, payer, feePayer);
      const payment = await sign(payer, challenge);
      h.mode = 'lost';
      const res = await service.invoke('test-echo', { value: 'lost' }, header(payment)).finally(() => (h.mode = 'pass'));
      assert.equal(res.status, 200);
      assert.equal(decodePaymentResponseHeader(res.headers.get('payment-response')!).success, true);
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'lost answer');
      assert.equal((await settledClaim(service, keyOf(payment))).status, 'delivered');
    });

    it(`${network}: settled but answered settlement_pending → found on chain, delivered with a receipt, charged once (defect 2)`, async () => {
      const payer = await newPayer(service, network);
      const start = await balancesOf(service, payer, feePayer);
      const payment = await sign(payer, challenge);
      h.mode = 'pending';
      const res = await service.invoke('test-echo', { value: 'pending' }, header(payment)).finally(() => (h.mode = 'pass'));
      const text = await res.text();
      assert.equal(res.status, 200, text);
      assert.match(text, /pending/);
      assert.ok(res.headers.get('payment-response'));
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'settlement_pending');
    });

    it(`${network}: settled, but the chain's confirmation cannot be read → 503 settlement_unconfirmed, never "not charged"; the retry gets the answer (defect 2)`, async () => {
      const payer = await newPayer(service, network);
      const start = await balancesOf(service, payer, feePayer);
      const payment = await sign(payer, challenge);
      h.mode = 'unseen';
      let res: Response;
      try {
        res = await service.invoke('test-echo', { value: 'unseen' }, header(payment));
      } finally {
        h.mode = 'pass';
        unblindChains(service);
      }
      const refusal = await codeOf(res);
      assert.equal(res.status, 503, refusal.text);
      assert.equal(refusal.code, 'settlement_unconfirmed');
      assert.doesNotMatch(refusal.text, /you were not charged|nothing was charged/i);
      assert.doesNotMatch(refusal.text, /"unseen"/, 'no data before the payment is known');
      assert.ok(res.headers.get('retry-after'));
      // The payer was in fact charged: the answer is kept.
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'unconfirmed');
      assert.equal((await service.store.getClaim(keyOf(payment)))?.status, 'unconfirmed');
      const settlesBefore = h.settles;
      const retry = await service.invoke('test-echo', { value: 'unseen' }, header(payment));
      const text = await retry.text();
      assert.equal(retry.status, 200, text);
      assert.match(text, /"unseen"/);
      assert.equal(decodePaymentResponseHeader(retry.headers.get('payment-response')!).success, true);
      assert.equal(h.settles, settlesBefore, 'the retry settles nothing');
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'after the retry');
      assert.equal((await service.store.getClaim(keyOf(payment)))?.status, 'delivered');
    });

    it(`${network}: nobody retries: the reconciler finds the transfer, keeps the answer (undelivered), charged once`, async () => {
      const payer = await newPayer(service, network);
      const start = await balancesOf(service, payer, feePayer);
      const payment = await sign(payer, challenge);
      h.mode = 'unseen';
      try {
        assert.equal((await service.invoke('test-echo', { value: 'reconciled' }, header(payment))).status, 503);
      } finally {
        h.mode = 'pass';
        unblindChains(service);
      }
      service.advance(RECONCILE_MIN_AGE_MS + 1_000);
      const pass = await service.settlements.runOnce();
      assert.ok(pass.charged >= 1, JSON.stringify(pass));
      const claim = await service.store.getClaim(keyOf(payment));
      assert.equal(claim?.status, 'undelivered');
      assert.ok(claim?.transaction);
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'reconciled');
      const retry = await service.invoke('test-echo', { value: 'reconciled' }, header(payment));
      assert.equal(retry.status, 200);
      assert.match(await retry.text(), /"reconciled"/);
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'reconciled and retrieved');
    });

    it(`${network}: a store that fails after the settlement does not turn a charged answer into an error (defect 3)`, async () => {
      const payer = await newPayer(service, network);
      const start = await balancesOf(service, payer, feePayer);
      const payment = await sign(payer, challenge);
      const store = service.store as { finishClaim: typeof service.store.finishClaim };
      const original = store.finishClaim;
      let failures = 0;
      store.finishClaim = async () => {
        failures++;
        throw new Error('disk full');
      };
      let res: Response;
      try {
        res = await service.invoke('test-echo', { value: 'books' }, header(payment));
        const text = await res.text();
        assert.equal(res.status, 200, text);
        assert.doesNotMatch(text, /not charged/i);
        assert.ok(res.headers.get('payment-response'));
        await until(() => failures > 0);
      } finally {
        store.finishClaim = original;
      }
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'bookkeeping failed');
      // Retried in the background on the service's clock: it lands once the store is back.
      service.advance(1_000);
      assert.equal((await settledClaim(service, keyOf(payment))).status, 'delivered');
    });

    it(`${network}: an answer lost after the settlement is kept; the same payment re-sent gets it, charged once`, async () => {
      const payer = await newPayer(service, network);
      const start = await balancesOf(service, payer, feePayer);
      const payment = await sign(payer, challenge);
      const started = new Promise<void>((resolve) => (h.settleStarted = resolve));
      h.mode = 'held';
      const call = cuttableCall(service, 'test-echo', header(payment), { value: 'kept' });
      await started;
      h.mode = 'pass';
      await call.hangUp(); // while the transfer is being settled
      h.releaseSettle!();
      const claim = await settledClaim(service, keyOf(payment));
      assert.equal(claim.status, 'undelivered');
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'settled for a caller who left');
      const retry = await service.invoke('test-echo', { value: 'kept' }, header(payment));
      const text = await retry.text();
      assert.equal(retry.status, 200, text);
      assert.match(text, /"kept"/);
      assert.ok(retry.headers.get('payment-response'), 'the kept answer carries its receipt');
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'after the retry');
      // The same payment for another call is a replay.
      const other = await codeOf(await service.invoke('test-echo', { value: 'other' }, header(payment)));
      assert.equal(other.code, 'payment_replayed');
    });

    it(`${network}: payment-identifier: a new payment with the same identifier gets the kept answer and is never settled`, async () => {
      const payer = await newPayer(service, network);
      const start = await balancesOf(service, payer, feePayer);
      const id = generatePaymentId();
      const first = await sign(payer, challenge, id);
      const started = new Promise<void>((resolve) => (h.settleStarted = resolve));
      h.mode = 'held';
      const call = cuttableCall(service, 'test-echo', header(first), { value: 'by-id' });
      await started;
      h.mode = 'pass';
      await call.hangUp();
      h.releaseSettle!();
      assert.equal((await settledClaim(service, keyOf(first))).status, 'undelivered');
      // A client that lost the answer signs afresh (its library does) but keeps the identifier.
      const second = await sign(payer, challenge, id);
      const settlesBefore = h.settles;
      const retry = await service.invoke('test-echo', { value: 'by-id' }, header(second));
      const text = await retry.text();
      assert.equal(retry.status, 200, text);
      assert.match(text, /"by-id"/);
      assert.equal(h.settles, settlesBefore, 'the second payment is not settled');
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'one identifier, one charge');
      assert.equal(await service.store.getClaim(keyOf(second)), undefined, 'the second payment is not even claimed: it stays the payer\'s');
      // The identifier for a different call is refused, and that payment is not charged either.
      const third = await sign(payer, challenge, id);
      const misuse = await codeOf(await service.invoke('test-echo', { value: 'something-else' }, header(third)));
      assert.equal(misuse.code, 'payment_replayed');
      assert.equal(misuse.reason, 'payment_identifier_reused');
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'misused identifier');
    });

    it(`${network}: payment-identifier: an answer we sent but the payer never got (lost beyond us) is served again, not charged again`, async () => {
      const payer = await newPayer(service, network);
      const start = await balancesOf(service, payer, feePayer);
      const id = generatePaymentId();
      const first = await sign(payer, challenge, id);
      const delivered = await service.invoke('test-echo', { value: 'again' }, header(first));
      assert.equal(delivered.status, 200);
      const receipt = decodePaymentResponseHeader(delivered.headers.get('payment-response')!);
      assert.equal((await settledClaim(service, keyOf(first))).status, 'delivered');
      const settlesBefore = h.settles;
      const retry = await service.invoke('test-echo', { value: 'again' }, header(await sign(payer, challenge, id)));
      const text = await retry.text();
      assert.equal(retry.status, 200, text);
      assert.match(text, /"again"/);
      assert.equal(decodePaymentResponseHeader(retry.headers.get('payment-response')!).transaction, receipt.transaction, 'the receipt of the payment that paid');
      assert.equal(h.settles, settlesBefore);
      assertCharged(start, await balancesOf(service, payer, feePayer), 1n, 'served twice, paid once');
    });

    it(`${network}: another payer cannot collect an answer by copying a payment identifier`, async () => {
      const owner = await newPayer(service, network);
      const thief = await newPayer(service, network);
      const id = generatePaymentId();
      const paid = await service.invoke('test-echo', { value: 'mine' }, header(await sign(owner, challenge, id)));
      assert.equal(paid.status, 200);
      const start = await balancesOf(service, thief, feePayer);
      const res = await service.invoke('test-echo', { value: 'mine' }, header(await sign(thief, challenge, id)));
      assert.equal(res.status, 200, 'the thief pays for its own answer');
      assertCharged(start, await balancesOf(service, thief, feePayer), 1n, 'thief');
    });
  }

  it('upstream text never reaches the caller: reasons are codes (defect 7)', async () => {
    const payer = await newPayer(service, 'base');
    const payment = await sign(payer, challenge);
    h.mode = 'lost';
    blindChain(service, 'eip155:8453');
    let res: Response;
    try {
      res = await service.invoke('test-echo', { value: 'leak' }, header(payment));
    } finally {
      h.mode = 'pass';
      unblindChains(service);
    }
    const text = await res.text();
    const required = res.headers.get('payment-required');
    for (const shown of [text, required ? Buffer.from(required, 'base64').toString('utf8') : '']) {
      assert.doesNotMatch(shown, /secret-node|ECONNRESET|10\.0\.0\.7/);
    }
  });
});

describe('refused payments are limited per client (defect 9)', () => {
  const h = { mode: 'pass', settles: 0, verifies: 0 } as Harness;
  let service: TestService;
  before(async () => {
    service = await startTestService({ registry: fixtureRegistry(), wrapFacilitator: (client) => wrapped(h)(client) }, { REFUSED_PAYMENTS_PER_MINUTE: '3' });
    h.service = service;
  });
  after(() => service.close());

  it('past the limit, payments are answered 429 without being verified; asking for the challenge still works', async () => {
    const payer = await newPayer(service, 'base');
    const challenge = await challengeFor(service, 'test-echo', {});
    const feePayer = feePayerOf(challenge);
    const start = await balancesOf(service, payer, feePayer);
    // A genuine-looking payment with a broken signature: it reaches the facilitator, which refuses it.
    const broken = await sign(payer, challenge);
    const auth = broken.payload as { signature: string };
    auth.signature = `${auth.signature.slice(0, -4)}${auth.signature.endsWith('00') ? 'ffff' : '0000'}`;
    for (let i = 0; i < 3; i++) {
      const before = h.verifies;
      const res = await service.invoke('test-echo', {}, header(broken));
      assert.equal(res.status, 402);
      assert.equal(h.verifies, before + 1, 'refused by the facilitator, after verifying');
    }
    const verified = h.verifies;
    const limited = await service.invoke('test-echo', {}, header(await sign(payer, challenge)));
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal(h.verifies, verified, 'not verified: verification costs the operator RPC reads');
    assert.equal((await service.invoke('test-echo', {})).status, 402, 'the challenge is free');
    assertCharged(start, await balancesOf(service, payer, feePayer), 0n, 'limited');
    // The window is the service's clock: a minute later the client may pay again.
    service.advance(60_000);
    assert.equal((await service.invoke('test-echo', { value: 'again' }, header(await sign(payer, challenge)))).status, 200);
  });
});

describe('a broadcast that never lands', () => {
  // Its own service: the test moves the clock past the settlement expiry, which the chains share.
  const h = { mode: 'pass', settles: 0, verifies: 0 } as Harness;
  let service: TestService;
  before(async () => {
    service = await startTestService({
      registry: fixtureRegistry(), wrapFacilitator: (client) => wrapped(h)(client), facilitatorConfirmation: { maxWaitMs: 300, pollIntervalMs: 20 },
    });
    h.service = service;
  });
  after(() => service.close());

  for (const network of NETWORKS) {
    it(`${network}: unconfirmed (never "not charged" while it could land), then not charged once it no longer can`, async () => {
      const challenge = await challengeFor(service, 'test-echo', {});
      const feePayer = feePayerOf(challenge);
      const warm = await newPayer(service, 'solana');
      assert.equal((await service.invoke('test-echo', { value: `warm-${network}` }, header(await sign(warm, challenge)))).status, 200);
      const payer = await newPayer(service, network);
      const start = await balancesOf(service, payer, feePayer);
      const payment = await sign(payer, challenge);
      const chain = network === 'solana' ? service.sandbox!.solana.faults! : service.sandbox!.base.faults!;
      chain.set({ dropBroadcasts: 1 });
      let res: Response;
      try {
        res = await service.invoke('test-echo', { value: 'dropped' }, header(payment));
      } finally {
        chain.clear();
      }
      const answer = await codeOf(res);
      assert.equal(answer.code, 'settlement_unconfirmed', answer.text);
      assert.equal((await service.store.getClaim(keyOf(payment)))?.status, 'unconfirmed');
      assertCharged(start, await balancesOf(service, payer, feePayer), 0n, 'dropped');
      // Still within its validity: a retry is told to wait, not that it was not charged.
      assert.equal((await codeOf(await service.invoke('test-echo', { value: 'dropped' }, header(payment)))).code, 'settlement_unconfirmed');
      service.advance(SETTLEMENT_EXPIRY_MS + 1_000);
      const pass = await service.settlements.runOnce();
      assert.ok(pass.notCharged >= 1, JSON.stringify(pass));
      const claim = await service.store.getClaim(keyOf(payment));
      assert.equal(claim?.status, 'not_settled');
      assert.equal(claim?.reason, 'settlement_expired');
      const again = await codeOf(await service.invoke('test-echo', { value: 'dropped' }, header(payment)));
      assert.equal(again.code, 'payment_replayed');
      assertCharged(start, await balancesOf(service, payer, feePayer), 0n, 'expired');
      service.advance(-(SETTLEMENT_EXPIRY_MS + 1_000)); // back, for the next network's payments
    });
  }
});
