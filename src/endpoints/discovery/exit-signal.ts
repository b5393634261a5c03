import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { exitSignalAnswer } from './shared/exit-signal.js';
import { exitSignalBriefing } from './exit-signal/briefing.js';
import { ExitSignalSchema } from './shared/exit-schema.js';

export default defineEndpoint({
  key: 'exit-signal',
  family: 'discovery',
  price: '0.04',
  summary: 'Exit verdict for a held token: EXIT, DERISK, HOLD or INSUFFICIENT_DATA',
  description:
    'Exit verdict for a token of any age, read from its deepest DEX pair: EXIT (exit score ≥ 0.7, or any hard ' +
    'trigger), DERISK (≥ 0.4), HOLD, or INSUFFICIENT_DATA (no market). The exit score (0 to 1) is weighted over six ' +
    'factors, each with its value and detail: sellers in control 0.25, price momentum 0.2, liquidity delta 0.1, ' +
    'holder delta 0.1, runner stage FADING 0.25, PARABOLIC_LATE exhaustion 0.1. Hard triggers force EXIT over every ' +
    'other input (the score is still shown): liquidity down 25 percent or more since the prior reading, a drained ' +
    'pool (rug: liquidity under $1,000 with the 1 h price down 50 percent or more), an active dump (5 min price ' +
    '-15 percent or worse with sells at least twice the buys). Liquidity and holder deltas compare with the ' +
    'service\'s reading of the token at least 5 minutes old, so a repeat call 5 minutes or more apart unlocks them ' +
    '(every call records its reading). With entry_price_usd, unrealized PnL (percent and multiple) as context; it ' +
    'never changes the verdict. Also the runner stage with its reasons, the market windows read and the holder count.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
      entry_price_usd: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Your entry price in USD' })),
    },
    { additionalProperties: false },
  ),
  output: ExitSignalSchema,
  cacheTtlSeconds: 30,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', entry_price_usd: 0.000021 },
  handler: (input, ctx) => exitSignalAnswer(input, ctx),
  briefing: exitSignalBriefing,
});
