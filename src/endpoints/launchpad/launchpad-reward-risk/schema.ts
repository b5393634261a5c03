/**
 * Output schema (`data` fields) of launchpad-reward-risk: the payout status and health score of
 * src/analytics/launchpad/{payout,health}.ts for one reward coin. Units (docs/launchpad.md, introduction): `*_pct` 0–100,
 * health 0–100 with its factor breakdown, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const Factor = Open({
  name: Type.String({ enum: ['fee', 'withdraw_authority', 'fee_immutable', 'reward_live', 'distributions', 'flywheel', 'holders', 'concentration', 'quote_category', 'age'] }),
  value: Type.Number({ minimum: 0, description: 'Points scored (2 decimals), 0 to max' }),
  max: Type.Number({ description: 'The factor\'s weight: its maximum points' }),
  detail: Type.String(),
});

export const RewardRiskSchema = Type.Object({
  mint: Type.String(),
  symbol: Type.String(),
  quote_mint: Type.String(),
  quote_symbol: Type.String(),
  quote_category: Type.String({ enum: ['xstock', 'prestock', 'currency', 'leverage', 'solana', 'collectible', 'custom'] }),
  quote_category_raw: Type.String({ description: 'The platform\'s own category (open set, e.g. tessera, backpack), normalized into quote_category' }),
  reward_mechanism: Nullable(Type.String({ enum: ['transfer_fee', 'fee_share'], description: 'transfer_fee: a Token-2022 transfer tax paid out to holders; fee_share: the first reward coins (classic SPL, no tax), paid from the pool\'s fee share; null: a standard launch' })),
  payout_status: Type.String({ enum: ['PAYING', 'STALE', 'NEVER', 'NOT_REWARD'], description: 'PAYING: a payout in the last 24 h (exclusive); STALE: has paid, not in 24 h; NEVER: a live reward coin not paid yet; NOT_REWARD: no tax can reach holders' }),
  payout_reason: Type.String(),
  last_payout_at: Nullable(Type.String()),
  hours_since_last_payout: Nullable(Type.Number({ description: '2 decimals; null without a payout' })),
  transfer_tax_bps: Nullable(Type.Integer({ description: 'Transfer-fee basis points; null without a transfer-fee extension' })),
  transfer_fee_max: Nullable(Type.Number({ description: 'Transfer-fee cap in coin units; 0 = zero-rate; null = no cap' })),
  tax_round_trip_pct: Type.Number({ description: 'Lost to tax buying then selling at an unchanged price: 1 − (1 − tax)², percent, 2 decimals; no price impact; 0 without a collectable fee' }),
  health_score: Type.Number({ minimum: 0, maximum: 100, description: 'Sum of the factors, 2 decimals' }),
  level: Type.String({ enum: ['HEALTHY', 'MIXED', 'WEAK', 'BROKEN'], description: 'HEALTHY ≥ 75, MIXED ≥ 50, WEAK ≥ 25, BROKEN below or on any hard failure' }),
  factors: Type.Array(Factor),
  hard_failures: Type.Array(Type.String(), { description: 'Reads that force BROKEN whatever the score' }),
  withdraw_authority: Nullable(Type.String({ description: 'The mint\'s withdrawWithheldAuthority, read on chain; null without a transfer fee' })),
  fee_mutable: Type.Boolean({ description: 'The mint\'s transferFeeConfigAuthority is set (read on chain): the rate can still change' }),
  adopted: Type.Boolean({ description: 'The LaunchLab pool was created under the platform\'s config (read on chain)' }),
  top10_pct: Nullable(Type.Number({ description: 'Share of supply in the 10 largest token accounts (on chain), percent' })),
  holders: Nullable(Type.Integer({ description: 'Holders the platform\'s distributor pays (its own count)' })),
  distributed_quote: Type.Number({ description: 'Lifetime distributed to holders since launch, quote units (the platform\'s total)' }),
  payout_count: Type.Integer({ description: 'The platform\'s lifetime payout count' }),
  platform_distributor: Type.String(),
  llm_brief: Type.String({ description: 'Deterministic one-paragraph summary' }),
  source: Type.String({ enum: ['index', 'live'], description: 'index: the 10-minute coin index; live: read from the platform (the coin is not in the index)' }),
  as_of: Type.String(),
}, { additionalProperties: false });
