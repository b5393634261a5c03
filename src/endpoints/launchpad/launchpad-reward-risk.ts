import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { RewardRiskSchema } from './launchpad-reward-risk/schema.js';
import { rewardRiskAnswer } from './launchpad-reward-risk/answer.js';
import { rewardRiskBriefing } from './launchpad-reward-risk/briefing.js';

export default defineEndpoint({
  key: 'launchpad-reward-risk',
  family: 'launchpad',
  price: '0.005',
  summary: 'Reward coin payout status, tax cost and 0-100 health score',
  description:
    'For a launchpad reward coin: payout status (PAYING: a payout in the last 24 h; STALE: has paid, not in 24 h; ' +
    'NEVER: a live reward coin not paid yet; NOT_REWARD: a standard launch, a 0 bps rate or 0 cap, or a pool the ' +
    'platform never adopted; fee-share reward coins without a transfer tax are reward coins), transfer-tax bps, tax_round_trip_pct (tax taken in and out, price impact excluded — launchpad-quote\'s round_trip_pct adds it; 0 without a collectable transfer fee), a ' +
    '0 to 100 health score with its factor breakdown and level HEALTHY (75 or more), MIXED (50 or more), WEAK (25 ' +
    'or more) or BROKEN (below 25, or forced by a hard failure: NOT_REWARD, or a withdraw authority other than the ' +
    'platform\'s distributor), and an llm_brief. Health reads fee bps and cap, withdraw authority, fee mutability, ' +
    'zero-rate or unadopted detection, distributions and recency, flywheel, holders and top-10 concentration, ' +
    'quote category and age. Authorities, adoption and top-10 share are read on chain; the rest from the platform. Read from the ' +
    '10-minute coin index (caveat index_stale once it is 30 minutes old), or live for a coin not indexed. An unknown mint is a 404, not charged.',
  input: Type.Object(
    {
      mint: Address('Reward coin mint'),
    },
    { additionalProperties: false },
  ),
  output: RewardRiskSchema,
  cacheTtlSeconds: 120,
  example: { mint: 'J4RvXMpAsnHvvf4br4g8WBWNwYFCipK28pCXhTAkyyqc' },
  handler: (input, ctx) => rewardRiskAnswer(input, ctx),
  briefing: rewardRiskBriefing,
});
