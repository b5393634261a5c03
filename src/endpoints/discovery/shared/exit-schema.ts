/**
 * Output schema (`data` fields) of exit-signal: the exit verdict of src/analytics/discovery/exit-signal.ts
 * with the market it was read from, the prior reading it was compared with and the unrealized PnL.
 * Units (docs/discovery.md, introduction): scores 0–1 (4 decimals), `*_pct` 0–100, money `*_usd`, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const Window = Open({
  volume_usd: Nullable(Type.Number()),
  buys: Nullable(Type.Integer()),
  sells: Nullable(Type.Integer()),
  buy_share: Nullable(Type.Number({ description: 'buys ÷ (buys + sells), 4 decimals; null without trades or counts' })),
  rate_usd_per_min: Nullable(Type.Number({ description: 'volume ÷ the window\'s full length in minutes' })),
  price_change_pct: Nullable(Type.Number()),
}, 'One trailing window as the market-data source reports it (null = not reported, never 0)');

export const LaunchMarketSchema = Open({
  pair_address: Type.String({ description: 'The token\'s deepest pair as base token (the one read)' }),
  dex: Type.String(),
  price_usd: Nullable(Type.Number()),
  liquidity_usd: Nullable(Type.Number()),
  market_cap_usd: Nullable(Type.Number()),
  pair_created_at: Nullable(Type.String()),
  pair_age_hours: Nullable(Type.Number({ description: 'Hours since the pair was created (2 decimals)' })),
  windows: Open({ m5: Window, h1: Window, h6: Window, h24: Window }),
  accelerations: Open({
    a1: Nullable(Type.Number({ description: 'rate m5 ÷ rate h1 (4 decimals)' })),
    a2: Nullable(Type.Number({ description: 'rate h1 ÷ rate h6' })),
    a3: Nullable(Type.Number({ description: 'rate h6 ÷ rate h24' })),
  }),
}, 'The market the verdict was read from');

const Factor = Open({
  name: Type.String({ enum: ['sellers_in_control', 'momentum', 'liquidity_delta', 'holder_delta', 'stage_fading', 'parabolic_exhaustion'] }),
  value: Type.Number({ minimum: 0, maximum: 1, description: '0–1, 4 decimals; 0 when unknown (listed in unknown_factors)' }),
  weight: Type.Number(),
  detail: Type.String(),
});

/** A prior reading as exit-signal and trenches-check answer it (prior-reading.ts `readingView`). */
export const PriorReadingFields = {
  at: Type.String(),
  liquidity_usd: Nullable(Type.Number()),
  holder_count: Nullable(Type.Number()),
  price_usd: Nullable(Type.Number()),
};

const Reading = Open(PriorReadingFields, 'The service\'s earlier reading of the token compared with (the latest at least 5 minutes old; a younger one only explains why deltas are locked)');

/** The liquidity and holder deltas against the prior reading (analytics/discovery/deltas.ts), and why they are missing. */
export const DeltasSchema = Open({
  prior_at: Type.String(),
  minutes_since_prior: Type.Number(),
  liquidity_change_pct: Nullable(Type.Number()),
  holder_change_pct: Nullable(Type.Number()),
}, 'Against the prior reading ≥ 5 minutes old; null otherwise');

export const DeltasUnavailableSchema = Open({
  code: Type.String({ enum: ['no_prior_reading', 'prior_too_recent'] }),
  message: Type.String(),
});

export const ExitSignalSchema = Type.Object({
  mint: Type.String(),
  symbol: Nullable(Type.String()),
  name: Nullable(Type.String()),
  verdict: Type.String({ enum: ['EXIT', 'DERISK', 'HOLD', 'INSUFFICIENT_DATA'], description: 'EXIT at score ≥ 0.7 or on any hard trigger; DERISK at ≥ 0.4; HOLD below; INSUFFICIENT_DATA without a market (or without any m5/h1 counts or price changes)' }),
  exit_score: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'Σ weight × factor, 4 decimals; null with INSUFFICIENT_DATA. Reported as computed even when a hard trigger decided' })),
  factors: Type.Array(Factor),
  unknown_factors: Type.Array(Type.String()),
  hard_triggers: Type.Array(Open({
    code: Type.String({ enum: ['liquidity_pull', 'rug', 'active_dump'] }),
    detail: Type.String(),
  }), { description: 'Any one forces EXIT over every other input' }),
  decided_by: Type.String({ enum: ['hard_trigger', 'score', 'insufficient_data'] }),
  reasoning: Type.Array(Type.String()),
  stage: Nullable(Type.String({ enum: ['RUNNING', 'IGNITING', 'PARABOLIC_LATE', 'QUIET', 'FADING'], description: 'Runner stage by the shared stage rules; null without a market' })),
  stage_reasons: Type.Array(Type.String()),
  market: Nullable(LaunchMarketSchema),
  holder_count: Nullable(Type.Integer({ description: 'Holders (owners) per enrich-token-light; null when unknown' })),
  prior_reading: Nullable(Reading),
  deltas: Nullable(DeltasSchema),
  deltas_unavailable: Nullable(DeltasUnavailableSchema),
  unrealized_pnl: Nullable(Open({
    entry_price_usd: Type.Number(),
    price_usd: Nullable(Type.Number()),
    pnl_pct: Nullable(Type.Number({ description: '(price − entry) ÷ entry × 100, 2 decimals' })),
    multiple: Nullable(Type.Number({ description: 'price ÷ entry, 6 significant digits' })),
  }, 'With entry_price_usd: context only, it never changes the verdict')),
  thresholds: Open({
    exit_score_exit: Type.Number(),
    exit_score_derisk: Type.Number(),
    liquidity_pull_pct: Type.Number(),
    repeat_spacing_minutes: Type.Number(),
    rug_max_liquidity_usd: Type.Number(),
    rug_max_h1_price_change_pct: Type.Number(),
    dump_m5_price_change_pct: Type.Number(),
    dump_sell_buy_ratio: Type.Number(),
  }),
  as_of: Type.String(),
}, { additionalProperties: false });
