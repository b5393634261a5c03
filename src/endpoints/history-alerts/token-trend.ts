import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Lookback, withDefault } from '../../registry/fields.js';
import { TokenTrendSchema } from './shared/history-schemas.js';
import { tokenTrendBriefing } from './shared/history-briefings.js';
import { tokenTrendAnswer } from './token-trend/answer.js';

export default defineEndpoint({
  key: 'token-trend',
  family: 'history-alerts',
  price: '0.006',
  summary: 'Daily snapshot series of a token with improving / declining / stable direction per metric',
  description:
    'Daily snapshots of a token over the lookback (7d, 14d or 30d) with a direction indicator (improving, declining ' +
    'or stable) for price, liquidity, holder concentration and risk score. The direction follows each metric\'s ' +
    'direction of goodness, stated in the answer as `polarity`: price and liquidity are higher-is-better; holder ' +
    'concentration (HHI) and the risk score are lower-is-better, so a rising risk score is `declining` (worsening), ' +
    'never improving. `movement` (rising, falling, flat) says what the number did. Moves under 5 % (0.05 for the risk ' +
    'score) are stable. Snapshots accumulate as a side effect of every enrichment call. An address that is not a ' +
    'token mint answers 404 not_found, not charged.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
      lookback: withDefault(Lookback(), '7d'),
    },
    { additionalProperties: false },
  ),
  output: TokenTrendSchema,
  cacheTtlSeconds: 300,
  example: { mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', lookback: '7d' },
  handler: (input, ctx) => tokenTrendAnswer(input, ctx),
  briefing: tokenTrendBriefing,
});
