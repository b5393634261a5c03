/**
 * Output schemas (`data` fields) of runner-scan, and the runner reading trenches-scan / trenches-check
 * embed. Units (docs/discovery.md, introduction): scores 0–1 (4 decimals), `*_pct` 0–100, money `*_usd`, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';
import { LaunchMarketSchema } from './exit-schema.js';

const STAGE = Type.String({
  enum: ['RUNNING', 'IGNITING', 'PARABOLIC_LATE', 'QUIET', 'FADING'],
  description: 'First that holds: FADING (liquidity pulled, or sellers in control), PARABOLIC_LATE (already ran, buying decelerating), RUNNING (a1 and a2 ≥ 1.5, buy share m5 ≥ 0.55), IGNITING (exactly one of a1, a2 ≥ 1.5, buy share m5 ≥ 0.55), QUIET',
});

const Counts = Open({
  buys: Nullable(Type.Integer()),
  sells: Nullable(Type.Integer()),
  buy_share: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'buys ÷ (buys + sells), 4 decimals' })),
});

const VelocitySchema = Open({
  score: Type.Number({ minimum: 0, maximum: 1, description: '0.35 acceleration + 0.30 buy_pressure + 0.15 turnover + 0.20 trade_growth, 4 decimals' }),
  factors: Type.Array(Open({
    name: Type.String({ enum: ['acceleration', 'buy_pressure', 'turnover', 'trade_growth'] }),
    value: Type.Number({ minimum: 0, maximum: 1 }),
    weight: Type.Number(),
    detail: Type.String(),
  })),
  unknown_factors: Type.Array(Type.String(), { description: 'Factors whose inputs were unknown (counted as 0)' }),
});

/** A token's transfer tax (transfer-tax.ts): runner-scan's entries and trenches-check. */
export const TransferTaxSchema = Open({
  known: Type.Boolean({ description: 'The mint account was read on chain; false: unknown (the chain source failed), every other field null' }),
  token_program: Nullable(Type.String({ enum: ['spl-token', 'spl-token-2022'] })),
  bps: Nullable(Type.Integer({ minimum: 0, maximum: 10_000, description: 'Token-2022 transfer fee in basis points (the newer fee of the config); null without a transfer-fee extension: no tax (every classic SPL token)' })),
  pct: Nullable(Type.Number({ minimum: 0, maximum: 100, description: 'bps ÷ 100' })),
  max_fee: Nullable(Type.Number({ minimum: 0, description: 'Most one transfer pays, in token units; null without a fee or when uncapped' })),
  max_fee_raw: Nullable(Type.String({ description: 'The cap in raw units as the mint states it' })),
  uncapped: Nullable(Type.Boolean({ description: 'The cap is u64::MAX (no cap); null without a fee' })),
  fee_mutable: Nullable(Type.Boolean({ description: 'The transfer-fee config authority is set: the rate can still change; null without a fee' })),
}, 'Transfer tax of the token (its mint\'s Token-2022 transfer-fee config, read on chain): paid on every transfer, so on a buy and again on a sell');

/** The runner reading of one token (runner-scan's entry; trenches' `runner`). */
export const RunnerReadingFields = {
  stage: STAGE,
  stage_reasons: Type.Array(Type.String(), { description: 'The rule that decided, with the numbers' }),
  rug: Type.Boolean({ description: 'Liquidity pulled: under $1,000 with the 1 h price down 50 % or more, or down 25 % or more since the prior reading ≥ 5 min old' }),
  liquidity_change_pct: Nullable(Type.Number({ description: 'Liquidity change since the prior reading (≥ 5 min old); null without one' })),
  prior_reading_at: Nullable(Type.String({ description: 'The service\'s earlier reading compared with (the latest ≥ 5 min old)' })),
  wash_trade_suspected: Type.Boolean({ description: 'h1 trades ≥ 20 averaging ≥ $2,000 on liquidity < $100,000, or ≥ 2,000 trades averaging < $15' }),
  wash_trade_reason: Nullable(Type.String()),
  velocity: VelocitySchema,
  buy_pressure: Open({ m5: Counts, h1: Counts, h6: Counts, h24: Counts }, 'Buy and sell counts per window'),
  market: LaunchMarketSchema,
};

const Entry = Open({
  rank: Type.Integer({ minimum: 1, description: 'Stage (RUNNING, IGNITING, PARABOLIC_LATE, QUIET, FADING), then velocity, then buy pressure, then mint' }),
  mint: Type.String(),
  symbol: Nullable(Type.String()),
  name: Nullable(Type.String()),
  candidate_sources: Type.Array(Type.String({ enum: ['profile', 'boost'] }), { description: 'Which feed listed it' }),
  ...RunnerReadingFields,
  transfer_tax: TransferTaxSchema,
}, 'One runner');

export const CandidatePoolSchema = Open({
  source: Type.String(),
  profiles: Nullable(Type.Integer({ description: 'Latest token profiles listed (null: that feed failed)' })),
  boosts: Nullable(Type.Integer({ description: 'Top boosted tokens listed (null: that feed failed)' })),
  candidates: Type.Integer({ description: 'Distinct tokens of the two feeds' }),
});

export const RunnerScanSchema = Type.Object({
  filters: Open({ max_token_age_hours: Type.Number(), min_liquidity_usd: Type.Number(), min_volume_h1_usd: Type.Number(), limit: Type.Integer() }),
  candidate_pool: CandidatePoolSchema,
  scanned: Type.Integer({ description: 'Candidates with a pair younger than max_token_age_hours (their readings are recorded)' }),
  matched: Type.Integer({ description: 'Scanned tokens passing the liquidity and 1 h volume filters' }),
  excluded: Open({
    no_market: Type.Integer(), age_unknown: Type.Integer(), too_old: Type.Integer(), liquidity_unknown: Type.Integer(),
    liquidity_below_min: Type.Integer(), volume_unknown: Type.Integer(), volume_below_min: Type.Integer(),
  }, 'Candidates left out, per first failing filter'),
  stage_counts: Open({ RUNNING: Type.Integer(), IGNITING: Type.Integer(), PARABOLIC_LATE: Type.Integer(), QUIET: Type.Integer(), FADING: Type.Integer() }, 'Of the matched tokens'),
  tokens: Type.Array(Entry),
  rugs: Type.Array(Open({
    mint: Type.String(),
    symbol: Nullable(Type.String()),
    liquidity_usd: Nullable(Type.Number()),
    liquidity_change_pct: Nullable(Type.Number()),
    price_change_h1_pct: Nullable(Type.Number()),
    listed: Type.Boolean({ description: 'Also in `tokens` (it passed the filters and the limit)' }),
    reasons: Type.Array(Type.String()),
  }), { description: 'Scanned tokens whose liquidity was pulled, whatever the liquidity and volume filters' }),
  thresholds: Open({
    acceleration_ratio: Type.Number(), runner_min_buy_share_m5: Type.Number(), rug_max_liquidity_usd: Type.Number(),
    rug_max_h1_price_change_pct: Type.Number(), liquidity_pull_pct: Type.Number(), repeat_spacing_minutes: Type.Number(),
  }),
  velocity_weights: Open({ acceleration: Type.Number(), buy_pressure: Type.Number(), turnover: Type.Number(), trade_growth: Type.Number() }),
  as_of: Type.String(),
}, { additionalProperties: false });
