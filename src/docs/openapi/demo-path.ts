/** `POST /demo/enrich`: the free, rate-limited demo (a light token or wallet profile). */
import type { Registry } from '../../registry/index.js';
import { DEMO_ADDRESS } from '../examples.js';
import { DEMO_TAG, headerRef, pascalCase, ref, responseRef, type Json } from './json.js';

export function demoPath(registry: Registry): Record<string, Json> {
  const targets = ['enrich-wallet-light', 'enrich-token-light'].filter((k) => registry.get(k));
  const answer = targets.length > 0 ? { anyOf: targets.map((k) => ref(`${pascalCase(k)}Response`)) } : ref('Envelope');
  return {
    post: {
      operationId: 'demoEnrich',
      tags: [DEMO_TAG],
      summary: 'Free demo: light profile of a wallet or a token',
      description:
        'A token mint gets the light token analysis (`enrich-token-light`), any other address the light wallet profile ' +
        '(`enrich-wallet-light`), in the same envelope as the paid endpoints. Limited to 10 calls per client IP per rolling hour ' +
        '(429 with `Retry-After` and `resets_at`). No payment.',
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['address'],
              properties: {
                address: { type: 'string', minLength: 32, maxLength: 44, pattern: '^[1-9A-HJ-NP-Za-km-z]+$', description: 'Wallet address or token mint' },
              },
              additionalProperties: false,
            },
            example: { address: DEMO_ADDRESS },
          },
        },
      },
      responses: {
        '200': {
          description: 'The light profile.',
          headers: {
            'X-Request-Id': headerRef('X-Request-Id'),
            'X-RateLimit-Remaining': { description: 'Demo calls left in the current hour.', schema: { type: 'integer' } },
          },
          content: { 'application/json': { schema: answer } },
        },
        '400': responseRef('BadRequest'),
        '413': responseRef('PayloadTooLarge'),
        '429': responseRef('RateLimited'),
        '500': responseRef('InternalError'),
        '501': responseRef('NotImplemented'),
        '502': responseRef('UpstreamUnavailable'),
        '503': responseRef('ServiceUnavailable'),
        '504': responseRef('UpstreamTimeout'),
      },
    },
  };
}
