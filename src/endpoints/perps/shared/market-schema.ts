/**
 * Output schemas (`data` fields) of perps-market-structure and perps-market-trend. Units (docs/perps.md
 * "Units and rounding"): money `*_usd` in cents; `*_pct` 0–100 with 2 decimals (a change may be negative);
 * APRs percent per year, 4 decimals; prices USD per one unit of the asset, 10 significant digits; days
 * `YYYY-MM-DD` (UTC), times ISO 8601. Null means unknown, never zero. Venues are the neutral tags.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../../../lib/typebox.js';
import { TREND_ABSOLUTE_THRESHOLD_PTS, TREND_RELATIVE_THRESHOLD_PCT } from '../../../analytics/perps/index.js';

const Asset = Type.String({ enum: ['SOL', 'BTC', 'ETH', 'BONK'] });
const Side = Type.String({ enum: ['long', 'short'] });
const Health = Type.String({ enum: ['healthy', 'tilted', 'stressed'] });
const Usd = (description: string) => Type.Number({ description: `${description} (USD, cents)` });
const Pct = (description: string) => Type.Number({ description: `${description} (percent, 2 decimals)` });
const Apr = (description: string) => Type.Number({ description: `${description} (percent per year, 4 decimals)` });
const BySide = (t: TSchema, description: string) => Type.Object({ long: t, short: t }, { description });
const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
const Venue = Type.String({ enum: ['A'], description: "The venue read: 'A' (pool venue A)" });

// ---------------------------------------------------------------------------------------------
// perps-market-structure

const CurvePoints = Type.Array(Type.Object({
  utilization_pct: Type.Number({ description: 'Utilization of the custody (percent)' }),
  apr_pct: Type.Number({ description: 'Borrow APR at that utilization (percent per year)' }),
}), { description: 'Points of the piecewise-linear borrow curve, by utilization' });

const HealthFlag = Type.Object({
  flag: Type.String({ enum: ['stressed', 'tilted', 'high_utilization', 'elevated_borrow', 'oracle_unavailable'] }),
  reason: Type.String({ description: 'The side(s) and values that raised the flag' }),
});

const MarketEntry = Type.Object({
  venue: Venue,
  asset: Asset,
  custody: Type.String({ description: "The asset's custody account on the venue's program (what the numbers were read from)" }),
  collateral_symbol: Type.String({ description: 'The token the asset custody holds' }),
  oracle_price_usd: Nullable(Type.Number({ description: "The venue's oracle price (USD per one unit, 10 significant digits); null when the oracle has no usable price" })),
  open_interest: Type.Object({ long_usd: Usd('Long open interest'), short_usd: Usd('Short open interest'), total_usd: Usd('Long + short') }),
  skew: Type.Object({
    long_pct: Nullable(Pct('Long share of the total open interest')),
    short_pct: Nullable(Pct('Short share of the total open interest')),
  }, { description: 'Both null when the total open interest is 0' }),
  utilization_pct: BySide(Pct('Utilization of the custody the side borrows'), 'A long borrows the asset custody, a short the stable custody'),
  borrow_apr_pct: BySide(Apr('The borrow APR the side pays now'), 'Per side: what the venue charges now'),
  borrow_rate_hourly_pct: BySide(
    Type.Number({ description: 'borrow_apr_pct ÷ 8,760: percent of the position\'s size charged per hour (8 decimals)' }),
    'Per side: the hourly borrow rate (the program accrues the yearly rate ÷ 8,760 every hour)',
  ),
  borrow_curve: Type.Object({ long: CurvePoints, short: CurvePoints }, { description: "Each side's borrow curve: the APR at any utilization" }),
  oi_caps: Type.Object({
    long_usd: Nullable(Usd('Long open-interest cap')),
    short_usd: Nullable(Usd('Short open-interest cap')),
  }, { description: 'Per side; null when the venue sets no cap' }),
  headroom_usd: BySide(Nullable(Usd('Cap − open interest, never below 0')), 'Per side; null without a cap'),
  headroom_pct_of_cap: BySide(Nullable(Pct('Headroom as a share of the cap')), 'Per side; null without a cap, 0 for a cap of 0'),
  open_fee_bps: Type.Number({ description: 'Fee of opening a position, basis points of its size' }),
  close_fee_bps: Type.Number({ description: 'Fee of closing a position, basis points of its size' }),
  max_leverage: Type.Number({ description: 'The highest leverage the venue allows on the market' }),
  max_position_size_usd: Nullable(Usd("The venue's size limit for one position on the market, long or short (the custody's maxPositionSizeUsd); null when it sets none")),
  max_position_size_reason: Type.String({ description: 'What limits one position here, or why max_position_size_usd is null' }),
  max_open_now_usd: BySide(
    Nullable(Usd('The largest position that fits now: the lower of max_position_size_usd and the side\'s headroom_usd')),
    'Per side; null when neither a position limit nor an OI cap applies',
  ),
  health: Health,
  health_flags: Type.Array(HealthFlag, { description: 'Each flag once, with its reason; stressed and tilted set `health`, the others inform' }),
  updated_at: Nullable(Type.String({ description: 'When the venue last updated the custody; null when unknown' })),
}, { description: 'One market of pool venue A' });

export const MarketStructureSchema = Type.Object({
  venue: Venue,
  venue_name: Type.String({ description: "'pool venue A'" }),
  as_of: Type.String({ description: 'The moment the venue was read (ISO 8601 UTC)' }),
  markets: Type.Array(MarketEntry, { description: 'SOL, BTC, ETH (venue order) as the venue reports them' }),
  unavailable: Type.Array(Type.Object({
    asset: Asset,
    reason: Type.String({ enum: ['not_listed', 'not_reported'], description: 'not_listed: the venue does not list the asset (BONK); not_reported: a listed market missing from the read' }),
    message: Type.String(),
  }), { description: 'Assets without a market here, and why (never zeros)' }),
  summary: Type.Object({
    markets: Type.Integer({ description: 'Markets in the answer' }),
    total_oi_usd: Usd('Open interest of every market, both sides (summed, then rounded)'),
    long_oi_usd: Usd('Long open interest of every market'),
    short_oi_usd: Usd('Short open interest of every market'),
    long_pct: Nullable(Pct("Long share of the venue's open interest; null when it is 0")),
    most_utilized: Nullable(Type.Object({
      asset: Asset,
      side: Side,
      utilization_pct: Pct('Its utilization'),
      borrow_apr_pct: Apr('Its borrow APR'),
      health: Health,
    }, { description: 'The side with the highest utilization over all markets (ties: venue order, long first); null without markets' })),
    markets_by_health: Type.Object({
      stressed: Type.Array(Asset),
      tilted: Type.Array(Asset),
      healthy: Type.Array(Asset),
    }, { description: 'Assets per health verdict' }),
  }, { description: 'The venue as a whole' }),
  thresholds: Type.Object({
    stressed_utilization_pct: Type.Number({ description: 'stressed when either side\'s utilization is ≥ this' }),
    stressed_headroom_pct_of_cap: Type.Number({ description: 'stressed when either side\'s headroom is < this share of its cap' }),
    tilted_side_share_pct: Type.Number({ description: 'tilted when one side holds ≥ this share of the open interest' }),
    high_utilization_pct: Type.Number({ description: 'high_utilization flag when a side\'s utilization is ≥ this' }),
    elevated_borrow_apr_pct: Type.Number({ description: 'elevated_borrow flag when a side\'s borrow APR is ≥ this' }),
  }, { description: 'The health rules applied (inclusive as stated; compared on the rounded values shown)' }),
});

// ---------------------------------------------------------------------------------------------
// perps-market-trend

const PointMarket = Type.Object({
  asset: Asset,
  mark_price_usd: Nullable(Type.Number({ description: "The venue's oracle price that day" })),
  total_oi_usd: Nullable(Usd('Long + short open interest')),
  long_pct: Nullable(Pct('Long share of the open interest')),
  utilization_pct: Nullable(Pct('The higher of the two sides\' utilization')),
  borrow_apr_pct: Nullable(Apr('The long side\'s borrow APR')),
});

const MetricTrend = (what: string) => Type.Object({
  from: Nullable(Type.Number({ description: `${what} at the first known point` })),
  to: Nullable(Type.Number({ description: `${what} at the last known point (normally today, live)` })),
  from_day: Nullable(Day('Day of `from`')),
  to_day: Nullable(Day('Day of `to`')),
  change: Nullable(Type.Number({ description: 'to − from (points for the percent metrics)' })),
  change_pct: Nullable(Type.Number({ description: '(to − from) / |from| × 100, 2 decimals; null when from is 0 or unknown' })),
  direction: Nullable(Type.String({ enum: ['rising', 'falling', 'stable'], description: 'Null with fewer than two known values' })),
}, { description: what });

const MarketDirection = Nullable(Type.String({ enum: ['heating', 'cooling', 'stable', 'mixed'] }));

export const MarketTrendSchema = Type.Object({
  venue: Venue,
  venue_name: Type.String({ description: "'pool venue A'" }),
  lookback: Type.String({ enum: ['7d', '14d', '30d'] }),
  from_day: Day('Window start (today − lookback)'),
  to_day: Day('Today (UTC)'),
  points: Type.Array(Type.Object({
    day: Day('UTC day of the point'),
    taken_at: Type.String({ format: 'date-time', description: 'When it was observed (the latest observation of that day)' }),
    live: Type.Boolean({ description: "True for today's point, answered live by this call" }),
    markets: Type.Array(PointMarket),
  }), { description: "Daily points, oldest first, today's live point last; days without a snapshot are absent" }),
  markets: Type.Array(Type.Object({
    asset: Asset,
    points: Type.Integer({ description: 'Days on which the market appears' }),
    metrics: Type.Object({
      mark_price_usd: MetricTrend('Mark (oracle) price — reported, never part of a direction'),
      total_oi_usd: MetricTrend('Total open interest (relative change)'),
      long_pct: MetricTrend('Long share of open interest (absolute change, points)'),
      utilization_pct: MetricTrend('Utilization, the higher side (absolute change, points)'),
      borrow_apr_pct: MetricTrend('Long borrow APR (absolute change, points)'),
    }),
    direction: MarketDirection,
    reason: Type.String({ description: 'Why the direction is what it is (or null)' }),
  }), { description: 'Per market (SOL, BTC, ETH): the change of each metric from its first to its last known value, and the market\'s direction from open interest and utilization' }),
  overall_direction: MarketDirection,
  overall_reason: Type.String({ description: 'The tally of market directions (mark price excluded throughout)' }),
  thresholds: Type.Object({
    relative_pct: Type.Number({ description: `Mark price and total OI move at ≥ ${TREND_RELATIVE_THRESHOLD_PCT} % either way` }),
    absolute_pts: Type.Number({ description: `long_pct, utilization_pct and borrow_apr_pct move at ≥ ${TREND_ABSOLUTE_THRESHOLD_PTS} point either way` }),
  }, { description: 'Direction thresholds (inclusive, on the rounded change); smaller moves are stable' }),
});
