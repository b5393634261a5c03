import { Type } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';
import { defineEndpoint } from '../../registry/types.js';
import { answerQuestion } from './query/answer-question.js';
import { priceBookBinding } from './query/price-book.js';

/** query's price; every leg priced above it comes back as headlines only (src/analytics/query/preview.ts). */
const PRICE = '0.003';

/**
 * The prices of the endpoints query routes to, from the list it is registered in: src/endpoints/index.ts
 * binds it when it is loaded. A registry built without loading that module leaves it unbound, and every
 * query call then answers 500 `internal` (the price book cannot be guessed).
 */
export const queryPriceBook = priceBookBinding();

const PRICE_RULE =
  `A leg whose endpoint is priced at or below query's own ${PRICE} USDC (or is free) comes back whole; a leg priced above it comes back ` +
  'as its headlines and one paragraph, with a next step naming that endpoint, its price and the exact input for the full answer. ' +
  'query is a router, not a discount: it must not sell a 0.10 USDC answer for the price of routing the question.';

const HeadlineValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

const LegPreview = Type.Object({
  endpoint: Type.String({ description: 'The endpoint this leg ran' }),
  price_usdc: Type.String({ description: `Its price per call in USDC, above query's ${PRICE}` }),
  input: Type.Record(Type.String(), Type.Unknown(), { description: 'The exact input the leg ran with: send it to the endpoint for the full answer (the same call is in next_steps)' }),
  briefing: Type.String({ description: 'One paragraph made from the headlines only' }),
  headlines: Type.Record(Type.String(), HeadlineValue, {
    description:
      'The few fields that tell whether the full answer is worth buying: the subject, the window every count or change is measured over, ' +
      'how much the answer found (counts, not the items) and its top-line verdict when it has one. The fields of each endpoint are listed in docs/query-routing.md',
  }),
}, { additionalProperties: false, description: `A leg priced above query: headlines only. ${PRICE_RULE}` });

const QueryOutput = Type.Object({
  question: Type.String(),
  route: Type.Object({
    intent: Type.String({ description: 'The routing rule that matched (docs/query-routing.md)' }),
    subject: Nullable(Type.Object({ address: Type.String(), kind: Type.String({ enum: ['token', 'wallet'] }), resolved_from: Type.String() }, { description: 'Set when the kind of the named address was read from the chain' })),
    endpoints: Type.Array(Type.Object({ endpoint: Type.String(), input: Type.Record(Type.String(), Type.Unknown()) }), { description: 'The calls made, callable as given' }),
    mode: Type.String({ enum: ['single', 'chain'] }),
  }),
  answered_by: Type.Union([Type.String(), Type.Array(Type.String())], { description: 'One endpoint, or the chained endpoints' }),
  answer: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: `Single route to an endpoint priced at or below query's ${PRICE} USDC (or free): its data, exactly as it answers. Absent when \`preview\` is set` })),
  preview: Type.Optional(LegPreview),
  answers: Type.Optional(Type.Record(Type.String(), Nullable(Type.Record(Type.String(), Type.Unknown())), { description: `Chain: the data of each leg priced at or below query's ${PRICE} USDC (or free), by endpoint; null when that leg failed or is not built (see caveats)` })),
  previews: Type.Optional(Type.Record(Type.String(), Nullable(LegPreview), { description: 'Chain: the headlines of each leg priced above query, by endpoint; null when that leg failed or is not built (see caveats)' })),
}, { additionalProperties: false, description: PRICE_RULE });

export default defineEndpoint({
  key: 'query',
  family: 'intelligence',
  price: PRICE,
  summary: 'Ask a plain-language question; routed deterministically to one or several enrichers',
  description:
    'Routes a natural-language question (3 to 500 characters) by deterministic rules, without model inference, and ' +
    'returns a single enricher\'s result or a unified briefing chaining 2 or 3 enrichers in parallel. "Should I buy X" ' +
    'chains due-diligence, token-trend and whale-watch; "wallet deep dive on X" chains the full wallet profile, ' +
    'wallet history and perps positions; "what is trending" routes to trending-signals; a perp funding-rate ' +
    'question routes to perps-market-structure; every other family is reached by its keywords (the routing table is ' +
    'in docs/query-routing.md). An address whose kind the words do not state is looked up on chain (mint or wallet). ' +
    'A chained endpoint that fails or is not built yet leaves a caveat. A question it cannot route answers 422 ' +
    'unroutable_question with suggestions and is not charged. ' + PRICE_RULE,
  input: Type.Object(
    {
      question: Type.String({ minLength: 3, maxLength: 500, description: 'The question (3 to 500 characters)' }),
    },
    { additionalProperties: false },
  ),
  output: QueryOutput,
  cacheTtlSeconds: 60,
  example: { question: 'Should I buy DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263?' },
  handler: (input, ctx) => answerQuestion(input.question, ctx, queryPriceBook.read),
  briefing: (result) => result.briefing ?? `## query\n- answered by ${String(result.data.answered_by)}`,
});
