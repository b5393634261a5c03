/**
 * Output schema (`data` fields) of launchpad-pairs: the platform's quote assets with the service's
 * launchability verdict (src/analytics/launchpad/pairs.ts) and the conditions behind it.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';
import { LAUNCH_CATEGORIES } from '../../../registry/fields.js';

const PairRowSchema = Open({
  quote_mint: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  category: Type.String({ enum: [...LAUNCH_CATEGORIES], description: 'Normalized: the platform\'s tessera is xstock, backpack is prestock, anything unknown custom' }),
  category_raw: Type.String({ description: 'The platform\'s own category (open set)' }),
  category_label: Nullable(Type.String({ description: 'The platform\'s display label (e.g. "Sunrise" for backpack)' })),
  decimals: Type.Integer(),
  token_program: Type.String({ description: 'The quote mint\'s token program (SPL Token or Token-2022)' }),
  price_usd: Nullable(Type.Number({ description: 'Price aggregator; null when unpriced' })),
  launchable: Type.Boolean({ description: 'The platform lets new launches use this quote now' }),
  launch_protocol_ready: Nullable(Type.Boolean({
    description: 'The platform says the launch program is ready for the quote (launchLabReady) and its token program is SPL Token or Token-2022; null when the platform does not say',
  })),
  category_allowed: Type.Boolean({ description: 'The category is one agents launch against (allowed_categories)' }),
  is_agent_launchable: Type.Boolean({ description: 'launchable and launch_protocol_ready and category_allowed' }),
  reasons: Type.Array(Type.String(), { description: 'Every condition that keeps the pair from being agent-launchable' }),
});

export const PairsSchema = Type.Object({
  pairs: Type.Array(PairRowSchema),
  count: Type.Integer(),
  agent_launchable: Type.Integer({ description: 'How many of the listed pairs are agent-launchable' }),
  allowed_categories: Type.Array(Type.String()),
  as_of: Type.String(),
}, { additionalProperties: false });
