import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'launchpad-yield',
  family: 'launchpad',
  price: '0.005',
  summary: 'Reward coin yield: trailing 7d, 30d and lifetime, in quote asset and USD',
  description:
    'Trailing 7d, 30d and lifetime yield of a launchpad reward coin: rewards in the quote asset and in USD (priced ' +
    'via a price aggregator) divided by the average market cap from daily snapshots of a 10-minute ingest; an ' +
    'annualized figure with a caution flag when the window is under 7 days or partial; quote_exposure; and the ' +
    'reward asset.',
  input: Type.Object(
    {
      mint: Address('Reward coin mint'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Reward coin yield'),
  cacheTtlSeconds: 600,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' },
});
