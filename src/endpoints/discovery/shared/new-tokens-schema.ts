/**
 * Output schemas (`data` fields) of new-tokens, and the token-risk object trending-signals shares.
 * Units (docs/discovery.md, introduction): scores 0–1 (4 decimals), `*_pct` 0–100, money `*_usd`, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

export const LaunchRiskSchema = Open({
  score: Type.Number({ minimum: 0, maximum: 1, description: 'Token risk score (due-diligence\'s): the sum of the factors\' increments, capped at 1, 4 decimals' }),
  verdict: Type.String({ enum: ['SAFE', 'CAUTION', 'RISKY'], description: 'SAFE < 0.30 ≤ CAUTION ≤ 0.60 < RISKY' }),
  factors: Type.Array(Open({
    name: Type.String(),
    value: Type.Number({ description: 'The increment this factor added' }),
    detail: Type.String(),
  })),
  unknown_factors: Type.Array(Type.String(), { description: 'Factors that could not be checked (they added nothing); whale_distribution is never read here' }),
  is_lower_bound: Type.Boolean({ description: 'True when some factor is unknown: the real score may be higher' }),
  capped: Type.Boolean(),
  flags: Type.Array(Type.String(), { description: 'Risk flags raised by the light token analysis' }),
}, 'Token risk from enrich-token-light with top holders');

const ExclusionReason = Type.String({ enum: ['liquidity_unknown', 'liquidity_below_min', 'risk_unknown', 'risk_above_max'] });

const NewToken = Open({
  rank: Type.Integer({ minimum: 1 }),
  mint: Type.String(),
  symbol: Nullable(Type.String()),
  name: Nullable(Type.String()),
  pair_address: Type.String({ description: 'The token\'s deepest pair as base token (the one read)' }),
  dex: Type.String(),
  launched_at: Nullable(Type.String({ description: 'When that pair was created' })),
  age_hours: Nullable(Type.Number({ description: 'Hours since the pair was created (2 decimals)' })),
  price_usd: Nullable(Type.Number()),
  liquidity_usd: Type.Number({ description: 'USD liquidity of that pair (known: unknown liquidity is excluded)' }),
  market_cap_usd: Nullable(Type.Number()),
  volume_24h_usd: Nullable(Type.Number({ description: 'The pair\'s trailing 24 h volume (its whole life when younger)' })),
  price_change_24h_pct: Nullable(Type.Number()),
  risk_score: Type.Number({ minimum: 0, maximum: 1, description: 'Same as risk.score' }),
  verdict: Type.String({ enum: ['SAFE', 'CAUTION', 'RISKY'], description: 'Same as risk.verdict' }),
  risk: LaunchRiskSchema,
});

export const NewTokensSchema = Type.Object({
  filters: Open({ min_liquidity_usd: Type.Number(), max_risk_score: Type.Number(), limit: Type.Integer() }),
  candidate_source: Type.String(),
  summary: Open({
    candidates: Type.Integer({ description: 'Tokens in the fresh-launch feed' }),
    with_market: Type.Integer({ description: 'Of those, with a DEX pair as base token' }),
    passed_liquidity: Type.Integer(),
    risk_read: Type.Integer({ description: 'Liquidity survivors whose risk was read' }),
    passed_both: Type.Integer(),
    returned: Type.Integer(),
    excluded_by_reason: Open({ liquidity_unknown: Type.Integer(), liquidity_below_min: Type.Integer(), risk_unknown: Type.Integer(), risk_above_max: Type.Integer() }),
  }),
  order: Type.String(),
  tokens: Type.Array(NewToken, { description: 'Safest first: risk score ascending, then liquidity descending, then mint' }),
  excluded: Type.Array(Open({
    mint: Type.String(),
    symbol: Nullable(Type.String()),
    reason: ExclusionReason,
    detail: Type.String(),
    liquidity_usd: Nullable(Type.Number()),
    risk_score: Nullable(Type.Number({ description: 'Null when not read (failed the liquidity filter) or unreadable' })),
  }), { description: 'Every candidate not listed, with the first filter it failed (liquidity is checked before risk)' }),
  as_of: Type.String(),
}, { additionalProperties: false });
