/**
 * Payment in the OpenAPI document: the 402 body and its parts, the 402 response, the payment header
 * parameters and each paid operation's `x-payment-info`. The payment is not modelled as a security scheme:
 * x402 is a per-call payment, not a credential, and agent clients read an `apiKey` scheme as "needs an API
 * key". How payment works: docs/payments.md.
 */
import { PAYMENT_NETWORKS } from '../../payments/networks.js';
import { USDC_DECIMALS, type RegisteredEndpoint } from '../../registry/index.js';
import type { SiteInfo } from '../site.js';
import { headerRef, ref, type Json } from './json.js';

export function paymentSchemas(): Record<'PaymentNetwork' | 'PaymentRequirementsV1' | 'EndpointPrice' | 'PaymentRequired402', Json> {
  return {
    PaymentNetwork: {
      type: 'object',
      required: ['network', 'v1_name', 'asset'],
      properties: {
        network: { type: 'string', enum: PAYMENT_NETWORKS.map((n) => n.id), description: 'CAIP-2 network id (x402 v2).' },
        v1_name: { type: 'string', enum: PAYMENT_NETWORKS.map((n) => n.v1Name), description: 'x402 v1 network name.' },
        label: { type: 'string' },
        asset: { type: 'string', description: 'USDC mint / contract address on that network.' },
      },
      additionalProperties: false,
    },
    PaymentRequirementsV1: {
      type: 'object',
      description: 'One x402 v1 payment option (`accepts[]` entry).',
      required: ['scheme', 'network', 'maxAmountRequired', 'resource', 'payTo', 'asset', 'maxTimeoutSeconds'],
      properties: {
        scheme: { type: 'string', examples: ['exact'] },
        network: { type: 'string', enum: PAYMENT_NETWORKS.map((n) => n.v1Name) },
        maxAmountRequired: { type: 'string', pattern: '^[0-9]+$', description: 'USDC atomic units (6 decimals).' },
        resource: { type: 'string', format: 'uri' },
        description: { type: 'string' },
        mimeType: { type: 'string' },
        outputSchema: { type: 'object', additionalProperties: true },
        payTo: { type: 'string' },
        maxTimeoutSeconds: { type: 'integer' },
        asset: { type: 'string' },
        extra: { type: 'object', additionalProperties: true },
      },
      additionalProperties: true,
    },
    EndpointPrice: {
      type: 'object',
      required: ['key', 'price_usdc', 'summary', 'implemented'],
      properties: {
        key: { type: 'string' },
        price_usdc: { type: ['string', 'null'], description: 'USDC per call as a decimal string; null = free.' },
        summary: { type: 'string' },
        implemented: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    PaymentRequired402: {
      type: 'object',
      description:
        'Body of a 402. It carries the x402 v1 challenge (`x402Version: 1`, `accepts[]` for Solana and Base) for v1 clients; ' +
        'v2 clients read the base64 `PAYMENT-REQUIRED` header. Also: the price, how to pay, every endpoint\'s price and, when ' +
        'a body was sent and is invalid, `input_errors`, so a client never pays for a call that would be refused.',
      required: ['x402Version', 'error', 'message', 'retryable', 'request_id', 'accepts', 'resource', 'pricing', 'how_to_pay', 'all_endpoints'],
      properties: {
        x402Version: { type: 'integer', const: 1 },
        error: { type: 'string', enum: ['payment_required', 'payment_invalid', 'payment_replayed'] },
        message: { type: 'string' },
        reason: { type: 'string', description: 'The facilitator\'s reason when a payment was refused.' },
        retryable: { type: 'boolean' },
        request_id: { type: 'string' },
        accepts: { type: 'array', items: ref('PaymentRequirementsV1') },
        resource: { type: 'string', format: 'uri' },
        pricing: {
          type: 'object',
          required: ['endpoint', 'price_usdc', 'currency', 'networks'],
          properties: {
            endpoint: { type: 'string' },
            price_usdc: { type: 'string' },
            amount_atomic: { type: 'string', pattern: '^[0-9]+$' },
            currency: { type: 'string', const: 'USDC' },
            networks: { type: 'array', items: ref('PaymentNetwork') },
            cache_ttl_s: { type: 'integer' },
            implemented: { type: 'boolean' },
          },
          additionalProperties: true,
        },
        how_to_pay: { type: 'object', additionalProperties: true },
        all_endpoints: { type: 'array', items: ref('EndpointPrice') },
        input_errors: { type: 'array', items: ref('InputIssue') },
      },
      additionalProperties: true,
    },
  };
}

/** The 402 of every paid operation. */
export function paymentRequiredResponse(site: SiteInfo): Json {
  return {
    description:
      'Payment required (or refused): `payment_required`, `payment_invalid` (nothing charged) or `payment_replayed`. ' +
      'Read the challenge from the `PAYMENT-REQUIRED` header (x402 v2) or from the body (x402 v1), pay, and repeat the identical call.' +
      (site.cardEnabled ? ' Card payment: see `WWW-Authenticate`.' : ''),
    headers: {
      'PAYMENT-REQUIRED': headerRef('PAYMENT-REQUIRED'),
      'X-Request-Id': headerRef('X-Request-Id'),
      ...(site.cardEnabled ? { 'WWW-Authenticate': headerRef('WWW-Authenticate') } : {}),
    },
    content: { 'application/json': { schema: ref('PaymentRequired402') } },
  };
}

/** The optional payment headers of a paid operation, as reusable parameters. */
export function paymentParameters(site: SiteInfo): Record<string, Json> {
  return {
    PaymentSignature: {
      name: 'PAYMENT-SIGNATURE',
      in: 'header',
      required: false,
      description:
        'x402 v2 payment, per call: `<base64 PaymentPayload>` built from the 402\'s `PAYMENT-REQUIRED` header. USDC on Solana or Base; ' +
        'settled only after a 2xx answer. Without it (and without `X-PAYMENT`) the call answers 402 with the payment terms.',
      schema: { type: 'string' },
    },
    XPayment: {
      name: 'X-PAYMENT',
      in: 'header',
      required: false,
      description: 'x402 v1 payment, per call: `<base64 payment payload>` built from `accepts` in the 402 body.' +
        (site.cardEnabled ? ' Card (MPP): `Authorization: Payment <credential>` instead, see `WWW-Authenticate` on the 402.' : ''),
      schema: { type: 'string' },
    },
    ReferralCode: {
      name: 'x-referral-code',
      in: 'header',
      required: false,
      description: 'Optional marketplace referral code; credits the operator when a partner routes the call. No cost to the caller.',
      schema: { type: 'string', maxLength: 128 },
    },
  };
}

/** A paid operation's `x-payment-info`: the x402 discovery convention plus the service's own price fields. */
export function paymentInfo(endpoint: RegisteredEndpoint, site: SiteInfo): Json {
  return {
    // The x402 discovery convention read by agent clients and indexers: a fixed USD price, the protocols.
    price: { mode: 'fixed', currency: 'USD', amount: endpoint.def.price },
    protocols: [
      { x402: { networks: PAYMENT_NETWORKS.map((n) => n.id), asset: 'USDC' } },
      // Card payment (MPP, Stripe) is offered only when the operator enabled it: listing it otherwise would send
      // clients to a method the 402 never offers.
      ...(site.cardEnabled ? [{ mpp: { intent: 'charge', method: 'stripe', currency: 'usd' } }] : []),
    ],
    // The service's own fields (unchanged for the clients that read them).
    protocol: 'x402',
    price_usdc: endpoint.def.price,
    amount_atomic: endpoint.priceAtomic!.toString(),
    asset: 'USDC',
    decimals: USDC_DECIMALS,
    networks: PAYMENT_NETWORKS.map((n) => ({ network: n.id, v1_name: n.v1Name, asset: n.asset })),
    settled_only_on_success: true,
    // `price` above is what `exact` costs; an endpoint with a pricing rule may also be paid with `upto` (Base,
    // x402 v2) and then costs at most that, by its rule. Offered where the facilitator settles it (docs/payments.md).
    ...(endpoint.def.pricing ? { upto: { max_amount_atomic: endpoint.priceAtomic!.toString(), rule: endpoint.def.pricing.rule } } : {}),
  };
}
