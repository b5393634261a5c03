import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Depth, StringEnum, withDefault } from '../../registry/fields.js';
import { batchEnrich, BATCH_CONCURRENCY } from './batch-enrich/batch.js';
import { BatchEnrichSchema } from './shared/comparison-schemas.js';
import { batchBriefing } from './shared/comparison-briefings.js';
import { batchSnapshot } from '../shared/snapshots.js';
import { chargedPerItemAnswered } from '../../registry/pricing.js';

/** An item is one distinct address: duplicates are answered once, so they are one item. */
const PRICING = chargedPerItemAnswered('0.015', 'item');

export default defineEndpoint({
  key: 'batch-enrich',
  family: 'intelligence',
  price: '0.015',
  summary: 'Enrich 1 to 25 wallets or tokens in parallel in one call',
  description:
    'Parallel enrichment of each address: for type wallet, the wallet profile at the requested depth (light or ' +
    'full); for type token, the token analysis at that depth. 1 to 25 addresses per call, all of one type. Each item\'s data equals the answer of the matching single endpoint (enrich-wallet-light / ' +
    '-full, enrich-token-light / -full). Items come in input order, one per distinct address (duplicates are ' +
    `answered once), ${BATCH_CONCURRENCY} at a time. One failing address is a per-item error ({ok: false, error: ` +
    '{code, message, retryable}}) — e.g. not_found for a wallet given as a token or a mint given as a wallet, ' +
    'upstream_unavailable when its data source failed, upstream_timeout when it could not finish before the ' +
    '15 s answer deadline — not a failed batch. A batch where no item succeeded fails like a single call ' +
    '(404, 502 or 504) and is not charged. ' + PRICING.rule,
  input: Type.Object(
    {
      addresses: Type.Array(Address(), { minItems: 1, maxItems: 25, description: 'Addresses to enrich (1 to 25)' }),
      type: StringEnum(['wallet', 'token'] as const, { description: 'Whether the addresses are wallets or token mints' }),
      depth: withDefault(Depth(), 'light'),
    },
    { additionalProperties: false },
  ),
  output: BatchEnrichSchema,
  cacheTtlSeconds: 60,
  example: {
    addresses: ['57yajeqeQu1y43Tn3GL7ycs5HNDLsdkjbKqt44s3WGbz', 'FLJ2HsJUYjxRsKWVcwLbatomDTRAEsQKR9vSRQbLu5eU'],
    type: 'wallet',
    depth: 'light',
  },
  handler: (input, ctx) => batchEnrich(input, ctx),
  briefing: batchBriefing,
  snapshot: batchSnapshot,
  pricing: PRICING,
});
