/**
 * Output schemas of token-trend, wallet-history and portfolio-history. Units (as docs/discovery.md's introduction states them): money
 * `*_usd`, `*_pct` 0–100 (a change percent may be negative or above 100), risk scores 0–1, days
 * `YYYY-MM-DD` (UTC), times ISO 8601 `*_at`. Null means unknown, never zero.
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../../lib/typebox.js';
import { RELATIVE_THRESHOLD_PCT, SCORE_THRESHOLD, type Polarity } from '../../../analytics/trends.js';

const Num = (description: string) => Nullable(Type.Number({ description }));
const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
const DirectionSchema = Nullable(Type.String({
  enum: ['improving', 'declining', 'stable'],
  description: 'The meaning of the move by the metric\'s polarity: improving = moved the better way, declining = moved the WORSE way ' +
    '(for a lower-is-better metric such as a risk score that is a rise), stable = under the threshold. Null when fewer than two ' +
    'known values, and always for a neutral metric',
}));
const MovementSchema = Nullable(Type.String({
  enum: ['rising', 'falling', 'flat'],
  description: 'The arithmetic move, whatever it means: rising (to > from by at least the threshold), falling, or flat (under it). Null when fewer than two known values',
}));

const POLARITY_WORDS = {
  higher_is_better: 'higher is better',
  lower_is_better: 'lower is better: a rise is declining',
  neutral: 'neutral, no better side: direction is always null, movement says rising or falling',
} as const;

/** A metric's trend; `polarity` is fixed per metric (its direction of goodness) and stated in the answer. */
const MetricTrendSchema = (what: string, polarity: Polarity) =>
  Type.Object({
    direction: polarity === 'neutral' ? Type.Null({ description: 'A neutral metric has no better side' }) : DirectionSchema,
    movement: MovementSchema,
    polarity: Type.Literal(polarity, { description: `Direction of goodness of this metric (${POLARITY_WORDS[polarity]})` }),
    from: Num(`${what} at the first known point`),
    to: Num(`${what} at the last known point (normally today, live)`),
    from_day: Nullable(Day('Day of `from`')),
    to_day: Nullable(Day('Day of `to`')),
    change: Num('to − from'),
    change_pct: Num('(to − from) / |from| × 100; null when from is 0 or unknown'),
  }, { description: `${what} (${POLARITY_WORDS[polarity]})` });

const OverallSchema = Nullable(Type.String({
  enum: ['improving', 'declining', 'stable'],
  description: 'The side with more metrics (improving vs declining, each by its own polarity; neutral metrics do not count); a tie or all stable is stable; null when no direction is known',
}));

const ThresholdsSchema = Type.Object({
  relative_pct: Type.Number({ description: `Relative move counted as a direction (${RELATIVE_THRESHOLD_PCT} %, inclusive): price, liquidity, HHI, value, balance` }),
  score: Type.Number({ description: `Absolute risk-score move counted as a direction (${SCORE_THRESHOLD}, inclusive)` }),
}, { description: 'Direction thresholds; smaller moves are stable' });

const pointBase = {
  day: Day('UTC day of the snapshot'),
  taken_at: Type.String({ format: 'date-time', description: 'When the snapshot was taken (the latest observation of that day)' }),
  live: Type.Boolean({ description: "True for today's point, answered live by this call" }),
};

export const TokenTrendSchema = Type.Object({
  mint: Type.String(),
  lookback: Type.String({ enum: ['7d', '14d', '30d'] }),
  from_day: Day('Window start (today − lookback)'),
  to_day: Day('Today (UTC)'),
  points: Type.Array(Type.Object({
    ...pointBase,
    price_usd: Num('Median price'),
    liquidity_usd: Num('Pool liquidity'),
    market_cap_usd: Num('Market cap'),
    volume_24h_usd: Num('24h volume'),
    holder_count: Num('Holder count'),
    hhi: Num('Holder concentration index (0–10000); null on days observed without holders'),
    top1_pct: Num('Top holder share of supply'),
    top5_pct: Num('Top 5 holders share of supply'),
    risk_score: Num('Token risk score 0–1 without the whale factor (see docs/history.md)'),
    risk_score_lower_bound: Type.Boolean({ description: 'Some risk factors were unknown that day' }),
  }), { description: 'Daily points, oldest first; days without a snapshot are absent' }),
  directions: Type.Object({
    price: MetricTrendSchema('Price', 'higher_is_better'),
    liquidity: MetricTrendSchema('Liquidity', 'higher_is_better'),
    holder_concentration: MetricTrendSchema('Holder concentration as HHI', 'lower_is_better'),
    risk_score: MetricTrendSchema('Token risk score', 'lower_is_better'),
  }),
  overall_direction: OverallSchema,
  thresholds: ThresholdsSchema,
});

const Position = Type.Object({ mint: Type.String(), value_usd: Num('USD value (at the end for added, at the start for removed)') });

export const WalletHistorySchema = Type.Object({
  address: Type.String(),
  lookback: Type.String({ enum: ['7d', '14d', '30d'] }),
  from_day: Day('Window start (today − lookback)'),
  to_day: Day('Today (UTC)'),
  start: Nullable(Type.Object({ day: Day('Day of the start snapshot'), taken_at: Type.String({ format: 'date-time' }) }, {
    description: 'The earliest snapshot in the window (the window start when it exists); null without history',
  })),
  end: Type.Object({ day: Day('Today'), taken_at: Type.String({ format: 'date-time' }) }, { description: "Today's live point" }),
  deltas: Type.Object({
    portfolio_value_usd: MetricTrendSchema('Portfolio value', 'higher_is_better'),
    native_sol: MetricTrendSchema('Native SOL balance', 'higher_is_better'),
    risk_score: MetricTrendSchema('Wallet risk score', 'lower_is_better'),
    token_count: MetricTrendSchema('Token holdings count', 'neutral'),
  }),
  positions_added: Type.Array(Position, { description: 'Mints held now but not at the start' }),
  positions_removed: Type.Array(Position, { description: 'Mints held at the start but not now' }),
  overall_direction: OverallSchema,
  thresholds: ThresholdsSchema,
});

export const PortfolioHistorySchema = Type.Object({
  address: Type.String(),
  period: Type.String({ enum: ['7d', '14d', '30d'] }),
  from_day: Day('Window start (today − period)'),
  to_day: Day('Today (UTC)'),
  points: Type.Array(Type.Object({
    ...pointBase,
    portfolio_value_usd: Num('Native balance plus priced holdings'),
    native_sol: Num('Native SOL balance'),
    token_count: Num('Token holdings'),
    risk_score: Num('Wallet risk score 0–1'),
  }), { description: "Daily points, oldest first, today's live point last; days without a snapshot are absent" }),
  summary: Type.Object({
    valued_points: Type.Integer({ description: 'Points with a known value (the statistics are over these)' }),
    peak: Nullable(Type.Object({ day: Day('First day at the peak'), value_usd: Type.Number() })),
    trough: Nullable(Type.Object({ day: Day('First day at the trough'), value_usd: Type.Number() })),
    max_drawdown: Nullable(Type.Object({
      usd: Type.Number({ description: 'Largest fall from a running peak to a later low' }),
      pct: Type.Number({ minimum: 0, maximum: 100, description: 'That fall as a percent of the peak' }),
      peak_day: Day('Day of that peak'),
      trough_day: Day('Day of that low'),
    })),
    average_value_usd: Num('Mean of the known values'),
    start: Nullable(Type.Object({ day: Day('First valued point'), value_usd: Type.Number() }, { description: 'The period start the change is measured from' })),
    change_usd: Num('Today minus the start value'),
    change_pct: Num('Change versus the start value; null when it is 0'),
  }),
});
