import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'due-diligence',
  family: 'intelligence',
  price: '0.020',
  summary: 'Token due-diligence report with a SAFE / CAUTION / RISKY verdict',
  description:
    'Combines the token analysis, whale activity and holder concentration into a deterministic token risk score ' +
    '(0 to 1: +0.1 per risk flag, +0.1 unverified, +0.15 mint authority active, +0.1 freeze authority active, ' +
    '+0.15 top holder above 50 percent, +0.1 top 5 above 80 percent, +0.05 whale distribution) with its factors, ' +
    'and a verdict: SAFE below 0.30, CAUTION 0.30 to 0.60, RISKY above 0.60.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Due-diligence report with verdict'),
  cacheTtlSeconds: 120,
  example: { mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN' },
});
