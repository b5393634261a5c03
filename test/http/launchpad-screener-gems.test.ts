/**
 * launchpad-screener and launchpad-gems over HTTP with real x402 payments on the sandbox launch platform
 * (docs/sandbox.md "Launch platform"; the cast of src/sandbox/world/launchpad/), at a fixed clock, plus
 * the shared filter (shared/screener-filters.ts) on hand-built coins at every boundary. The index job runs
 * through the service's own job runner; before its first refresh both endpoints answer empty with
 * index_stale. Every charge is the exact price once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RewardCoin } from '../../src/analytics/launchpad/types.js';
import { passesCoinFilter } from '../../src/endpoints/launchpad/shared/screener-filters.js';
import { coinMint, LAUNCHPAD_COINS } from '../../src/sandbox/world/launchpad/index.js';
import { paidCall } from '../helpers/paid-answers.js';
import { suiteService, type TestService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** USDC atomic units (6 decimals): 0.01 and 0.03. */
const PRICE: Record<string, bigint> = { 'launchpad-screener': 10_000n, 'launchpad-gems': 30_000n };
const NOW = new Date('2026-11-20T12:00:00Z');

const mint = (symbol: string): string => coinMint(LAUNCHPAD_COINS.find((c) => c.symbol === symbol)!);

async function ok(service: TestService, key: string, body: Record<string, unknown>): Promise<Json> {
  const r = await paidCall(service, 'solana', key, body, { outputSchema: true });
  assert.equal(r.status, 200, `${key} ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
  assert.equal(r.cost, PRICE[key], `${key} is charged its exact price once`);
  return r.json;
}

describe('screener filter boundaries (inclusive; unknown figures dropped when filtered)', () => {
  const T = NOW.getTime();
  const coin = (over: Partial<RewardCoin> = {}): RewardCoin => ({
    mint: 'M', symbol: 'C', pool: 'P', quote_mint: 'Q', quote_symbol: 'SOL', quote_category: 'solana', quote_category_raw: 'solana',
    reward_mechanism: 'transfer_fee', transfer_fee_bps: 300, transfer_fee_max: null, withdraw_authority: 'D', platform_distributor: 'D',
    fee_mutable: false, adopted: true, created_at: T - 10 * DAY, holders: 100, top10_pct: 20, market_cap_usd: 50_000, volume_24h_usd: 1_000,
    price_change_24h_pct: 0, distributed_quote: 1, payout_count: 1, last_payout_at: T - 2 * HOUR, quote_price_usd: 150,
    recent_payouts: [], daily: [], flywheel: false, ...over,
  });
  const pass = (c: RewardCoin, f: Parameters<typeof passesCoinFilter>[1]) => passesCoinFilter(c, f, T);

  it('holders, age, volume and cap at, just past and unknown', () => {
    assert.equal(pass(coin(), { min_holders: 100 }), true);
    assert.equal(pass(coin(), { min_holders: 101 }), false);
    assert.equal(pass(coin({ holders: null }), { min_holders: 0 }), false);
    assert.equal(pass(coin({ holders: null }), {}), true);
    assert.equal(pass(coin(), { min_age_days: 10, max_age_days: 10 }), true, 'exactly 10 days old passes both');
    assert.equal(pass(coin(), { min_age_days: 10.01 }), false);
    assert.equal(pass(coin(), { max_age_days: 9.99 }), false);
    assert.equal(pass(coin(), { min_volume_24h_usd: 1_000 }), true);
    assert.equal(pass(coin(), { min_volume_24h_usd: 1_000.01 }), false);
    assert.equal(pass(coin(), { max_market_cap_usd: 50_000 }), true);
    assert.equal(pass(coin(), { max_market_cap_usd: 49_999.99 }), false);
    assert.equal(pass(coin({ market_cap_usd: null }), { max_market_cap_usd: 5_000_000 }), false);
  });

  it('quote, category, paying and live', () => {
    assert.equal(pass(coin(), { quote_mint: 'Q', category: 'solana' }), true);
    assert.equal(pass(coin(), { quote_mint: 'R' }), false);
    assert.equal(pass(coin(), { category: 'currency' }), false);
    assert.equal(pass(coin(), { paying_only: true, live_only: true }), true);
    // Paid exactly 24 h ago: STALE (the 24 h window is open at its far end), so neither paying nor live.
    const old = coin({ last_payout_at: T - DAY });
    assert.equal(pass(old, { paying_only: true }), false);
    assert.equal(pass(old, { live_only: true }), false);
    // Paid, but no 24 h volume: paying, not live.
    const idle = coin({ volume_24h_usd: 0 });
    assert.equal(pass(idle, { paying_only: true }), true);
    assert.equal(pass(idle, { live_only: true }), false);
  });
});

describe('launchpad-screener and launchpad-gems', () => {
  const service = suiteService({ fixedNow: NOW });

  it('before any index refresh: no rows, caveat index_stale, still charged its price', async () => {
    for (const key of ['launchpad-screener', 'launchpad-gems']) {
      // limit 1: a body no later call repeats, so the 600 s answer cache never serves this empty answer again.
      const d = await ok(service, key, { limit: 1 });
      assert.equal(d.indexed, 0, key);
      assert.deepEqual(d.rows, [], key);
      assert.ok(d.caveats.some((c: Json) => c.code === 'index_stale'), key);
    }
  });

  it('after the index runs: default sort volume24h, highest first; every row carries its flags', async () => {
    const results = await service.jobs.tick(NOW);
    assert.ok(results.some((r) => (r as { summary?: string }).summary?.includes('index published')), JSON.stringify(results));
    const d = await ok(service, 'launchpad-screener', { limit: 100, format: 'both' });
    assert.ok(!d.caveats?.some((c: Json) => c.code === 'index_stale'));
    assert.equal(d.sort, 'volume24h');
    assert.equal(d.matched, d.indexed);
    assert.equal(d.rows[0].symbol, 'SOLRUN', 'the 900,000 USD volume leads');
    for (let i = 1; i < d.rows.length; i++) assert.ok(d.rows[i - 1].volume_24h_usd >= d.rows[i].volume_24h_usd);
    const rain = d.rows.find((r: Json) => r.mint === mint('SOLRAIN'));
    assert.equal(rain.payout_status, 'PAYING');
    assert.equal(rain.live, true);
    assert.equal(rain.tax_round_trip_pct, 5.91, '300 bps: 1 − 0.97²');
    assert.ok(rain.rewards_usd > 0);
    assert.ok(rain.hours_since_last_payout < 24);
    const gone = d.rows.find((r: Json) => r.mint === mint('NVDAGONE'));
    assert.equal(gone.live, false, 'no 24 h volume: not live');
    assert.equal(d.rows.find((r: Json) => r.mint === mint('USDCNONE')).tax_round_trip_pct, 0, 'no collectable fee: no tax lost, not unknown');
    // One refresh old, the index has no point 7 days back: SOLRAIN (20 days old) has a 7d yield over under a day,
    // flagged and named in a caveat; a coin younger than 7 days is measured from its launch, so not partial.
    assert.equal(rain.yield_7d_partial, true);
    assert.ok(rain.yield_7d_history_days < 1, String(rain.yield_7d_history_days));
    const young = d.rows.find((r: Json) => r.age_days < 7 && r.yield_7d_pct !== null);
    assert.ok(young, 'a coin younger than 7 days');
    assert.equal(young.yield_7d_partial, false);
    assert.equal(young.yield_7d_history_days, young.age_days);
    const partial = d.caveats.find((c: Json) => c.code === 'partial_history');
    assert.ok(partial, 'partial yields are named in a caveat');
    assert.match(partial.message, /7d: [^;]*SOLRAIN/);
    assert.match(JSON.stringify(d), /Launchpad screener/);
  });

  it('filters: category, holders boundary, paying_only, live_only; sort holders; limit', async () => {
    const cur = await ok(service, 'launchpad-screener', { category: 'currency', limit: 100 });
    assert.ok(cur.rows.length > 0 && cur.rows.every((r: Json) => r.quote_category === 'currency'));
    const at = await ok(service, 'launchpad-screener', { min_holders: 3100, sort: 'holders' });
    assert.deepEqual(at.rows.map((r: Json) => r.symbol), ['USDCYLD'], 'exactly 3,100 holders passes');
    const past = await ok(service, 'launchpad-screener', { min_holders: 3101 });
    assert.equal(past.matched, 0);
    const paying = await ok(service, 'launchpad-screener', { paying_only: true, limit: 100 });
    assert.ok(paying.rows.length > 0 && paying.rows.every((r: Json) => r.payout_status === 'PAYING'));
    const live = await ok(service, 'launchpad-screener', { live_only: true, limit: 100 });
    assert.ok(live.rows.every((r: Json) => r.live === true && r.volume_24h_usd > 0 && r.hours_since_last_payout < 24));
    const byHolders = await ok(service, 'launchpad-screener', { sort: 'holders', limit: 3 });
    assert.equal(byHolders.rows.length, 3);
    assert.equal(byHolders.rows[0].symbol, 'USDCYLD');
    for (let i = 1; i < 3; i++) assert.ok(byHolders.rows[i - 1].holders >= byHolders.rows[i].holders);
  });

  it('gems: default filters (≤ 14 days, ≥ 25 holders, cap ≤ 5,000,000), stages match the score, best first', async () => {
    const d = await ok(service, 'launchpad-gems', { format: 'both' });
    assert.ok(d.rows.length > 0 && d.rows.length <= 15, JSON.stringify(d).slice(0, 600));
    for (const r of d.rows) {
      assert.ok(r.age_days <= 14 && r.holders >= 25 && r.market_cap_usd <= 5_000_000, r.symbol);
      assert.equal(r.gem_score, Math.round(r.factors.reduce((s: number, f: Json) => s + f.value, 0) * 100) / 100, r.symbol);
      const expected = !(r.volume_24h_usd > 0) ? 'DEAD' : r.gem_score >= 80 ? 'GEM' : r.gem_score >= 62 ? 'WATCH' : 'NOISE';
      assert.equal(r.stage, expected, `${r.symbol} ${r.gem_score}`);
    }
    for (let i = 1; i < d.rows.length; i++) assert.ok(d.rows[i - 1].gem_score >= d.rows[i].gem_score);
    // USDCGEM: payout 25 + holders 12 + size 15 + turnover 15 + age 10 + momentum 28/30 × 10 + flywheel 3 ≥ 80.
    const gem = d.rows.find((r: Json) => r.symbol === 'USDCGEM');
    assert.equal(gem.stage, 'GEM');
    assert.equal(gem.factors.find((f: Json) => f.name === 'momentum').value, 9.33);
    // SOLRUN ran +140 %: momentum −10 and a warning.
    const run = d.rows.find((r: Json) => r.symbol === 'SOLRUN');
    assert.equal(run.factors.find((f: Json) => f.name === 'momentum').value, -10);
    assert.ok(run.warnings.some((w: string) => /already ran/.test(w)));
    // OAIWAIT has exactly 25 holders (inclusive); MEMENEVER's 10 are too few; SOLRAIN (20 days) too old.
    assert.ok(d.matched >= 1);
    const all = await ok(service, 'launchpad-gems', { limit: 50 });
    const syms = all.rows.map((r: Json) => r.symbol);
    assert.ok(syms.includes('OAIWAIT'));
    assert.ok(!syms.includes('MEMENEVER') && !syms.includes('SOLRAIN'));
    assert.match(JSON.stringify(d), /Launchpad gems/);
  });

  it('gems filters: category and a market-cap boundary', async () => {
    const d = await ok(service, 'launchpad-gems', { category: 'currency', max_market_cap_usd: 200_000, limit: 50 });
    const syms = d.rows.map((r: Json) => r.symbol);
    assert.ok(syms.includes('USDCGEM'), 'a 200,000 cap passes max 200,000');
    assert.ok(d.rows.every((r: Json) => r.quote_category === 'currency' && r.market_cap_usd <= 200_000));
    const below = await ok(service, 'launchpad-gems', { category: 'currency', max_market_cap_usd: 199_999, limit: 50 });
    assert.ok(!below.rows.some((r: Json) => r.symbol === 'USDCGEM'));
  });
});
