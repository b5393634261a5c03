import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'exit-signal',
  family: 'discovery',
  price: '0.04',
  summary: 'Exit verdict for a held token: EXIT, DERISK, HOLD or INSUFFICIENT_DATA',
  description:
    'Exit verdict for a token of any age (EXIT, DERISK, HOLD, INSUFFICIENT_DATA) with an exit score 0 to 1 and ' +
    'reasoning; with entry_price_usd, unrealized-PnL context. Hard triggers (a liquidity-pool pull of -25 percent ' +
    'or worse, an active dump) force EXIT. Repeated calls at least 5 minutes apart unlock liquidity and holder deltas.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
      entry_price_usd: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Your entry price in USD' })),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Exit verdict'),
  cacheTtlSeconds: 30,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', entry_price_usd: 0.000021 },
});
