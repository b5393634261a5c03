/**
 * `/openapi.json`: an OpenAPI 3.1.0 document generated from the registry, assembled from its parts:
 * - endpoint-paths.ts: one literal path per endpoint (`/entrypoints/{key}/invoke`, operationId = key);
 * - free-paths.ts and demo-path.ts: the free GET routes, the probes, `/mcp` and the demo;
 * - subscription-paths.ts: the alert subscription routes, their bearer token schemes and the paid top-up;
 * - envelope-schemas.ts, error-schemas.ts, payment-schemas.ts, headers.ts: the shared components.
 * Paid operations carry `x-payment-info` in the x402 discovery convention (`price: {mode, currency,
 * amount}` in USD and `protocols: [{x402: {}}]`, plus `{mpp: …}` only when card payment is enabled), the
 * service's own price fields, the payment headers as optional header parameters, and the 402 response.
 * Free operations have `security: []`; the subscription management routes require the subscription's bearer
 * token, the only security scheme (payment is never one).
 */
import type { Registry } from '../../registry/index.js';
import { FAMILY_TITLES, type Family } from '../../registry/types.js';
import { PAYMENT_NETWORKS } from '../../payments/networks.js';
import { baseUrl, SERVICE_NAME, SERVICE_SUMMARY, type SiteInfo } from '../site.js';
import { demoPath } from './demo-path.js';
import { endpointPaths } from './endpoint-paths.js';
import { envelopeSchemas } from './envelope-schemas.js';
import { errorResponses, errorSchemas, errorTableMarkdown } from './error-schemas.js';
import { documentPaths, mcpPath, probePaths } from './free-paths.js';
import { sharedHeaders } from './headers.js';
import { DEMO_TAG, DOCS_TAG, type Json } from './json.js';
import { paymentParameters, paymentRequiredResponse, paymentSchemas } from './payment-schemas.js';
import { subscriptionPaths, subscriptionSecuritySchemes, SUBSCRIPTIONS_TAG } from './subscription-paths.js';

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

function apiDescription(site: SiteInfo): string {
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
    '## Alert subscriptions',
    'check-alerts, launchpad-alerts and exit-signal can also be subscribed to: `POST /subscriptions` (free) returns a bearer token, ' +
      'events arrive on a Server-Sent Events stream or a signed webhook, paid per delivered event from top-ups bought with `POST /subscriptions/fund` (x402).',
    '## Errors',
    'Errors are `{"error": {"code", "message", "issues"?, "retryable", "request_id"}}`.',
    errorTableMarkdown(),
    `Human docs: ${base}/docs · LLM docs: ${base}/llms.txt · Discovery: ${base}/.well-known/x402`,
  ].join('\n\n');
}

/** One tag per family that has endpoints, then the free routes' and the demo's. */
function tags(registry: Registry): OpenApiDocument['tags'] {
  const families = Object.keys(FAMILY_TITLES) as Family[];
  return [
    ...families
      .map((f) => ({ family: f, count: registry.list.filter((e) => e.def.family === f).length }))
      .filter((t) => t.count > 0)
      .map((t) => ({ name: FAMILY_TITLES[t.family], description: `${t.count} endpoint${t.count === 1 ? '' : 's'} (family \`${t.family}\`).` })),
    { name: DOCS_TAG, description: 'Free routes describing the service.' },
    { name: DEMO_TAG, description: 'Free, rate-limited demo.' },
    { name: SUBSCRIPTIONS_TAG, description: 'Alert streams and webhooks over check-alerts, launchpad-alerts and exit-signal, paid per delivered event.' },
  ];
}

/** The OpenAPI 3.1.0 document of the service. */
export function buildOpenApi(registry: Registry, site: SiteInfo): OpenApiDocument {
  const base = baseUrl(site);
  const envelope = envelopeSchemas();
  const errors = errorSchemas();
  const endpoints = endpointPaths(registry, site);
  const subscriptions = subscriptionPaths(registry, site);
  // Component order as published since the first version (a reader diffing two documents sees only real changes).
  const schemas: Record<string, Json> = {
    OutputFormat: envelope.OutputFormat,
    Caveat: envelope.Caveat,
    NextStep: envelope.NextStep,
    Meta: envelope.Meta,
    ...errors,
    LlmEnvelope: envelope.LlmEnvelope,
    ...paymentSchemas(),
    Envelope: envelope.Envelope,
    ...endpoints.schemas,
    ...subscriptions.schemas,
  };
  const paths: Record<string, Record<string, Json>> = {
    ...endpoints.paths,
    ...documentPaths(),
    '/demo/enrich': demoPath(registry),
    ...probePaths(),
    '/mcp': mcpPath(),
    ...subscriptions.paths,
  };

  return {
    openapi: '3.1.0',
    info: {
      title: SERVICE_NAME,
      version: site.version,
      summary: 'Pay-per-call (x402, USDC on Solana or Base) deterministic Solana on-chain analytics.',
      description: apiDescription(site),
    },
    servers: [{ url: base }],
    tags: tags(registry),
    paths,
    components: {
      schemas,
      responses: { ...errorResponses(), PaymentRequired: paymentRequiredResponse(site) },
      headers: sharedHeaders(),
      parameters: paymentParameters(site),
      securitySchemes: subscriptionSecuritySchemes(),
    },
    'x-service-info': {
      categories: ['blockchain', 'solana', 'analytics', 'defi'],
      docs: { homepage: `${base}/docs`, apiReference: `${base}/openapi.json`, llms: `${base}/llms.txt` },
    },
  };
}
