/**
 * Output schema (`data` fields) of trending-signals: the ranked tokens with the composite's factors, the
 * runner stage and velocity, the whale read, the token risk, each token's lean and the market sentiment.
 * Units (docs/discovery.md, introduction): scores 0–1 (4 decimals), `*_pct` 0–100, money `*_usd`, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';
import { LaunchRiskSchema } from '../shared/new-tokens-schema.js';

const Stage = Type.String({ enum: ['RUNNING', 'IGNITING', 'PARABOLIC_LATE', 'QUIET', 'FADING'] });

const TrendingToken = Open({
  rank: Type.Integer({ minimum: 1 }),
  mint: Type.String(),
  symbol: Nullable(Type.String()),
  name: Nullable(Type.String()),
  lists: Type.Array(Type.String({ enum: ['top_boosts', 'latest_profiles'] }), { description: 'Which candidate list(s) named it' }),
  boost_total: Nullable(Type.Number({ description: 'Its total of active boosts (null when only in the latest profiles)' })),
  score: Type.Number({ minimum: 0, maximum: 1, description: 'Weighted mean of the known factors as listed, 4 decimals; without the whale leg exactly the daily brief\'s trending score, except that a suspected wash trade\'s volume_24h and buy_pressure count 0 (wash_penalty)' }),
  factors: Type.Array(Open({
    name: Type.String({ enum: ['volume_24h', 'liquidity', 'price_momentum', 'buy_pressure', 'holder_growth', 'attention', 'whale_flow'] }),
    value: Nullable(Type.Number({ minimum: 0, maximum: 1, description: '0–1, 4 decimals; null = unknown (left out of the mean)' })),
    weight: Type.Number(),
  })),
  data_complete: Type.Boolean(),
  unknown_factors: Type.Array(Type.String()),
  wash_penalty: Nullable(Open({
    factors: Type.Array(Type.String({ enum: ['volume_24h', 'buy_pressure'] }), { description: 'The factors counted 0' }),
    score_without_penalty: Type.Number({ minimum: 0, maximum: 1, description: 'The score with those factors at face value' }),
    reason: Type.String(),
  }, 'Wash trading suspected (runner.wash_trade_suspected): its 24 h volume and buy pressure are not demand and count 0; null otherwise')),
  lean: Type.String({ enum: ['accumulation', 'distribution', 'neutral'], description: 'Buy share 24 h (≥ 0.55 +1, ≤ 0.45 −1) and whale signal vote; then: wash trading suspected → the buy share does not vote and the lean is at most neutral; runner stage FADING (sellers in control, or liquidity pulled) → distribution' }),
  reasoning: Type.Array(Type.String(), { description: 'The composite\'s factors strongest first, the runner stage, the whale read, the risk and the lean, in words' }),
  market: Open({
    price_usd: Nullable(Type.Number()),
    liquidity_usd: Type.Number({ description: 'Summed over the token\'s pairs as base token' }),
    volume_24h_usd: Nullable(Type.Number()),
    price_change_24h_pct: Nullable(Type.Number()),
    buys_24h: Nullable(Type.Integer()),
    sells_24h: Nullable(Type.Integer()),
    buy_share_24h: Nullable(Type.Number({ description: 'buys ÷ (buys + sells) over 24 h, 4 decimals' })),
    holder_growth_pct: Nullable(Type.Number({ description: 'Holder-count change over the last 7 days of daily snapshots' })),
    attention_calls_24h: Type.Integer({ description: 'Paid calls about it in the service\'s query stream, last 24 h' }),
    pair_age_hours: Nullable(Type.Number({ description: 'Age of its deepest pair' })),
  }),
  runner: Nullable(Open({
    stage: Stage,
    velocity: Type.Number({ minimum: 0, maximum: 1 }),
    velocity_factors: Type.Array(Open({ name: Type.String(), value: Type.Number(), weight: Type.Number(), detail: Type.String() })),
    reasons: Type.Array(Type.String()),
    rug: Type.Boolean(),
    wash_trade_suspected: Type.Boolean(),
    wash_trade_reason: Nullable(Type.String()),
  }, 'Runner stage and velocity of the deepest pair (context and tie-break; not a factor of the score)')),
  whale: Open({
    read: Type.Boolean({ description: 'whale-watch answered for this token' }),
    signal: Nullable(Type.String({ enum: ['accumulation', 'distribution', 'neutral', 'unknown'] })),
    whales: Nullable(Type.Integer()),
    accumulating: Nullable(Type.Integer()),
    distributing: Nullable(Type.Integer()),
    net_flow_usd: Nullable(Type.Number()),
    note: Type.String(),
  }),
  risk: LaunchRiskSchema,
});

export const TrendingSignalsSchema = Type.Object({
  filters: Open({ min_liquidity_usd: Type.Number(), max_risk_score: Type.Number(), limit: Type.Integer(), include_whale_watch: Type.Boolean() }),
  candidate_source: Type.String(),
  weights: Type.Record(Type.String(), Type.Number(), { description: 'Factor weights; whale_flow only with include_whale_watch' }),
  order: Type.String(),
  sentiment: Open({
    sentiment: Type.String({ enum: ['accumulation', 'distribution', 'mixed'], description: 'accumulation (or distribution) when ≥ 60 % of the listed tokens lean that way; mixed otherwise' }),
    tokens: Type.Integer(),
    accumulation: Type.Integer(),
    distribution: Type.Integer(),
    neutral: Type.Integer(),
    accumulation_pct: Type.Number(),
    distribution_pct: Type.Number(),
    reasoning: Type.String(),
  }),
  summary: Open({
    candidates: Type.Integer(),
    from_boosts: Type.Integer(),
    from_profiles: Type.Integer(),
    with_market: Type.Integer(),
    passed_liquidity: Type.Integer(),
    risk_read: Type.Integer(),
    passed_both: Type.Integer(),
    returned: Type.Integer(),
    excluded_by_reason: Open({ liquidity_unknown: Type.Integer(), liquidity_below_min: Type.Integer(), risk_unknown: Type.Integer(), risk_above_max: Type.Integer() }),
    whale_watch: Open({ requested: Type.Boolean(), top_n: Type.Integer(), read: Type.Integer(), failed: Type.Integer() }),
  }),
  tokens: Type.Array(TrendingToken),
  as_of: Type.String(),
}, { additionalProperties: false });
