/**
 * Trade quote for a reward coin (spec "Trade quote verdict"): what a round trip costs (tax both ways plus
 * price impact), what holding pays pro rata over the hold, and whether the payout covers the cost:
 * PAYS ≥ 1.5×, MARGINAL ≥ 1×, COSTS below; NOT_PAYING when the coin is not PAYING or has no measurable
 * payout rate (a rate from the past would promise money that is not flowing).
 */
import { round2, roundTo } from '../round.js';
import type { PayoutStatus } from './payout.js';
import { QUOTE_DUST_USD_PER_DAY, QUOTE_MARGINAL_RATIO, QUOTE_PAYS_RATIO } from './thresholds.js';

export interface TradeQuoteInput {
  size_usd: number;
  hold_days: number;
  tax_bps: number;
  impact_in_pct: number;
  impact_out_pct: number;
  /** From the yield basis (payoutPerDayPerUsd); null when unknown. */
  payout_per_day_per_usd: number | null;
  payout_status: PayoutStatus;
  market_cap_usd: number | null;
}

export type QuoteVerdict = 'PAYS' | 'MARGINAL' | 'COSTS' | 'NOT_PAYING';

export interface TradeQuote {
  entry_cost_usd: number;
  exit_cost_usd: number;
  round_trip_cost_usd: number;
  round_trip_pct: number;
  /** Price rise needed for the round trip to break even (ignoring payouts), percent. */
  breakeven_price_move_pct: number;
  /** The position held after entry. */
  position_usd: number;
  /** Position ÷ market cap, percent (6 decimals: shares are tiny). */
  payout_share_pct: number | null;
  expected_payout_usd: number;
  expected_payout_per_day_usd: number;
  dust_warning: boolean;
  payout_to_cost_ratio: number | null;
  verdict: QuoteVerdict;
  /** Days of holding for the payout to cover the round trip; null when not paying. */
  breakeven_hold_days: number | null;
  reasons: string[];
}

export function quoteVerdict(expectedPayoutUsd: number, roundTripCostUsd: number, paying: boolean): QuoteVerdict {
  if (!paying) return 'NOT_PAYING';
  if (roundTripCostUsd <= 0) return 'PAYS';
  const ratio = round2(expectedPayoutUsd / roundTripCostUsd);
  if (ratio >= QUOTE_PAYS_RATIO) return 'PAYS';
  if (ratio >= QUOTE_MARGINAL_RATIO) return 'MARGINAL';
  return 'COSTS';
}

export function tradeQuote(x: TradeQuoteInput): TradeQuote {
  const t = x.tax_bps / 10_000;
  const keepIn = (1 - t) * (1 - x.impact_in_pct / 100);
  const keepOut = (1 - t) * (1 - x.impact_out_pct / 100);
  const position = x.size_usd * keepIn;
  const entry = x.size_usd - position;
  const exit = position * (1 - keepOut);
  const cost = entry + exit;
  const rate = x.payout_per_day_per_usd;
  const paying = x.payout_status === 'PAYING' && rate !== null && rate > 0;
  const perDay = paying ? position * rate : 0;
  const expected = perDay * x.hold_days;
  const verdict = quoteVerdict(expected, cost, paying);
  const reasons: string[] = [];
  if (!paying) reasons.push(x.payout_status !== 'PAYING' ? `payout status ${x.payout_status}: nothing is being paid now` : 'no measurable payout rate on the yield basis');
  else reasons.push(`expected payout ${round2(expected)} USD over ${x.hold_days} days vs round-trip cost ${round2(cost)} USD`);
  const dust = perDay < QUOTE_DUST_USD_PER_DAY;
  if (dust) reasons.push(`dust: the position would receive < ${QUOTE_DUST_USD_PER_DAY} USD a day`);
  return {
    entry_cost_usd: round2(entry),
    exit_cost_usd: round2(exit),
    round_trip_cost_usd: round2(cost),
    round_trip_pct: round2((cost / x.size_usd) * 100),
    breakeven_price_move_pct: round2((1 / (keepIn * keepOut) - 1) * 100),
    position_usd: round2(position),
    payout_share_pct: x.market_cap_usd !== null && x.market_cap_usd > 0 ? roundTo((position / x.market_cap_usd) * 100, 6) : null,
    expected_payout_usd: round2(expected),
    expected_payout_per_day_usd: roundTo(perDay, 4),
    dust_warning: dust,
    payout_to_cost_ratio: paying && cost > 0 ? round2(expected / cost) : null,
    verdict,
    breakeven_hold_days: paying ? round2(cost / perDay) : null,
    reasons,
  };
}
