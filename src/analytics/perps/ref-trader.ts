/**
 * refvenue-trader-profile: a reference venue C account's open positions, risk flags, directional bias,
 * trading profile, weighted leverage and PnL over the venue's windows.
 *
 * - Per position: mark = notional / size; distance to liquidation = |mark − liq| / mark × 100 (null
 *   without a liquidation price); flags `high_leverage` (leverage ≥ 10), `extreme_leverage` (≥ 25, the
 *   position is then also `high_leverage`), `approaching_liquidation` (distance < 10 %), `losing`
 *   (unrealized PnL < 0). Return on equity: `initial_margin_usd` = entry notional ÷ leverage (entry price ×
 *   size ÷ leverage, the margin the position was opened with: a fixed base, where margin used moves with the mark) and `roe_pct`
 *   = unrealized PnL ÷ that margin × 100, both from the position's listed (rounded) fields so they
 *   recompute; null when the margin is not positive.
 * - Directional bias from the long share of notional (bias.ts).
 * - Profile, decided in this order: null without positions; `market-neutral` when both sides are held
 *   and |long − short| ≤ 20 % of gross notional; `directional` when one side holds ≥ 80 % of gross;
 *   otherwise `diversified` (several coins or sides with no side dominant). The first two cannot both
 *   hold (neutral means each side 40–60 %), the order only makes the rule explicit.
 * - Weighted leverage = Σ(notional × leverage) / Σ notional.
 * - PnL per window is the venue's own (realized + unrealized) from its portfolio; null without one.
 */
import type { PerpsAsset, PositionSide, RefAccount, RefPortfolio } from './venue-data.js';
import { directionalBias, type DirectionalBias } from './bias.js';
import {
  APPROACHING_LIQUIDATION_DISTANCE_PCT,
  DIRECTIONAL_MIN_SIDE_PCT,
  MARKET_NEUTRAL_MAX_NET_PCT,
  REF_EXTREME_LEVERAGE,
  REF_HIGH_LEVERAGE,
} from './thresholds.js';
import { byText, lev, pct, price, shareOf, sumUsd, usd } from './units.js';

export type RefPositionRiskFlag = 'high_leverage' | 'extreme_leverage' | 'approaching_liquidation' | 'losing';
export type RefTraderProfileKind = 'directional' | 'market-neutral' | 'diversified';

export interface RefPositionView {
  coin: string;
  asset: PerpsAsset | null;
  side: PositionSide;
  size: number;
  notional_usd: number;
  entry_price_usd: number;
  mark_price_usd: number | null;
  unrealized_pnl_usd: number;
  leverage: number;
  liquidation_price_usd: number | null;
  margin_used_usd: number;
  /** entry_price_usd × size ÷ leverage (USD, cents); null when leverage or size is 0. */
  initial_margin_usd: number | null;
  /** unrealized_pnl_usd ÷ initial_margin_usd × 100 (2 decimals); null without a positive initial margin. */
  roe_pct: number | null;
  distance_to_liquidation_pct: number | null;
  risk_flags: RefPositionRiskFlag[];
}

export interface RefTraderProfile {
  address: string;
  account_value_usd: number;
  total_notional_usd: number;
  withdrawable_usd: number;
  positions: RefPositionView[];
  unrealized_pnl_usd: number;
  long_notional_usd: number;
  short_notional_usd: number;
  long_pct: number | null;
  directional_bias: DirectionalBias | null;
  directional_bias_reason: string;
  profile: RefTraderProfileKind | null;
  profile_reason: string;
  profile_factors: { coins: number; gross_notional_usd: number; net_pct_of_gross: number | null; largest_side_pct: number | null };
  /** Σ(notional × leverage) / Σ notional; null without notional. */
  weighted_leverage: number | null;
  pnl: { week_usd: number; month_usd: number; all_time_usd: number } | null;
  /** Every flag any position carries, in the order of RefPositionRiskFlag. */
  risk_flags: RefPositionRiskFlag[];
}

const FLAG_ORDER: readonly RefPositionRiskFlag[] = ['high_leverage', 'extreme_leverage', 'approaching_liquidation', 'losing'];

export function refPositionView(p: RefAccount['positions'][number]): RefPositionView {
  const mark = p.size > 0 ? p.notionalUsd / p.size : null;
  // The way the price still has to move before liquidation: 0 once the mark is at or past the
  // liquidation price (a long at or below it, a short at or above it), never a distance on the wrong side.
  const room = mark === null || p.liquidationPriceUsd === null ? null : p.side === 'long' ? mark - p.liquidationPriceUsd : p.liquidationPriceUsd - mark;
  const distance = mark === null || mark <= 0 || room === null ? null : pct((Math.max(0, room) / mark) * 100);
  const leverage = lev(p.leverage);
  const pnl = usd(p.unrealizedPnlUsd);
  const entry = price(p.entryPriceUsd);
  // From the listed figures (entry price, size, leverage, PnL), so a reader recomputes the same ROE.
  const margin = leverage > 0 && p.size > 0 ? usd((entry * p.size) / leverage) : null;
  const roe = margin === null || margin <= 0 ? null : pct((pnl / margin) * 100);
  const flags: RefPositionRiskFlag[] = [];
  if (leverage >= REF_HIGH_LEVERAGE) flags.push('high_leverage');
  if (leverage >= REF_EXTREME_LEVERAGE) flags.push('extreme_leverage');
  if (distance !== null && distance < APPROACHING_LIQUIDATION_DISTANCE_PCT) flags.push('approaching_liquidation');
  if (pnl < 0) flags.push('losing');
  return {
    coin: p.coin,
    asset: p.asset,
    side: p.side,
    size: p.size,
    notional_usd: usd(p.notionalUsd),
    entry_price_usd: entry,
    mark_price_usd: mark === null ? null : price(mark),
    unrealized_pnl_usd: pnl,
    leverage,
    liquidation_price_usd: p.liquidationPriceUsd === null ? null : price(p.liquidationPriceUsd),
    margin_used_usd: usd(p.marginUsedUsd),
    initial_margin_usd: margin,
    roe_pct: roe,
    distance_to_liquidation_pct: distance,
    risk_flags: flags,
  };
}

export function refTraderProfileKind(
  positions: readonly Pick<RefPositionView, 'coin' | 'side' | 'notional_usd'>[],
): { profile: RefTraderProfileKind | null; reason: string; factors: RefTraderProfile['profile_factors'] } {
  const longUsd = positions.filter((p) => p.side === 'long').reduce((s, p) => s + p.notional_usd, 0);
  const shortUsd = positions.filter((p) => p.side === 'short').reduce((s, p) => s + p.notional_usd, 0);
  const gross = longUsd + shortUsd;
  const coins = new Set(positions.map((p) => p.coin)).size;
  const netPct = shareOf(Math.abs(longUsd - shortUsd), gross);
  const longPct = shareOf(longUsd, gross);
  const largest = longPct === null ? null : Math.max(longPct, pct(100 - longPct));
  const factors = { coins, gross_notional_usd: usd(gross), net_pct_of_gross: netPct, largest_side_pct: largest };
  if (positions.length === 0 || netPct === null || largest === null) return { profile: null, reason: 'no open positions', factors };
  if (longUsd > 0 && shortUsd > 0 && netPct <= MARKET_NEUTRAL_MAX_NET_PCT) {
    return { profile: 'market-neutral', reason: `longs and shorts both held; |long − short| is ${netPct} % of gross notional (≤ ${MARKET_NEUTRAL_MAX_NET_PCT} %)`, factors };
  }
  const side = longPct !== null && longPct >= 50 ? 'long' : 'short';
  if (largest >= DIRECTIONAL_MIN_SIDE_PCT) {
    return { profile: 'directional', reason: `${side} side holds ${largest} % of gross notional (≥ ${DIRECTIONAL_MIN_SIDE_PCT} %)`, factors };
  }
  return {
    profile: 'diversified',
    reason: `${coins} coin(s); no side holds ${DIRECTIONAL_MIN_SIDE_PCT} % of gross notional (largest ${largest} %) and |long − short| is ${netPct} % (> ${MARKET_NEUTRAL_MAX_NET_PCT} %)`,
    factors,
  };
}

export function refTraderProfile(account: RefAccount, portfolio: RefPortfolio | null): RefTraderProfile {
  const positions = account.positions.map(refPositionView).sort((a, b) => b.notional_usd - a.notional_usd || byText(a.coin, b.coin));
  const longUsd = positions.filter((p) => p.side === 'long').reduce((s, p) => s + p.notional_usd, 0);
  const shortUsd = positions.filter((p) => p.side === 'short').reduce((s, p) => s + p.notional_usd, 0);
  const bias = directionalBias(longUsd, shortUsd);
  const kind = refTraderProfileKind(positions);
  const gross = longUsd + shortUsd;
  const weighted = gross > 0 ? lev(positions.reduce((s, p) => s + p.notional_usd * p.leverage, 0) / gross) : null;
  return {
    address: account.address,
    account_value_usd: usd(account.accountValueUsd),
    total_notional_usd: usd(account.totalNotionalUsd),
    withdrawable_usd: usd(account.withdrawableUsd),
    positions,
    unrealized_pnl_usd: sumUsd(positions.map((p) => p.unrealized_pnl_usd)),
    long_notional_usd: bias.long_notional_usd,
    short_notional_usd: bias.short_notional_usd,
    long_pct: bias.long_pct,
    directional_bias: bias.bias,
    directional_bias_reason: bias.reason,
    profile: kind.profile,
    profile_reason: kind.reason,
    profile_factors: kind.factors,
    weighted_leverage: weighted,
    pnl: portfolio === null ? null : { week_usd: usd(portfolio.week.pnlUsd), month_usd: usd(portfolio.month.pnlUsd), all_time_usd: usd(portfolio.allTime.pnlUsd) },
    risk_flags: FLAG_ORDER.filter((f) => positions.some((p) => p.risk_flags.includes(f))),
  };
}
