/**
 * smart-money-flow and smart-money-trenches over HTTP with real x402 payments on the sandbox, at a fixed
 * past moment: 2026-11-20T09:00Z, 1 h into a TOKEN_LAUNCH_RUNNER life (8 h lives from 00:00 UTC). Values
 * are the smart-money cast's design (src/sandbox/world/smart-money.ts, docs/sandbox.md "Smart money"),
 * worked out by hand:
 *
 * - win rates over any 14 days: SMART_1 0.766–0.790 > SMART_2 0.737–0.764 > SMART_3 0.690–0.710 >
 *   SMART_4 0.651–0.683 > SMART_5 0.614–0.636; WALLET_TRADER_SKILLED ≈ 0.77–0.86; NOT_1, NOT_2 and
 *   WALLET_TRADER_LOSING under 0.45 → at 0.55 exactly SMART_1–5 and SKILLED qualify;
 * - GULP (TOKEN_WHALE_ACCUMULATING) bought daily by SMART_1, 2, 4 (at 09:05, 09:15, 09:55) and every other day
 *   by SMART_3, never sold: 14 + 14 + 14 + 7 buys in the window, the top accumulated token with 4 winners;
 * - every odd day at 22:03 WALLET_SMART_FUNDER tops up SMART_1 and SMART_2, which pass SOL back and forth within
 *   the minute: 7 occasions in 14 days → synchronized_activity {funder, SMART_1, SMART_2} and circular_flow
 *   {SMART_1, SMART_2};
 * - fresh-launch buys: RUNNER (life from 08:00) by SMART_1/2/3 at 08:10/08:20/08:35, sold at 11:30/11:40/11:50;
 *   BUYERS (12 h lives) by SMART_4 at 00:30; QUIET (24 h lives) by SMART_5 at 01:00; RUG (6 h lives, from 06:00)
 *   by SMART_NOT_1 at 06:15 — not a winner, so RUG never shows.
 * Every charge is the exact price once; failures are not charged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { paidCall } from '../helpers/paid-answers.js';
import { suiteService, type TestService } from '../helpers/service.js';

// Answers are read field by field; typing them here would add nothing.
type Json = any;
const AT = new Date('2026-11-20T09:00:00Z');
/** USDC atomic units (6 decimals). */
const FLOW_PRICE = 100_000n;
const TRENCHES_PRICE = 50_000n;
const S1 = A.WALLET_SMART_1;
const S2 = A.WALLET_SMART_2;
const S3 = A.WALLET_SMART_3;
const S4 = A.WALLET_SMART_4;
const S5 = A.WALLET_SMART_5;
const WINNERS = [S1, S2, S3, S4, S5, A.WALLET_TRADER_SKILLED];
const LOSERS = [A.WALLET_SMART_NOT_1, A.WALLET_SMART_NOT_2, A.WALLET_TRADER_LOSING];
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const sorted = (xs: readonly string[]) => [...xs].sort();

async function ok(service: TestService, key: string, body: Record<string, unknown>, network: 'solana' | 'base' = 'solana'): Promise<Json> {
  const r = await paidCall(service, network, key, body, { outputSchema: true });
  assert.equal(r.status, 200, `${key} ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
  assert.equal(r.cost, key === 'smart-money-flow' ? FLOW_PRICE : TRENCHES_PRICE, `${key} is charged its exact price once`);
  return r.json;
}

async function walletSourceDown(service: TestService, key: string, body: Record<string, unknown>): Promise<void> {
  const faults = service.sandbox!.providers!.faults;
  faults.set('wallet_assets', { errorRate: 1 });
  try {
    const r = await paidCall(service, 'base', key, body);
    assert.equal(r.status, 502, JSON.stringify(r.json));
    assert.equal(r.json.error.code, 'upstream_unavailable');
    assert.equal(r.json.error.leg, 'wallet_assets');
    assert.equal(r.cost, 0n, 'not charged');
    assert.equal(r.settled, false);
  } finally {
    faults.set('wallet_assets', undefined);
  }
}

describe('smart-money-flow', () => {
  const service = suiteService({ fixedNow: AT });
  let d: Json;
  const wallet = (a: string) => d.wallets.find((w: Json) => w.address === a);

  it('default list: exactly SMART_1–5 and SKILLED qualify at 0.55, in win-rate order; the losers are listed with their rates', async () => {
    d = await ok(service, 'smart-money-flow', { format: 'both' });
    assert.equal(d.seed.source, 'default');
    assert.equal(d.seed.wallets, 9);
    assert.equal(d.seed.read, 9);
    assert.deepEqual(d.seed.skipped, []);
    assert.deepEqual(d.criteria, { min_win_rate: 0.55, min_closed_trades: 5 });
    assert.deepEqual(d.window, { from_at: '2026-11-06T09:00:00.000Z', to_at: '2026-11-20T09:00:00.000Z' });
    assert.deepEqual(sorted(d.winners), sorted(WINNERS));
    assert.equal(d.summary.qualifying, 6);
    // The five smart winners in their designed order (SKILLED ranks among them by its own rate).
    assert.deepEqual(d.winners.filter((a: string) => a !== A.WALLET_TRADER_SKILLED), [S1, S2, S3, S4, S5]);
    const bands: [string, number, number][] = [[S1, 0.766, 0.79], [S2, 0.737, 0.764], [S3, 0.69, 0.71], [S4, 0.651, 0.683], [S5, 0.614, 0.636], [A.WALLET_TRADER_SKILLED, 0.7, 0.9]];
    for (const [a, lo, hi] of bands) {
      const w = wallet(a);
      assert.equal(w.status, 'winner');
      assert.equal(w.qualifies, true);
      assert.ok(w.win_rate >= lo && w.win_rate <= hi, `${a}: ${w.win_rate}`);
      assert.equal(w.performance, 'profitable');
    }
    for (const a of LOSERS) {
      const w = wallet(a);
      assert.equal(w.status, 'below_win_rate', a);
      assert.equal(w.qualifies, false);
      assert.ok(w.win_rate !== null && w.win_rate < 0.45, `${a}: ${w.win_rate}`);
      assert.equal(w.performance, 'losing');
    }
    // Winners first by rate, then the rest by rate; every rate is wins ÷ closed trades as shown.
    assert.deepEqual(d.wallets.slice(0, 6).map((w: Json) => w.address), d.winners);
    for (const w of d.wallets) {
      assert.equal(w.win_rate, round4(w.wins / w.closed_trades), w.address);
      assert.equal(w.win_rate_pct, Math.round((w.wins / w.closed_trades) * 10_000) / 100);
      assert.ok(w.closed_trades >= 5 && w.history_complete);
    }
    const rates = d.wallets.map((w: Json) => w.win_rate);
    assert.deepEqual(rates.slice(0, 6), [...rates.slice(0, 6)].sort((a: number, b: number) => b - a));
    assert.deepEqual(rates.slice(6), [...rates.slice(6)].sort((a: number, b: number) => b - a));
    assert.ok(d.caveats.some((c: Json) => c.code === 'default_seed_list'));
    assert.match(d.llm_summary, /6 of 9 wallets qualify/);
  });

  it('accumulated: GULP first with its 4 winners (49 buys, never sold), then the held launch tokens of SMART_4 and SMART_5', () => {
    const [gulp, ...rest] = d.accumulated_tokens;
    assert.equal(gulp.mint, A.TOKEN_WHALE_ACCUMULATING);
    assert.equal(gulp.wallets, 4);
    assert.deepEqual(sorted(gulp.by_wallet.map((w: Json) => w.wallet)), sorted([S1, S2, S3, S4]));
    const buys = Object.fromEntries(gulp.by_wallet.map((w: Json) => [w.wallet, w.buys]));
    assert.deepEqual(buys, { [S1]: 14, [S2]: 14, [S3]: 7, [S4]: 14 });
    assert.equal(gulp.buys, 49);
    assert.equal(gulp.sells, 0);
    assert.equal(gulp.sold_usd, 0);
    assert.equal(gulp.net_usd, gulp.bought_usd);
    assert.ok(gulp.net_usd >= 49 * 800 && gulp.net_usd <= 49 * 1_500, `$${gulp.net_usd}`);
    assert.equal(gulp.last_buy_at, '2026-11-19T09:55:00.000Z', 'SMART_4 at 09:55 the day before (today\'s buys are after 09:00)');
    // SMART_4 holds every BUYERS it bought (two lives a day), SMART_5 every QUIET (one a day).
    const held = Object.fromEntries(rest.map((t: Json) => [t.mint, t]));
    assert.deepEqual(held[A.TOKEN_LAUNCH_BUYERS].by_wallet.map((w: Json) => [w.wallet, w.buys, w.sells]), [[S4, 28, 0]]);
    assert.deepEqual(held[A.TOKEN_LAUNCH_QUIET].by_wallet.map((w: Json) => [w.wallet, w.buys, w.sells]), [[S5, 14, 0]]);
    // The runner is sold at about 7× its cost: profit taken, not accumulated; the losers' RUG does not count.
    assert.ok(!d.accumulated_tokens.some((t: Json) => t.mint === A.TOKEN_LAUNCH_RUNNER || t.mint === A.TOKEN_LAUNCH_RUG));
    for (let i = 1; i < d.accumulated_tokens.length; i++) {
      const [p, q] = [d.accumulated_tokens[i - 1], d.accumulated_tokens[i]];
      assert.ok(p.wallets > q.wallets || (p.wallets === q.wallets && p.net_usd >= q.net_usd), 'ranked by winners, then net USD');
    }
    assert.equal(d.summary.tokens_accumulated, d.accumulated_tokens.length);
  });

  it('include_graph: SMART_1 and SMART_2 cluster with their funder (synchronized, 7 occasions) and by a repeated loop', () => {
    assert.equal(d.graph.included, true);
    const shape = d.graph.clusters.map((c: Json) => `${c.kind}:${sorted(c.members).join(',')}`).sort();
    assert.deepEqual(shape, [`circular_flow:${sorted([S1, S2]).join(',')}`, `synchronized_activity:${sorted([A.WALLET_SMART_FUNDER, S1, S2]).join(',')}`].sort());
    const sync = d.graph.clusters.find((c: Json) => c.kind === 'synchronized_activity');
    assert.deepEqual(sorted(sync.winners), sorted([S1, S2]));
    assert.deepEqual(sync.other_members, [A.WALLET_SMART_FUNDER]);
    assert.equal(sync.occasions, 7, 'the odd days 11-06 … 11-18 at 22:03');
    assert.equal(sync.evidence.length, 5, 'evidence listed: at most 5');
    assert.equal(sync.evidence[0].started_at.slice(0, 16), '2026-11-06T22:03');
    const loop = d.graph.clusters.find((c: Json) => c.kind === 'circular_flow');
    assert.deepEqual(sorted(loop.winners), sorted([S1, S2]));
    assert.deepEqual(loop.other_members, []);
    assert.equal(loop.loops, 7);
    for (const c of d.graph.clusters) assert.equal(c.score, round4(c.factors.reduce((s: number, f: Json) => s + f.value, 0)));
    assert.equal(d.summary.clusters, 2);
    assert.ok(d.next_steps.some((s: Json) => s.endpoint === 'wallet-graph' && [S1, S2].includes(s.input.address)));
    assert.match(d.llm_summary, /synchronized_activity of 3 \(2 winner\(s\)/);
  });

  it('given wallets, min_win_rate on its boundary (equal qualifies), top_n_tokens, no graph', async () => {
    const s3 = wallet(S3).win_rate;
    const at = await ok(service, 'smart-money-flow', { wallets: [S1, S2, S3], min_win_rate: s3, top_n_tokens: 1, include_graph: false }, 'base');
    assert.equal(at.seed.source, 'request');
    assert.equal(at.seed.wallets, 3);
    assert.deepEqual(at.winners, [S1, S2, S3]);
    assert.equal(at.wallets.find((w: Json) => w.address === S3).win_rate, s3, 'the same trades as in the default call');
    assert.equal(at.accumulated_tokens.length, 1);
    assert.equal(at.accumulated_tokens[0].mint, A.TOKEN_WHALE_ACCUMULATING);
    assert.equal(at.accumulated_tokens[0].wallets, 3);
    assert.deepEqual(at.graph, { included: false, clusters: null, candidates: null, transactions_analyzed: null });
    assert.equal(at.summary.clusters, null);
    assert.ok(!at.caveats.some((c: Json) => c.code === 'default_seed_list'));

    const above = await ok(service, 'smart-money-flow', { wallets: [S1, S2, S3], min_win_rate: round4(s3 + 0.0001), include_graph: false });
    assert.deepEqual(above.winners, [S1, S2]);
    assert.equal(above.wallets.find((w: Json) => w.address === S3).status, 'below_win_rate');
  });

  it('the wallet source down: 502, not charged', async () => {
    await walletSourceDown(service, 'smart-money-flow', { lookback_days: 7 });
  });
});

describe('smart-money-trenches', () => {
  const service = suiteService({ fixedNow: AT });
  const mints = (d: Json) => d.tokens.map((t: Json) => t.mint);

  it('default (12 h back, ≤ 6 h old): RUNNER alone, with its 3 smart buyers most recent first; RUG\'s buyer is not smart', async () => {
    const d = await ok(service, 'smart-money-trenches', { format: 'both' });
    assert.deepEqual(mints(d), [A.TOKEN_LAUNCH_RUNNER]);
    const runner = d.tokens[0];
    assert.equal(runner.token_created_at, '2026-11-20T08:00:00.000Z');
    assert.equal(runner.token_age_hours, 1);
    assert.equal(runner.distinct_smart_buyers, 3);
    assert.equal(runner.latest_buy_at, '2026-11-20T08:35:00.000Z');
    // Only buys since the token's creation count: the 00:10/00:20/00:35 buys were an earlier life.
    assert.deepEqual(runner.buyers.map((b: Json) => [b.wallet, b.buys, b.first_buy_at, b.sold_since]), [
      [S3, 1, '2026-11-20T08:35:00.000Z', false],
      [S2, 1, '2026-11-20T08:20:00.000Z', false],
      [S1, 1, '2026-11-20T08:10:00.000Z', false],
    ]);
    // Recency 1 − age ÷ 12 h: 25, 40 and 50 minutes → 0.9653, 0.9444, 0.9306; score = Σ ÷ 3.
    assert.deepEqual(runner.buyers.map((b: Json) => b.recency), [0.9653, 0.9444, 0.9306]);
    assert.equal(runner.smart_money_score, 0.9468);
    assert.deepEqual(runner.factors.map((f: Json) => [f.name, f.value, f.weight]), [[S3, 0.9653, 0.3333], [S2, 0.9444, 0.3333], [S1, 0.9306, 0.3333]]);
    for (const b of runner.buyers) assert.ok(b.bought_usd >= 300 && b.bought_usd <= 900, `$${b.bought_usd}`);
    assert.equal(runner.market.dex, 'pumpswap');
    assert.deepEqual(sorted(d.smart_wallets.qualifying.map((w: Json) => w.address)), sorted(WINNERS));
    assert.deepEqual(sorted(d.smart_wallets.not_qualifying.map((w: Json) => w.address)), sorted(LOSERS));
    assert.equal(d.smart_wallets.seed_source, 'default');
    // RUG: 3 h old, bought at 06:15 — by SMART_NOT_1 only, so it is not even a candidate.
    assert.ok(!mints(d).includes(A.TOKEN_LAUNCH_RUG));
    assert.equal(d.candidates.ranked, 1);
    assert.ok(d.candidates.too_old >= 2, 'BUYERS and QUIET (9 h), GULP and the established round-trip tokens');
    assert.ok(d.caveats.some((c: Json) => c.code === 'candidate_pool'));
    assert.match(d.llm_summary, /1\. RUNR/);
  });

  it('tokens up to 12 h old: BUYERS and QUIET (9 h) join; RUNNER first by buyers, then QUIET (01:00) before BUYERS (00:30)', async () => {
    const d = await ok(service, 'smart-money-trenches', { max_token_age_hours: 12 }, 'base');
    assert.deepEqual(mints(d), [A.TOKEN_LAUNCH_RUNNER, A.TOKEN_LAUNCH_QUIET, A.TOKEN_LAUNCH_BUYERS]);
    const [, quiet, buyers] = d.tokens;
    assert.deepEqual(quiet.buyers.map((b: Json) => [b.wallet, b.last_buy_at, b.recency]), [[S5, '2026-11-20T01:00:00.000Z', 0.3333]]);
    assert.equal(quiet.smart_money_score, 0.1111);
    assert.deepEqual(buyers.buyers.map((b: Json) => [b.wallet, b.last_buy_at, b.recency]), [[S4, '2026-11-20T00:30:00.000Z', 0.2917]]);
    assert.equal(buyers.smart_money_score, 0.0972);
    assert.equal(quiet.token_age_hours, 9);
    assert.ok(!mints(d).includes(A.TOKEN_LAUNCH_RUG));
  });

  it('boundaries: token age ≤ max (9 h in, 8.99 h out); a buy exactly hours_back old counts (8 h), older not (7 h)', async () => {
    assert.deepEqual(mints(await ok(service, 'smart-money-trenches', { max_token_age_hours: 9 })), [A.TOKEN_LAUNCH_RUNNER, A.TOKEN_LAUNCH_QUIET, A.TOKEN_LAUNCH_BUYERS]);
    assert.deepEqual(mints(await ok(service, 'smart-money-trenches', { max_token_age_hours: 8.99 }, 'base')), [A.TOKEN_LAUNCH_RUNNER]);
    const eight = await ok(service, 'smart-money-trenches', { max_token_age_hours: 12, hours_back: 8 });
    assert.deepEqual(mints(eight), [A.TOKEN_LAUNCH_RUNNER, A.TOKEN_LAUNCH_QUIET], 'QUIET\'s 01:00 buy is exactly 8 h old; BUYERS\' 00:30 is not in');
    assert.equal(eight.tokens[1].buyers[0].recency, 0);
    assert.equal(eight.tokens[1].smart_money_score, 0);
    assert.deepEqual(mints(await ok(service, 'smart-money-trenches', { max_token_age_hours: 12, hours_back: 7 }, 'base')), [A.TOKEN_LAUNCH_RUNNER]);
  });

  it('min_buyers 2 → RUNNER only; 3 → RUNNER; 4 → none; limit cuts the ranked list', async () => {
    assert.deepEqual(mints(await ok(service, 'smart-money-trenches', { max_token_age_hours: 12, min_buyers: 2 })), [A.TOKEN_LAUNCH_RUNNER]);
    assert.deepEqual(mints(await ok(service, 'smart-money-trenches', { max_token_age_hours: 12, min_buyers: 3 }, 'base')), [A.TOKEN_LAUNCH_RUNNER]);
    const none = await ok(service, 'smart-money-trenches', { max_token_age_hours: 12, min_buyers: 4, format: 'both' });
    assert.deepEqual(none.tokens, []);
    assert.equal(none.candidates.below_min_buyers, 3);
    assert.match(none.llm_summary, /No fresh token met the filters/);
    const two = await ok(service, 'smart-money-trenches', { max_token_age_hours: 12, limit: 2 }, 'base');
    assert.deepEqual(mints(two), [A.TOKEN_LAUNCH_RUNNER, A.TOKEN_LAUNCH_QUIET]);
    assert.equal(two.candidates.ranked, 3);
  });

  it('11:45 (RUNNER sold out by SMART_1 at 11:30, SMART_2 at 11:40): the exited buyers are listed as exited and add nothing', async () => {
    service.advance(2.75 * 3_600_000);
    const d = await ok(service, 'smart-money-trenches', { format: 'both' });
    assert.deepEqual(mints(d), [A.TOKEN_LAUNCH_RUNNER]);
    const t = d.tokens[0];
    assert.equal(t.token_age_hours, 3.75);
    assert.deepEqual(t.buyers.map((b: Json) => [b.wallet, b.sold_since, b.holding, b.exited_at]), [
      [S3, false, true, null],
      [S2, true, false, '2026-11-20T11:40:00.000Z'],
      [S1, true, false, '2026-11-20T11:30:00.000Z'],
    ]);
    assert.equal(t.distinct_smart_buyers, 3);
    assert.equal(t.holding_smart_buyers, 1);
    assert.equal(t.exited_smart_buyers, 2);
    assert.equal(t.latest_holding_buy_at, '2026-11-20T08:35:00.000Z');
    // Only SMART_3 counts: 3 h 10 min after its buy, recency 1 − 3.1667 ÷ 12 = 0.7361; score 0.7361 ÷ 3.
    assert.equal(t.buyers[0].recency, 0.7361);
    assert.deepEqual(t.factors.map((f: Json) => [f.name, f.value]), [[S3, 0.7361]]);
    assert.equal(t.smart_money_score, round4(0.7361111 / 3));
    assert.match(d.llm_summary, /1 smart buyer\(s\) still holding \(2 more sold out since: not counted\)/);
    // min_buyers reads the holders: 2 required → RUNNER (1 holder) is out.
    const two = await ok(service, 'smart-money-trenches', { min_buyers: 2 }, 'base');
    assert.deepEqual(mints(two), []);
    assert.equal(two.candidates.below_min_buyers, 1);
  });

  it('12:00 (SMART_3 sold out at 11:50 too): no smart buyer holds RUNNER, so it is not listed', async () => {
    service.advance(0.25 * 3_600_000);
    const d = await ok(service, 'smart-money-trenches', {});
    assert.ok(!mints(d).includes(A.TOKEN_LAUNCH_RUNNER));
    assert.ok(d.candidates.below_min_buyers >= 1, 'RUNNER: bought in the window, nobody holds it');
  });

  it('the wallet source down: 502, not charged', async () => {
    await walletSourceDown(service, 'smart-money-trenches', { hours_back: 6 });
  });
});

describe('the operator\'s list (SMART_MONEY_WALLETS) replaces the default', () => {
  const service = suiteService({ fixedNow: AT }, { SMART_MONEY_WALLETS: [S4, S5, A.WALLET_SMART_NOT_1].join(',') });

  it('smart-money-trenches follows SMART_4 and SMART_5 only: QUIET, BUYERS, no RUNNER', async () => {
    const d = await ok(service, 'smart-money-trenches', { max_token_age_hours: 12 });
    assert.equal(d.smart_wallets.seed_source, 'operator');
    assert.equal(d.smart_wallets.seed_wallets, 3);
    assert.deepEqual(d.smart_wallets.qualifying.map((w: Json) => w.address), [S4, S5]);
    assert.deepEqual(d.smart_wallets.not_qualifying.map((w: Json) => w.address), [A.WALLET_SMART_NOT_1]);
    assert.deepEqual(mints(d), [A.TOKEN_LAUNCH_QUIET, A.TOKEN_LAUNCH_BUYERS]);
  });

  it('smart-money-flow without wallets reads the operator\'s list; given wallets still win', async () => {
    const d = await ok(service, 'smart-money-flow', { include_graph: false }, 'base');
    assert.equal(d.seed.source, 'operator');
    assert.deepEqual(d.winners, [S4, S5]);
    const given = await ok(service, 'smart-money-flow', { wallets: [S1], include_graph: false });
    assert.equal(given.seed.source, 'request');
    assert.deepEqual(given.winners, [S1]);
  });

  function mints(d: Json) {
    return d.tokens.map((t: Json) => t.mint);
  }
});
