/**
 * Provider lists validated per entry, seen through the real stack (docs/sources.md, "Lists are validated per item"): one malformed entry of a list
 * (the sandbox provider's `malformedItem` fault, src/sandbox/providers/faults.ts: the list's first entry loses
 * its scalar fields, as an old DEX Screener pair lacks `quoteToken.address`) is skipped, the endpoint answers
 * 200 from the rest of the list, is charged its price, and carries an `items_skipped` caveat naming the leg,
 * the provider, the kind of entry and the count. Without the fault, no such caveat.
 *
 * Each scenario runs on its own service (no cached answer leaks between them), at a fixed past moment of the
 * sandbox world (paid authorizations are checked against real time).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import type { Fault } from '../../src/sandbox/providers/faults.js';
import type { LegName } from '../../src/sources/errors.js';
import { paidCall, type PaidCall } from '../helpers/paid-answers.js';
import { startTestService } from '../helpers/service.js';

// Test answers are read field by field.
type Json = any;

const AT = new Date('2026-11-20T10:00:00Z');
/** USDC atomic units (6 decimals): enrich-token-light and enrich-wallet-light cost 0.002. */
const LIGHT_PRICE = 2_000n;

/** One paid call on a fresh service, with `fault` set on `leg` first (none: the control). */
async function callOnce(key: string, body: Record<string, unknown>, fault?: { leg: LegName; fault: Fault }): Promise<PaidCall> {
  const service = await startTestService({ fixedNow: AT });
  try {
    if (fault) service.sandbox!.providers!.faults.set(fault.leg, fault.fault);
    return await paidCall(service, 'solana', key, body, { outputSchema: true });
  } finally {
    await service.close();
  }
}

const skippedCaveats = (json: Json): Json[] => (json.caveats ?? []).filter((c: Json) => c.code === 'items_skipped');

describe('a malformed list entry is skipped with a caveat, never the whole answer', () => {
  it('enrich-token-light: one of the token\'s two DEX Screener pairs malformed → 200 from the other pair, charged, with the caveat', async () => {
    const plain = await callOnce('enrich-token-light', { mint: A.TOKEN_SAFE });
    const faulted = await callOnce('enrich-token-light', { mint: A.TOKEN_SAFE }, { leg: 'market_data', fault: { malformedItem: true } });

    assert.equal(plain.status, 200, JSON.stringify(plain.json));
    assert.equal(plain.json.pairs_count, 2);
    assert.deepEqual(skippedCaveats(plain.json), [], 'no skipped entry, no caveat');

    assert.equal(faulted.status, 200, JSON.stringify(faulted.json));
    assert.equal(faulted.cost, LIGHT_PRICE, 'an answer from the rest of the list is a full answer: charged its price once');
    // The deeper pair (served first) was the broken one: the market is read from the other pair alone.
    assert.equal(faulted.json.pairs_count, 1);
    assert.ok(faulted.json.liquidity_usd > 0 && faulted.json.liquidity_usd < plain.json.liquidity_usd, `${faulted.json.liquidity_usd} < ${plain.json.liquidity_usd}`);
    assert.deepEqual(skippedCaveats(faulted.json), [{
      code: 'items_skipped',
      leg: 'market_data',
      message: "1 malformed pair entry from DEX Screener was skipped (first: /0 must have required property 'chainId'); the rest of the list was used.",
    }]);
    assert.ok(!faulted.json.caveats.some((c: Json) => c.code === 'leg_degraded'), 'the leg answered: it did not degrade');
  });

  it('enrich-wallet-light: one DAS asset of the wallet malformed → 200 with the other holdings, charged, with the caveat', async () => {
    const plain = await callOnce('enrich-wallet-light', { address: A.WALLET_DEFI });
    const faulted = await callOnce('enrich-wallet-light', { address: A.WALLET_DEFI }, { leg: 'wallet_assets', fault: { malformedItem: true } });

    assert.equal(plain.status, 200, JSON.stringify(plain.json));
    assert.deepEqual(skippedCaveats(plain.json), []);

    assert.equal(faulted.status, 200, JSON.stringify(faulted.json));
    assert.equal(faulted.cost, LIGHT_PRICE);
    assert.equal(faulted.json.holdings_count, plain.json.holdings_count - 1);
    const kept = new Set(faulted.json.holdings.map((h: Json) => h.mint));
    assert.equal(plain.json.holdings.filter((h: Json) => !kept.has(h.mint)).length, 1, 'exactly one holding is missing');
    // The fault breaks the first entry of every list the leg serves: the DAS assets and the enhanced
    // transaction history (the wallet's risk factors read it) each lose one, each named in its own caveat.
    const caveats = skippedCaveats(faulted.json);
    assert.deepEqual(caveats.map((c: Json) => c.leg), ['wallet_assets', 'wallet_assets']);
    assert.deepEqual(caveats.map((c: Json) => c.message.replace(/ \(first: .*\)/, '')).sort(), [
      '1 malformed asset entry from Helius was skipped; the rest of the list was used.',
      '1 malformed transaction entry from Helius was skipped; the rest of the list was used.',
    ]);
    for (const c of caveats) assert.match(c.message, /\(first: \/0 must have required property '\w+'\)/);
  });
});
