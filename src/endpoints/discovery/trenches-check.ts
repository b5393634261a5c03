import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'trenches-check',
  family: 'discovery',
  price: '0.03',
  summary: 'Confluence verdict for one token: runner, smart-money and attention signals',
  description:
    'Confluence verdict for one token of any age: HIGH_CONFLUENCE, MODERATE, SINGLE_SIGNAL or NO_SIGNAL, with the ' +
    'confluence count and reasoning. Repeated calls at least 5 minutes apart unlock liquidity and holder deltas.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Confluence verdict for one token'),
  cacheTtlSeconds: 30,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' },
});
