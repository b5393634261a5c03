import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'compare-tokens',
  family: 'intelligence',
  price: '0.006',
  summary: 'Compare 2 or 3 tokens side by side: price, liquidity, volatility, HHI, risk',
  description:
    'Side-by-side comparison of 2 or 3 tokens: price, liquidity, volatility, HHI holder concentration and risk, ' +
    'with rankings per metric and summary picks.',
  input: Type.Object(
    {
      mints: Type.Array(Address(), { minItems: 2, maxItems: 3, description: 'Token mints to compare (2 or 3)' }),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Side-by-side price, liquidity, volatility, HHI, risk; rankings and summary picks'),
  cacheTtlSeconds: 60,
  example: { mints: ['JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'] },
});
