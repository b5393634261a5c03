/**
 * The money promise as a property: for random interleavings of a caller hanging up (while the source is
 * slow, or while the transfer settles), a settle answer lost or unclear after the broadcast, confirmation
 * reads failing, and a store failing after the settlement, every payer's balance change equals the price ×
 * the answers it received or can still retrieve — never more. "Can retrieve" is checked by retrieving: the
 * payer finally re-sends the same payment, and a charged call must then hand over its answer.
 *
 * Seeded (fast-check): a failure prints the scenario and its seed, and the same seed replays it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { PaymentRequired } from '@x402/core/types';
import { fixtureRegistry, heldCalls } from '../helpers/fixture-endpoints.js';
import {
  balancesOf, blindChain, challengeFor, cuttableCall, feePayerOf, header, keyOf, PRICE, sign, unblindChains, wrapped, type Harness, type SettleMode,
} from '../helpers/money-path.js';
import { until } from '../helpers/measured.js';
import { newPayer, type PayNetwork } from '../helpers/payers.js';
import { suiteService } from '../helpers/service.js';

interface Scenario {
  network: PayNetwork;
  /** When the caller hangs up, if at all. */
  hangUp: 'never' | 'while-the-source-is-slow' | 'while-settling';
  settle: Exclude<SettleMode, 'held'>;
  /** The store fails its next write after the settlement (the bookkeeping of the outcome). */
  storeFails: boolean;
  /** The chain's confirmation reads fail for the settle call and its lookup (a node that is behind). */
  blindDuringCall: boolean;
}

const scenarios: fc.Arbitrary<Scenario> = fc.record({
  network: fc.constantFrom<PayNetwork>('solana', 'base'),
  hangUp: fc.constantFrom('never', 'while-the-source-is-slow', 'while-settling'),
  settle: fc.constantFrom<Scenario['settle']>('pass', 'lost', 'pending', 'unseen'),
  storeFails: fc.boolean(),
  blindDuringCall: fc.boolean(),
});

describe('money path property', () => {
  const h = { mode: 'pass', settles: 0, verifies: 0 } as Harness;
  // A short confirmation bound: with the chain's reads failing, a settle ends unconfirmed after 300 ms of
  // real time instead of 30 s. Either way the property must hold (it does not depend on which comes first).
  const service = suiteService({
    registry: fixtureRegistry(), wrapFacilitator: (client) => wrapped(h)(client), facilitatorConfirmation: { maxWaitMs: 300, pollIntervalMs: 20 },
  }, {}, async (s) => {
    h.service = s;
  });
  let echo: PaymentRequired;
  let held: PaymentRequired;
  let feePayer: string;
  let run = 0;
  before(async () => {
    echo = await challengeFor(service, 'test-echo', {});
    held = await challengeFor(service, 'test-held', {});
    feePayer = feePayerOf(echo);
  });
  after(() => {
    h.mode = 'pass';
  });

  it('balance change = price × answers received or retrievable, never more', async () => {
    await fc.assert(fc.asyncProperty(scenarios, async (scenario) => {
      const value = `run-${++run}`;
      const key = scenario.hangUp === 'while-the-source-is-slow' ? 'test-held' : 'test-echo';
      const payer = await newPayer(service, scenario.network);
      const start = await balancesOf(service, payer, feePayer);
      const payment = await sign(payer, key === 'test-held' ? held : echo);
      const store = service.store as { finishClaim: typeof service.store.finishClaim };
      const finishClaim = store.finishClaim;
      let writeFailed = false;
      if (scenario.storeFails) {
        store.finishClaim = async () => {
          store.finishClaim = finishClaim; // fails once, then the store is back
          writeFailed = true;
          throw new Error('store unavailable');
        };
      }
      if (scenario.blindDuringCall) blindChain(service, payment.accepted.network);
      let received = 0;
      try {
        if (scenario.hangUp === 'never') {
          h.mode = scenario.settle;
          const res = await service.invoke(key, { value }, header(payment));
          if (res.status === 200 && (await res.text()).includes(value)) received++;
        } else if (scenario.hangUp === 'while-the-source-is-slow') {
          h.mode = scenario.settle;
          const hold = heldCalls.arm(value);
          const call = cuttableCall(service, key, header(payment), { value });
          await hold.started;
          await call.hangUp();
          hold.release();
        } else {
          const started = new Promise<void>((resolve) => (h.settleStarted = resolve));
          h.mode = 'held';
          const call = cuttableCall(service, key, header(payment), { value });
          await started;
          h.mode = scenario.settle;
          await call.hangUp();
          h.releaseSettle!();
        }
        // The call's outcome is recorded (after the answer, or by the background retry after a store failure,
        // which waits on the service's clock: moved a little at a time, never far — the chains share the clock,
        // and payments signed later must not find their validity window already over).
        let moved = 0;
        await until(async () => {
          if (writeFailed && moved < 3_000) {
            service.advance(250);
            moved += 250;
          }
          const claim = await service.store.getClaim(keyOf(payment));
          return claim !== undefined && claim.status !== 'claimed';
        });
      } finally {
        h.mode = 'pass';
        store.finishClaim = finishClaim;
        unblindChains(service);
      }
      const charged = start.payer - (await balancesOf(service, payer, feePayer)).payer;
      // The payer comes back with the same payment: a charged call hands over its answer now.
      const retry = await service.invoke(key, { value }, header(payment));
      const retryText = await retry.text();
      const retrieved = retry.status === 200 && retryText.includes(value);
      const end = await balancesOf(service, payer, feePayer);
      const claim = await service.store.getClaim(keyOf(payment));
      const context = `${JSON.stringify(scenario)} → claim ${claim?.status}/${claim?.reason ?? ''}, retry ${retry.status} ${retryText.slice(0, 120)}`;
      assert.equal(start.payer - end.payer, charged, `the retry charged again: ${context}`);
      assert.ok(charged === 0n || charged === PRICE, `charged ${charged}: ${context}`);
      if (received > 0) assert.equal(charged, PRICE, `answered without a charge: ${context}`);
      if (charged === PRICE) assert.ok(received > 0 || retrieved, `charged, but the answer was neither received nor retrievable: ${context}`);
      if (charged === 0n) assert.ok(!retrieved, `an unpaid call handed over its answer: ${context}`);
      assert.equal(end.payee - start.payee, charged, `payee: ${context}`);
    }), { numRuns: Number(process.env.MONEY_PROPERTY_RUNS ?? 24), seed: Number(process.env.MONEY_PROPERTY_SEED ?? 20261128), endOnFailure: true });
  });
});
