import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { QuoteSchema } from './launchpad-quote/schema.js';
import { HOLD_DAYS_DEFAULT, SIZE_USD_DEFAULT, quoteAnswer } from './launchpad-quote/answer.js';
import { quoteBriefing } from './launchpad-quote/briefing.js';

export default defineEndpoint({
  key: 'launchpad-quote',
  family: 'launchpad',
  price: '0.005',
  summary: 'Round-trip cost versus expected payout of holding a reward coin (no swap executed)',
  description:
    'Trade quote for holding size_usd of a reward coin for hold_days (no swap executed): entry and exit cost ' +
    '(transfer tax plus price impact), round-trip percent, breakeven price move, pro-rata payout share with a dust ' +
    'warning, expected payout over the hold, verdict (PAYS when the payout is at least 1.5 times the round-trip ' +
    'cost, MARGINAL at least 1 times, otherwise COSTS; NOT_PAYING) and breakeven hold days. Composes the ' +
    'reward-risk, yield and token-light analyses. A mint the launch platform does not know answers 404 not_found, not charged.',
  input: Type.Object(
    {
      mint: Address('Reward coin mint'),
      size_usd: withDefault(Type.Number({ minimum: 1, maximum: 1000000, description: 'Position size in USD' }), SIZE_USD_DEFAULT),
      hold_days: withDefault(Type.Number({ minimum: 0.25, maximum: 365, description: 'Holding period in days' }), HOLD_DAYS_DEFAULT),
    },
    { additionalProperties: false },
  ),
  output: QuoteSchema,
  cacheTtlSeconds: 60,
  example: { mint: 'J4RvXMpAsnHvvf4br4g8WBWNwYFCipK28pCXhTAkyyqc', size_usd: 100, hold_days: 7 },
  handler: (input, ctx) => quoteAnswer(input, ctx),
  briefing: quoteBriefing,
});
