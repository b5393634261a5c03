/**
 * The reward-coin filters shared by `launchpad-screener` and `launchpad-yield-batch` (the spec lists
 * the same filters for both). One definition, so the two endpoints cannot drift; the screener's bounds
 * (no negative holders, ages, volumes or caps) apply to both, since a negative value has no meaning.
 */
import { Type } from '@sinclair/typebox';
import { LaunchCategory, StringEnum, withDefault } from '../../../registry/fields.js';

const COIN_SORTS = ['volume24h', 'lastPayout', 'holders', 'priceChange24h', 'yield7d', 'yield30d', 'rewardsUsd'] as const;

export const coinFilterFields = () => ({
  quote_mint: Type.Optional(Type.String({ description: 'Only coins paired against this quote mint' })),
  category: Type.Optional(LaunchCategory({ description: 'Only coins of this quote category' })),
  min_holders: Type.Optional(Type.Integer({ minimum: 0, description: 'Minimum holders' })),
  min_age_days: Type.Optional(Type.Number({ minimum: 0, description: 'Minimum age in days' })),
  max_age_days: Type.Optional(Type.Number({ minimum: 0, description: 'Maximum age in days' })),
  min_volume_24h_usd: Type.Optional(Type.Number({ minimum: 0, description: 'Minimum 24h volume in USD' })),
  max_market_cap_usd: Type.Optional(Type.Number({ minimum: 0, description: 'Maximum market cap in USD' })),
  paying_only: withDefault(Type.Boolean({ description: 'Only coins that paid holders in the last 24h' }), false),
  live_only: withDefault(Type.Boolean({ description: 'Only coins traded and paid in the last 24h' }), false),
  sort: withDefault(StringEnum(COIN_SORTS, { description: 'Sort key' }), 'volume24h'),
});
