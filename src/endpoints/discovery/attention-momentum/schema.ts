/**
 * Output schema (`data` fields) of attention-momentum: per token the query-stream counts of three
 * consecutive windows with the momentum of src/analytics/discovery/attention-momentum.ts and the price
 * overlay. Units: `*_pct` 0–100, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const Span = Open({ from: Type.String(), to: Type.String() }, 'UTC hour buckets from ≤ hour < to');

const Entry = Open({
  rank: Type.Integer({ minimum: 1, description: 'ok samples first, then acceleration (higher first), then the latest window\'s count, then mint' }),
  percentile: Nullable(Type.Number({ minimum: 0, maximum: 100, description: 'Share (0–100) of the other candidate tokens ranked below this one; null below the minimum sample (fewer than 10 candidates or 30 calls in the three windows)' })),
  mint: Type.String(),
  symbol: Nullable(Type.String()),
  counts: Type.Array(Type.Integer({ minimum: 0 }), { minItems: 3, maxItems: 3, description: 'Paid calls about the token in the three windows, oldest first' }),
  total_calls: Type.Integer(),
  changes: Type.Array(Type.Integer(), { minItems: 2, maxItems: 2, description: 'w2 − w1 and w3 − w2' }),
  acceleration: Nullable(Type.Number({ description: '((w3 − w2) − (w2 − w1)) ÷ mean(w1, w2, w3), 4 decimals; range −6 … +3' })),
  trend: Type.String({ enum: ['rising', 'falling', 'steady', 'inactive'], description: 'w3 against w2: rising when w3 ≥ 1.5 × w2 (and above it), falling when 1.5 × w3 ≤ w2 (and below it)' }),
  sample_quality: Type.String({ enum: ['low', 'ok'], description: 'low when the three windows hold fewer than 10 calls together' }),
  running_hour_calls: Type.Integer({ minimum: 0, description: 'Calls in the running UTC hour (not in any window yet: context only)' }),
  price_change_pct: Nullable(Type.Number({ description: 'The best pair\'s trailing price change over one window length (h1, h6 or h24); null when unknown or the overlay failed' })),
  price_usd: Nullable(Type.Number()),
  divergence: Nullable(Type.String({ enum: ['early_signal', 'confirmed_momentum', 'distribution_risk', 'fading'], description: 'Attention trend against the price change; null for a low sample (fewer than 10 calls: not a signal), steady or inactive attention, or an unknown price' })),
  divergence_reason: Type.String(),
}, 'One token');

export const AttentionMomentumSchema = Type.Object({
  window: Type.String({ enum: ['1h', '6h', '24h'] }),
  windows: Type.Array(Span, { minItems: 3, maxItems: 3, description: 'The three consecutive windows of whole UTC hours, oldest first; the latest ends where the running hour starts' }),
  running_hour: Span,
  price_window: Type.String({ enum: ['h1', 'h6', 'h24'], description: 'The market-data window the price change is read from' }),
  price_overlay: Type.Boolean({ description: 'False when the market-data source failed: every price change and divergence is null' }),
  candidates: Type.Integer({ description: 'Tokens with at least one paid call in the three windows (all ranked; `tokens` holds the first `limit`)' }),
  total_calls: Type.Integer({ description: 'Paid calls about tokens in the three windows' }),
  tokens: Type.Array(Entry),
  thresholds: Open({
    trend_ratio: Type.Number(),
    min_sample_calls: Type.Number(),
    price_rising_pct: Type.Number(),
    price_falling_hard_pct: Type.Number(),
  }),
  as_of: Type.String(),
}, { additionalProperties: false });
