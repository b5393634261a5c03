/**
 * Output schemas of whale-watch and due-diligence (units as /docs states them under "Units and
 * conventions"; null = unknown).
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';
import { TokenAnalysisFullSchema } from '../../shared/wallet-token-schemas.js';


const WhaleActivity = Nullable(Open({
  trend: Type.String({ enum: ['accumulating', 'distributing', 'holding'], description: 'Net change ≥ +0.5 % of the start balance = accumulating, ≤ −0.5 % = distributing' }),
  balance_start_ui: Type.Number({ description: 'Balance at the window start (now minus net flow)' }),
  net_change_ui: Type.Number(),
  net_change_usd: Nullable(Type.Number()),
  change_pct: Nullable(Type.Number({ description: 'Net change as percent of the start balance' })),
  bought_ui: Type.Number(),
  sold_ui: Type.Number(),
  bought_usd: Nullable(Type.Number({ description: 'Σ of the positive evidence delta_usd (cents): the whale\'s buys in the window at the current price; null without a price' })),
  sold_usd: Nullable(Type.Number({ description: 'Σ of |negative evidence delta_usd| (cents): its sells in the window at the current price; null without a price' })),
  transfers: Type.Integer(),
  last_move_at: Nullable(Type.String()),
  coverage: Type.String({ enum: ['complete', 'partial'], description: 'partial = more transactions in the window than were read' }),
  evidence: Type.Array(Open({
    signature: Type.String(),
    at: Type.String(),
    delta_ui: Type.Number({ description: 'Tokens received (+) or sent (−)' }),
    delta_usd: Nullable(Type.Number({ description: 'delta_ui × the current price_usd, rounded to cents (the history has no price per transfer); null without a price' })),
  })),
}, 'Present for whales whose history was read'));

const WhaleHolderSchema = Open({
  rank: Type.Integer(),
  owner: Type.String(),
  role: Type.String({ enum: ['whale', 'holder', 'pool', 'bonding_curve', 'burn', 'exchange'], description: 'Pools, curves, burn addresses and exchanges are marked and never counted as whales' }),
  entity: Nullable(Type.String({ description: 'Known-entity name' })),
  balance_ui: Type.Number(),
  balance_usd: Nullable(Type.Number()),
  supply_pct: Nullable(Type.Number({ description: '0–100' })),
  activity: WhaleActivity,
  activity_unknown_reason: Type.Optional(Type.String()),
});

const WhaleSummarySchema = Open({
  whales: Type.Integer({ description: 'Ordinary wallets among the top 20 holding at least threshold_usd' }),
  accumulating: Type.Integer(),
  distributing: Type.Integer(),
  holding: Type.Integer(),
  unknown: Type.Integer({ description: 'Whales whose history could not be read (a source failed)' }),
  not_read: Type.Integer({ description: 'Smallest whales beyond the cap of 10 histories (listed without activity)' }),
  net_flow_ui: Type.Number({ description: 'Net tokens moved by whales that accumulated or distributed' }),
  net_flow_usd: Nullable(Type.Number()),
  buy_volume_usd: Nullable(Type.Number({ description: 'USD buy volume of the whales in the window: Σ bought_usd over every whale whose history was read (holding ones too), at the current price; null without a price' })),
  sell_volume_usd: Nullable(Type.Number({ description: 'USD sell volume: Σ sold_usd over the same whales; null without a price. buy − sell can differ from net_flow_usd, which counts only the whales that moved' })),
  signal: Type.String({ enum: ['accumulation', 'distribution', 'neutral', 'unknown'] }),
  distribution_detected: Nullable(Type.Boolean({ description: 'At least one whale distributing (null: a whale history failed and none was seen distributing)' })),
});

const WhaleReportSchema = Open({
  window: Open({ from_at: Type.String(), to_at: Type.String(), lookback_hours: Type.Number() }),
  threshold_usd: Type.Number({ description: 'A holder worth at least this much is a whale' }),
  holders: Type.Array(WhaleHolderSchema, { description: 'The top 20 holders, by balance' }),
  summary: WhaleSummarySchema,
});

export const WhaleWatchSchema = Open({
  mint: Type.String(),
  symbol: Nullable(Type.String()),
  price_usd: Nullable(Type.Number()),
  supply_ui: Type.Number(),
  ...WhaleReportSchema.properties,
});

const TokenRiskScoreSchema = Open({
  score: Type.Number({ minimum: 0, maximum: 1, description: 'Sum of the factor increments, capped at 1, 4 decimals' }),
  verdict: Type.String({ enum: ['SAFE', 'CAUTION', 'RISKY'], description: 'SAFE < 0.30 ≤ CAUTION ≤ 0.60 < RISKY' }),
  factors: Type.Array(Open({ name: Type.String(), value: Type.Number({ description: 'The increment it added' }), detail: Type.String() })),
  unknown_factors: Type.Array(Type.String(), { description: 'Factors whose inputs were unavailable; they added nothing' }),
  is_lower_bound: Type.Boolean({ description: 'True when some factor is unknown' }),
  capped: Type.Boolean(),
});

export const DueDiligenceSchema = Open({
  mint: Type.String(),
  name: Nullable(Type.String()),
  symbol: Nullable(Type.String()),
  verdict: Type.String({ enum: ['SAFE', 'CAUTION', 'RISKY'] }),
  token_risk_score: TokenRiskScoreSchema,
  reasons: Type.Array(Type.String(), { description: 'The triggered factors in words, largest first' }),
  token_analysis: TokenAnalysisFullSchema,
  holder_concentration: Nullable(Type.Unknown({ description: 'HHI and top-holder shares on raw supply and tradeable float (as enrich-token-full)' })),
  whale_activity: Nullable(WhaleReportSchema),
});
