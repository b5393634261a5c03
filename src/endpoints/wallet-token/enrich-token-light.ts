import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { analyzeToken } from '../shared/token-analysis.js';
import { TokenAnalysisLightSchema } from '../shared/wallet-token-schemas.js';
import { tokenBriefing } from './shared/briefings.js';
import { tokenSnapshot } from '../shared/snapshots.js';

export default defineEndpoint({
  key: 'enrich-token-light',
  family: 'wallet-token',
  price: '0.002',
  summary: 'Light token analysis: median price, market data, slippage at four sizes, risk flags, verification',
  description:
    'Price (median of up to 3 sources: wallet-asset provider, market-data aggregator, price aggregator), market cap, ' +
    'volume, liquidity, slippage estimates at four position sizes (100, 1K, 10K and 100K USD) from an aggregator ' +
    'quote, risk flags and the metadata aggregator\'s verification status. include_holders adds the top holders.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
      include_holders: withDefault(Type.Boolean({ description: 'Include the top holders' }), false),
    },
    { additionalProperties: false },
  ),
  output: TokenAnalysisLightSchema,
  cacheTtlSeconds: 60,
  example: { mint: '2sxu8BQBZ3x8q1kZYNymJafzvaDDJsDgM174FDfLggBb', include_holders: false },
  handler: (input, ctx) => analyzeToken(input.mint, { includeHolders: input.include_holders ?? false, full: false }, ctx),
  briefing: tokenBriefing,
  snapshot: tokenSnapshot('mint'),
});
