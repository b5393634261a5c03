/**
 * The copy-trade cast: wallets whose swap histories give `copy-trade-signals` a known answer.
 *
 * Each trader makes at most one round trip per UTC day, both legs on that day at hh:25:00 (on the
 * 5-minute grid the service prices SOL on). Even days trade STORM (TOKEN_VOL_HIGH) against USDC in its
 * Orca pool, odd days MAYBE (TOKEN_CAUTION) against SOL in its Raydium pool, so both kinds of quote
 * appear. The trader reads the token's own price path for the day (the 24 hourly prices) and picks its
 * buy hour i and sell hour j > i:
 *  - SKILLED: the best rise of the day (max p_j / p_i); every 5th day (d mod 5 = 4) a deliberate small
 *    loss, the pair whose ratio is closest to 0.995.
 *  - LOSING: the worst fall of the day (min p_j / p_i); every 5th day a small win, closest to 1.01.
 *  - FEW: one STORM round trip every 12 days (09:25 → 15:25), so any 30-day window holds 2 or 3.
 * Why it holds for every seed and moment: the cast tokens' price paths are seed-independent; their best
 * intraday rise and fall are ≥ 2 % (STORM) and ≥ 1 % (MAYBE) on every day (checked over years by
 * test/sandbox/cast-traders.test.ts), more than the round trip's DEX fees (0.5–0.6 %). So every
 * SKILLED "best" day wins and every LOSING "worst" day loses; with one odd day in five, any 5 or more
 * consecutive trades are > 60 % wins (SKILLED) or < 40 % (LOSING), and the small opposite trades cannot
 * turn the sign of the mean return. Sizes ($480–$520, from the seed) are too even to turn the USD sum.
 * Each sell sells exactly what the buy bought (up to one raw unit).
 */
import { CAST_ADDRESS as A } from './cast.js';
import { USDC_MINT, WSOL_MINT } from './entities.js';
import type { Draft, WalletPlan } from './history.js';
import { keyOf, Rng } from './random.js';
import type { PlanCtx } from './plan-context.js';
import { DAY, HOUR, MINUTE, WORLD_START } from './time.js';
import { rawToUi } from './tokens.js';
import { swapTx, type Dex, type TxDraft } from './transactions.js';

/** Minute of the hour every trader trade happens at (a multiple of 5: the SOL price bucket). */
export const TRADE_MINUTE = 25;
export const FEW_PERIOD_DAYS = 12;
const BORN = WORLD_START - 100 * DAY;
/** Two transactions a day: 100 days of history, more than the longest lookback (90 days). */
const HISTORY_LIMIT = 200;

export type TraderStyle = 'skilled' | 'losing' | 'few';

interface TradedPool {
  mint: string;
  address: string;
  dex: Dex;
  quoteMint: string;
}

/** The pool a trader uses on day d: STORM/USDC on even days, MAYBE/SOL on odd days (FEW: STORM only). */
function traderPool(ctx: PlanCtx, style: TraderStyle, d: number): TradedPool {
  const mint = style === 'few' || d % 2 === 0 ? A.TOKEN_VOL_HIGH : A.TOKEN_CAUTION;
  const pool = ctx.spec(mint)?.pools[0];
  if (!pool) throw new Error(`no pool for ${mint}`);
  return { mint, address: pool.address, dex: pool.dex, quoteMint: pool.quoteMint };
}

/** The hourly trade times of day d. */
export function tradeTimes(d: number): number[] {
  return Array.from({ length: 24 }, (_, h) => d * DAY + h * HOUR + TRADE_MINUTE * MINUTE);
}

/** Is day d the one-in-five day a trader trades against its style? */
export const isOffDay = (d: number): boolean => ((d % 5) + 5) % 5 === 4;

/** Buy and sell hour (indices into tradeTimes(d)) of a pair-picking style on a day with these prices. */
export function pickHours(prices: readonly number[], style: 'skilled' | 'losing', offDay: boolean): [number, number] {
  let best: [number, number] = [0, 1];
  let bestScore = Infinity;
  for (let i = 0; i < prices.length; i++) {
    for (let j = i + 1; j < prices.length; j++) {
      const ratio = prices[j]! / prices[i]!;
      let score: number;
      if (!offDay) score = style === 'skilled' ? -ratio : ratio;
      else if (style === 'skilled') score = ratio < 1 ? Math.abs(ratio - 0.995) : Infinity;
      else score = ratio > 1 ? Math.abs(ratio - 1.01) : Infinity;
      if (score < bestScore) {
        bestScore = score;
        best = [i, j];
      }
    }
  }
  return best;
}

function roundTrip(ctx: PlanCtx, owner: string, pool: TradedPool, buyAt: number, sellAt: number, usd: number): TxDraft[] {
  const common = { owner, pool: pool.address, dex: pool.dex, viaJupiter: true };
  const buy = swapTx(ctx, { ...common, ts: buyAt, inMint: pool.quoteMint, outMint: pool.mint, usd });
  const boughtRaw = BigInt(buy.tokenTransfers.find((t) => t.mint === pool.mint)!.amountRaw);
  const tokens = rawToUi(boughtRaw, ctx.decimals(pool.mint));
  const sell = swapTx(ctx, { ...common, ts: sellAt, inMint: pool.mint, outMint: pool.quoteMint, usd: tokens * ctx.price(pool.mint, sellAt) });
  return [buy, sell];
}

function traderPlan(ctx: PlanCtx, owner: string, style: TraderStyle): WalletPlan {
  const key = keyOf(ctx.seed, 'cast-trader-day', owner);
  return {
    address: owner,
    limit: HISTORY_LIMIT,
    bornAt: () => BORN,
    lamports: () => 25_000_000_000n,
    holdings: [{ mint: USDC_MINT, ui: style === 'few' ? 800 : 5_000 }, { mint: WSOL_MINT, ui: 2 }],
    nfts: [],
    rollingNftLimit: 0,
    bucketSeconds: DAY,
    generate: (d) => {
      const pool = traderPool(ctx, style, d);
      const times = tradeTimes(d);
      const usd = 480 + 40 * Rng.fromKey(key, d).next();
      if (style === 'few') {
        if (((d % FEW_PERIOD_DAYS) + FEW_PERIOD_DAYS) % FEW_PERIOD_DAYS !== 0) return [];
        return roundTrip(ctx, owner, pool, times[9]!, times[15]!, usd).map((tx): Draft => ({ tx }));
      }
      const prices = times.map((t) => ctx.price(pool.mint, t));
      const [i, j] = pickHours(prices, style, isOffDay(d));
      return roundTrip(ctx, owner, pool, times[i]!, times[j]!, usd).map((tx): Draft => ({ tx }));
    },
  };
}

/** The copy-trade cast's plans (registered in wallets.ts `castWalletPlans`). */
export function castTraderPlans(ctx: PlanCtx): WalletPlan[] {
  return [
    traderPlan(ctx, A.WALLET_TRADER_SKILLED, 'skilled'),
    traderPlan(ctx, A.WALLET_TRADER_LOSING, 'losing'),
    traderPlan(ctx, A.WALLET_TRADER_FEW, 'few'),
  ];
}
