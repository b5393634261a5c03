import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'launchpad-reward-risk',
  family: 'launchpad',
  price: '0.005',
  summary: 'Reward coin payout status, tax cost and 0-100 health score',
  description:
    'For a launchpad reward coin: payout status (PAYING in the last 24h, STALE, NEVER, NOT_REWARD), transfer-tax ' +
    'bps, round-trip percent, a 0 to 100 health score with level HEALTHY, MIXED, WEAK or BROKEN, and an llm_brief. ' +
    'Health reads fee bps and cap, withdraw authority (must be the platform\'s distributor), fee mutability, ' +
    'zero-rate or unadopted detection, distributions and recency, flywheel, holders and top-10 concentration, ' +
    'quote category and age.',
  input: Type.Object(
    {
      mint: Address('Reward coin mint'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Reward coin payout status, tax cost, health score'),
  cacheTtlSeconds: 120,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' },
});
