import { Type } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';
import { defineEndpoint } from '../../registry/types.js';
import { answerQuestion } from './shared/query-run.js';


const QueryOutput = Type.Object({
  question: Type.String(),
  route: Type.Object({
    intent: Type.String({ description: 'The routing rule that matched (docs/query-routing.md)' }),
    subject: Nullable(Type.Object({ address: Type.String(), kind: Type.String({ enum: ['token', 'wallet'] }), resolved_from: Type.String() }, { description: 'Set when the kind of the named address was read from the chain' })),
    endpoints: Type.Array(Type.Object({ endpoint: Type.String(), input: Type.Record(Type.String(), Type.Unknown()) }), { description: 'The calls made, callable as given' }),
    mode: Type.String({ enum: ['single', 'chain'] }),
  }),
  answered_by: Type.Union([Type.String(), Type.Array(Type.String())], { description: 'One endpoint, or the chained endpoints' }),
  answer: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Single route: the data of that endpoint, exactly as it answers' })),
  answers: Type.Optional(Type.Record(Type.String(), Nullable(Type.Record(Type.String(), Type.Unknown())), { description: 'Chain: each endpoint\'s data by key; null when that leg failed or is not built (see caveats)' })),
}, { additionalProperties: false });

export default defineEndpoint({
  key: 'query',
  family: 'intelligence',
  price: '0.003',
  summary: 'Ask a plain-language question; routed deterministically to one or several enrichers',
  description:
    'Routes a natural-language question (3 to 500 characters) by deterministic rules, without model inference, and ' +
    'returns a single enricher\'s result or a unified briefing chaining 2 or 3 enrichers in parallel. "Should I buy X" ' +
    'chains due-diligence, token-trend and whale-watch; "wallet deep dive on X" chains the full wallet profile, ' +
    'wallet history and perps positions; "what is trending" routes to trending-signals; a perp funding-rate ' +
    'question routes to perps-market-structure; every other family is reached by its keywords (the routing table is ' +
    'in docs/query-routing.md). An address whose kind the words do not state is looked up on chain (mint or wallet). ' +
    'A chained endpoint that fails or is not built yet leaves a caveat. A question it cannot route answers 422 ' +
    'unroutable_question with suggestions and is not charged.',
  input: Type.Object(
    {
      question: Type.String({ minLength: 3, maxLength: 500, description: 'The question (3 to 500 characters)' }),
    },
    { additionalProperties: false },
  ),
  output: QueryOutput,
  cacheTtlSeconds: 60,
  example: { question: 'Should I buy DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263?' },
  handler: (input, ctx) => answerQuestion(input.question, ctx),
  briefing: (result) => result.briefing ?? `## query\n- answered by ${String(result.data.answered_by)}`,
});
