/**
 * `/openapi.json`: an OpenAPI 3.1.0 document generated from the registry. One literal path per endpoint
 * (`/entrypoints/{key}/invoke`, operationId = key), the free GET routes and the demo route.
 * Paid operations carry `x-payment-info` in the x402 discovery convention (`price: {mode, currency,
 * amount}` in USD and `protocols: [{x402: {}}]`, plus `{mpp: …}` only when card payment is enabled), the
 * service's own price fields, the payment headers as optional header parameters, and the 402 response. The
 * payment is not modelled as a security scheme: x402 is a per-call payment, not a credential, and agent
 * clients read an `apiKey` scheme as "needs an API key". Free operations have `security: []`.
 */
import { exampleResponse } from '../registry/output-example.js';
import { ERROR_CODES, type ErrorCode } from '../errors/api-error.js';
import { PAYMENT_NETWORKS } from '../payments/networks.js';
import { USDC_DECIMALS, type Registry, type RegisteredEndpoint } from '../registry/index.js';
import { FAMILY_TITLES, type Family } from '../registry/types.js';
import { FORMATS } from '../registry/fields.js';
import { JUP_MINT } from '../sandbox/world/entities.js';
import { plainSchema } from '../lib/plain-schema.js';
import { baseUrl, SERVICE_NAME, SERVICE_SUMMARY, type SiteInfo } from './site.js';

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Json & { title: string; version: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Json>>;
  components: {
    schemas: Record<string, Json>;
    responses: Record<string, Json>;
    headers: Record<string, Json>;
    parameters: Record<string, Json>;
    securitySchemes: Record<string, Json>;
  };
  [extension: `x-${string}`]: unknown;
}

const DOCS_TAG = 'Discovery and documentation';
const DEMO_TAG = 'Demo';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** `perps-cross-venue-funding` → `PerpsCrossVenueFunding` (component names). */
export function pascalCase(key: string): string {
  return key
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => ERROR_CODES[c].status === status);
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---------------------------------------------------------------------------------------------
// Reusable components
// ---------------------------------------------------------------------------------------------

function sharedSchemas(): Record<string, Json> {
  const errorCodes = Object.keys(ERROR_CODES);
  return {
    OutputFormat: {
      type: 'string',
      enum: [...FORMATS],
      default: 'json',
      description: 'json = typed fields; llm = short markdown briefing; both = JSON plus an llm_summary field',
    },
    Caveat: {
      type: 'object',
      description: 'A data leg that degraded, or any other fact the caller must keep with the answer. In sandbox mode always includes `{code: "sandbox_data"}`.',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', examples: ['leg_degraded', 'sandbox_data'] },
        leg: { type: 'string', description: 'The data source (leg) concerned, when any.', examples: ['price_aggregator'] },
        message: { type: 'string' },
      },
      additionalProperties: false,
    },
    NextStep: {
      type: 'object',
      description: 'A suggested follow-up call, callable exactly as given.',
      required: ['endpoint', 'input', 'reason'],
      properties: {
        endpoint: { type: 'string', description: 'Endpoint key (`POST /entrypoints/{endpoint}/invoke`).' },
        input: { type: 'object', additionalProperties: true, description: 'Body to send.' },
        reason: { type: 'string' },
      },
      additionalProperties: false,
    },
    Meta: {
      type: 'object',
      required: ['endpoint', 'request_id', 'served_at', 'data_mode', 'cache', 'version'],
      properties: {
        endpoint: { type: 'string' },
        request_id: { type: 'string' },
        served_at: { type: 'string', format: 'date-time' },
        data_mode: { type: 'string', enum: ['sandbox', 'live'] },
        cache: {
          type: 'object',
          required: ['hit', 'age_s', 'ttl_s'],
          properties: {
            hit: { type: 'boolean' },
            age_s: { type: 'number', minimum: 0 },
            ttl_s: { type: 'number', minimum: 0 },
          },
          additionalProperties: false,
        },
        version: { type: 'string', description: 'Service version.' },
      },
      additionalProperties: false,
    },
    InputIssue: {
      type: 'object',
      required: ['path', 'message'],
      properties: {
        path: { type: 'string', description: 'JSON Pointer into the input, e.g. `/address`.' },
        message: { type: 'string' },
      },
      additionalProperties: false,
    },
    Error: {
      type: 'object',
      description: 'The error contract of every non-402 failure. Nothing is charged for any error.',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message', 'retryable', 'request_id'],
          properties: {
            code: { type: 'string', enum: errorCodes, description: 'Stable machine-readable code (see the table in the API description).' },
            message: { type: 'string' },
            issues: { type: 'array', items: ref('InputIssue'), description: 'For `invalid_input`: every problem found.' },
            retryable: { type: 'boolean' },
            request_id: { type: 'string' },
            resets_at: { type: 'string', format: 'date-time', description: 'For `rate_limited`: when the window resets.' },
            suggestions: { type: 'array', items: {}, description: 'For `unroutable_question`: endpoints that may answer the question.' },
          },
          additionalProperties: true,
        },
      },
      additionalProperties: false,
    },
    LlmEnvelope: {
      type: 'object',
      description: 'Answer for `format: "llm"`: a short deterministic markdown briefing.',
      required: ['briefing', 'caveats', 'next_steps', 'meta'],
      properties: {
        briefing: { type: 'string', description: 'Markdown briefing.' },
        caveats: { type: 'array', items: ref('Caveat') },
        next_steps: { type: 'array', items: ref('NextStep') },
        meta: ref('Meta'),
      },
      additionalProperties: false,
    },
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
    Envelope: {
      type: 'object',
      description: 'The fields every successful JSON answer carries beside its data fields.',
      required: ['caveats', 'next_steps', 'meta'],
      properties: {
        caveats: { type: 'array', items: ref('Caveat') },
        next_steps: { type: 'array', items: ref('NextStep') },
        meta: ref('Meta'),
        llm_summary: { type: 'string', description: 'Only with `format: "both"`.' },
      },
    },
  };
}

function sharedHeaders(): Record<string, Json> {
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

function errorResponse(codes: ErrorCode[], description?: string, headers: Record<string, Json> = {}): Json {
  const first = codes[0]!;
  return {
    description: description ?? codes.map((c) => `\`${c}\`: ${ERROR_CODES[c].meaning}`).join(' '),
    headers: { 'X-Request-Id': headerRef('X-Request-Id'), ...headers },
    content: {
      'application/json': {
        schema: ref('Error'),
        example: { error: { code: first, message: ERROR_CODES[first].meaning, retryable: ERROR_CODES[first].retryable, request_id: 'req_01J9Z8X7' } },
      },
    },
  };
}

function sharedResponses(site: SiteInfo): Record<string, Json> {
  return {
    BadRequest: errorResponse(codesWithStatus(400)),
    NotFound: errorResponse(codesWithStatus(404)),
    PayloadTooLarge: errorResponse(codesWithStatus(413)),
    RateLimited: errorResponse(codesWithStatus(429), undefined, { 'Retry-After': headerRef('Retry-After') }),
    UnroutableQuestion: errorResponse(codesWithStatus(422)),
    NotImplemented: errorResponse(codesWithStatus(501)),
    UpstreamUnavailable: errorResponse(codesWithStatus(502)),
    ServiceUnavailable: errorResponse(['upstream_unavailable', 'settlement_unconfirmed'],
      '`upstream_unavailable`: the payment facilitator is unavailable; nothing was charged. Retry shortly. ' +
      `\`settlement_unconfirmed\`: ${ERROR_CODES.settlement_unconfirmed.meaning}`, { 'Retry-After': headerRef('Retry-After') }),
    UpstreamTimeout: errorResponse(codesWithStatus(504)),
    InternalError: errorResponse(codesWithStatus(500)),
    PaymentRequired: {
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
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Endpoint operations
// ---------------------------------------------------------------------------------------------

/** The data schema merged with the envelope fields (json / both formats). */
function successSchema(output: Json): Json {
  if (output.type === 'object' && !Array.isArray(output.anyOf) && !Array.isArray(output.oneOf) && !Array.isArray(output.allOf)) {
    const properties = isObject(output.properties) ? output.properties : {};
    const required = Array.isArray(output.required) ? output.required : [];
    return {
      ...output,
      properties: {
        ...properties,
        caveats: { type: 'array', items: ref('Caveat') },
        next_steps: { type: 'array', items: ref('NextStep') },
        meta: ref('Meta'),
        llm_summary: { type: 'string', description: 'Only with `format: "both"`: the markdown briefing.' },
      },
      required: [...new Set([...required, 'caveats', 'next_steps', 'meta'])],
    };
  }
  const { additionalProperties: _dropped, ...rest } = output;
  return { allOf: [rest, ref('Envelope')] };
}

function paymentInfo(endpoint: RegisteredEndpoint, site: SiteInfo): Json {
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

function operationDescription(endpoint: RegisteredEndpoint): string {
  const { def } = endpoint;
  const parts = [def.description];
  if (endpoint.priceAtomic === null) {
    parts.push('**Free**: no payment needed; rate-limited per client IP (429 with `Retry-After`).');
  } else {
    parts.push(
      `**Price:** ${def.price} USDC per call (${endpoint.priceAtomic} atomic units), paid with x402 in USDC on Solana or Base. ` +
        'Settled only after a successful (2xx) answer: invalid input and failures are never charged.',
    );
  }
  parts.push(
    `Results are cached server side for ${def.cacheTtlSeconds} s; a repeat call inside that window returns the same answer` +
      (endpoint.priceAtomic === null ? '.' : ' (and is charged).'),
  );
  parts.push('The body is the flat inputs, or `{"input": {...}}`; `format` (`json`, `llm`, `both`) is accepted by every endpoint.');
  if (!endpoint.implemented) parts.push('**Not built yet:** answers 501 `not_implemented` and is never charged.');
  return parts.join('\n\n');
}

function endpointOperation(endpoint: RegisteredEndpoint, inputName: string, responseName: string, site: SiteInfo): Json {
  const { def } = endpoint;
  const paid = endpoint.priceAtomic !== null;
  const inputRequired = Array.isArray(endpoint.inputSchema.required) && endpoint.inputSchema.required.length > 0;
  const example = plainSchema(def.example);
  const responses: Json = {
    '200': {
      description: 'The answer. `format: "json"` (default) and `"both"` return the data fields plus `caveats`, `next_steps`, `meta` (and `llm_summary` for `both`); `format: "llm"` returns the briefing envelope.',
      headers: {
        'X-Request-Id': headerRef('X-Request-Id'),
        'X-Service-Version': headerRef('X-Service-Version'),
        ...(paid ? { 'PAYMENT-RESPONSE': headerRef('PAYMENT-RESPONSE'), 'X-PAYMENT-RESPONSE': headerRef('X-PAYMENT-RESPONSE') } : {}),
      },
      content: {
        'application/json': {
          schema: { anyOf: [ref(responseName), ref('LlmEnvelope')] },
          // Generated from the output schema (placeholder values), not recorded from a call.
          examples: { shape: { summary: 'Shape of a json answer (placeholder values from the output schema)', value: exampleResponse(endpoint) } },
        },
      },
    },
    '400': responseRef('BadRequest'),
    ...(paid ? { '402': responseRef('PaymentRequired') } : {}),
    '404': responseRef('NotFound'),
    '413': responseRef('PayloadTooLarge'),
    ...(def.key === 'query' ? { '422': responseRef('UnroutableQuestion') } : {}),
    ...(paid ? {} : { '429': responseRef('RateLimited') }),
    '500': responseRef('InternalError'),
    '501': responseRef('NotImplemented'),
    '502': responseRef('UpstreamUnavailable'),
    '503': responseRef('ServiceUnavailable'),
    '504': responseRef('UpstreamTimeout'),
  };
  return {
    operationId: def.key,
    tags: [FAMILY_TITLES[def.family]],
    ...(def.deprecation ? { deprecated: true, 'x-sunset': def.deprecation.sunset, 'x-successor': def.deprecation.successor } : {}),
    summary: def.summary,
    description: operationDescription(endpoint),
    ...(paid ? { parameters: [{ $ref: '#/components/parameters/PaymentSignature' }, { $ref: '#/components/parameters/XPayment' }, { $ref: '#/components/parameters/ReferralCode' }] } : {}),
    requestBody: {
      required: inputRequired,
      description: 'Flat inputs, or the same inputs wrapped as `{"input": {...}}` (`format` may then sit inside `input` or beside it). Unknown fields are rejected.',
      content: {
        'application/json': {
          schema: {
            oneOf: [
              ref(inputName),
              {
                type: 'object',
                title: 'Wrapped input',
                properties: { input: ref(inputName), format: ref('OutputFormat') },
                required: ['input'],
                additionalProperties: false,
              },
            ],
          },
          examples: {
            flat: { summary: 'Flat inputs', value: example },
            wrapped: { summary: 'Inputs wrapped in "input"', value: { input: example } },
            llm: { summary: 'Markdown briefing (format: llm)', value: { ...example, format: 'llm' } },
          },
        },
      },
    },
    responses,
    // A paid operation declares no security requirement: its payment is described by x-payment-info and the 402.
    ...(paid ? { 'x-payment-info': paymentInfo(endpoint, site) } : { security: [] }),
    'x-price-usdc': def.price,
    'x-cache-ttl-seconds': def.cacheTtlSeconds,
    'x-implemented': endpoint.implemented,
    'x-family': def.family,
    externalDocs: { description: 'Reference', url: `${baseUrl(site)}/docs#ep-${def.key}` },
  };
}

// ---------------------------------------------------------------------------------------------
// Free routes
// ---------------------------------------------------------------------------------------------

function freeGet(operationId: string, summary: string, description: string, content: Json): Record<string, Json> {
  return {
    get: {
      operationId,
      tags: [DOCS_TAG],
      summary,
      description: `${description} Free; rate-limited per client IP.`,
      security: [],
      responses: {
        '200': { description: summary, headers: { 'X-Service-Version': headerRef('X-Service-Version') }, content },
        '429': responseRef('RateLimited'),
        '500': responseRef('InternalError'),
      },
    },
  };
}

function statusSchema(): Json {
  const health = { type: 'object', properties: { ok: { type: 'boolean' }, detail: { type: 'string' } }, required: ['ok'], additionalProperties: true };
  return {
    type: 'object',
    required: ['service', 'version', 'status', 'data_mode', 'served_at', 'endpoints', 'payments'],
    properties: {
      service: { type: 'string' },
      version: { type: 'string' },
      status: { type: 'string', enum: ['ok', 'degraded'] },
      live: { type: 'boolean', description: 'The process serves HTTP (as GET /status/live).' },
      ready: { type: 'boolean', description: 'Store and cache answer and the instance is not draining (as GET /status/ready).' },
      shutting_down: { type: 'boolean' },
      data_mode: { type: 'string', enum: ['sandbox', 'live'] },
      served_at: { type: 'string', format: 'date-time' },
      components: { type: 'object', additionalProperties: health },
      endpoints: {
        type: 'object',
        properties: {
          total: { type: 'integer' },
          implemented: { type: 'array', items: { type: 'string' } },
          pending: { type: 'array', items: { type: 'string' } },
        },
      },
      payments: { type: 'object', additionalProperties: true },
      sandbox: {
        type: 'object',
        description: 'Sandbox mode only: the sandbox chains\' RPC URLs.',
        properties: { solana_rpc_url: { type: 'string' }, base_rpc_url: { type: 'string' } },
      },
    },
    additionalProperties: true,
  };
}

function wellKnownSchema(): Json {
  return {
    type: 'object',
    description: 'x402 discovery descriptor (format `version: 1`).',
    required: ['version', 'service', 'resources'],
    properties: {
      version: { type: 'integer', const: 1 },
      service: { type: 'object', additionalProperties: true },
      resources: {
        type: 'array',
        items: {
          type: 'object',
          required: ['resource', 'key', 'method', 'price_usdc', 'free', 'implemented'],
          properties: {
            resource: { type: 'string', format: 'uri' },
            key: { type: 'string' },
            method: { type: 'string', const: 'POST' },
            price_usdc: { type: ['string', 'null'] },
            amount_atomic: { type: ['string', 'null'] },
            networks: { type: 'array', items: { type: 'string' } },
            free: { type: 'boolean' },
            implemented: { type: 'boolean' },
            description: { type: 'string' },
          },
          additionalProperties: true,
        },
      },
    },
    additionalProperties: true,
  };
}

function demoOperation(registry: Registry): Record<string, Json> {
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
            // The JUP mint: a token on mainnet and in the sandbox (a twin), so the example gets the token analysis.
            example: { address: JUP_MINT },
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

function apiDescription(site: SiteInfo): string {
  const rows = (Object.keys(ERROR_CODES) as ErrorCode[]).map((c) => `| \`${c}\` | ${ERROR_CODES[c].status} | ${ERROR_CODES[c].retryable ? 'yes' : 'no'} | ${ERROR_CODES[c].meaning} |`);
  const base = baseUrl(site);
  return [
    SERVICE_SUMMARY,
    '## Calling',
    'Every capability is `POST /entrypoints/{key}/invoke` with a JSON body: the flat inputs, or `{"input": {...}}`. ' +
      'Every endpoint accepts `format`: `json` (default, typed fields), `llm` (short markdown briefing) or `both`.',
    '## Paying',
    'No API key. Call a paid endpoint without payment to get a **402** with the x402 challenge (v2: base64 `PAYMENT-REQUIRED` header; ' +
      'v1: the JSON body). Pay in USDC on Solana (`' + PAYMENT_NETWORKS[0]!.id + '`) or Base (`eip155:8453`), same price, and repeat the identical call ' +
      'with `PAYMENT-SIGNATURE` (v2) or `X-PAYMENT` (v1). Payments are settled only after a 2xx answer: failures are never charged.' +
      (site.cardEnabled ? ' Card payment: `Authorization: Payment <credential>` (MPP), see `WWW-Authenticate` on the 402.' : ''),
    '## Errors',
    'Errors are `{"error": {"code", "message", "issues"?, "retryable", "request_id"}}`.',
    ['| Code | Status | Retryable | Meaning |', '|---|---|---|---|', ...rows].join('\n'),
    `Human docs: ${base}/docs · LLM docs: ${base}/llms.txt · Discovery: ${base}/.well-known/x402`,
  ].join('\n\n');
}

/** The OpenAPI 3.1.0 document of the service. */
export function buildOpenApi(registry: Registry, site: SiteInfo): OpenApiDocument {
  const base = baseUrl(site);
  const schemas = sharedSchemas();
  const paths: Record<string, Record<string, Json>> = {};

  for (const endpoint of registry.list) {
    const name = pascalCase(endpoint.def.key);
    const inputName = `${name}Input`;
    const responseName = `${name}Response`;
    schemas[inputName] = { ...plainSchema(endpoint.inputSchema), examples: [plainSchema(endpoint.def.example)] };
    schemas[responseName] = successSchema(plainSchema(endpoint.def.output));
    paths[endpoint.path] = { post: endpointOperation(endpoint, inputName, responseName, site) };
  }

  paths['/status'] = freeGet('getStatus', 'Service status', 'Version, data mode, component health, implemented endpoints and payment networks.', {
    'application/json': { schema: statusSchema() },
  });
  paths['/openapi.json'] = freeGet('getOpenApi', 'This OpenAPI document', 'The OpenAPI 3.1.0 description of every route.', {
    'application/json': { schema: { type: 'object', additionalProperties: true } },
  });
  paths['/.well-known/x402'] = freeGet('getWellKnownX402', 'x402 discovery descriptor', 'Every payable resource with its price, networks and assets.', {
    'application/json': { schema: wellKnownSchema() },
  });
  paths['/llms.txt'] = freeGet('getLlmsTxt', 'llms.txt', 'Concise markdown index of the service for language models.', {
    'text/plain': { schema: { type: 'string' } },
  });
  paths['/llms-full.txt'] = freeGet('getLlmsFullTxt', 'llms-full.txt', 'llms.txt plus every endpoint\'s inputs, bounds, defaults and an example body.', {
    'text/plain': { schema: { type: 'string' } },
  });
  paths['/docs'] = freeGet('getDocs', 'HTML documentation', 'One self-contained HTML page documenting every endpoint.', {
    'text/html': { schema: { type: 'string' } },
  });
  paths['/demo/enrich'] = demoOperation(registry);
  const probe = (operationId: string, summary: string, description: string, codes: Record<string, string>) => ({
    get: {
      operationId, tags: [DOCS_TAG], summary, description: `${description} Free and not rate limited (docs/deploy.md).`, security: [],
      responses: Object.fromEntries(Object.entries(codes).map(([code, text]) => [code, { description: text, content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } }])),
    },
  });
  paths['/status/live'] = probe('getLiveness', 'Liveness', 'Answers while the process serves HTTP.', { '200': '`{live: true}`' });
  paths['/status/ready'] = probe('getReadiness', 'Readiness', 'Whether this instance should receive calls.', {
    '200': 'Ready: `{ready: true, shutting_down, store, cache}`',
    '503': 'Not ready: the store or cache is down, or the instance is draining after SIGTERM',
  });
  paths['/mcp'] = {
    post: {
      operationId: 'postMcp', tags: [DOCS_TAG], summary: 'MCP server (Streamable HTTP, stateless)',
      description: 'Model Context Protocol JSON-RPC: one tool per endpoint (same names, inputs and answers). Paid tools follow the x402 MCP ' +
        'transport: without payment the tool result is `isError` with the `PaymentRequired` in `structuredContent`; repeat with the ' +
        'PaymentPayload in `_meta["x402/payment"]`; the receipt is `_meta["x402/payment-response"]`. GET and DELETE answer 405. See docs/mcp.md.',
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', additionalProperties: true, description: 'A JSON-RPC 2.0 request, notification or batch.' } } } },
      responses: {
        '200': { description: 'JSON-RPC response(s)', content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } },
        '202': { description: 'Accepted (notifications only)' },
        '405': { description: 'GET/DELETE: this server keeps no streams or sessions' },
      },
    },
  };

  const families = Object.keys(FAMILY_TITLES) as Family[];
  const tags = [
    ...families
      .map((f) => ({ family: f, count: registry.list.filter((e) => e.def.family === f).length }))
      .filter((t) => t.count > 0)
      .map((t) => ({ name: FAMILY_TITLES[t.family], description: `${t.count} endpoint${t.count === 1 ? '' : 's'} (family \`${t.family}\`).` })),
    { name: DOCS_TAG, description: 'Free routes describing the service.' },
    { name: DEMO_TAG, description: 'Free, rate-limited demo.' },
  ];

  return {
    openapi: '3.1.0',
    info: {
      title: SERVICE_NAME,
      version: site.version,
      summary: 'Pay-per-call (x402, USDC on Solana or Base) deterministic Solana on-chain analytics.',
      description: apiDescription(site),
    },
    servers: [{ url: base }],
    tags,
    paths,
    components: {
      schemas,
      responses: sharedResponses(site),
      headers: sharedHeaders(),
      parameters: {
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
      },
      securitySchemes: {},
    },
    'x-service-info': {
      categories: ['blockchain', 'solana', 'analytics', 'defi'],
      docs: { homepage: `${base}/docs`, apiReference: `${base}/openapi.json`, llms: `${base}/llms.txt` },
    },
  };
}
