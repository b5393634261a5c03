import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { trenchesCheckAnswer } from './trenches-check/answer.js';
import { trenchesCheckBriefing } from './shared/trenches-briefing.js';
import { TrenchesCheckSchema } from './shared/trenches-schema.js';

export default defineEndpoint({
  key: 'trenches-check',
  family: 'discovery',
  price: '0.03',
  summary: 'Confluence verdict for one token: runner, smart-money and attention signals',
  description:
    'Confluence verdict for one token of any age: HIGH_CONFLUENCE (3 signals present), MODERATE (2), SINGLE_SIGNAL ' +
    '(1) or NO_SIGNAL, with the count, each signal\'s evidence and reasoning. Signals: runner (runner stage RUNNING ' +
    'or IGNITING on its deepest DEX pair, not counted when wash trading is suspected; the stage, its reasons, ' +
    'velocity, wash and rug flags are included), smart ' +
    'money (at least one smart wallet qualifying as a winner as in smart-money-flow, win rate at least 0.55 over at ' +
    'least 5 closed trades in 14 days, bought it in the last 24 h and still holds it; the buyers with their times, ' +
    'and those that sold out since as exited with when, not present), attention (at least 3 paid calls naming it in ' +
    'this service\'s query stream over the last 6 hours, or the top decile of the tokens asked about; only when that ' +
    'window holds at least 10 tokens and 30 calls, else the signal is unknown as an insufficient sample, never ' +
    'present). Also the trenches-scan composite score with its factors, the holder count and the token\'s transfer ' +
    'tax (Token-2022 transfer fee in basis points and its cap per transfer, read from the mint on chain; null for a ' +
    'token without one). A failed leg is a caveat and its signal unknown (the count is then a lower bound). ' +
    'Liquidity and holder deltas compare ' +
    'with the service\'s reading of the token at least 5 minutes old, so a repeat call 5 minutes or more apart ' +
    'unlocks them (every call records its reading).',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
    },
    { additionalProperties: false },
  ),
  output: TrenchesCheckSchema,
  cacheTtlSeconds: 30,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' },
  handler: (input, ctx) => trenchesCheckAnswer(input, ctx),
  briefing: trenchesCheckBriefing,
});
