/**
 * The three trenches signals' data legs, shared by trenches-scan and trenches-check
 * (docs/discovery.md "Endpoint: trenches-scan", "Endpoint: trenches-check"):
 *
 *  - smart money: the buys in the last SMART_MONEY_WINDOW_HOURS by the seed wallets that QUALIFY as winners
 *    under smart-money-flow's defaults (14-day lookback, win rate ≥ 0.55 over ≥ 5 closed trades), read and
 *    measured by the same code (smart-wallets.ts `readSmartWallets`, `winnerBuys`; leg `wallet_assets`), so
 *    "smart money" means the same thing in every endpoint: a losing seed wallet's buy is not a smart buy;
 *  - attention: the service's own paid query stream over the consensus-signal 6 h window (the running UTC
 *    hour and the five before it, `windowBounds('6h')`), so a token's percentile here is the one
 *    consensus-signal reports; a store failure makes the leg unknown (leg `query_stream`), never an error;
 *  - for trenches-check also the holder count (enrich-token-light, cached and shared) and the prior reading
 *    (prior-reading.ts, shared with exit-signal).
 *
 * Seed wallets: smart-money-flow's precedence (`smartMoneySeed`): the operator's list (SMART_MONEY_WALLETS,
 * `ctx.smartMoneyWallets`), else the curated default (smart-money-seed.ts) in sandbox mode, else (live mode)
 * the seed derived from public trading at call time (smart-money-derived-seed.ts). The derivation is part of
 * the leg: when it can read nothing the leg fails (a `leg_degraded` caveat naming its source) and the other
 * legs still answer — legs degrade independently.
 */
import { rankEntities, windowBounds, type WindowBounds } from '../../../analytics/consensus.js';
import type { AttentionReading } from '../../../analytics/discovery/confluence.js';
import { ATTENTION_MIN_STREAM_CALLS, ATTENTION_MIN_STREAM_TOKENS, ATTENTION_WINDOW_HOURS, SMART_MONEY_WINDOW_HOURS } from '../../../analytics/discovery/thresholds.js';
import { attentionSampleSufficient, type SmartBuy, type SmartMoneySignal } from '../../../analytics/discovery/trenches.js';
import { ApiError } from '../../../errors/api-error.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { SourceError } from '../../../sources/errors.js';
import {
  DEFAULT_LOOKBACK_DAYS, DEFAULT_MIN_WIN_RATE, SMART_MIN_CLOSED_TRADES, defaultSeedSource, readSmartWallets, smartMoneySeed, winnerBuys, winnerExits,
  type SmartSeed, type SmartWalletsRead, type WinnerBuy,
} from './smart-wallets.js';
import { DEFAULT_SMART_MONEY_WALLETS } from './smart-money-seed.js';
import { HOUR_MS } from '../../../lib/days.js';

/**
 * Which seed the smart-money leg reads, known before the leg runs: the operator's list or the sandbox's
 * (their wallets), or a derived one (`wallets` null: found by the leg itself, smart-money-derived-seed.ts).
 */
export interface SeedPlan {
  source: 'operator' | 'default' | 'derived';
  wallets: readonly string[] | null;
}

/** The seed plan (`smartMoneySeed`'s precedence, no `wallets` input). */
export function smartSeedOf(ctx: HandlerContext): SeedPlan {
  const source = defaultSeedSource(ctx);
  if (source === 'operator') return { source, wallets: ctx.smartMoneyWallets! };
  if (source === 'default') return { source, wallets: DEFAULT_SMART_MONEY_WALLETS };
  return { source, wallets: null };
}

/** Seed wallets read (the derived seed once the leg found it); a failed derived leg read none. */
export function seedWalletCount(plan: SeedPlan, leg: SmartMoneyRead | null): number {
  return leg?.read.seed.wallets.length ?? plan.wallets?.length ?? 0;
}

export interface SmartMoneyRead {
  /** The seed wallets read and measured: winners, skipped wallets, their caveats. */
  read: SmartWalletsRead;
  /** The winners' buys in the last SMART_MONEY_WINDOW_HOURS of the tokens asked about. */
  buys: WinnerBuy[];
}

/**
 * readSmartWallets fails the CALL (502/504, as smart-money-flow must) when no seed wallet's history could be
 * read; here that is one leg failing, so it goes back to the SourceError `gatherLegs` keeps as a failed leg.
 * Histories are its only failing read (the wallet-asset provider; SOL prices only degrade it).
 */
function asLegFailure(err: unknown): unknown {
  if (!(err instanceof ApiError) || (err.code !== 'upstream_unavailable' && err.code !== 'upstream_timeout')) return err;
  return new SourceError('wallet_assets', err.code === 'upstream_timeout' ? 'timeout' : 'unavailable', err.message);
}

/**
 * The smart-money leg: the seed wallets (the plan's list, or the derived seed — a derivation that reads
 * nothing throws its SourceError) measured as smart-money-flow does by default, then the winners' buys in the
 * last SMART_MONEY_WINDOW_HOURS, narrowed to `mints`. Throws a SourceError when no wallet could be read.
 */
export async function smartMoneyLeg(ctx: HandlerContext, plan: SeedPlan, mints: readonly string[]): Promise<SmartMoneyRead> {
  const seed: SmartSeed = plan.wallets !== null
    ? { wallets: [...plan.wallets], source: plan.source, derivation: null, caveats: [] }
    : await smartMoneySeed(ctx, undefined);
  const read = await readSmartWallets(ctx, seed, DEFAULT_LOOKBACK_DAYS, DEFAULT_MIN_WIN_RATE).catch((err: unknown) => {
    throw asLegFailure(err);
  });
  const nowMs = ctx.now().getTime();
  const wanted = new Set(mints);
  return { read, buys: winnerBuys(read.wallets, nowMs - SMART_MONEY_WINDOW_HOURS * HOUR_MS, nowMs).filter((b) => wanted.has(b.mint)) };
}

/**
 * The leg's state: `partial` when a seed wallet was skipped or SOL prices failed (who qualifies may differ).
 * Every plan has a seed to read (live mode derives one), so the state is the leg's alone.
 */
export function smartMoneyState(_plan: SeedPlan, leg: SmartMoneyRead | null): 'ok' | 'partial' | 'failed' {
  if (leg === null) return 'failed';
  return leg.read.skipped.length > 0 || leg.read.solPrices === 'failed' ? 'partial' : 'ok';
}

/** The qualifying winners among the wallets read; null when the leg did not answer. */
export function winnerCount(leg: SmartMoneyRead | null): number | null {
  return leg === null ? null : leg.read.wallets.filter((w) => w.status === 'winner').length;
}

/** One token's smart buys as the analytics read them (`SmartBuy`: wallet and moment). */
export function tokenBuys(buys: readonly WinnerBuy[], mint: string): SmartBuy[] {
  return buys.filter((b) => b.mint === mint).map((b) => ({ wallet: b.wallet, atMs: b.atMs }));
}

/** The winners that bought `mint` in the window and have sold out since (wallet → exit, unix ms). */
export function tokenExits(leg: SmartMoneyRead, mint: string, nowMs: number): Map<string, number> {
  return winnerExits(leg.read.wallets, mint, leg.buys.filter((b) => b.mint === mint).map((b) => b.wallet), nowMs);
}

export function smartMoneyCaveats(plan: SeedPlan, leg: SmartMoneyRead | null): Caveat[] {
  const list = plan.source === 'operator' ? 'the operator\'s list' : plan.source === 'default' ? 'the service\'s curated default list'
    : `the seed derived from recent public trading (no operator list${leg === null ? '' : '; the derived_seed_list caveat says how'})`;
  const winners = winnerCount(leg);
  const caveats: Caveat[] = [{
    code: 'smart_money_wallets',
    message: `Smart money = buys (cash → token swaps) in the last ${SMART_MONEY_WINDOW_HOURS} h by the wallets of ${list} (${seedWalletCount(plan, leg)}) ` +
      `that qualify as winners as smart-money-flow measures them: win rate ≥ ${DEFAULT_MIN_WIN_RATE} over ≥ ${SMART_MIN_CLOSED_TRADES} closed trades in the last ${DEFAULT_LOOKBACK_DAYS} days` +
      (leg === null ? '.' : ` (${winners} of the ${leg.read.wallets.length} read qualify). A seed wallet that does not qualify is not smart money: its buys do not count.`) +
      ` Present means still holding: a buyer whose trades over the ${DEFAULT_LOOKBACK_DAYS}-day lookback show it sold out since is listed as exited (with when) and does not count.`,
  }];
  if (leg !== null) caveats.push(...leg.read.caveats);
  return caveats;
}

/** The smart-money signal as an answer shows it. */
export function smartMoneyView(s: SmartMoneySignal) {
  return {
    score: s.score, distinct_buyers: s.distinct_buyers, holding_buyers: s.holding_buyers, latest_buy_at: s.latest_buy_at, window_hours: s.window_hours,
    buyers: s.buyers, factors: s.factors,
  };
}

export interface AttentionBoard {
  bounds: WindowBounds;
  /** Tokens asked about in the window, and paid calls about them in all: the sample. */
  rankedEntities: number;
  streamCalls: number;
  /** Per token: calls in the window, percentile among the tokens asked about. */
  readingOf(mint: string): AttentionReading;
}

/** The attention leg: one read of the query stream's token counts over the 6 h window. */
async function attentionBoard(ctx: HandlerContext): Promise<AttentionBoard> {
  const bounds = windowBounds(`${ATTENTION_WINDOW_HOURS}h` as '6h', ctx.now());
  const ranked = rankEntities(await ctx.store.queryCounts('token', bounds.from, bounds.to));
  const by = new Map(ranked.map((r) => [r.entity, r]));
  const streamCalls = ranked.reduce((s, r) => s + r.count, 0);
  // As consensus-signal: a percentile among too few tokens or calls ("100 of 2") is no ranking, so none is given.
  const ranks = attentionSampleSufficient({ rankedEntities: ranked.length, streamCalls });
  return {
    bounds,
    rankedEntities: ranked.length,
    streamCalls,
    readingOf: (mint) => {
      const r = by.get(mint);
      return { calls: r?.count ?? 0, percentile: ranks ? r?.percentile ?? null : null, rankedEntities: ranked.length, streamCalls };
    },
  };
}

/** The attention leg, never throwing: null (unknown) with a caveat when the store fails. */
export async function attentionLeg(ctx: HandlerContext, caveats: Caveat[]): Promise<AttentionBoard | null> {
  try {
    return await attentionBoard(ctx);
  } catch {
    caveats.push({ code: 'leg_degraded', leg: 'query_stream', message: 'Attention unavailable: the service\'s query stream could not be read; the attention signal is unknown and the others rank alone.' });
    return null;
  }
}

/** Said when the window's query stream is below the minimum sample: attention is not a signal then. */
export function attentionSampleCaveat(board: AttentionBoard): Caveat | null {
  if (attentionSampleSufficient(board)) return null;
  return {
    code: 'attention_insufficient_sample',
    message: `The query stream holds ${board.rankedEntities} token(s) and ${board.streamCalls} paid call(s) in the attention window: below the minimum sample ` +
      `(${ATTENTION_MIN_STREAM_TOKENS} tokens and ${ATTENTION_MIN_STREAM_CALLS} calls), a few callers' own calls would be all of it. The attention signal is unknown ` +
      '(neither present nor absent, not counted) and adds 0 to the composite.',
  };
}

export function attentionCaveat(): Caveat {
  return {
    code: 'attention_source',
    message: `Attention is this service's own paid query stream: paid calls naming a token in the running UTC hour and the ${ATTENTION_WINDOW_HOURS - 1} before it ` +
      '(operator test traffic excluded via CONSENSUS_EXCLUDE_PAYERS) — not social or on-chain attention.',
  };
}
