import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { compareTokens } from './compare-tokens/token-columns.js';
import { CompareTokensSchema } from './shared/comparison-schemas.js';
import { compareTokensBriefing } from './shared/comparison-briefings.js';
import { duplicateIssues } from './shared/duplicates.js';

export default defineEndpoint({
  key: 'compare-tokens',
  family: 'intelligence',
  price: '0.006',
  summary: 'Compare 2 or 3 tokens side by side: price, liquidity, volatility, HHI, risk',
  description:
    'Side-by-side comparison of 2 or 3 tokens from their full token analyses: price, liquidity, 24 h volume, ' +
    'market cap, volatility (level and daily std), HHI holder concentration on raw supply and on the tradeable ' +
    'float, and the token risk score of due-diligence with its verdict — computed WITHOUT whale activity (that is ' +
    'due-diligence\'s job), so whale_distribution is listed under unknown_factors and every score is a lower bound ' +
    'by at most 0.05. Rankings per metric: lower risk, HHI and volatility rank first; higher liquidity, volume and ' +
    'market cap rank first; tied values share a rank; unknown values rank last and are listed. Summary picks: ' +
    'safest, most_liquid, least_concentrated (float HHI), least_volatile, and overall (best verdict first, then the ' +
    'best mean rank over risk, liquidity, float HHI and volatility) with their reasons. A token that cannot be read ' +
    'becomes a column with its error when 2 others remain; otherwise the call fails (404 not_found for a mint that ' +
    'does not exist) and is not charged. Each mint ' +
    'may appear once.',
  input: Type.Object(
    {
      mints: Type.Array(Address(), { minItems: 2, maxItems: 3, description: 'Token mints to compare (2 or 3)' }),
    },
    { additionalProperties: false },
  ),
  output: CompareTokensSchema,
  cacheTtlSeconds: 60,
  example: { mints: ['JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'] },
  crossFieldCheck: (input) => duplicateIssues(input.mints, '/mints', 'mint'),
  handler: (input, ctx) => compareTokens(input.mints, ctx),
  briefing: compareTokensBriefing,
});
