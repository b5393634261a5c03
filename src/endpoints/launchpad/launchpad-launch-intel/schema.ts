/**
 * Output schema (`data` fields) of launchpad-launch-intel: the per-quote rows of `demandScore` and the
 * platform-wide `launchIntelOverview` (src/analytics/launchpad/demand.ts). `*_pct` 0–100, money `*_usd`.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';
import { LAUNCH_CATEGORIES } from '../../../registry/fields.js';

const TaxLevelSchema = Open({
  coins: Type.Integer(),
  trading_pct: Nullable(Type.Number()),
  paying_pct: Nullable(Type.Number()),
});

const FactorSchema = Open({ name: Type.String(), value: Type.Number(), max: Type.Number(), detail: Type.String() });

const LaunchIntelRowSchema = Open({
  rank: Type.Integer({ minimum: 1 }),
  quote_mint: Type.String(),
  quote_symbol: Type.String(),
  quote_category: Type.String({ enum: [...LAUNCH_CATEGORIES] }),
  coins: Type.Integer({ description: 'Reward coins (launched with a transfer fee) on this quote' }),
  launches_24h: Type.Integer(),
  launches_7d: Type.Integer(),
  trading_today_pct: Nullable(Type.Number()),
  paying_today_pct: Nullable(Type.Number()),
  survival_pct: Nullable(Type.Number({ description: 'Of coins older than 3 days, the share still trading; null when none is' })),
  volume_24h_usd: Type.Number(),
  median_holders: Nullable(Type.Number()),
  median_market_cap_usd: Nullable(Type.Number()),
  tax_mix: Open({ bps_100: TaxLevelSchema, bps_300: TaxLevelSchema }),
  crowding: Type.Number({ description: '7 d launches per coin trading today' }),
  crowding_penalty: Type.Number(),
  demand_score: Type.Number({ minimum: 0, maximum: 100 }),
  is_new: Type.Boolean({ description: 'No coin past day 3: survival unproven, score capped at 80' }),
  factors: Type.Array(FactorSchema),
});

export const LaunchIntelSchema = Type.Object({
  rows: Type.Array(LaunchIntelRowSchema),
  overview: Open({
    coins: Type.Integer(),
    survival_pct: Nullable(Type.Number()),
    tax_levels: Open({ bps_100: TaxLevelSchema, bps_300: TaxLevelSchema }),
    recommendations: Type.Array(Type.String()),
  }, 'Across every reward coin considered (after the category filter), and the quotes past min_coins'),
  quotes: Type.Integer({ description: 'Quotes with at least min_coins reward coins, before limit' }),
  sort: Type.String(),
  as_of: Type.String(),
}, { additionalProperties: false });
