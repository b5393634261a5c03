/**
 * The JSON body of a 402. It carries the x402 v1 challenge (v1 clients read the body; v2 clients read
 * the `PAYMENT-REQUIRED` header), so `error` is the error code string as x402 defines it, plus what an
 * agent needs to decide before paying: the price, how to pay, every endpoint's price, and any
 * problems with the input it sent (so it never pays for a call that would be refused).
 */
import type { InputIssue, ErrorCode } from '../errors/api-error.js';
import type { Registry, RegisteredEndpoint } from '../registry/index.js';
import type { Challenge } from './types.js';
import { PAYMENT_NETWORKS } from './networks.js';

export interface EndpointPrice {
  key: string;
  price_usdc: string | null;
  summary: string;
  implemented: boolean;
}

export function allEndpointPrices(registry: Registry): EndpointPrice[] {
  return registry.list.map((e) => ({ key: e.def.key, price_usdc: e.def.price, summary: e.def.summary, implemented: e.implemented }));
}

export function howToPay(publicUrl: string, cardEnabled: boolean): Record<string, unknown> {
  return {
    protocol: 'x402',
    steps: [
      'Call the endpoint without payment to receive this 402 challenge.',
      'Pick one entry of `accepts` (USDC on Solana or on Base; same price) and sign a payment for it. ' +
        'An `upto` entry (Base, v2; only where the endpoint has a pricing rule, stated in its description) authorises the price as a maximum: the call is charged by its rule, never more. ' +
        'A `batch-settlement` entry (Base, v2), where offered, pays from a channel deposited once, with one signed voucher per call and no transaction per call.',
      'Repeat the identical call with the payment header. The result comes back with a settlement receipt.',
    ],
    v2: 'Send `PAYMENT-SIGNATURE: <base64 PaymentPayload>`; the challenge is the base64 `PAYMENT-REQUIRED` response header. Receipt: `PAYMENT-RESPONSE`.',
    v1: 'Send `X-PAYMENT: <base64 payment payload>` built from `accepts` in this body. Receipt: `X-PAYMENT-RESPONSE`.',
    card: cardEnabled
      ? 'Send `Authorization: Payment <credential>` (MPP card payment); see `WWW-Authenticate`.'
      : 'Card payment is not enabled on this deployment.',
    charged_only_on_success: 'Payments are settled only after a 2xx result; invalid input and failures are never charged.',
    clients: ['@x402/fetch (v2)', 'x402-fetch (v1)'],
    docs: `${publicUrl}/docs`,
  };
}

export function challengeBody(args: {
  endpoint: RegisteredEndpoint;
  challenge: Challenge;
  code: Extract<ErrorCode, 'payment_required' | 'payment_invalid' | 'payment_replayed'>;
  message: string;
  requestId: string;
  allEndpoints: EndpointPrice[];
  howToPay: Record<string, unknown>;
  inputErrors?: InputIssue[];
  reason?: string;
}): Record<string, unknown> {
  const { endpoint, challenge } = args;
  return {
    x402Version: 1,
    error: args.code,
    message: args.message,
    ...(args.reason ? { reason: args.reason } : {}),
    retryable: args.code !== 'payment_replayed',
    request_id: args.requestId,
    accepts: challenge.v1.accepts,
    resource: challenge.v2.resource.url,
    pricing: {
      endpoint: endpoint.def.key,
      price_usdc: endpoint.def.price,
      amount_atomic: endpoint.priceAtomic?.toString(),
      currency: 'USDC',
      networks: PAYMENT_NETWORKS.map((n) => ({ network: n.id, v1_name: n.v1Name, label: n.label, asset: n.asset })),
      cache_ttl_s: endpoint.def.cacheTtlSeconds,
      implemented: endpoint.implemented,
    },
    how_to_pay: args.howToPay,
    all_endpoints: args.allEndpoints,
    ...(args.inputErrors && args.inputErrors.length > 0 ? { input_errors: args.inputErrors } : {}),
  };
}
