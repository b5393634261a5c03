/**
 * The copy-trade cast (src/sandbox/world/cast-traders.ts): the price-path facts its design relies on,
 * checked on every day over years, and each trader's class measured with the service's own formulas
 * (FIFO ledger, trade-time valuation, metrics) over 7/30/90-day windows at many moments, for two seeds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fifoLedger } from '../../src/analytics/copy-trade-ledger.js';
import { copyTradeMetrics } from '../../src/analytics/copy-trade.js';
import { valueSwaps } from '../../src/analytics/copy-trade-valuation.js';
import { CAST_ADDRESS as A, createSandboxWorld, WORLD_START } from '../../src/sandbox/world/index.js';
import { designedTokens } from '../../src/sandbox/world/cast-tokens.js';
import { FEW_PERIOD_DAYS, TRADE_MINUTE, isOffDay, pickHours, tradeTimes } from '../../src/sandbox/world/cast-traders.js';
import { WSOL_MINT } from '../../src/sandbox/world/entities.js';
import { priceAt } from '../../src/sandbox/world/tokens.js';
import type { SandboxWorld } from '../../src/sandbox/world/types.js';
import { worldSwaps } from '../helpers/world-swaps.js';

const DAY = 86_400;
const specs = designedTokens();
const lookup = (m: string) => specs.get(m) ?? null;
const price = (mint: string, t: number) => priceAt(specs.get(mint)!, t, lookup)!;
const FIRST_DAY = WORLD_START / DAY - 100;
const LAST_DAY = WORLD_START / DAY + 8 * 365;

describe('the price-path facts the trader designs rely on (every day, 2023-09 … 2031)', () => {
  for (const [name, mint, minSwing] of [['STORM', A.TOKEN_VOL_HIGH, 1.02], ['MAYBE', A.TOKEN_CAUTION, 1.01]] as const) {
    it(`${name}: the skilled pick rises ≥ ${minSwing}×, the losing pick falls as much; off-day picks are small and opposite`, () => {
      let worstSkilled = Infinity;
      let worstLosing = 0;
      for (let d = FIRST_DAY; d <= LAST_DAY; d++) {
        const prices = tradeTimes(d).map((t) => price(mint, t));
        const ratio = ([i, j]: [number, number]) => prices[j]! / prices[i]!;
        const skilled = ratio(pickHours(prices, 'skilled', false));
        const losing = ratio(pickHours(prices, 'losing', false));
        worstSkilled = Math.min(worstSkilled, skilled);
        worstLosing = Math.max(worstLosing, losing);
        const skilledOff = ratio(pickHours(prices, 'skilled', true));
        const losingOff = ratio(pickHours(prices, 'losing', true));
        assert.ok(skilledOff < 1 && skilledOff > 0.98, `day ${d}: skilled off-day ratio ${skilledOff}`);
        assert.ok(losingOff > 1 && losingOff < 1.03, `day ${d}: losing off-day ratio ${losingOff}`);
      }
      assert.ok(worstSkilled >= minSwing, `${name} worst best-rise ${worstSkilled}`);
      assert.ok(1 / worstLosing >= minSwing, `${name} worst best-fall ${1 / worstLosing}`);
    });
  }

  it('off days are one in five, negative day numbers included', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 5, 9, -1].map(isOffDay), [false, false, false, false, true, false, true, true]);
  });
});

function measure(world: SandboxWorld, address: string, at: Date, days: number) {
  const now = Math.floor(at.getTime() / 1000);
  const swaps = worldSwaps(world.wallet(address, at)!.transactions, address).filter((s) => s.timestamp >= now - days * DAY);
  const valued = valueSwaps(swaps, (t) => world.token(WSOL_MINT, new Date(t * 1000))!.prices.marketData);
  const ledger = fifoLedger(valued.fills);
  return { swaps, valued, ledger, metrics: copyTradeMetrics(ledger) };
}

const WORLDS: [string, SandboxWorld][] = [['onchain-enrichment-sandbox', createSandboxWorld('onchain-enrichment-sandbox')], ['another-sandbox', createSandboxWorld('another-sandbox')]];
/** Moments from the first world day on, at uneven times of day (some inside a round trip). */
const MOMENTS = [
  ...Array.from({ length: 9 }, (_, i) => new Date((WORLD_START + 3_600 + i * 97.3 * DAY + i * 7_919) * 1000)),
  new Date('2026-11-22T02:00:00Z'),
  new Date('2031-06-30T23:59:59Z'),
];

describe('each trader shows its class at every moment, for every seed', () => {
  for (const [seedName, world] of WORLDS) {
    it(`${seedName}: SKILLED profitable, LOSING losing, FEW insufficient`, () => {
      for (const at of MOMENTS) {
        const when = `${seedName} ${at.toISOString()}`;
        for (const days of [7, 30, 90]) {
          const s = measure(world, A.WALLET_TRADER_SKILLED, at, days);
          const m = s.metrics;
          assert.equal(m.performance, 'profitable', `${when} ${days}d skilled`);
          assert.ok(m.pnl.realized_pnl_usd > 0 && m.win_rate.value_pct! > 60 && m.sharpe.value! > 0, `${when} ${days}d skilled ${JSON.stringify(m.pnl)} wr ${m.win_rate.value_pct}`);
          assert.ok(m.pnl.closed_trades >= days - 1 && m.pnl.closed_trades <= days, `${when} ${days}d: one round trip a day (${m.pnl.closed_trades})`);
          const l = measure(world, A.WALLET_TRADER_LOSING, at, days).metrics;
          assert.equal(l.performance, 'losing', `${when} ${days}d losing`);
          assert.ok(l.pnl.realized_pnl_usd < 0 && l.win_rate.value_pct! < 40 && l.sharpe.value! < 0, `${when} ${days}d losing`);
        }
        // Both kinds of quote in a month of trades.
        const month = measure(world, A.WALLET_TRADER_SKILLED, at, 30);
        assert.ok(month.ledger.trades.some((t) => t.quote === 'sol') && month.ledger.trades.some((t) => t.quote === 'stable'), when);
        assert.equal(month.valued.conversions + month.valued.no_anchor + month.valued.unpriced, 0, when);
        // Every buy is sold in full: nothing but round trips, no dust lot left behind a closed day.
        for (const o of month.ledger.open) assert.ok(o.openedAt > Math.floor(at.getTime() / 1000) - DAY, `${when}: open lot from today only`);

        const few = measure(world, A.WALLET_TRADER_FEW, at, 30);
        assert.ok(few.metrics.pnl.closed_trades >= 2 && few.metrics.pnl.closed_trades <= 3, `${when} few: ${few.metrics.pnl.closed_trades}`);
        assert.equal(few.metrics.performance, 'insufficient_data', when);
      }
    });
  }

  it('trades happen on the 5-minute grid, two per active day, and the history covers 90 days', () => {
    const [, world] = WORLDS[0]!;
    const at = new Date('2026-11-22T02:00:00Z');
    const txs = world.wallet(A.WALLET_TRADER_SKILLED, at)!.transactions;
    assert.equal(txs.length, 200);
    assert.ok(txs.at(-1)!.timestamp < at.getTime() / 1000 - 90 * DAY);
    for (const tx of txs) assert.equal(tx.timestamp % 3600, TRADE_MINUTE * 60);
    const fewDays = new Set(world.wallet(A.WALLET_TRADER_FEW, at)!.transactions.map((t) => Math.floor(t.timestamp / DAY) % FEW_PERIOD_DAYS));
    assert.deepEqual([...fewDays], [0]);
  });
});
