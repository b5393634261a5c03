import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'enrich-token-full',
  family: 'wallet-token',
  price: '0.004',
  summary: 'Full token analysis: light fields plus top 20 holders, HHI concentration and volatility',
  description:
    'Everything in the light token analysis (median price, market cap, volume, liquidity, slippage at 100 / 1K / ' +
    '10K / 100K USD, risk flags, verification status) plus the top 20 holders, the HHI concentration index (sum of ' +
    'squared holder percentages: below 1500 well distributed, up to 2500 moderately, above 2500 highly ' +
    'concentrated) and volatility metrics from the 1h, 6h and 24h price changes (LOW, MODERATE, HIGH, EXTREME). ' +
    'include_holders defaults to true.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
      include_holders: withDefault(Type.Boolean({ description: 'Include the top 20 holders' }), true),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Token analysis (full)'),
  cacheTtlSeconds: 120,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', include_holders: true },
});
