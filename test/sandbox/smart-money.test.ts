/**
 * The smart-money cast (src/sandbox/world/smart-money.ts, cast-smart.ts): the design's arithmetic (win
 * rates and their ±1-trade ranges), the price-path facts the designed outcomes rely on (every day over
 * years), then the world's own histories measured with the service's analytics (trade-time valuation,
 * FIFO ledger, copy-trade metrics, wallet clusters) at many moments for two seeds: the win-rate bands and
 * order, the fresh-launch buys at their minutes in every period, the GULP accumulation, the operator's
 * cluster, the history limits and determinism.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fifoLedger } from '../../src/analytics/copy-trade-ledger.js';
import { copyTradeMetrics, type CopyTradeMetrics } from '../../src/analytics/copy-trade.js';
import { valueSwaps } from '../../src/analytics/copy-trade-valuation.js';
import { detectClusters, type WalletCluster } from '../../src/analytics/wallet-clusters.js';
import { NATIVE_SOL, protocolsOf, type LedgerTransaction } from '../../src/analytics/wallet-graph.js';
import { DEFAULT_SMART_MONEY_WALLETS } from '../../src/endpoints/discovery/shared/smart-money-seed.js';
import { designedTokens } from '../../src/sandbox/world/cast-tokens.js';
import { SMART_HISTORY_LIMIT, historyLimitOf, pickRoundTrip, slotTimes } from '../../src/sandbox/world/cast-smart.js';
import { USDC_MINT, WSOL_MINT } from '../../src/sandbox/world/entities.js';
import { CAST_ADDRESS as A, WORLD_START, createSandboxWorld, launchStageAt } from '../../src/sandbox/world/index.js';
import {
  ACCUMULATED_TOKEN,
  EST_TOKENS,
  LAUNCH_BUY_USD,
  LAUNCH_MINT,
  LAUNCH_PERIOD_HOURS,
  LOSER_WIN_MIN,
  SMART_DESIGN,
  SMART_MONEY_SEED,
  SMART_NAMES,
  WINNER_NAMES,
  cycleDayOf,
  launchRoundTripsPerCycle,
  nominalWinRate,
  type LaunchName,
  type SmartDesign,
  type SmartName,
} from '../../src/sandbox/world/smart-money.js';
import { priceAt } from '../../src/sandbox/world/tokens.js';
import type { SandboxWorld, TransactionState } from '../../src/sandbox/world/types.js';
import { worldSwaps } from '../helpers/world-swaps.js';

const DAY = 86_400;
const HOUR = 3_600;
const MINUTE = 60;
const SEEDS = ['onchain-enrichment-sandbox', 'another-sandbox'] as const;
const WORLDS: [string, SandboxWorld][] = SEEDS.map((s) => [s, createSandboxWorld(s)]);
const addr = (n: SmartName) => A[n];

// ------------------------------------------------------------------------------------------ design

/** Every (wins, trades) a window of `days` can hold: the nominal count, or ±1 trade open at its phase. */
function possibleCounts(d: SmartDesign, days: number): { nominal: [number, number]; all: [number, number][] } {
  const cycles = days / 2;
  const launch = launchRoundTripsPerCycle(d);
  const slotWins = d.slots.filter((s) => s.outcome === 'win').length;
  const slotLosses = d.slots.length - slotWins;
  const W = cycles * (launch + slotWins);
  const N = cycles * (launch + d.slots.length);
  const all: [number, number][] = [[W, N]];
  // A fixed-time launch round trip open at the phase is missing; a slot's round trip (its times move
  // within the slot) may be missing or counted twice (at both ends of the window).
  if (launch + slotWins > 0) all.push([W - 1, N - 1]);
  if (slotLosses > 0) all.push([W, N - 1], [W, N + 1]);
  if (slotWins > 0) all.push([W + 1, N + 1]);
  return { nominal: [W, N], all };
}

const rates = (d: SmartDesign, days: number) => possibleCounts(d, days).all.map(([w, n]) => w / n);

describe('smart money: the design', () => {
  it('the seed list: the seven smart wallets and the copy-trade profitable and losing traders, the same in the service', () => {
    assert.deepEqual([...DEFAULT_SMART_MONEY_WALLETS], [...SMART_MONEY_SEED]);
    assert.deepEqual([...SMART_MONEY_SEED], [...SMART_NAMES.map(addr), A.WALLET_TRADER_SKILLED, A.WALLET_TRADER_LOSING]);
    assert.equal(new Set(SMART_MONEY_SEED).size, 9);
    assert.ok(!SMART_MONEY_SEED.includes(A.WALLET_SMART_FUNDER), 'the funder is not a seed');
  });

  it('launch mints are the launch cast\'s, with the periods it is designed with', () => {
    const specs = designedTokens();
    for (const [name, mint] of Object.entries(LAUNCH_MINT) as [LaunchName, string][]) {
      assert.equal(mint, A[name]);
      const created = specs.get(mint)?.created;
      assert.ok(created && 'period' in created, `${name} relaunches`);
      assert.equal(created.period, LAUNCH_PERIOD_HOURS[name] * HOUR, name);
    }
  });

  it('nominal win rates: winners 7/9, 6/8, 7/10, 4/6, 5/8 (runner wins count for SMART_1–3); losers 1/4, 1/3', () => {
    assert.deepEqual(SMART_NAMES.map((n) => nominalWinRate(SMART_DESIGN[n])), [7 / 9, 6 / 8, 7 / 10, 4 / 6, 5 / 8, 1 / 4, 1 / 3]);
  });

  for (const days of [14, 30]) {
    it(`${days}-day windows: every possible rate of a winner is inside (0.6, 0.8), the five ranges are disjoint and ordered; losers stay under 0.45`, () => {
      const ranges = WINNER_NAMES.map((n) => rates(SMART_DESIGN[n], days));
      for (const [k, rs] of ranges.entries()) for (const r of rs) assert.ok(r > 0.6 && r < 0.8, `${WINNER_NAMES[k]} ${r}`);
      for (let k = 0; k + 1 < ranges.length; k++) {
        assert.ok(Math.min(...ranges[k]!) > Math.max(...ranges[k + 1]!), `${WINNER_NAMES[k]} above ${WINNER_NAMES[k + 1]}`);
      }
      for (const n of SMART_NAMES.filter((x) => SMART_DESIGN[x].kind === 'loser')) for (const r of rates(SMART_DESIGN[n], days)) assert.ok(r < 0.45, `${n} ${r}`);
    });
  }

  it('slots never overlap each other nor a launch round trip of the same wallet (so at most one trade is open at any phase)', () => {
    for (const n of SMART_NAMES) {
      const d = SMART_DESIGN[n];
      for (const cycleDay of [0, 1] as const) {
        // Busy intervals of the day, in minutes: slots and launch round trips (bought … sold).
        const busy: [number, number][] = d.slots.filter((s) => s.cycleDay === cycleDay).map((s) => [s.fromHour * 60, s.toHour * 60]);
        for (const b of d.launchBuys) {
          if (b.sellMinute === null) continue;
          for (let l = 0; l < 24 * 60; l += LAUNCH_PERIOD_HOURS[b.token] * 60) busy.push([l + b.minute, l + b.sellMinute]);
        }
        busy.sort((x, y) => x[0] - y[0]);
        for (let i = 0; i + 1 < busy.length; i++) assert.ok(busy[i]![1] <= busy[i + 1]![0], `${n} day ${cycleDay}: ${busy[i]} / ${busy[i + 1]}`);
      }
    }
  });
});

describe('smart money: the price-path facts the designed outcomes rely on (every day, 2023-09 … 2031)', () => {
  const specs = designedTokens();
  const lookup = (m: string) => specs.get(m) ?? null;
  const price = (mint: string, t: number) => priceAt(specs.get(mint)!, t, lookup)!;
  const FIRST_DAY = WORLD_START / DAY - 120;
  const LAST_DAY = WORLD_START / DAY + 8 * 365;

  for (const n of SMART_NAMES) {
    it(`${n}: every slot has its designed pick (a win clears two Orca fees, a loss is a fall)`, () => {
      const d = SMART_DESIGN[n];
      let worstWin = Infinity;
      for (let day = FIRST_DAY; day <= LAST_DAY; day++) {
        for (const s of d.slots) {
          if (s.cycleDay !== cycleDayOf(day)) continue;
          const times = slotTimes(d, day, s);
          const pick = pickRoundTrip(EST_TOKENS.map((m) => times.map((t) => price(m, t))), d.kind, s.outcome);
          assert.ok(pick, `${n} day ${day} ${s.fromHour}-${s.toHour}`);
          if (s.outcome === 'loss') assert.ok(pick.ratio < 1, `${n} day ${day}: loss ratio ${pick.ratio}`);
          else {
            worstWin = Math.min(worstWin, pick.ratio);
            // 6 h or longer: a comfortable win; the 4 h gaps between runner trades: still ≥ 1.008.
            assert.ok(pick.ratio >= (s.toHour - s.fromHour >= 6 ? 1.012 : 1.008), `${n} day ${day}: win ratio ${pick.ratio}`);
            if (d.kind === 'loser') assert.ok(pick.ratio >= LOSER_WIN_MIN && pick.ratio < 1.03, `${n} day ${day}: small win ${pick.ratio}`);
          }
        }
      }
      if (d.slots.some((s) => s.outcome === 'win')) assert.ok(worstWin > 1 / 0.997 ** 2, `${n}: worst win ${worstWin} clears the fees`);
    });
  }
});

// ------------------------------------------------------------------------------------------ the world

const solPrice = (w: SandboxWorld) => (t: number) => w.token(WSOL_MINT, new Date(t * 1000))!.prices.marketData;

/** The copy-trade measurement of the last `days` (as copy-trade-signals computes it). */
function measure(w: SandboxWorld, address: string, at: Date, days: number): CopyTradeMetrics {
  const now = Math.floor(at.getTime() / 1000);
  const swaps = worldSwaps(w.wallet(address, at)!.transactions, address).filter((s) => s.timestamp >= now - days * DAY);
  const valued = valueSwaps(swaps, solPrice(w));
  assert.equal(valued.no_anchor + valued.unpriced + valued.conversions, 0);
  return copyTradeMetrics(fifoLedger(valued.fills));
}

/** Moments over years at uneven times of day: inside runner trades, inside slots, at the operator event. */
const MOMENTS = [
  new Date('2026-11-22T02:00:00Z'),
  new Date('2026-03-14T14:40:00Z'),
  new Date('2026-07-19T03:45:00Z'),
  new Date('2027-01-02T22:03:25Z'),
  new Date('2027-01-03T05:27:10Z'),
  new Date('2031-06-30T23:59:59Z'),
  ...Array.from({ length: 6 }, (_, i) => new Date((WORLD_START + 20 * DAY + i * 131.7 * DAY + i * 6_131) * 1000)),
];

describe('smart money: win rates measured from the world (copy-trade analytics), every moment, two seeds', () => {
  for (const [seed, w] of WORLDS) {
    it(`${seed}: winners in (0.6, 0.8) in the designed order, losers under 0.45; the 0.55 default keeps the five winners and SKILLED`, () => {
      for (const at of MOMENTS) {
        for (const days of [14, 30]) {
          const when = `${seed} ${at.toISOString()} ${days}d`;
          const measured = SMART_NAMES.map((n) => ({ n, m: measure(w, addr(n), at, days) }));
          for (const { n, m } of measured) {
            const counts = possibleCounts(SMART_DESIGN[n], days).all;
            assert.ok(counts.some(([wins, trades]) => wins === m.win_rate.wins && trades === m.win_rate.n), `${when} ${n}: ${m.win_rate.wins}/${m.win_rate.n} not in ${JSON.stringify(counts)}`);
            const rate = m.win_rate.value_pct! / 100;
            if (SMART_DESIGN[n].kind === 'winner') {
              assert.ok(rate > 0.6 && rate < 0.8, `${when} ${n}: ${rate}`);
              assert.equal(m.performance, 'profitable', `${when} ${n}`);
            } else {
              assert.ok(rate < 0.45, `${when} ${n}: ${rate}`);
              assert.equal(m.performance, 'losing', `${when} ${n}`);
            }
          }
          const winners = measured.filter((x) => SMART_DESIGN[x.n].kind === 'winner').map((x) => x.m.win_rate.value_pct!);
          for (let k = 0; k + 1 < winners.length; k++) assert.ok(winners[k]! > winners[k + 1]!, `${when}: ${winners}`);
          const skilled = measure(w, A.WALLET_TRADER_SKILLED, at, days).win_rate.value_pct!;
          const losing = measure(w, A.WALLET_TRADER_LOSING, at, days).win_rate.value_pct!;
          const qualifying = [...measured.map((x) => ({ a: addr(x.n), r: x.m.win_rate.value_pct! })), { a: A.WALLET_TRADER_SKILLED, r: skilled }, { a: A.WALLET_TRADER_LOSING, r: losing }]
            .filter((x) => x.r / 100 >= 0.55);
          assert.deepEqual(qualifying.map((x) => x.a).sort(), [...WINNER_NAMES.map(addr), A.WALLET_TRADER_SKILLED].sort(), when);
          assert.equal(new Set(qualifying.map((x) => x.r)).size, qualifying.length, `${when}: no tie among the qualifying (${qualifying.map((x) => x.r)})`);
        }
      }
    });
  }
});

/** The launch-token swaps of a wallet's history: buys (SOL → token) and sells (token → SOL). */
function launchSwaps(w: SandboxWorld, wallet: string, mint: string, at: Date) {
  return w.wallet(wallet, at)!.transactions.filter((tx) => tx.type === 'SWAP' && tx.tokenTransfers.some((t) => t.mint === mint)).map((tx) => {
    const out = tx.tokenTransfers.find((t) => t.from === wallet)!;
    const got = tx.tokenTransfers.find((t) => t.to === wallet)!;
    return { tx, buy: got.mint === mint, sol: Number(out.mint === WSOL_MINT ? out.amountRaw : got.amountRaw) / 1e9, tokenRaw: BigInt(got.mint === mint ? got.amountRaw : out.amountRaw), pool: out.to, quote: out.mint === mint ? got.mint : out.mint };
  });
}

describe('smart money: fresh-launch buys at the designed minutes, in every period', () => {
  const buyersOf = (token: LaunchName) => SMART_NAMES.flatMap((n) => SMART_DESIGN[n].launchBuys.filter((b) => b.token === token).map((b) => ({ n, b })));
  const everyone = [...SMART_MONEY_SEED, A.WALLET_SMART_FUNDER];

  for (const [seed, w] of WORLDS) {
    for (const at of [new Date('2026-11-22T02:00:00Z'), new Date('2027-01-03T05:27:10Z')]) {
      it(`${seed} @ ${at.toISOString()}: the launches of the last 3 days`, () => {
        const now = at.getTime() / 1000;
        const sol = solPrice(w);
        for (const token of Object.keys(LAUNCH_MINT) as LaunchName[]) {
          const mint = LAUNCH_MINT[token];
          const period = LAUNCH_PERIOD_HOURS[token] * HOUR;
          const designed = buyersOf(token);
          const pool = w.token(mint, at)!.pools[0]!;
          // Lives that started in the last 3 days and have ended (every designed trade is in).
          const lives: number[] = [];
          for (let l = Math.floor(now / period) * period - period; l > now - 3 * DAY; l -= period) lives.push(l);
          assert.ok(lives.length >= 2, `${token}: several periods`);
          for (const wallet of everyone) {
            const mine = designed.filter((x) => addr(x.n) === wallet);
            const swaps = launchSwaps(w, wallet, mint, at).filter((s) => s.tx.timestamp >= lives.at(-1)! && s.tx.timestamp < lives[0]! + period);
            const expected = mine.length * lives.length + mine.filter((x) => x.b.sellMinute !== null).length * lives.length;
            assert.equal(swaps.length, expected, `${token} ${wallet}: ${swaps.length} swaps`);
            for (const { b } of mine) {
              for (const l of lives) {
                const buy = swaps.find((s) => s.tx.timestamp === l + b.minute * MINUTE);
                assert.ok(buy && buy.buy, `${token}: bought at +${b.minute} min of the life at ${l}`);
                assert.equal(buy.pool, pool.address);
                assert.equal(buy.quote, WSOL_MINT);
                const usd = buy.sol * sol(buy.tx.timestamp)!;
                assert.ok(usd >= LAUNCH_BUY_USD.min - 0.01 && usd <= LAUNCH_BUY_USD.max + 0.01, `${token} buy $${usd}`);
                assert.equal(buy.tx.timestamp % 300, 0, 'on the 5-minute SOL price grid');
                if (b.sellMinute === null) continue;
                const sell = swaps.find((s) => s.tx.timestamp === l + b.sellMinute! * MINUTE);
                assert.ok(sell && !sell.buy, `${token}: sold at +${b.sellMinute} min`);
                assert.ok(buy.tokenRaw - sell.tokenRaw <= 1n && buy.tokenRaw >= sell.tokenRaw, 'sells what it bought');
                assert.ok(sell.sol * sol(sell.tx.timestamp)! > 2 * usd, `${token}: sold for a gain`);
                assert.equal(launchStageAt(token, b.sellMinute), 'PARABOLIC_LATE');
              }
            }
          }
        }
      });
    }
  }

  it('who buys what: RUNNER SMART_1/2/3 at +10/+20/+35 (sold +3 h 30/40/50), BUYERS SMART_4 +30, QUIET SMART_5 +60, RUG SMART_NOT_1 +15; WASH and SELLERS nobody', () => {
    const table = (Object.keys(LAUNCH_MINT) as LaunchName[]).map((t) => [t, buyersOf(t).map(({ n, b }) => [n, b.minute, b.sellMinute])]);
    assert.deepEqual(table, [
      ['TOKEN_LAUNCH_RUNNER', [['WALLET_SMART_1', 10, 210], ['WALLET_SMART_2', 20, 220], ['WALLET_SMART_3', 35, 230]]],
      ['TOKEN_LAUNCH_RUG', [['WALLET_SMART_NOT_1', 15, null]]],
      ['TOKEN_LAUNCH_WASH', []],
      ['TOKEN_LAUNCH_BUYERS', [['WALLET_SMART_4', 30, null]]],
      ['TOKEN_LAUNCH_SELLERS', []],
      ['TOKEN_LAUNCH_QUIET', [['WALLET_SMART_5', 60, null]]],
    ]);
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUG', 15), 'IGNITING', 'the rug is bought before its pull');
  });
});

describe('smart money: accumulation over the last 14 days', () => {
  const CASH = new Set([WSOL_MINT, USDC_MINT]);
  for (const [seed, w] of WORLDS) {
    it(`${seed}: SMART_1–4 buy GULP and never sell it; it tops the winners' accumulated tokens by wallets and by USD`, () => {
      for (const at of [new Date('2026-11-22T02:00:00Z'), new Date('2027-01-03T05:27:10Z')]) {
        const now = at.getTime() / 1000;
        const sol = solPrice(w);
        const flow = new Map<string, { wallets: Set<string>; netUsd: number }>();
        const gulpBuys: number[] = [];
        for (const n of WINNER_NAMES) {
          const a = addr(n);
          const txs = w.wallet(a, at)!.transactions.filter((tx) => tx.timestamp >= now - 14 * DAY);
          const perMint = new Map<string, { buys: number; sells: number; usd: number }>();
          for (const s of worldSwaps(txs, a)) {
            const buy = CASH.has(s.sold.mint);
            const mint = buy ? s.bought.mint : s.sold.mint;
            const cash = buy ? s.sold : s.bought;
            const usd = cash.mint === WSOL_MINT ? cash.amount * sol(s.timestamp)! : cash.amount;
            const e = perMint.get(mint) ?? { buys: 0, sells: 0, usd: 0 };
            if (buy) { e.buys++; e.usd += usd; } else { e.sells++; e.usd -= usd; }
            perMint.set(mint, e);
          }
          const g = perMint.get(ACCUMULATED_TOKEN);
          gulpBuys.push(g?.buys ?? 0);
          if (g) assert.equal(g.sells, 0, `${n} never sells GULP`);
          for (const [mint, e] of perMint) {
            if (e.buys <= e.sells) continue;
            const f = flow.get(mint) ?? { wallets: new Set<string>(), netUsd: 0 };
            f.wallets.add(a);
            f.netUsd += e.usd;
            flow.set(mint, f);
          }
        }
        assert.deepEqual(gulpBuys, [14, 14, 7, 14, 0], `${seed} ${at.toISOString()}: daily (SMART_3 every other day)`);
        const ranked = [...flow.entries()].sort((x, y) => y[1].wallets.size - x[1].wallets.size || y[1].netUsd - x[1].netUsd);
        assert.equal(ranked[0]![0], ACCUMULATED_TOKEN);
        assert.equal(ranked[0]![1].wallets.size, 4);
        for (const [mint, f] of ranked.slice(1)) {
          assert.ok(f.wallets.size < 4 && f.netUsd < ranked[0]![1].netUsd / 2, `${mint}: ${f.wallets.size} wallets, $${f.netUsd}`);
        }
      }
    });
  }
});

// ------------------------------------------------------------------------------------------ clusters

function toLedger(tx: TransactionState): LedgerTransaction {
  return {
    signature: tx.signature, timestamp: tx.timestamp, feePayer: tx.feePayer, programIds: tx.programIds, success: tx.error === null, protocols: protocolsOf(tx.programIds),
    transfers: [
      ...tx.nativeTransfers.map((t) => ({ from: t.from, to: t.to, asset: NATIVE_SOL, amount: Number(t.lamports) / 1e9 })),
      ...tx.tokenTransfers.map((t) => ({ from: t.from, to: t.to, asset: t.mint, amount: Number(t.amountRaw) / 10 ** t.decimals })),
    ],
  };
}

/** Every seed wallet's history of the last `days`, once each, oldest first. */
function seedLedger(w: SandboxWorld, at: Date, days: number, rows = Infinity): LedgerTransaction[] {
  const now = at.getTime() / 1000;
  const all = new Map<string, LedgerTransaction>();
  for (const a of SMART_MONEY_SEED) for (const tx of w.wallet(a, at)!.transactions.slice(0, rows)) if (tx.timestamp >= now - days * DAY && tx.error === null) all.set(tx.signature, toLedger(tx));
  return [...all.values()].sort((x, y) => x.timestamp - y.timestamp || (x.signature < y.signature ? -1 : 1));
}

const shape = (cs: WalletCluster[]) => cs.map((c) => `${c.kind}:${[...c.members].sort().join(',')}`).sort();

describe('smart money: SMART_1 and SMART_2 are one operator (wallet clusters)', () => {
  const trio = [A.WALLET_SMART_FUNDER, A.WALLET_SMART_1, A.WALLET_SMART_2].sort().join(',');
  const pair = [A.WALLET_SMART_1, A.WALLET_SMART_2].sort().join(',');
  for (const [seed, w] of WORLDS) {
    for (const at of [new Date('2026-11-22T02:00:00Z'), new Date('2027-01-03T05:27:10Z'), new Date('2025-08-09T13:13:13Z')]) {
      it(`${seed} @ ${at.toISOString()}`, () => {
        // The seed wallets' 14 days, the funder a candidate (as a graph wallet it is one): the trio acting
        // within a minute and the two-hop loop — and nothing else among the seeds.
        const ledger = seedLedger(w, at, 14);
        const withFunder = detectClusters({ ledger, candidates: new Set([...SMART_MONEY_SEED, A.WALLET_SMART_FUNDER]) });
        assert.deepEqual(shape(withFunder), [`circular_flow:${pair}`, `synchronized_activity:${trio}`].sort());
        // Only the seed wallets as candidates: the loop alone still links them.
        assert.deepEqual(shape(detectClusters({ ledger, candidates: new Set(SMART_MONEY_SEED) })), [`circular_flow:${pair}`]);
        // From SMART_2's own first page (wallet-graph at depth 1): the same two clusters.
        const own = seedLedger(w, at, 90, 100).filter((tx) => w.wallet(A.WALLET_SMART_2, at)!.transactions.slice(0, 100).some((t) => t.signature === tx.signature));
        const clusters = detectClusters({ ledger: own, candidates: new Set([A.WALLET_SMART_2, A.WALLET_SMART_1, A.WALLET_SMART_FUNDER]) });
        assert.deepEqual(shape(clusters), [`circular_flow:${pair}`, `synchronized_activity:${trio}`].sort());
        const sync = clusters.find((c) => c.kind === 'synchronized_activity')!;
        assert.ok(sync.kind === 'synchronized_activity' && sync.occasions >= 3, 'three occasions or more on one page');
      });
    }
  }
});

// ------------------------------------------------------------------------------------------ limits, determinism

describe('smart money: histories and determinism', () => {
  it('each history holds more than the longest lookback (90 days): about 100 days, at most 1,000 transactions', () => {
    const [, w] = WORLDS[0]!;
    for (const at of [new Date('2026-11-22T02:00:00Z'), new Date('2024-04-11T17:00:00Z')]) {
      const now = at.getTime() / 1000;
      for (const n of SMART_NAMES) {
        const txs = w.wallet(addr(n), at)!.transactions;
        assert.ok(txs.length === historyLimitOf(SMART_DESIGN[n]) && txs.length <= SMART_HISTORY_LIMIT, `${n}: ${txs.length} transactions`);
        assert.ok(txs.at(-1)!.timestamp < now - 90 * DAY, `${n}: history reaches back ${((now - txs.at(-1)!.timestamp) / DAY).toFixed(1)} days`);
        assert.ok(txs.every((tx, i) => i === 0 || tx.timestamp <= txs[i - 1]!.timestamp) && txs[0]!.timestamp <= now, `${n}: newest first, nothing after now`);
      }
      const funder = w.wallet(A.WALLET_SMART_FUNDER, at)!.transactions;
      assert.ok(funder.length > 0 && funder.every((tx) => tx.nativeTransfers[0]!.to === A.WALLET_SMART_FUNDER), 'the funder shows its own deposits');
    }
  });

  it('the same seed gives the same histories; another seed changes amounts and the operator\'s seconds, never the design\'s times', () => {
    const at = new Date('2026-11-22T02:00:00Z');
    const again = createSandboxWorld(SEEDS[0]);
    const [[, w], [, other]] = WORLDS as [[string, SandboxWorld], [string, SandboxWorld]];
    for (const n of SMART_NAMES) {
      const a = w.wallet(addr(n), at)!.transactions;
      assert.deepEqual(again.wallet(addr(n), at)!.transactions, a);
      const b = other.wallet(addr(n), at)!.transactions;
      assert.deepEqual(b.map((tx) => tx.signature), a.map((tx) => tx.signature), n);
      const swapTimes = (txs: readonly TransactionState[]) => txs.filter((tx) => tx.type === 'SWAP').map((tx) => tx.timestamp);
      assert.deepEqual(swapTimes(b), swapTimes(a), n);
      assert.notDeepEqual(b.map((tx) => tx.tokenTransfers), a.map((tx) => tx.tokenTransfers), n);
    }
  });
});
