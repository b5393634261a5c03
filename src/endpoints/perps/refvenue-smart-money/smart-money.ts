/**
 * refvenue-smart-money: reference venue C's leaderboard → leaderboardFilter (turnover, account band,
 * week and month PnL > 0) → the first `top_traders` kept rows by month PnL → their accounts, read in
 * parallel with a concurrency bound → smartMoneyConsensus per coin (src/analytics/perps/smart-money.ts).
 *
 * Failure rules: the leaderboard is required (502/504, never charged). An account that cannot be read
 * (or is not read before the answer deadline) skips that trader with a `leg_degraded` caveat — the
 * consensus counts the others. When every scanned account fails the answer would hold no consensus at
 * all, so the call fails (502/504, not charged) rather than charge for an empty scan.
 *
 * Market focus: matched case-insensitively against the service asset (SOL, BTC, ETH, BONK) or the venue's
 * coin name (kBONK, HYPE, …), so `BONK`, `bonk` and `kBONK` are one focus, reported as BONK. A focus no
 * scanned trader holds is a valid answer with no coins and a caveat.
 */
import type { Timers } from '../../../lib/timers.js';
import {
  BIAS_LONG_MIN_PCT, BIAS_SHORT_MAX_PCT, CONVICTION_FULL_BREADTH_TRADERS, MAX_ACCOUNT_VALUE_USD, MAX_MONTH_TURNOVER,
  MIN_ACCOUNT_VALUE_USD, leaderboardFilter, monthTurnover, pct, smartMoneyConsensus, sumUsd, usd,
  type LeaderboardExclusionReason, type SmartTrader,
} from '../../../analytics/perps/index.js';
import type { Caveat, HandlerResult, NextStep } from '../../../registry/types.js';
import { SourceError, toApiError } from '../../../sources/errors.js';
import { HYPERLIQUID_COINS } from '../../../sources/perps/hyperliquid.js';
import { PERPS_ASSETS, type LeaderboardRow, type PerpsAsset, type RefAccount, type RefVenueCSource } from '../../../analytics/perps/venue-data.js';
import { gatherLegs, required } from '../../shared/legs.js';
import { runBounded, type JobOutcome } from '../../../lib/bounded-run.js';
import { legOf, VENUE_LABEL } from '../../shared/perps-venues.js';

/** Accounts read at once: enough to read 25 in a few round trips without a burst on the venue. */
const ACCOUNT_READ_CONCURRENCY = 5;
/** Time kept back from the answer deadline to build and send the answer after the account reads. */
const ANSWER_MARGIN_MS = 1_500;
const DEFAULT_DEADLINE_MS = 15_000;

export interface SmartMoneyRequest {
  market?: string;
  topTraders: number;
  signal: AbortSignal;
  /** What the accounts' budget is measured on (HandlerContext.timers). */
  timers: Timers;
  /** The answer deadline in ms from the handler's start (HandlerContext.deadlineMs). */
  deadlineMs?: number;
  concurrency?: number;
}

/** The service asset a focus names (its own name or venue C's coin for it, any case), else null. */
function focusAsset(market: string): PerpsAsset | null {
  const wanted = market.toUpperCase();
  return PERPS_ASSETS.find((a) => a === wanted || HYPERLIQUID_COINS[a].toUpperCase() === wanted) ?? null;
}

const EXCLUSION_REASONS: readonly LeaderboardExclusionReason[] = ['market_maker_or_hft', 'dust_account', 'mega_account', 'inconsistent'];

interface ScanOutcome {
  row: LeaderboardRow;
  account: RefAccount | null;
  failure: string | null;
  error: SourceError | null;
}

export async function smartMoneyAnswer(venue: RefVenueCSource, request: SmartMoneyRequest): Promise<HandlerResult> {
  const started = performance.now();
  const budgetStarted = request.timers.now();
  const board = await gatherLegs({ leaderboard: () => venue.leaderboard(request.signal) });
  const rows = required(board.leaderboard);
  const filter = leaderboardFilter(rows);
  const scanned = filter.kept.slice(0, request.topTraders);

  const accountsStarted = performance.now();
  const budgetMs = (request.deadlineMs ?? DEFAULT_DEADLINE_MS) - (request.timers.now() - budgetStarted) - ANSWER_MARGIN_MS;
  const outcomes = await runBounded(scanned, (row) => venue.account(row.address, request.signal), {
    concurrency: request.concurrency ?? ACCOUNT_READ_CONCURRENCY,
    budgetMs,
    signal: request.signal,
    timers: request.timers,
  });
  const scans = scanned.map((row, i) => scanOutcome(row, outcomes[i]!));
  const read: SmartTrader[] = scans.flatMap((s) => (s.account ? [{ row: s.row, account: s.account }] : []));
  if (scans.length > 0 && read.length === 0) {
    throw toApiError(scans.find((s) => s.error)?.error ?? new SourceError(legOf('C'), 'timeout', 'no account read in time'));
  }

  const caveats: Caveat[] = scans.flatMap((s, i) => (s.failure === null ? [] : [{
    code: 'leg_degraded',
    leg: legOf('C'),
    message: `Trader ${s.row.address} (rank ${i + 1}) skipped: its ${VENUE_LABEL.C} account ${s.failure}. The consensus counts the other ${read.length} traders.`,
  }]));
  const consensus = smartMoneyConsensus(read, { market: request.market, topTraders: request.topTraders });
  const market = request.market ?? null;
  const marketCoin = market === null ? null : (focusAsset(market) ?? consensus.coins[0]?.coin ?? null);
  if (filter.kept.length === 0) {
    caveats.push({ code: 'no_smart_traders', leg: legOf('C'), message: `No row of the ${VENUE_LABEL.C} leaderboard (${rows.length} rows) passes the smart-money filter: the consensus is empty.` });
  } else if (market !== null && consensus.coins.length === 0) {
    caveats.push({
      code: 'market_not_held',
      message: `None of the ${read.length} scanned traders holds "${market}" on ${VENUE_LABEL.C} (a coin is matched by the service asset or the venue's coin name, case-insensitively: SOL, BTC, ETH, BONK or kBONK, HYPE…): the consensus is empty. It may be a coin the venue does not list.`,
    });
  }

  const excludedByReason = Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, filter.excluded.filter((e) => e.reason === r).length]));
  return {
    data: {
      venue: 'C',
      venue_name: VENUE_LABEL.C,
      market,
      market_coin: marketCoin,
      top_traders: request.topTraders,
      filter: {
        leaderboard_rows: rows.length,
        kept: filter.kept.length,
        excluded: filter.excluded.length,
        excluded_by_reason: excludedByReason,
        rules: {
          max_month_turnover: MAX_MONTH_TURNOVER,
          min_account_value_usd: MIN_ACCOUNT_VALUE_USD,
          max_account_value_usd: MAX_ACCOUNT_VALUE_USD,
          min_week_pnl_usd_exclusive: 0,
          min_month_pnl_usd_exclusive: 0,
        },
      },
      traders_scanned: scans.length,
      traders_read: read.length,
      traders_skipped: scans.length - read.length,
      traders: scans.map((s, i) => traderLine(s, i + 1)),
      coins: consensus.coins,
      thresholds: { bias_long_min_pct: BIAS_LONG_MIN_PCT, bias_short_max_pct: BIAS_SHORT_MAX_PCT, conviction_full_breadth_traders: CONVICTION_FULL_BREADTH_TRADERS },
    },
    caveats,
    next_steps: nextSteps(read, consensus.coins.map((c) => c.coin), marketCoin),
    timings: { leaderboard: round1(board.leaderboard.durationMs), accounts: round1(performance.now() - accountsStarted) },
  };
}

function scanOutcome(row: LeaderboardRow, outcome: JobOutcome<RefAccount>): ScanOutcome {
  if (outcome.status === 'done') return { row, account: outcome.value, failure: null, error: null };
  if (outcome.status === 'timed_out') return { row, account: null, failure: 'was not read before the answer deadline', error: null };
  const error = outcome.error;
  if (error instanceof SourceError) return { row, account: null, failure: `could not be read (${error.kind})`, error };
  // The client refuses an address that is not 0x hex before sending anything: a bad leaderboard row, not a bug of ours.
  if (error instanceof RangeError) return { row, account: null, failure: 'has an address the venue cannot be asked about', error: null };
  throw error;
}

function traderLine(s: ScanOutcome, rank: number): Record<string, unknown> {
  return {
    rank,
    address: s.row.address,
    display_name: s.row.displayName,
    account_value_usd: usd(s.row.accountValueUsd),
    week_pnl_usd: usd(s.row.week.pnlUsd),
    month_pnl_usd: usd(s.row.month.pnlUsd),
    month_roi_pct: pct(s.row.month.roi * 100),
    month_turnover: monthTurnover(s.row),
    status: s.account ? 'read' : 'skipped',
    open_positions: s.account ? s.account.positions.length : null,
    gross_notional_usd: s.account ? sumUsd(s.account.positions.map((p) => p.notionalUsd)) : null,
  };
}

function nextSteps(read: readonly SmartTrader[], coins: readonly string[], marketCoin: string | null): NextStep[] {
  const steps: NextStep[] = [];
  const top = read[0];
  if (top) steps.push({ endpoint: 'refvenue-trader-profile', input: { address: top.row.address }, reason: `Full profile of the scanned trader with the highest month PnL on ${VENUE_LABEL.C}` });
  const asset = [marketCoin, ...coins].find((c): c is PerpsAsset => c !== null && (PERPS_ASSETS as readonly string[]).includes(c));
  if (asset) steps.push({ endpoint: 'perps-cross-venue-funding', input: { market: asset }, reason: `What holding ${asset} costs on the four venues (funding and borrow APRs)` });
  return steps;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;
