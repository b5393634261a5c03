/**
 * copy-trade-signals through paid calls on the sandbox's copy-trade cast: each trader's class and its
 * exact numbers (recomputed here from the world's own transactions and SOL price path, pairing each
 * day's buy and sell — not with the service's FIFO code), the lookback window moving what counts,
 * the historical-price leg failing (caveat, SOL-quoted trades excluded, nothing priced at today's
 * price), and the history leg failing (502, nothing charged).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A, createSandboxWorld } from '../../src/sandbox/world/index.js';
import { USDC_MINT, WSOL_MINT } from '../../src/sandbox/world/entities.js';
import { newPayer, paidInvoke, type PayNetwork, type Payer } from '../helpers/payers.js';
import { paidAnswers } from '../helpers/paid-answers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { assertMatchesOutputSchema } from '../helpers/output-schema.js';

type Json = any;
const KEY = 'copy-trade-signals';
const PRICE = 10_000n; // 0.010 USDC
const DAY = 86_400;
/** A past moment (payments are signed against the sandbox chain's clock) at which the 7-day window starts between a SKILLED buy and its sell. */
const NOW = new Date('2026-03-14T14:40:00Z');
const NOW_S = NOW.getTime() / 1000;
const world = createSandboxWorld('onchain-enrichment-sandbox');

interface Expected {
  closed: number;
  wins: number;
  pnl: number;
  unmatched: number;
  solSwaps: number;
  stableSwaps: number;
}

/** The answer recomputed from the world: round trips are a day's buy (cash → token) and sell (token → cash). */
function expected(address: string, days: number, opts: { withSol: boolean } = { withSol: true }): Expected {
  const start = NOW_S - days * DAY;
  const out: Expected = { closed: 0, wins: 0, pnl: 0, unmatched: 0, solSwaps: 0, stableSwaps: 0 };
  const trips = new Map<number, { buyUsd?: number; buyAt?: number; sellUsd?: number; sellAt?: number; sol: boolean }>();
  for (const tx of world.wallet(address, NOW)!.transactions) {
    const cashOut = tx.tokenTransfers.find((t) => t.from === address && (t.mint === USDC_MINT || t.mint === WSOL_MINT));
    const cash = cashOut ?? tx.tokenTransfers.find((t) => t.to === address && (t.mint === USDC_MINT || t.mint === WSOL_MINT))!;
    const sol = cash.mint === WSOL_MINT;
    // SOL at its price at the trade's own time (the cast trades on the 5-minute grid the service prices on).
    const usd = (Number(cash.amountRaw) / 10 ** cash.decimals) * (sol ? world.token(WSOL_MINT, new Date(tx.timestamp * 1000))!.prices.marketData! : 1);
    const day = Math.floor(tx.timestamp / DAY);
    const trip = trips.get(day) ?? { sol };
    if (cashOut) Object.assign(trip, { buyUsd: usd, buyAt: tx.timestamp });
    else Object.assign(trip, { sellUsd: usd, sellAt: tx.timestamp });
    trips.set(day, trip);
    if (tx.timestamp >= start) {
      if (sol) out.solSwaps++;
      else out.stableSwaps++;
    }
  }
  for (const trip of trips.values()) {
    if (trip.sellAt === undefined || trip.sellAt < start || (trip.sol && !opts.withSol)) continue;
    if (trip.buyAt! < start) {
      out.unmatched++; // sold in the window, bought before it: no cost basis
      continue;
    }
    const pnl = trip.sellUsd! - trip.buyUsd!;
    out.closed++;
    out.pnl += pnl;
    if (pnl > 0) out.wins++;
  }
  return out;
}

describe('copy-trade-signals on the copy-trade cast', { concurrency: 4 }, () => {
  let service: TestService;
  let payers: Payer[];

  before(async () => {
    service = await startTestService({ fixedNow: NOW });
    payers = await Promise.all((['solana', 'base', 'solana', 'base'] as PayNetwork[]).map((n) => newPayer(service, n)));
  });
  after(() => service.close());

  const paid = paidAnswers(() => service, () => payers);
  const call = (body: Record<string, unknown>) => paid(KEY, body);

  it('WALLET_TRADER_SKILLED (30 d): profitable — PnL, wins and trade counts as recomputed from the world', async () => {
    const j = await call({ address: A.WALLET_TRADER_SKILLED });
    const e = expected(A.WALLET_TRADER_SKILLED, 30);
    assert.equal(j.lookback_days, 30);
    assert.equal(j.performance, 'profitable');
    assert.equal(j.pnl.closed_trades, e.closed);
    assert.ok(e.closed >= 29, `${e.closed} round trips in 30 days`);
    assert.equal(j.pnl.wins, e.wins);
    assert.ok(Math.abs(j.pnl.realized_pnl_usd - e.pnl) <= 0.01, `${j.pnl.realized_pnl_usd} ≈ ${e.pnl}`);
    assert.ok(j.pnl.realized_pnl_usd > 0);
    assert.ok(j.win_rate.value_pct > 60, `win rate ${j.win_rate.value_pct}`);
    assert.equal(j.win_rate.value_pct, Math.round((e.wins / e.closed) * 10_000) / 100);
    assert.ok(j.sharpe.value > 0 && j.sortino.value > 0, `Sharpe ${j.sharpe.value}, Sortino ${j.sortino.value}`);
    assert.ok(j.profit_factor.value > 1);
    assert.ok(j.max_drawdown.value_usd >= 0 && j.max_drawdown.value_usd < j.pnl.realized_pnl_usd);
    // Both kinds of quote, every SOL leg priced at its own time.
    assert.equal(j.activity.sol_quoted, e.solSwaps);
    assert.equal(j.activity.stable_quoted, e.stableSwaps);
    assert.ok(e.solSwaps > 0 && e.stableSwaps > 0);
    assert.equal(j.activity.unpriced_sol_swaps + j.activity.excluded_sol_swaps + j.activity.no_usd_anchor + j.activity.unparsed_swaps, 0);
    assert.equal(j.unmatched_sells.count, e.unmatched);
    // Every ratio carries its inputs.
    assert.equal(j.sharpe.n, e.closed);
    assert.ok(j.sharpe.mean_return_pct > 0 && j.sharpe.std_return_pct > 0);
    assert.deepEqual(j.caveats.map((c: Json) => c.code).filter((c: string) => c !== 'sandbox_data'), e.unmatched ? ['unmatched_sells'] : []);
    // Trades: most recent first, each PnL = proceeds − cost.
    assert.ok(j.trades[0].closed_at >= j.trades[1].closed_at);
    for (const t of j.trades) assert.ok(Math.abs(t.pnl_usd - (t.proceeds_usd - t.cost_usd)) <= 0.011);
    assert.deepEqual(j.next_steps.map((s: Json) => s.endpoint), ['enrich-wallet-full', 'wallet-graph']);
  });

  it('max drawdown: one episode — the deepest peak-to-trough fall in USD, its percent of its own peak (recomputed from the trades listed)', async () => {
    for (const [address, days] of [[A.WALLET_TRADER_SKILLED, 30], [A.WALLET_TRADER_SKILLED, 45], [A.WALLET_TRADER_LOSING, 30], [A.WALLET_TRADER_LOSING, 45]] as const) {
      const j = await call({ address, lookback_days: days });
      const dd = j.max_drawdown;
      const label = `${address} ${days} d: ${JSON.stringify(dd)}`;
      assert.equal(dd.measure, 'max_peak_to_trough', label);
      assert.equal(j.trades.length, j.pnl.closed_trades, `${label}: every closed trade is listed (at most 50)`);
      // The equity curve from the basis, trades in closing order: the deepest fall in USD and its own peak.
      let equity = dd.equity_basis_usd;
      let peak = equity;
      let deepest = { usd: 0, peak: equity, trough: equity };
      for (const t of [...j.trades].reverse()) {
        equity += t.pnl_usd;
        if (equity > peak) peak = equity;
        else if (peak - equity > deepest.usd) deepest = { usd: peak - equity, peak, trough: equity };
      }
      assert.ok(Math.abs(dd.value_usd - deepest.usd) <= 0.02, `${label}: recomputed ${deepest.usd}`);
      assert.ok(Math.abs(dd.peak_equity_usd - deepest.peak) <= 0.02 && Math.abs(dd.trough_equity_usd - deepest.trough) <= 0.02, label);
      // Amount, peak and percent are one episode's, to the cent and the hundredth of a percent.
      assert.equal(Math.round((dd.peak_equity_usd - dd.trough_equity_usd) * 100) / 100, dd.value_usd, label);
      assert.equal(dd.value_pct, Math.round((dd.value_usd / dd.peak_equity_usd) * 10_000) / 100, label);
    }
  });

  it('lookback_days moves the window: 7 days holds a week of trades and one sell whose buy is before the window', async () => {
    const [week, month] = await Promise.all([call({ address: A.WALLET_TRADER_SKILLED, lookback_days: 7 }), call({ address: A.WALLET_TRADER_SKILLED })]);
    const e = expected(A.WALLET_TRADER_SKILLED, 7);
    assert.equal(week.window.from_at, new Date((NOW_S - 7 * DAY) * 1000).toISOString());
    assert.equal(week.window.to_at, NOW.toISOString());
    assert.equal(week.pnl.closed_trades, e.closed);
    assert.ok(week.pnl.closed_trades < month.pnl.closed_trades);
    assert.ok(Math.abs(week.pnl.realized_pnl_usd - e.pnl) <= 0.01);
    // The 7-day start (2026-03-07 14:40) falls between that day's buy at 02:25 and its sell at 15:25.
    assert.equal(e.unmatched, 1);
    assert.equal(week.unmatched_sells.count, 1);
    assert.ok(week.unmatched_sells.proceeds_usd > 400);
    assert.ok(week.caveats.some((c: Json) => c.code === 'unmatched_sells'));
    assert.equal(week.performance, 'profitable');
  });

  it('WALLET_TRADER_LOSING: losing — negative PnL, win rate < 40 %, Sharpe < 0, as recomputed', async () => {
    const j = await call({ address: A.WALLET_TRADER_LOSING });
    const e = expected(A.WALLET_TRADER_LOSING, 30);
    assert.equal(j.performance, 'losing');
    assert.equal(j.pnl.closed_trades, e.closed);
    assert.equal(j.pnl.wins, e.wins);
    assert.ok(Math.abs(j.pnl.realized_pnl_usd - e.pnl) <= 0.01, `${j.pnl.realized_pnl_usd} ≈ ${e.pnl}`);
    assert.ok(j.pnl.realized_pnl_usd < 0);
    assert.ok(j.win_rate.value_pct < 40 && j.sharpe.value < 0 && j.sortino.value < 0);
    assert.ok(j.profit_factor.value < 1);
    assert.ok(j.max_drawdown.value_usd > 0 && j.max_drawdown.value_pct > 0);
    assert.ok(j.consistency.value_pct < 40);
  });

  it('WALLET_TRADER_FEW: 2–3 round trips → insufficient_data, every ratio null, a caveat and a longer-window next step', async () => {
    const j = await call({ address: A.WALLET_TRADER_FEW });
    const e = expected(A.WALLET_TRADER_FEW, 30);
    assert.equal(j.performance, 'insufficient_data');
    assert.equal(j.sufficient_data, false);
    assert.equal(j.pnl.closed_trades, e.closed);
    assert.ok(e.closed >= 2 && e.closed <= 3);
    assert.ok(Math.abs(j.pnl.realized_pnl_usd - e.pnl) <= 0.01);
    for (const ratio of [j.win_rate.value_pct, j.sharpe.value, j.sortino.value, j.max_drawdown.value_usd, j.profit_factor.value, j.consistency.value_pct]) assert.equal(ratio, null);
    assert.equal(j.sharpe.reason, 'insufficient_data');
    const caveat = j.caveats.find((c: Json) => c.code === 'insufficient_data');
    assert.match(caveat.message, new RegExp(`^${e.closed} closed trade`));
    assert.deepEqual(j.next_steps[0], { endpoint: KEY, input: { address: A.WALLET_TRADER_FEW, lookback_days: 90 }, reason: j.next_steps[0].reason });
    // The suggested call: 90 days hold enough round trips.
    const longer = await call({ address: A.WALLET_TRADER_FEW, lookback_days: 90 });
    assert.equal(longer.pnl.closed_trades, expected(A.WALLET_TRADER_FEW, 90).closed);
    assert.equal(longer.sufficient_data, true);
    assert.notEqual(longer.sharpe.value, null);
  });

  it('a wallet without swaps: zero trades, insufficient data, not an error', async () => {
    const j = await call({ address: A.WALLET_RISK_ELEVATED });
    assert.equal(j.activity.swaps, 0);
    assert.equal(j.pnl.closed_trades, 0);
    assert.equal(j.performance, 'insufficient_data');
  });

  it('format llm: a briefing leading with the performance label', async () => {
    const j = await call({ address: A.WALLET_TRADER_SKILLED, format: 'llm' });
    assert.match(j.briefing, /^## Copy-trade signals .+ \(30 d\): \*\*profitable\*\*/);
    assert.match(j.briefing, /Sharpe \d/);
  });

  it('one paid call debits exactly 0.010 USDC', async () => {
    const payer = await newPayer(service, 'solana');
    const before = await payer.balance();
    const res = await paidInvoke(payer, service, KEY, { address: A.WALLET_TRADER_LOSING, lookback_days: 14 });
    assert.equal(res.status, 200);
    assert.equal(before - (await payer.balance()), PRICE);
  });
});

describe('copy-trade-signals with failing legs', () => {
  async function withFault<T>(leg: 'defi_data' | 'wallet_assets', fn: (service: TestService, payer: Payer) => Promise<T>): Promise<T> {
    const service = await startTestService({ fixedNow: NOW }, { SOURCE_RETRIES: '0' });
    try {
      service.sandbox!.providers!.faults.set(leg, { errorRate: 1 });
      return await fn(service, await newPayer(service, 'base'));
    } finally {
      await service.close();
    }
  }

  it('historical prices (defi_data) failing: a leg_degraded caveat, SOL-quoted trades excluded, the USDC trades still measured and charged', async () => {
    await withFault('defi_data', async (service, payer) => {
      const before = await payer.balance();
      const res = await paidInvoke(payer, service, KEY, { address: A.WALLET_TRADER_SKILLED });
      const j = await res.json() as Json;
      assert.equal(res.status, 200, JSON.stringify(j));
      assertMatchesOutputSchema(KEY, j);
      const e = expected(A.WALLET_TRADER_SKILLED, 30, { withSol: false });
      const caveat = j.caveats.find((c: Json) => c.code === 'leg_degraded');
      assert.equal(caveat.leg, 'defi_data');
      assert.match(caveat.message, /SOL-quoted trades are excluded/);
      assert.equal(j.activity.sol_quoted, 0);
      assert.equal(j.activity.excluded_sol_swaps, e.solSwaps);
      assert.ok(e.solSwaps > 0);
      assert.ok(j.trades.every((t: Json) => t.quote === 'stable'));
      assert.equal(j.pnl.closed_trades, e.closed);
      assert.ok(Math.abs(j.pnl.realized_pnl_usd - e.pnl) <= 0.01, `${j.pnl.realized_pnl_usd} ≈ ${e.pnl} (USDC trades only)`);
      assert.equal(before - (await payer.balance()), PRICE, 'a degraded answer is an answer');
    });
  });

  it('history (wallet_assets) failing: 502 upstream_unavailable, nothing charged', async () => {
    await withFault('wallet_assets', async (service, payer) => {
      const before = await payer.balance();
      const res = await paidInvoke(payer, service, KEY, { address: A.WALLET_TRADER_SKILLED });
      const j = await res.json() as Json;
      assert.equal(res.status, 502, JSON.stringify(j));
      assert.equal(j.error.code, 'upstream_unavailable');
      assert.match(j.error.message, /not charged/);
      assert.equal(await payer.balance(), before);
    });
  });
});
