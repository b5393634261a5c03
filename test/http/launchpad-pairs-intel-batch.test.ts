/**
 * launchpad-pairs (free), launchpad-yield-batch and launchpad-launch-intel over HTTP on the sandbox launch
 * platform (the cast of src/sandbox/world/launchpad/, docs/sandbox.md "Launch platform") at a fixed clock.
 * Paid calls use real x402 payers; every charge is the exact price once, nothing is charged for a 4xx.
 *
 * Launch-intel figures below are worked by hand from the cast at NOW = 12:00 UTC: a rolling coin of
 * `ageDays` d was created ageDays d + 6 h before today's 00:00, so it is ageDays + 0.75 days old.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coinMint, LAUNCHPAD_COINS, RAINSTOP } from '../../src/sandbox/world/launchpad/index.js';
import { paidCall } from '../helpers/paid-answers.js';
import { assertMatchesOutputSchema } from '../helpers/output-schema.js';
import { suiteService, type TestService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
/** USDC atomic units (6 decimals). */
const PRICE: Record<string, bigint> = {
  'launchpad-yield-batch': 50_000n,
  'launchpad-launch-intel': 20_000n,
  'launchpad-yield': 5_000n,
  'launchpad-screener': 10_000n,
  'launchpad-reward-risk': 5_000n,
};
const NOW = new Date('2026-11-20T12:00:00Z');
/** A valid address that is no coin of the platform. */
const STRANGER = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

const mint = (symbol: string): string => (symbol === 'RAINSTOP' ? coinMint(RAINSTOP) : coinMint(LAUNCHPAD_COINS.find((c) => c.symbol === symbol)!));

async function ok(service: TestService, key: string, body: Record<string, unknown>): Promise<Json> {
  const r = await paidCall(service, 'solana', key, body, { outputSchema: true });
  assert.equal(r.status, 200, `${key} ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
  assert.equal(r.cost, PRICE[key], `${key} is charged its exact price once`);
  return r.json;
}

async function free(service: TestService, body: Record<string, unknown>): Promise<{ status: number; json: Json; paid: boolean }> {
  const res = await service.invoke('launchpad-pairs', body);
  const json = await res.json();
  if (res.status === 200) assertMatchesOutputSchema('launchpad-pairs', json);
  return { status: res.status, json, paid: res.headers.get('payment-response') !== null };
}

describe('launchpad-pairs (free, no payment)', () => {
  const service = suiteService({ fixedNow: NOW });

  it('every quote with the three conditions and the reasons it fails them', async () => {
    const r = await free(service, { format: 'both' });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.paid, false);
    const d = r.json;
    assert.equal(d.count, 10);
    const by = (s: string) => d.pairs.find((p: Json) => p.symbol === s);
    for (const s of ['SOL', 'USDC', 'USD1', 'TSLAx', 'PREOAI', 'RISEAI']) {
      assert.deepEqual(
        [by(s).launchable, by(s).launch_protocol_ready, by(s).category_allowed, by(s).is_agent_launchable, by(s).reasons],
        [true, true, true, true, []], s,
      );
    }
    assert.equal(d.agent_launchable, 6);
    // The platform's raw categories are kept beside the normalized ones.
    assert.deepEqual([by('NVDAx').category, by('NVDAx').category_raw], ['xstock', 'tessera']);
    assert.deepEqual([by('RISEAI').category, by('RISEAI').category_raw, by('RISEAI').category_label], ['prestock', 'backpack', 'Sunrise']);
    // A closed quote: ready on the launch program's side, but the closure is the reason.
    assert.equal(by('NVDAx').launch_protocol_ready, true);
    assert.deepEqual(by('NVDAx').reasons, ['the platform has closed this quote to new launches']);
    assert.equal(by('CARDS').reasons.length, 2, 'closed and collectible');
    // Launchable and priced, but in a category agents do not launch against.
    assert.equal(by('SOL2X').launch_protocol_ready, true);
    assert.equal(by('SOL2X').is_agent_launchable, false);
    assert.match(by('SOL2X').reasons[0], /category leverage/);
    assert.equal(by('MEME').is_agent_launchable, false);
    // Agent-launchable first, then by symbol.
    assert.deepEqual(d.pairs.slice(0, 6).map((p: Json) => p.symbol), ['PREOAI', 'RISEAI', 'SOL', 'TSLAx', 'USD1', 'USDC']);
    assert.equal(by('SOL').quote_mint, 'So11111111111111111111111111111111111111112');
    assert.deepEqual(d.allowed_categories, ['solana', 'currency', 'xstock', 'prestock']);
    assert.match(JSON.stringify(d), /Launchpad quote assets: 10 listed, 6 agent-launchable/);
  });

  it('launchable_only and category filters', async () => {
    const only = await free(service, { launchable_only: true });
    assert.equal(only.status, 200);
    assert.equal(only.json.count, 6);
    assert.ok(only.json.pairs.every((p: Json) => p.is_agent_launchable));
    const x = await free(service, { category: 'xstock' });
    assert.deepEqual(x.json.pairs.map((p: Json) => p.symbol), ['TSLAx', 'NVDAx']);
    const none = await free(service, { category: 'leverage', launchable_only: true });
    assert.deepEqual([none.json.count, none.json.pairs], [0, []]);
  });

  it('the platform down: 502 upstream_unavailable, and still no payment asked', async () => {
    service.sandbox!.providers!.faults.set('launchpad', { errorRate: 1 });
    try {
      const r = await free(service, { category: 'currency' });
      assert.equal(r.status, 502, JSON.stringify(r.json));
      assert.equal(r.json.error.code, 'upstream_unavailable');
      assert.equal(r.paid, false);
    } finally {
      service.sandbox!.providers!.faults.set('launchpad', undefined);
    }
  });
});

describe('launchpad-yield-batch and launchpad-launch-intel', () => {
  const service = suiteService({ fixedNow: NOW });

  it('before any index refresh: every mint is not_found, with index_stale', async () => {
    const d = await ok(service, 'launchpad-yield-batch', { mints: [mint('SOLRAIN')] });
    assert.deepEqual(d.coins, []);
    assert.deepEqual(d.not_found, [mint('SOLRAIN')]);
    assert.ok(d.caveats.some((c: Json) => c.code === 'index_stale'));
  });

  it('mints: the launchpad-yield object plus rank, unknown and duplicate mints handled, filters ignored', async () => {
    await service.jobs.tick(NOW);
    const d = await ok(service, 'launchpad-yield-batch', {
      mints: [mint('SOLRAIN'), STRANGER, mint('USDCYLD'), mint('SOLRAIN')],
      category: 'leverage', // ignored: mints were given
      format: 'both',
    });
    assert.deepEqual(d.not_found, [STRANGER]);
    assert.equal(d.matched, 2);
    assert.equal(d.sort, 'volume24h');
    // USDCYLD trades 300,000 USD a day, SOLRAIN 160,000.
    assert.deepEqual(d.coins.map((c: Json) => [c.symbol, c.rank, c.sort_value]), [['USDCYLD', 1, 300_000], ['SOLRAIN', 2, 160_000]]);
    const single = await ok(service, 'launchpad-yield', { mint: mint('SOLRAIN') });
    const batched = d.coins[1];
    for (const k of ['mint', 'symbol', 'yields', 'basis', 'quote_exposure', 'reward_asset', 'daily_points', 'source']) {
      assert.deepEqual(batched[k], single[k], k);
    }
    assert.equal(batched.daily_points, 1, 'one index refresh: one daily point');
    assert.ok(d.caveats.some((c: Json) => c.code === 'partial_history' && /SOLRAIN/.test(c.message)));
    assert.match(JSON.stringify(d), /Not in the index: JUPyi/);
  });

  it('filters: the screener filters pick the same coins; sort, rank and limit', async () => {
    const body = { category: 'currency', min_holders: 100 };
    const screened = await ok(service, 'launchpad-screener', { ...body, limit: 100 });
    const d = await ok(service, 'launchpad-yield-batch', { ...body, sort: 'holders' });
    assert.equal(d.matched, screened.matched);
    assert.deepEqual(d.coins.map((c: Json) => c.mint).sort(), screened.rows.map((r: Json) => r.mint).sort());
    assert.deepEqual(d.coins.map((c: Json) => c.rank), d.coins.map((_: Json, i: number) => i + 1));
    assert.equal(d.coins[0].symbol, 'USDCYLD', '3,100 holders');
    assert.equal(d.coins[0].sort_value, 3100);
    for (let i = 1; i < d.coins.length; i++) assert.ok(d.coins[i - 1].sort_value >= d.coins[i].sort_value);
    assert.deepEqual(d.not_found, []);
    const two = await ok(service, 'launchpad-yield-batch', { ...body, sort: 'holders', limit: 2 });
    assert.deepEqual(two.coins.map((c: Json) => c.symbol), d.coins.slice(0, 2).map((c: Json) => c.symbol));
  });

  it('26 mints or a limit of 26: 400, not charged', async () => {
    for (const body of [{ mints: Array.from({ length: 26 }, () => STRANGER) }, { limit: 26 }]) {
      const r = await paidCall(service, 'solana', 'launchpad-yield-batch', body);
      assert.equal(r.status, 400);
      assert.equal(r.json.error.code, 'invalid_input');
      assert.equal(r.cost, 0n);
    }
  });

  it('launch intel, default min_coins 5: only SOL has five reward coins; its demand worked by hand', async () => {
    const d = await ok(service, 'launchpad-launch-intel', { format: 'both' });
    assert.equal(d.quotes, 1);
    const sol = d.rows[0];
    // SOL's reward coins: SOLRAIN, SOLPAY, SOLDRIP, SOLNEW, SOLZERO, SOLRUN, RAINSTOP and the fee-share SHAREOLD
    // (SOLNOFEE is a standard launch).
    assert.equal(sol.quote_symbol, 'SOL');
    assert.equal(sol.coins, 8);
    // All 8 trade (40); the 7 older than 3 days all trade (40); 3 of 8 PAYING: 20 × 3/8 = 7.5.
    assert.equal(sol.trading_today_pct, 100);
    assert.equal(sol.survival_pct, 100);
    assert.equal(sol.paying_today_pct, 37.5);
    // Launched within 7 d: SOLPAY (6.75 d) and SOLNEW (0.75 d); within 24 h: SOLNEW. Crowding 2/8 = 0.25: no penalty.
    assert.deepEqual([sol.launches_24h, sol.launches_7d, sol.crowding, sol.crowding_penalty], [1, 2, 0.25, 0]);
    assert.equal(sol.demand_score, 87.5);
    assert.equal(sol.is_new, false);
    assert.equal(sol.volume_24h_usd, 1_189_200);
    assert.deepEqual(sol.factors.map((f: Json) => [f.name, f.value]), [['traded_share', 40], ['survival', 40], ['paying_share', 7.5], ['crowding_penalty', 0]]);
    assert.equal(d.overview.recommendations[0], 'highest demand: SOL (87.5/100)');
    assert.match(JSON.stringify(d), /Launch intel: 1 of 1 quotes by demand/);
  });

  it('launch intel, min_coins 4: USDC 95, TSLAx 90, SOL 87.5, MEME 40 (survival 0, crowding exactly 1: no penalty)', async () => {
    const d = await ok(service, 'launchpad-launch-intel', { min_coins: 4 });
    // TSLAx: TSLAYLD, TSLAOLD, TSLAORPH, EVERPAY all trade and survive (80), 2 of 4 pay (10), none launched in 7 d.
    assert.deepEqual(d.rows.map((r: Json) => [r.rank, r.quote_symbol, r.demand_score]), [[1, 'USDC', 95], [2, 'TSLAx', 90], [3, 'SOL', 87.5], [4, 'MEME', 40]]);
    const meme = d.rows[3];
    // MEMERUG (8.75 d) is the only MEME coin past day 3 and it does not trade; 3 of 4 trade; MEMEPAY and MEMEFRESH pay.
    assert.deepEqual([meme.survival_pct, meme.trading_today_pct, meme.paying_today_pct, meme.launches_7d, meme.crowding, meme.crowding_penalty], [0, 75, 50, 3, 1, 0]);
    const byVolume = await ok(service, 'launchpad-launch-intel', { min_coins: 4, sort: 'volume', limit: 1 });
    assert.deepEqual(byVolume.rows.map((r: Json) => r.quote_symbol), ['SOL']);
    assert.equal(byVolume.quotes, 4);
  });

  it('the platform down: the index keeps serving (yield-batch, launch intel, an indexed coin); a coin it does not hold answers 502, not charged', async () => {
    service.sandbox!.providers!.faults.set('launchpad', { errorRate: 1 });
    try {
      await ok(service, 'launchpad-yield-batch', { category: 'solana', limit: 2 });
      await ok(service, 'launchpad-launch-intel', { min_coins: 2 });
      const indexed = await ok(service, 'launchpad-reward-risk', { mint: mint('SOLDRIP') });
      assert.equal(indexed.source, 'index');
      for (const [key, body] of [['launchpad-reward-risk', { mint: STRANGER }], ['launchpad-yield', { mint: STRANGER }]] as const) {
        const r = await paidCall(service, 'solana', key, body);
        assert.equal(r.status, 502, `${key}: ${JSON.stringify(r.json)}`);
        assert.equal(r.json.error.code, 'upstream_unavailable');
        assert.equal(r.json.error.leg, 'launchpad');
        assert.equal(r.cost, 0n, key);
      }
    } finally {
      service.sandbox!.providers!.faults.set('launchpad', undefined);
    }
  });

  it('launch intel by category: only that category\'s quotes and coins', async () => {
    const d = await ok(service, 'launchpad-launch-intel', { category: 'currency', min_coins: 1 });
    assert.deepEqual(d.rows.map((r: Json) => r.quote_symbol).sort(), ['USD1', 'USDC']);
    assert.ok(d.rows.every((r: Json) => r.quote_category === 'currency'));
    // USDC's 4 reward coins (USDCNONE has no fee) + USD1's 2.
    assert.equal(d.overview.coins, 6);
  });
});
