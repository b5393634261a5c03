/**
 * Output schema (`data` fields) of launchpad-pairs: the platform's quote assets with the service's
 * launchability verdict (src/analytics/launchpad/pairs.ts) and the conditions behind it.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';
import { LAUNCH_CATEGORIES } from '../../../registry/fields.js';

export const PairRowSchema = Open({
  quote_mint: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  category: Type.String({ enum: [...LAUNCH_CATEGORIES] }),
  decimals: Type.Integer(),
  token_program: Type.String({ description: 'The quote mint\'s token program (SPL Token or Token-2022)' }),
  price_usd: Nullable(Type.Number()),
  launchable: Type.Boolean({ description: 'The platform lets new launches use this quote now' }),
  launch_protocol_ready: Nullable(Type.Boolean({
    description: 'The platform serves reward-mode launch pricing for it, for the launch program, with this token program; null when not checked (closed quote) or the check failed',
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
