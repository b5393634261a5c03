import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { runnerScanAnswer } from './shared/runner-scan.js';
import { runnerScanBriefing } from './runner-scan/briefing.js';
import { RunnerScanSchema } from './shared/runner-schema.js';

export default defineEndpoint({
  key: 'runner-scan',
  family: 'discovery',
  price: '0.04',
  summary: 'Young tokens classified by runner stage with a velocity score',
  description:
    'Fresh tokens from the market-data source\'s latest token profiles and top boosts (only tokens that paid for a ' +
    'profile or boost are seen; stated in a caveat) whose deepest pair is younger than max_token_age_hours and has ' +
    'at least min_liquidity_usd of liquidity and min_volume_h1_usd of 1 h volume. Each with its runner stage ' +
    '(RUNNING accelerating across 2+ windows, IGNITING 1 window unconfirmed, PARABOLIC_LATE already ran and ' +
    'decelerating, FADING sellers in control or liquidity pulled, QUIET) and the reasons with their numbers, a ' +
    'velocity score 0 to 1 with its four factors (acceleration, buy pressure, turnover, trade growth), buy and sell ' +
    'counts per window (at equal volume a higher buy share always ranks higher), a wash-trade flag from the average ' +
    'trade size, the token\'s transfer tax (Token-2022 transfer fee in basis points and its cap, read from the mint on ' +
    'chain; null for a token without one), and the market windows read. Liquidity pulls are flagged as rugs (drained pool, or liquidity down ' +
    '25 percent or more since the service\'s reading at least 5 minutes old: every scanned token\'s reading is ' +
    'recorded) and listed in `rugs` whatever the filters. Ranked RUNNING, IGNITING, PARABOLIC_LATE, QUIET, FADING, ' +
    'then by velocity — except that a token flagged for suspected wash trading ranks after every unflagged token ' +
    'whatever its stage: a stage and velocity read from washed trades are no runner signal (the rule trenches-scan and ' +
    'trenches-check apply), said in a caveat; with candidate and exclusion counts per filter.',
  input: Type.Object(
    {
      max_token_age_hours: withDefault(Type.Number({ minimum: 0.1, maximum: 168, description: 'Maximum token age in hours' }), 24),
      min_liquidity_usd: withDefault(Type.Number({ minimum: 0, maximum: 10000000, description: 'Minimum liquidity in USD' }), 10000),
      min_volume_h1_usd: withDefault(Type.Number({ minimum: 0, maximum: 10000000, description: 'Minimum 1h volume in USD' }), 5000),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Maximum results' }), 15),
    },
    { additionalProperties: false },
  ),
  output: RunnerScanSchema,
  cacheTtlSeconds: 30,
  example: { max_token_age_hours: 24, min_liquidity_usd: 10000, min_volume_h1_usd: 5000, limit: 15 },
  handler: (input, ctx) => runnerScanAnswer(input, ctx),
  briefing: runnerScanBriefing,
});
