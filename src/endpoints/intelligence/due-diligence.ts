import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { dueDiligence } from './due-diligence/assessment.js';
import { DueDiligenceSchema } from './shared/whale-schemas.js';
import { dueDiligenceBriefing } from './shared/intelligence-briefings.js';
import { dueDiligenceSnapshot } from '../shared/snapshots.js';

export default defineEndpoint({
  key: 'due-diligence',
  family: 'intelligence',
  price: '0.020',
  summary: 'Token due-diligence report with a SAFE / CAUTION / RISKY verdict',
  description:
    'Combines the full token analysis, whale activity over the last 24 h (threshold 10,000 USD) and holder ' +
    'concentration into a deterministic token risk score (0 to 1: +0.1 per risk flag not named below — low liquidity ' +
    'and Token-2022 extension flags —, +0.1 unverified, +0.15 mint authority active, +0.1 freeze authority active, ' +
    '+0.15 top holder above 50 percent of supply, +0.1 top 5 above 80 percent, +0.05 whale distribution), capped at 1, ' +
    'with every factor and its increment, and a verdict: SAFE below 0.30, CAUTION 0.30 to 0.60, RISKY above 0.60. ' +
    'Factors whose data is unavailable are listed as unknown and the score is then marked a lower bound. ' +
    'An address that is not a token mint answers 404 not_found, not charged.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
    },
    { additionalProperties: false },
  ),
  output: DueDiligenceSchema,
  cacheTtlSeconds: 120,
  example: { mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN' },
  handler: (input, ctx) => dueDiligence(input.mint, ctx),
  briefing: dueDiligenceBriefing,
  snapshot: dueDiligenceSnapshot,
});
