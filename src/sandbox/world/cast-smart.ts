/**
 * Wallet plans of the smart-money cast (the design, and why it holds, is in smart-money.ts). Every
 * amount comes from the seed (one stream per wallet, day and purpose, so a launch token that is absent
 * or present does not shift the other draws); every time and every outcome is seed-independent.
 */
import { CAST_ADDRESS as A } from './cast.js';
import { ENTITY, USDC_MINT, WSOL_MINT } from './entities.js';
import type { Draft, WalletPlan } from './history.js';
import { keyOf, Rng } from './random.js';
import {
  ACCUMULATE_USD,
  ACCUMULATED_TOKEN,
  EST_TOKENS,
  EST_TRADE_USD,
  GRID_STEP_MINUTES,
  LAUNCH_BUY_USD,
  LAUNCH_MINT,
  LAUNCH_PERIOD_HOURS,
  LOSER_WIN_MIN,
  LOSER_WIN_TARGET,
  OPERATOR_EVENT,
  SMART_DESIGN,
  SMART_NAMES,
  WINNER_LOSS_TARGET,
  cycleDayOf,
  type EstSlot,
  type LaunchBuy,
  type Outcome,
  type SmartDesign,
  type TraderKind,
} from './smart-money.js';
import { DAY, HOUR, MINUTE, WORLD_START } from './time.js';
import { createdAtOf, rawToUi } from './tokens.js';
import { batchSolTransferTx, solTransferTx, swapTx, type Dex, type TxDraft } from './transactions.js';
import type { PlanCtx } from './plan-context.js';

/**
 * History caps: about 100 days of each wallet's transactions, at most 1,000 — SMART_2 and SMART_3 make
 * 10.5 a day (6 runner legs, their round trips, GULP buys, SMART_2 the operator's 3 every other day), so
 * 1,000 hold 95 days: more than the longest lookback (90 days), within copy-trade's 10 pages.
 */
export const SMART_HISTORY_LIMIT = 1_000;
const HISTORY_DAYS = 100;

/** Designed transactions per day (launch tokens at their designed periods). */
function transactionsPerDay(d: SmartDesign): number {
  const launch = d.launchBuys.reduce((s, b) => s + (24 / LAUNCH_PERIOD_HOURS[b.token]) * (b.sellMinute === null ? 1 : 2), 0);
  const operator = d.name === 'WALLET_SMART_2' ? 3 / 2 : 0;
  // Each slot is one round trip (2 transactions) per 2-day cycle.
  return d.slots.length + launch + (d.accumulate ? 1 / d.accumulate.everyDays : 0) + operator;
}

export function historyLimitOf(d: SmartDesign): number {
  return Math.min(SMART_HISTORY_LIMIT, Math.ceil(transactionsPerDay(d) * HISTORY_DAYS));
}

const BORN = WORLD_START - 100 * DAY;
const SALT = { launch: 1, est: 2, accumulate: 3, operator: 4 } as const;

interface Pool {
  mint: string;
  address: string;
  dex: Dex;
  quoteMint: string;
}

function poolOf(ctx: PlanCtx, mint: string): Pool | null {
  const p = ctx.spec(mint)?.pools[0];
  return p ? { mint, address: p.address, dex: p.dex, quoteMint: p.quoteMint } : null;
}

/** The 20-minute grid times of a slot on day d (minute class `gridMinute`), in order. */
export function slotTimes(design: SmartDesign, d: number, s: EstSlot): number[] {
  const out: number[] = [];
  for (let m = s.fromHour * 60 + design.gridMinute; m < s.toHour * 60; m += GRID_STEP_MINUTES) out.push(d * DAY + m * MINUTE);
  return out;
}

export interface Pick {
  /** Index into the price rows (EST_TOKENS order). */
  token: number;
  /** Buy and sell indices into the slot's times. */
  i: number;
  j: number;
  ratio: number;
}

/**
 * The designed round trip over a slot's prices (one row per token): a winner's win is the best rise,
 * its loss the fall closest to WINNER_LOSS_TARGET; a loser's win is the rise closest to
 * LOSER_WIN_TARGET at or above LOSER_WIN_MIN, its loss the worst fall. First best in (token, i, j)
 * order; null when no pair qualifies (checked never to happen in test/sandbox/smart-money.test.ts).
 */
export function pickRoundTrip(prices: readonly (readonly number[])[], kind: TraderKind, outcome: Outcome): Pick | null {
  let best: Pick | null = null;
  let bestScore = Infinity;
  for (let token = 0; token < prices.length; token++) {
    const row = prices[token]!;
    for (let i = 0; i < row.length; i++) {
      for (let j = i + 1; j < row.length; j++) {
        const ratio = row[j]! / row[i]!;
        let score: number;
        if (kind === 'winner') score = outcome === 'win' ? -ratio : ratio < 1 ? Math.abs(ratio - WINNER_LOSS_TARGET) : Infinity;
        else score = outcome === 'win' ? (ratio >= LOSER_WIN_MIN ? Math.abs(ratio - LOSER_WIN_TARGET) : Infinity) : ratio;
        if (score < bestScore) {
          bestScore = score;
          best = { token, i, j, ratio };
        }
      }
    }
  }
  return best;
}

/** Buy at `buyAt`, then sell exactly what was bought at `sellAt` (sellAt null: held). */
function trade(ctx: PlanCtx, owner: string, pool: Pool, buyAt: number, sellAt: number | null, usd: number): TxDraft[] {
  const common = { owner, pool: pool.address, dex: pool.dex, viaJupiter: true };
  const buy = swapTx(ctx, { ...common, ts: buyAt, inMint: pool.quoteMint, outMint: pool.mint, usd });
  if (sellAt === null) return [buy];
  const boughtRaw = BigInt(buy.tokenTransfers.find((t) => t.mint === pool.mint)!.amountRaw);
  const tokens = rawToUi(boughtRaw, ctx.decimals(pool.mint));
  return [buy, swapTx(ctx, { ...common, ts: sellAt, inMint: pool.mint, outMint: pool.quoteMint, usd: tokens * ctx.price(pool.mint, sellAt) })];
}

/** The launches of a launch token that start on day d (each period's start), with its period. */
function launchesOn(ctx: PlanCtx, mint: string, d: number): number[] {
  const created = ctx.spec(mint)?.created;
  if (!created || !('period' in created)) return [];
  const out: number[] = [];
  for (let t = Math.ceil((d * DAY) / created.period) * created.period; t < (d + 1) * DAY; t += created.period) out.push(t);
  return out;
}

function launchTrades(ctx: PlanCtx, owner: string, b: LaunchBuy, d: number, r: Rng): TxDraft[] {
  const mint = LAUNCH_MINT[b.token];
  const spec = ctx.spec(mint);
  const pool = poolOf(ctx, mint);
  if (!spec || !pool) return [];
  const out: TxDraft[] = [];
  for (const launch of launchesOn(ctx, mint, d)) {
    const usd = r.range(LAUNCH_BUY_USD.min, LAUNCH_BUY_USD.max);
    const buyAt = launch + b.minute * MINUTE;
    const sellAt = b.sellMinute === null ? null : launch + b.sellMinute * MINUTE;
    // Only inside the launch's own life and day (a bucket never holds another day's transactions).
    const inLife = (t: number) => t < (d + 1) * DAY && createdAtOf(spec, t) === launch && ctx.price(mint, t) > 0;
    if (!inLife(buyAt) || (sellAt !== null && !inLife(sellAt))) continue;
    out.push(...trade(ctx, owner, pool, buyAt, sellAt, usd));
  }
  return out;
}

function estTrades(ctx: PlanCtx, design: SmartDesign, owner: string, d: number, r: Rng): TxDraft[] {
  const pools = EST_TOKENS.map((m) => poolOf(ctx, m)!);
  const out: TxDraft[] = [];
  for (const s of design.slots) {
    if (s.cycleDay !== cycleDayOf(d)) continue;
    const usd = r.range(EST_TRADE_USD.min, EST_TRADE_USD.max);
    const times = slotTimes(design, d, s);
    const pick = pickRoundTrip(pools.map((p) => times.map((t) => ctx.price(p.mint, t))), design.kind, s.outcome);
    if (pick) out.push(...trade(ctx, owner, pools[pick.token]!, times[pick.i]!, times[pick.j]!, usd));
  }
  return out;
}

/** The operator's event on day d (odd days): top-up batch, then SMART_1 → SMART_2 → SMART_1. */
function operatorEvent(d: number, r: Rng): TxDraft[] {
  if (cycleDayOf(d) !== 1) return [];
  const e = OPERATOR_EVENT;
  const t = d * DAY + e.hour * HOUR + e.minute * MINUTE + e.second + r.int(e.jitterS + 1);
  const sol = Math.round(r.range(e.loopSol.min, e.loopSol.max) * 1000) / 1000;
  return [
    batchSolTransferTx({ ts: t, from: A.WALLET_SMART_FUNDER, to: [A.WALLET_SMART_1, A.WALLET_SMART_2], sol: e.topUpSol }),
    solTransferTx({ ts: t + e.stepS, from: A.WALLET_SMART_1, to: A.WALLET_SMART_2, sol }),
    solTransferTx({ ts: t + 2 * e.stepS, from: A.WALLET_SMART_2, to: A.WALLET_SMART_1, sol: Math.round((sol - 0.001) * 1000) / 1000 }),
  ];
}

function smartPlan(ctx: PlanCtx, design: SmartDesign): WalletPlan {
  const owner = A[design.name];
  const key = keyOf(ctx.seed, 'cast-smart-day', owner);
  const stream = (d: number, salt: number) => Rng.fromKey(key, d, salt);
  const gulp = poolOf(ctx, ACCUMULATED_TOKEN)!;
  const acc = design.accumulate;
  return {
    address: owner,
    limit: historyLimitOf(design),
    bornAt: () => BORN,
    lamports: () => 18_000_000_000n,
    holdings: [{ mint: USDC_MINT, ui: 4_000 }, { mint: WSOL_MINT, ui: 3 }, ...(acc ? [{ mint: ACCUMULATED_TOKEN, ui: 250_000 }] : [])],
    nfts: [],
    rollingNftLimit: 0,
    bucketSeconds: DAY,
    generate: (d) => {
      const txs: TxDraft[] = [];
      const launch = stream(d, SALT.launch);
      for (const b of design.launchBuys) txs.push(...launchTrades(ctx, owner, b, d, launch));
      txs.push(...estTrades(ctx, design, owner, d, stream(d, SALT.est)));
      if (acc && (acc.everyDays === 1 || cycleDayOf(d) === 0)) {
        const usd = stream(d, SALT.accumulate).range(ACCUMULATE_USD.min, ACCUMULATE_USD.max);
        txs.push(...trade(ctx, owner, gulp, d * DAY + acc.minuteOfDay * MINUTE, null, usd));
      }
      if (design.name === 'WALLET_SMART_2') txs.push(...operatorEvent(d, stream(d, SALT.operator)));
      return txs.map((tx): Draft => ({ tx }));
    },
  };
}

function funderPlan(): WalletPlan {
  const me = A.WALLET_SMART_FUNDER;
  return {
    address: me,
    limit: 200,
    bornAt: () => BORN - 30 * DAY,
    lamports: () => 7_500_000_000n,
    holdings: [],
    nfts: [],
    rollingNftLimit: 0,
    bucketSeconds: DAY,
    generate: (d) => (d % 10 === 0 ? [{ tx: solTransferTx({ ts: d * DAY + 8 * HOUR, from: ENTITY.okx.address, to: me, sol: 5, feePayer: ENTITY.okx.address }) }] : []),
  };
}

/** The smart-money cast's plans (registered in wallets.ts `castWalletPlans`). */
export function smartMoneyPlans(ctx: PlanCtx): WalletPlan[] {
  return [...SMART_NAMES.map((n) => smartPlan(ctx, SMART_DESIGN[n])), funderPlan()];
}
