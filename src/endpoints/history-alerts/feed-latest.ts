import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Timestamp } from '../../registry/fields.js';
import { BRIEF_TTL_SECONDS, computeBrief, pollBrief } from './feed-latest/daily-brief.js';
import { FeedLatestSchema, feedBriefing } from './feed-latest/schema.js';

export default defineEndpoint({
  key: 'feed-latest',
  family: 'history-alerts',
  price: '0.005',
  summary: 'The latest daily brief of trending tokens, or unchanged since your last poll',
  description:
    'The daily brief: a ranking of trending tokens with composite scoring (24 h volume, liquidity, price momentum, ' +
    'buy pressure, holder growth and agent attention from this service\'s query stream, each a weighted factor) over ' +
    'the market-data aggregator\'s most-boosted Solana tokens. A token whose deepest pair is flagged for suspected wash ' +
    'trading (the runner reading\'s wash flag, as runner-scan and trending-signals read it) has its volume and buy-pressure ' +
    'factors counted 0 — washed volume is not demand — with wash_penalty giving the score at face value: the same rule and ' +
    'function as trending-signals, so both score a token alike. Cached 24 hours and populated lazily on a cache miss. ' +
    'When `since` is given and the brief is not newer than it, returns `unchanged: true` with an empty token list.',
  input: Type.Object(
    {
      since: Type.Optional(Timestamp('Only return the brief if it is newer than this (ISO 8601 UTC ending in Z)')),
    },
    { additionalProperties: false },
  ),
  output: FeedLatestSchema,
  cacheTtlSeconds: BRIEF_TTL_SECONDS,
  example: { since: '2026-11-01T00:00Z' },
  handler: (input, ctx) => (input.since === undefined ? computeBrief(ctx) : pollBrief(input.since, ctx)),
  briefing: feedBriefing,
});
