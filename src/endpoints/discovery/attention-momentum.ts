import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { AttentionWindow, withDefault } from '../../registry/fields.js';
import { attentionMomentumAnswer } from './attention-momentum/answer.js';
import { attentionMomentumBriefing } from './attention-momentum/briefing.js';
import { AttentionMomentumSchema } from './attention-momentum/schema.js';

export default defineEndpoint({
  key: 'attention-momentum',
  family: 'discovery',
  price: '0.02',
  summary: 'Tokens ranked by agent-attention acceleration with a price-change overlay',
  description:
    'Tokens ranked by attention acceleration from this service\'s own paid query stream (paid calls naming the ' +
    'token, per UTC hour; operator test traffic excluded when configured). Three consecutive windows of the chosen ' +
    'size (1h, 6h or 24h) of whole UTC hours, oldest first, the latest ending where the running hour starts; per ' +
    'token the three counts, acceleration = ((w3 - w2) - (w2 - w1)) / mean count, trend (rising at w3 ≥ 1.5 × w2, ' +
    'falling at 1.5 × w3 ≤ w2), sample_quality (low under 10 calls), the running hour\'s calls as context, and the ' +
    'price change over one window length (h1, h6 or h24 of the deepest DEX pair) with the divergence class (none ' +
    'for a low sample: fewer than 10 calls are not a signal): ' +
    'confirmed_momentum (attention rising, price +5 percent or more), early_signal (rising, price between -20 and ' +
    '+5 percent), distribution_risk (rising into a -20 percent fall, or falling while the price rises 5 percent or ' +
    'more), fading (falling, price under +5 percent). Ranked ok samples first, then by acceleration; the percentile ' +
    'is null when the windows hold fewer than 10 tokens or 30 calls (a rank among a handful is no percentile). If the ' +
    'market-data source fails the ranking still answers, without prices.',
  input: Type.Object(
    {
      window: withDefault(AttentionWindow(), '6h'),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Maximum results' }), 10),
    },
    { additionalProperties: false },
  ),
  output: AttentionMomentumSchema,
  cacheTtlSeconds: 60,
  example: { window: '6h', limit: 10 },
  handler: (input, ctx) => attentionMomentumAnswer(input, ctx),
  briefing: attentionMomentumBriefing,
});
