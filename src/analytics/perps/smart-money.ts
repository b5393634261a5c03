/**
 * refvenue-smart-money: which reference venue C leaderboard traders count as "smart money", and what
 * they hold per coin.
 *
 * Leaderboard filter — each row is checked in this order and excluded for the FIRST rule it fails:
 *  1. `market_maker_or_hft`: turnover = month volume ÷ account value (2 decimals) > 50;
 *  2. `dust_account`: account value < 25,000 USD;
 *  3. `mega_account`: account value > 50,000,000 USD;
 *  4. `inconsistent`: week PnL ≤ 0 or month PnL ≤ 0.
 * The bounds are kept (turnover exactly 50, account exactly 25,000 or 50,000,000 USD). An account value
 * of 0 or less has no turnover and is excluded as dust. Kept rows are sorted by month PnL, highest first
 * (ties by address).
 *
 * Consensus per coin (the asset when the coin is one of the service's assets — kBONK counts as BONK —
 * else the venue's coin name): long/short trader counts and notional, net notional, a bias from the long
 * share of notional (bias.ts), and a conviction score 0–1 = count agreement × notional agreement ×
 * breadth, where count agreement = |long traders − short traders| / traders, notional agreement =
 * |long − short| / gross notional, breadth = min(1, traders / 5); conviction is 0 when the majority by
 * count and the majority by notional point opposite ways. Top traders: those holding the coin, ranked by
 * month PnL (highest first, ties by address).
 */
import type { LeaderboardRow, PositionSide, RefAccount } from './venue-data.js';
import { directionalBias, type DirectionalBias } from './bias.js';
import {
  CONVICTION_FULL_BREADTH_TRADERS,
  DEFAULT_TOP_TRADERS,
  MAX_ACCOUNT_VALUE_USD,
  MAX_MONTH_TURNOVER,
  MIN_ACCOUNT_VALUE_USD,
} from './thresholds.js';
import { byText, lev, price, score, usd } from './units.js';
import { roundTo } from '../round.js';

export type LeaderboardExclusionReason = 'market_maker_or_hft' | 'dust_account' | 'mega_account' | 'inconsistent';

export interface LeaderboardExclusion {
  address: string;
  reason: LeaderboardExclusionReason;
  message: string;
}

export interface LeaderboardFilterResult {
  kept: LeaderboardRow[];
  excluded: LeaderboardExclusion[];
}

/** Month volume ÷ account value, 2 decimals; null when the account value is not positive. */
export function monthTurnover(row: LeaderboardRow): number | null {
  return row.accountValueUsd > 0 ? roundTo(row.month.volumeUsd / row.accountValueUsd, 2) : null;
}

export function leaderboardExclusion(row: LeaderboardRow): { reason: LeaderboardExclusionReason; message: string } | null {
  const turnover = monthTurnover(row);
  if (turnover !== null && turnover > MAX_MONTH_TURNOVER) {
    return { reason: 'market_maker_or_hft', message: `month turnover ${turnover}× account value (> ${MAX_MONTH_TURNOVER}×)` };
  }
  const value = usd(row.accountValueUsd);
  if (value < MIN_ACCOUNT_VALUE_USD) return { reason: 'dust_account', message: `account value ${value} USD (< ${MIN_ACCOUNT_VALUE_USD} USD)` };
  if (value > MAX_ACCOUNT_VALUE_USD) return { reason: 'mega_account', message: `account value ${value} USD (> ${MAX_ACCOUNT_VALUE_USD} USD)` };
  const week = usd(row.week.pnlUsd);
  const month = usd(row.month.pnlUsd);
  if (week <= 0 || month <= 0) return { reason: 'inconsistent', message: `week PnL ${week} USD and month PnL ${month} USD must both be above 0` };
  return null;
}

const byMonthPnl = (a: LeaderboardRow, b: LeaderboardRow) => b.month.pnlUsd - a.month.pnlUsd || byText(a.address, b.address);

export function leaderboardFilter(rows: readonly LeaderboardRow[]): LeaderboardFilterResult {
  const kept: LeaderboardRow[] = [];
  const excluded: LeaderboardExclusion[] = [];
  for (const row of rows) {
    const why = leaderboardExclusion(row);
    if (why === null) kept.push(row);
    else excluded.push({ address: row.address, ...why });
  }
  return { kept: kept.sort(byMonthPnl), excluded };
}

export interface SmartTrader {
  row: LeaderboardRow;
  account: RefAccount;
}

export interface ConsensusTopTrader {
  address: string;
  display_name: string | null;
  side: PositionSide;
  notional_usd: number;
  leverage: number;
  entry_price_usd: number;
  unrealized_pnl_usd: number;
  month_pnl_usd: number;
  account_value_usd: number;
}

export interface CoinConsensus {
  coin: string;
  long_traders: number;
  short_traders: number;
  long_notional_usd: number;
  short_notional_usd: number;
  net_notional_usd: number;
  long_pct: number | null;
  bias: DirectionalBias | null;
  bias_reason: string;
  conviction: number;
  conviction_factors: { name: 'count_agreement' | 'notional_agreement' | 'breadth' | 'sides_agree'; value: number }[];
  top_traders: ConsensusTopTrader[];
}

export interface SmartMoneyConsensus {
  /** The coin focus applied (as given), or null for every coin. */
  market: string | null;
  traders_considered: number;
  coins: CoinConsensus[];
}

/** Conviction 0–1 and its factors (see the module comment). */
export function consensusConviction(longTraders: number, shortTraders: number, longUsd: number, shortUsd: number): { conviction: number; factors: CoinConsensus['conviction_factors'] } {
  const traders = longTraders + shortTraders;
  const gross = longUsd + shortUsd;
  const countAgreement = traders > 0 ? Math.abs(longTraders - shortTraders) / traders : 0;
  const notionalAgreement = gross > 0 ? Math.abs(longUsd - shortUsd) / gross : 0;
  const breadth = Math.min(1, traders / CONVICTION_FULL_BREADTH_TRADERS);
  const sidesAgree = Math.sign(longTraders - shortTraders) * Math.sign(longUsd - shortUsd) >= 0;
  const conviction = sidesAgree ? countAgreement * notionalAgreement * breadth : 0;
  return {
    conviction: score(conviction),
    factors: [
      { name: 'count_agreement', value: score(countAgreement) },
      { name: 'notional_agreement', value: score(notionalAgreement) },
      { name: 'breadth', value: score(breadth) },
      { name: 'sides_agree', value: sidesAgree ? 1 : 0 },
    ],
  };
}

export function smartMoneyConsensus(traders: readonly SmartTrader[], options: { market?: string; topTraders?: number } = {}): SmartMoneyConsensus {
  const focus = options.market?.toUpperCase() ?? null;
  const topN = options.topTraders ?? DEFAULT_TOP_TRADERS;
  const holdings = new Map<string, { trader: SmartTrader; position: RefAccount['positions'][number] }[]>();
  for (const trader of traders) {
    for (const position of trader.account.positions) {
      const coin = position.asset ?? position.coin;
      if (focus !== null && coin.toUpperCase() !== focus && position.coin.toUpperCase() !== focus) continue;
      const list = holdings.get(coin) ?? [];
      list.push({ trader, position });
      holdings.set(coin, list);
    }
  }
  const coins: CoinConsensus[] = [...holdings.entries()].map(([coin, list]) => {
    const longs = list.filter((h) => h.position.side === 'long');
    const shorts = list.filter((h) => h.position.side === 'short');
    const longUsd = longs.reduce((s, h) => s + h.position.notionalUsd, 0);
    const shortUsd = shorts.reduce((s, h) => s + h.position.notionalUsd, 0);
    const bias = directionalBias(longUsd, shortUsd);
    const { conviction, factors } = consensusConviction(longs.length, shorts.length, longUsd, shortUsd);
    const top = [...list]
      .sort((a, b) => byMonthPnl(a.trader.row, b.trader.row))
      .slice(0, topN)
      .map(({ trader, position }) => ({
        address: trader.row.address,
        display_name: trader.row.displayName,
        side: position.side,
        notional_usd: usd(position.notionalUsd),
        leverage: lev(position.leverage),
        entry_price_usd: price(position.entryPriceUsd),
        unrealized_pnl_usd: usd(position.unrealizedPnlUsd),
        month_pnl_usd: usd(trader.row.month.pnlUsd),
        account_value_usd: usd(trader.row.accountValueUsd),
      }));
    return {
      coin,
      long_traders: longs.length,
      short_traders: shorts.length,
      long_notional_usd: bias.long_notional_usd,
      short_notional_usd: bias.short_notional_usd,
      net_notional_usd: usd(longUsd - shortUsd),
      long_pct: bias.long_pct,
      bias: bias.bias,
      bias_reason: bias.reason,
      conviction,
      conviction_factors: factors,
      top_traders: top,
    };
  });
  coins.sort((a, b) => b.long_notional_usd + b.short_notional_usd - (a.long_notional_usd + a.short_notional_usd) || byText(a.coin, b.coin));
  return { market: options.market ?? null, traders_considered: traders.length, coins };
}
