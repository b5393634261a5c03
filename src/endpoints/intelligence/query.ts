import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { pendingOutput } from '../../registry/pending-output.js';

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
    'question routes to perps-market-structure. A question it cannot route answers 422 unroutable_question with ' +
    'suggested endpoints and is not charged.',
  input: Type.Object(
    {
      question: Type.String({ minLength: 3, maxLength: 500, description: 'The question (3 to 500 characters)' }),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput("A single enricher's result, or a unified briefing chaining 2 or 3 enrichers in parallel"),
  cacheTtlSeconds: 60,
  example: { question: 'Should I buy DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263?' },
});
