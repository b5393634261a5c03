/**
 * Alert streams end to end on the sandbox clock (docs/streaming.md): a perps position crossing its liquidation
 * buffer is detected once for a group of two subscriptions (one streaming, one webhook), stored, and delivered
 * to each exactly once, each charged exactly once — the stream from a prepaid balance bought with `exact` on
 * Solana, the webhook from a batch-settlement voucher allowance on Base. Money is read on the chains: the Solana
 * payer paid the top-up and nothing else; the Base payer's deposit sits in the escrow, the claim job pays the payee
 * exactly one event's price, and a second voucher top-up from the same channel works and claims nothing undelivered.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/client';
import { BATCH_SETTLEMENT_ADDRESS } from '@x402/evm';
import { PERPS_POOL_CAST as P } from '../../src/sandbox/world/perps/index.js';
import { verifyWebhook } from '../../src/lib/webhook-signature.js';
import { newEvmPayer, sandboxBaseClient, sandboxUsdcBalance } from '../helpers/evm-payer.js';
import { newPayer, type Payer } from '../helpers/payers.js';
import { openSse } from '../helpers/sse-client.js';
import { suiteService } from '../helpers/service.js';
import { createSubscription, detectAt, fund, readSubscription, webhookReceiver } from '../helpers/alert-streams.js';

type Json = any;
const MIN = 60_000;
const PRICE = 1_000n; // 0.001 USDC per event
const TOP_UP = 100_000n; // 0.1 USDC

describe('alert streams: a liquidation-buffer crossing, streamed and posted, each charged once', () => {
  // PERP_NEAR_LIQ's collateral buffer falls smoothly from 7.5 % at 16:00 to 6.5 % at 20:00 UTC on 2026-11-20 (its
  // position is re-opened daily at 02:00): 7.11 % at 17:40, 6.98 % at 18:00. Eight detection ticks three minutes
  // apart from 17:43 see it cross 7 % once.
  const t0 = Date.parse('2026-11-20T17:40:00Z');
  const threshold = 7;
  const ticks = Array.from({ length: 8 }, (_, k) => t0 + 3 * (k + 1) * MIN);
  const service = suiteService({ fixedNow: new Date(t0) });
  const receiver = webhookReceiver();
  let solanaPayer: Payer;
  before(async () => {
    solanaPayer = await newPayer(service, 'solana');
  });
  after(() => receiver.close());

  it('one event for the group; stream and webhook each get it once and each is charged once', async () => {
    const input = {
      wallets: [P.PERP_NEAR_LIQ],
      // Only the liquidation buffer is of interest here: the other kinds' thresholds are out of reach.
      criteria: { perp_liquidation_buffer_pct: threshold, perp_max_leverage: 100, perp_min_pnl_swing_pts: 1000, min_portfolio_change_pct: 10000, min_risk_score_delta: 1 },
    };
    const streamSub = await createSubscription(service, { source: 'check-alerts', input, delivery: { type: 'stream' } });
    const hookSub = await createSubscription(service, { source: 'check-alerts', input, delivery: { type: 'webhook', url: await receiver.start() } });
    assert.equal(streamSub.status, 'paused', 'unfunded until topped up');
    assert.match(hookSub.webhook_secret, /^whsec_/);

    // Stream: a prepaid balance bought with exact on Solana.
    const solBefore = await solanaPayer.balance();
    const funded = await fund(solanaPayer.fetch, service, streamSub);
    assert.equal(funded.status, 200, await funded.clone().text());
    assert.equal(await solanaPayer.balance(), solBefore - TOP_UP, 'the top-up moved 0.1 USDC');

    // Webhook: a voucher allowance on Base (batch-settlement): deposit once, nothing charged yet.
    const rpc = service.sandbox!.base.url;
    const chain = sandboxBaseClient(rpc);
    const evm = newEvmPayer();
    const bs = new x402Client().register('eip155:8453', new BatchSettlementEvmScheme({
      address: evm.address,
      signTypedData: (m) => evm.signTypedData(m as Parameters<typeof evm.signTypedData>[0]),
      readContract: (args) => chain.readContract(args as Parameters<typeof chain.readContract>[0]),
    }));
    const baseBefore = { payer: await sandboxUsdcBalance(rpc, evm.address), escrow: await sandboxUsdcBalance(rpc, BATCH_SETTLEMENT_ADDRESS) };
    const voucher = await fund(wrapFetchWithPayment(fetch, bs), service, hookSub);
    assert.equal(voucher.status, 200, await voucher.clone().text());
    const deposited = baseBefore.payer - (await sandboxUsdcBalance(rpc, evm.address));
    assert.ok(deposited >= TOP_UP, 'the deposit went into the escrow');
    assert.equal(await sandboxUsdcBalance(rpc, BATCH_SETTLEMENT_ADDRESS), baseBefore.escrow + deposited);
    const hookFunds = (await readSubscription(service, hookSub)).funds;
    assert.deepEqual(hookFunds.available_usdc, { prepaid: '0', voucher: '0.1' });

    const stream = await openSse(`${service.url}/subscriptions/${streamSub.id}/events`, { authorization: `Bearer ${streamSub.token}` });
    assert.equal(stream.status, 200);
    assert.match(stream.headers.get('content-type')!, /^text\/event-stream/);

    const summaries: string[] = [];
    let clock = t0;
    for (const tick of ticks) {
      service.advance(tick - clock);
      clock = tick;
      summaries.push(await detectAt(service, tick));
    }
    assert.ok(summaries.every((t) => t.startsWith('groups 1,')), `one detection per tick for both subscriptions: ${summaries.join(' | ')}`);

    const [event] = await stream.waitFor(1);
    stream.close();
    const streamed = JSON.parse(event!.data);
    assert.equal(streamed.type, 'liquidation_approaching');
    assert.equal(streamed.subscription_id, streamSub.id);
    assert.equal(event!.id, String(streamed.seq));
    // The crossing is real in the service's own observations: at or above the threshold until one tick, below from it on.
    const at = async (t: number) => ((await service.store.observationAtOrBefore('perps_wallet', P.PERP_NEAR_LIQ, new Date(t)))!.data.positions as Json[])[0].collateral_buffer_pct as number;
    const seen = await Promise.all(ticks.map(at));
    const crossing = seen.findIndex((b) => b < threshold);
    assert.ok(crossing > 0 && seen.slice(crossing).every((b) => b < threshold), `one crossing inside the ticks: ${seen.join(', ')}`);
    assert.equal(streamed.occurred_at, new Date(ticks[crossing]!).toISOString(), 'fired at the first tick below the threshold');
    assert.equal(streamed.data.data.collateral_buffer_pct, seen[crossing], "the alert as check-alerts words it");
    assert.equal(streamed.data.kind, "liquidation_approaching");

    const stored = await service.streams.store.eventsAfter(streamSub.id, 0, 100);
    assert.deepEqual(stored.map((e) => e.type), ['liquidation_approaching'], 'exactly one event stored for the stream');

    // Webhook: delivered once, signed, the same event.
    const ok = receiver.received.filter((r) => r.status === 200);
    assert.equal(ok.length, 1);
    const posted = JSON.parse(ok[0]!.body);
    assert.equal(posted.id, streamed.id, 'the same detected event');
    assert.equal(posted.subscription_id, hookSub.id);
    const verdict = verifyWebhook(hookSub.webhook_secret, ok[0]!.headers as Record<string, string>, ok[0]!.body, Math.floor(ticks[crossing]! / 1000));
    assert.deepEqual(verdict, { ok: true });

    // Charged once each.
    const streamCharges = await readSubscription(service, streamSub, '/charges');
    assert.deepEqual(streamCharges.charges.map((c: Json) => [c.seq, c.state, c.source, c.amount_usdc]), [[1, 'charged', 'prepaid', '0.001']]);
    assert.deepEqual(streamCharges.funds.available_usdc, { prepaid: '0.099', voucher: '0' });
    const hookCharges = await readSubscription(service, hookSub, '/charges');
    assert.deepEqual(hookCharges.charges.map((c: Json) => [c.seq, c.state, c.source]), [[1, 'charged', 'voucher']]);
    assert.equal(await solanaPayer.balance(), solBefore - TOP_UP, 'nothing more left the Solana payer');
    assert.equal(await sandboxUsdcBalance(rpc, evm.address), baseBefore.payer - deposited, 'the Base payer paid only its deposit (escrowed)');

    // The claim job turns the counted voucher charge into money: the payee gets exactly one event's price, and the
    // channel (still backing an allowance) is not refunded as idle.
    const payTo = service.payTo.base;
    const payeeBefore = await sandboxUsdcBalance(rpc, payTo);
    const results = await service.jobs.tick(new Date(ticks[7]! + MIN));
    const claims = results.find((r) => r.job === 'batch-settlement-claims');
    assert.equal(claims?.status, 'ran', JSON.stringify(claims));
    assert.equal(await sandboxUsdcBalance(rpc, payTo), payeeBefore + PRICE, 'one delivered event claimed: 0.001 USDC');
    assert.equal(await sandboxUsdcBalance(rpc, evm.address), baseBefore.payer - deposited, 'the payer\'s unspent allowance stays in the escrow');

    // A second top-up from the same channel after a delivery: the client's count and the service's agree, so the
    // voucher is accepted and adds 100 events; still nothing more is claimed than was delivered.
    const again = await fund(wrapFetchWithPayment(fetch, bs), service, hookSub);
    assert.equal(again.status, 200, await again.clone().text());
    assert.deepEqual((await readSubscription(service, hookSub)).funds.available_usdc, { prepaid: '0', voucher: '0.199' });
    await service.jobs.tick(new Date(ticks[7]! + 11 * MIN));
    assert.equal(await sandboxUsdcBalance(rpc, payTo), payeeBefore + PRICE, 'the new allowance is not claimed before it is delivered');
  });
});
