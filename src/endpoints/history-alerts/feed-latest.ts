import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Timestamp } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'feed-latest',
  family: 'history-alerts',
  price: '0.005',
  summary: 'The latest daily brief of trending tokens, or unchanged since your last poll',
  description:
    'The daily brief: a ranking of trending tokens with composite scoring. Cached 24 hours and populated lazily on a ' +
    'cache miss. When `since` is given and the brief is not newer than it, returns `unchanged: true` with an ' +
    'empty payload.',
  input: Type.Object(
    {
      since: Type.Optional(Timestamp('Only return the brief if it is newer than this (ISO 8601 UTC ending in Z)')),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Daily brief; `unchanged` = true with empty payload when the brief is not newer than `since`'),
  cacheTtlSeconds: 86400,
  example: { since: '2026-11-01T00:00Z' },
});
