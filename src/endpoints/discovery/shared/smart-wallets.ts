/**
 * The smart-money wallets as `smart-money-flow` and `smart-money-trenches` read them (and the smart-money leg
 * of `trenches-scan` / `trenches-check`, trenches-signals.ts, with the same defaults): the seed list, each
 * wallet's trades over a lookback through the copy-trade pipeline (history → swaps → trade-time valuation →
 * FIFO ledger → metrics: src/endpoints/shared/copy-trade-pipeline.ts), and which of them
 * qualify as winners.
 *
 * Seed list: the caller's `wallets`, else the operator's list (config `smartMoneyWallets`, env
 * SMART_MONEY_WALLETS, on the handler context), else the service's own default: in sandbox mode the
 * curated cast list (smart-money-seed.ts), in live mode a seed DERIVED from public trading at call time
 * (smart-money-derived-seed.ts: the recent traders of the most-traded feed tokens) — the built-in list
 * names sandbox wallets, which mean nothing on mainnet, and no shipped list of mainnet wallets could be
 * verified (the reason is in that file). Every answer says which (`source`, and the derivation).
 *
 * Winner (qualifying) rule: at least MIN_CLOSED_TRADES (5, copy-trade's minimum sample) closed trades in
 * the lookback AND win rate ≥ min_win_rate, the win rate compared as shown: wins ÷ closed trades rounded
 * to 4 decimals. Below 5 closed trades the win rate is noise (copy-trade reports it as null) and the
 * wallet does not qualify, whatever its wins.
 *
 * Reads: each wallet's enhanced transactions back to the lookback start (copy-trade's paging, at most
 * 10 pages), READ_CONCURRENCY at a time within READ_BUDGET_MS; then ONE SOL-price read (DefiLlama) for
 * every wallet's SOL-quoted swaps. A wallet whose history fails or is not read in time is skipped with a
 * `leg_degraded` caveat naming it; when no wallet could be read the call fails (502/504, not charged).
 * When the SOL prices fail, SOL-quoted swaps are excluded (never valued at another moment's price) with a
 * caveat: win rates then cover stablecoin-quoted trades only.
 */
import { MIN_CLOSED_TRADES } from '../../../analytics/copy-trade.js';
import { quoteKindOf, solPricedTimestamps, type WalletSwap } from '../../../analytics/copy-trade-valuation.js';
import { round4 } from '../../../analytics/round.js';
import { ACCUMULATION_DUST } from '../../../analytics/smart-accumulation.js';
import { ApiError } from '../../../errors/api-error.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { SourceError, toApiError } from '../../../sources/errors.js';
import { gatherLegs, optional } from '../../shared/legs.js';
import { runBounded } from '../../../lib/bounded-run.js';
import { historySince, type WindowHistory } from '../../shared/copy-trade-history.js';
import { swapsOf, walletTrades, type WalletTrades } from '../../shared/copy-trade-pipeline.js';
import { solPricesAt } from '../../shared/sol-prices.js';
import { DEFAULT_SMART_MONEY_WALLETS } from './smart-money-seed.js';
import { derivedSeed, derivedSeedCaveat, type SeedDerivation } from './smart-money-derived-seed.js';

export const DEFAULT_LOOKBACK_DAYS = 14;
export const DEFAULT_MIN_WIN_RATE = 0.55;
/** Closed trades a wallet needs in the lookback to qualify (copy-trade's minimum sample). */
export const SMART_MIN_CLOSED_TRADES = MIN_CLOSED_TRADES;
/** Histories read at a time, and the time allowed for all of them (the answer deadline is 15 s). */
const READ_CONCURRENCY = 5;
const READ_BUDGET_MS = 9_000;

const DAY_S = 86_400;
const iso = (t: number) => new Date(t * 1000).toISOString();

/** request = the call's `wallets`; operator = SMART_MONEY_WALLETS; default = the sandbox cast list; derived = live, from trading. */
export type SeedSource = 'request' | 'operator' | 'default' | 'derived';

export interface SmartSeed {
  wallets: string[];
  source: SeedSource;
  /** How a `derived` seed was found; null for the other sources. */
  derivation: SeedDerivation | null;
  /** What an answer reading this seed must say about it (the derived seed's nature, its degraded reads). */
  caveats: Caveat[];
}

/** The list a call that names no wallets reads: the operator's, else the sandbox cast (sandbox), else derived (live). */
export function defaultSeedSource(ctx: Pick<HandlerContext, 'dataMode' | 'smartMoneyWallets'>): 'operator' | 'default' | 'derived' {
  if (ctx.smartMoneyWallets && ctx.smartMoneyWallets.length > 0) return 'operator';
  return ctx.dataMode === 'live' ? 'derived' : 'default';
}

/**
 * The wallets to read: the caller's (deduplicated, in order), the operator's, the sandbox's curated list, or
 * (live mode) the derived seed. Throws a SourceError when a derivation could read nothing (smart-money-derived-seed.ts).
 */
export async function smartMoneySeed(ctx: HandlerContext, wallets: readonly string[] | undefined): Promise<SmartSeed> {
  if (wallets && wallets.length > 0) return { wallets: [...new Set(wallets)], source: 'request', derivation: null, caveats: [] };
  const source = defaultSeedSource(ctx);
  if (source === 'operator') return { wallets: [...ctx.smartMoneyWallets!], source, derivation: null, caveats: [] };
  if (source === 'default') return { wallets: [...DEFAULT_SMART_MONEY_WALLETS], source, derivation: null, caveats: [] };
  const derived = await derivedSeed(ctx);
  return { wallets: [...derived.wallets], source, derivation: derived.derivation, caveats: [derivedSeedCaveat(derived), ...derived.caveats] };
}

export type WalletStatus = 'winner' | 'below_win_rate' | 'insufficient_trades';

export interface SmartWallet {
  address: string;
  history: WindowHistory;
  swaps: WalletSwap[];
  unparsed: number;
  trades: WalletTrades;
  /** wins ÷ closed trades, 4 decimals; null below SMART_MIN_CLOSED_TRADES. */
  winRate: number | null;
  status: WalletStatus;
}

export interface SkippedWallet {
  address: string;
  reason: string;
}

export interface SmartWalletsRead {
  seed: SmartSeed;
  lookbackDays: number;
  minWinRate: number;
  startTs: number;
  nowTs: number;
  /** Wallets read, in seed order. */
  wallets: SmartWallet[];
  skipped: SkippedWallet[];
  /** Whether SOL-quoted swaps were valued: `failed` = excluded (caveat). */
  solPrices: 'ok' | 'failed' | 'not_needed';
  caveats: Caveat[];
  timings: Record<string, number>;
}

/** Winner status from the metrics: enough closed trades, then the 4-decimal win rate against the minimum. */
export function walletStatus(trades: WalletTrades, minWinRate: number): { winRate: number | null; status: WalletStatus } {
  const { n, wins } = trades.metrics.win_rate;
  if (n < SMART_MIN_CLOSED_TRADES) return { winRate: null, status: 'insufficient_trades' };
  const winRate = round4(wins / n);
  return { winRate, status: winRate >= minWinRate ? 'winner' : 'below_win_rate' };
}

function skipReason(error: unknown, started: boolean | null): string {
  if (started !== null) return started ? 'history not read within the time budget' : 'history not read: the time budget ended first';
  if (error instanceof SourceError) return `the ${error.leg} source failed (${error.kind})`;
  return 'history could not be read';
}

/** Reads and measures every seed wallet over the last `lookbackDays`; see the file comment for failures. */
export async function readSmartWallets(ctx: HandlerContext, seed: SmartSeed, lookbackDays: number, minWinRate: number): Promise<SmartWalletsRead> {
  const nowTs = Math.floor(ctx.now().getTime() / 1000);
  const startTs = nowTs - Math.round(lookbackDays * DAY_S);
  const caveats: Caveat[] = [...seed.caveats];
  // A derived seed can be empty (no trader passed its screen): an answer about no wallets, not a failed read.
  if (seed.wallets.length === 0) {
    return { seed, lookbackDays, minWinRate, startTs, nowTs, wallets: [], skipped: [], solPrices: 'not_needed', caveats, timings: { histories: 0, sol_prices: 0 } };
  }

  const started = performance.now();
  const outcomes = await runBounded(seed.wallets, (address) => historySince(ctx.sources.helius, address, startTs, ctx.signal), {
    concurrency: READ_CONCURRENCY, budgetMs: READ_BUDGET_MS, signal: ctx.signal, timers: ctx.timers,
  });
  const historiesMs = performance.now() - started;

  const read: { address: string; history: WindowHistory }[] = [];
  const skipped: SkippedWallet[] = [];
  let firstError: SourceError | null = null;
  for (const [i, o] of outcomes.entries()) {
    const address = seed.wallets[i]!;
    if (o.status === 'done') read.push({ address, history: o.value });
    else if (o.status === 'timed_out') skipped.push({ address, reason: skipReason(null, o.started) });
    else if (o.error instanceof SourceError) {
      firstError ??= o.error;
      skipped.push({ address, reason: skipReason(o.error, null) });
    } else throw o.error;
  }
  if (read.length === 0) {
    if (firstError) throw toApiError(firstError);
    throw new ApiError('upstream_timeout', 'No seed wallet\'s history could be read in time. You were not charged.', { extra: { leg: 'wallet_assets' } });
  }
  if (skipped.length > 0) {
    caveats.push({
      code: 'leg_degraded',
      leg: firstError?.leg ?? 'wallet_assets',
      message: `${skipped.length} of ${seed.wallets.length} seed wallet(s) skipped, their history unavailable (${skipped.map((s) => `${s.address}: ${s.reason}`).join('; ')}); the answer covers the other ${read.length}.`,
    });
  }
  for (const r of read) {
    if (!r.history.complete) {
      caveats.push({ code: 'history_truncated', message: `${r.address} has more transactions in the window than one read takes; its trades before ${iso(r.history.oldestRead ?? startTs)} are not counted.` });
    }
  }

  const parsed = read.map((r) => ({ ...r, ...swapsOf(r.history.transactions, r.address, nowTs) }));
  const solTimes = parsed.flatMap((p) => solPricedTimestamps(p.swaps));
  const priceLeg = await gatherLegs({ sol_prices: async () => (solTimes.length > 0 ? solPricesAt(ctx.sources.defillama, solTimes, ctx.signal) : null) });
  const prices = optional(priceLeg.sol_prices, caveats, 'Historical SOL prices (SOL-quoted trades are excluded, never valued at today\'s price; win rates cover stablecoin-quoted trades only)');
  const solPriceAt = priceLeg.sol_prices.ok ? (t: number) => prices?.at(t) ?? null : null;

  const wallets = parsed.map((p): SmartWallet => {
    const trades = walletTrades(p.swaps, solPriceAt);
    return { address: p.address, history: p.history, swaps: p.swaps, unparsed: p.unparsed, trades, ...walletStatus(trades, minWinRate) };
  });
  return {
    seed, lookbackDays, minWinRate, startTs, nowTs, wallets, skipped,
    solPrices: solTimes.length === 0 ? 'not_needed' : priceLeg.sol_prices.ok ? 'ok' : 'failed',
    caveats,
    timings: { histories: Math.round(historiesMs * 10) / 10, sol_prices: Math.round(priceLeg.sol_prices.durationMs * 10) / 10 },
  };
}

/** A swap from cash (USDC, USDT, SOL) into another token: a buy of that token. */
function buyOf(swap: WalletSwap): { mint: string; amount: number; quote: 'stable' | 'sol' } | null {
  const paid = quoteKindOf(swap.sold.mint);
  if (!paid || quoteKindOf(swap.bought.mint)) return null;
  return { mint: swap.bought.mint, amount: swap.bought.amount, quote: paid };
}

export interface WinnerBuy {
  wallet: string;
  /** The token bought. */
  mint: string;
  /** Unix ms. */
  atMs: number;
  signature: string;
}

/**
 * The qualifying winners' buys (`buyOf`) from `fromMs` to `toMs`, both inclusive: the smart-money signal
 * of the trenches endpoints, so that "smart money" is everywhere the winners, never a losing seed wallet.
 */
export function winnerBuys(wallets: readonly SmartWallet[], fromMs: number, toMs: number): WinnerBuy[] {
  return wallets.filter((w) => w.status === 'winner').flatMap((w) => w.swaps.flatMap((s): WinnerBuy[] => {
    const atMs = s.timestamp * 1000;
    const buy = atMs >= fromMs && atMs <= toMs ? buyOf(s) : null;
    return buy ? [{ wallet: w.address, mint: buy.mint, atMs, signature: s.signature }] : [];
  }));
}

/**
 * The winners among `buyers` that no longer hold `mint`, each with the moment it exited (unix ms), from the
 * wallet's swaps over the lookback already read (every swap, whatever it was paid or swapped for), walked in
 * time order up to `nowMs`: a buy opens or adds to the position, a sell takes from it (never below 0: a sell
 * of tokens bought before the lookback is not a sale of this position). The wallet has exited when its last
 * sell left at most ACCUMULATION_DUST of what the open position bought (a round trip sold back to the last
 * raw unit holds nothing) and it has not bought since. A holding older than the lookback is not seen.
 */
export function winnerExits(wallets: readonly SmartWallet[], mint: string, buyers: Iterable<string>, nowMs: number): Map<string, number> {
  const exits = new Map<string, number>();
  for (const address of new Set(buyers)) {
    const w = wallets.find((x) => x.address === address);
    if (!w) continue;
    const swaps = w.swaps.filter((s) => s.timestamp * 1000 <= nowMs && (s.bought.mint === mint || s.sold.mint === mint)).sort((a, b) => a.timestamp - b.timestamp);
    let position = 0;
    let opened = 0;
    let exitedAt: number | null = null;
    for (const s of swaps) {
      if (s.bought.mint === mint) {
        if (exitedAt !== null) opened = 0;
        position += s.bought.amount;
        opened += s.bought.amount;
        exitedAt = null;
      }
      if (s.sold.mint === mint && opened > 0 && exitedAt === null) {
        position = Math.max(0, position - s.sold.amount);
        if (position <= ACCUMULATION_DUST * opened) {
          exitedAt = s.timestamp * 1000;
          position = 0;
        }
      }
    }
    if (exitedAt !== null) exits.set(address, exitedAt);
  }
  return exits;
}

/** The wallet's record as both endpoints answer it (win rate 0–1 and percent, PnL, counts). */
export function walletRecord(w: SmartWallet) {
  const m = w.trades.metrics;
  const fills = w.trades.valued.fills;
  return {
    address: w.address,
    status: w.status,
    qualifies: w.status === 'winner',
    win_rate: w.winRate,
    win_rate_pct: m.win_rate.value_pct,
    closed_trades: m.pnl.closed_trades,
    wins: m.pnl.wins,
    losses: m.pnl.losses,
    realized_pnl_usd: m.pnl.realized_pnl_usd,
    return_on_cost_pct: m.pnl.return_on_cost_pct,
    performance: m.performance,
    buys: fills.filter((f) => f.side === 'buy').length,
    sells: fills.filter((f) => f.side === 'sell').length,
    transactions_read: w.history.transactions.length,
    history_complete: w.history.complete,
  };
}

/** Winners first (win rate descending), then the rest (win rate descending, unknown last); ties by address. */
export function rankWallets<T extends { status: WalletStatus; winRate: number | null; address: string }>(wallets: readonly T[]): T[] {
  const rank = (w: T) => (w.status === 'winner' ? 0 : 1);
  return [...wallets].sort((a, b) => rank(a) - rank(b) || (b.winRate ?? -1) - (a.winRate ?? -1) || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}
