/** The response headers the OpenAPI document describes once and refers to (`#/components/headers/...`). */
import type { Json } from './json.js';

export function sharedHeaders(): Record<string, Json> {
  return {
    'X-Request-Id': { description: 'Id of this request (also `meta.request_id` / `error.request_id`).', schema: { type: 'string' } },
    'X-Service-Version': { description: 'Service version.', schema: { type: 'string' } },
    'PAYMENT-REQUIRED': {
      description: 'x402 v2 challenge: base64 of the JSON `PaymentRequired` (`x402Version: 2`, `resource`, `accepts[]` with CAIP-2 networks).',
      schema: { type: 'string' },
    },
    'PAYMENT-RESPONSE': { description: 'x402 settlement receipt (base64 JSON), on a paid 2xx answer.', schema: { type: 'string' } },
    'X-PAYMENT-RESPONSE': { description: 'Same receipt for x402 v1 clients.', schema: { type: 'string' } },
    'Retry-After': { description: 'Seconds to wait before calling again.', schema: { type: 'integer', minimum: 0 } },
    'WWW-Authenticate': { description: 'Card (MPP) payment challenge, when card payment is enabled.', schema: { type: 'string' } },
  };
}
