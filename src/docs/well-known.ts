/**
 * `/.well-known/x402`: the discovery descriptor (format `version: 1`). `resources` lists the paid URLs as
 * x402 crawlers expect; `endpoints` has one entry per endpoint, paid or free, with price and networks. Per-resource field names follow the x402 Bazaar discovery resource where one exists
 * (`resource`, `type`, `x402Version`, `description`, `mimeType`, `tags`); the prices and networks
 * are ours. `payTo` is deliberately absent: the live 402 challenge is authoritative for it. The body's
 * schema, which /openapi.json publishes, is src/docs/bodies/well-known.ts.
 */
import { PAYMENT_NETWORKS } from '../payments/networks.js';
import { USDC_DECIMALS, type Registry } from '../registry/index.js';
import { baseUrl, endpointUrl, SERVICE_NAME, type SiteInfo } from './site.js';
import type { WellKnownResource, WellKnownX402 } from './bodies/well-known.js';

export function buildWellKnownX402(registry: Registry, site: SiteInfo): WellKnownX402 {
  const base = baseUrl(site);
  const endpoints = registry.list.map((e): WellKnownResource => {
    const free = e.priceAtomic === null;
    return {
      resource: endpointUrl(site, e),
      type: 'http',
      key: e.def.key,
      method: 'POST',
      mimeType: 'application/json',
      description: free ? `${e.def.summary} (free)` : `${e.def.summary} (${e.def.price} USDC)`,
      summary: e.def.summary,
      tags: [e.def.family],
      price_usdc: e.def.price,
      amount_atomic: free ? null : e.priceAtomic!.toString(),
      x402Versions: free ? [] : [1, 2],
      networks: free ? [] : PAYMENT_NETWORKS.map((n) => n.id),
      assets: free ? {} : Object.fromEntries(PAYMENT_NETWORKS.map((n) => [n.id, n.asset])),
      free,
      implemented: e.implemented,
      cache_ttl_s: e.def.cacheTtlSeconds,
    };
  });
  return {
    version: 1,
    service: {
      name: SERVICE_NAME,
      version: site.version,
      url: base,
      docs: `${base}/docs`,
      openapi: `${base}/openapi.json`,
      llms: `${base}/llms.txt`,
    },
    payment: {
      protocol: 'x402',
      x402Versions: [1, 2],
      asset: 'USDC',
      decimals: USDC_DECIMALS,
      networks: PAYMENT_NETWORKS.map((n) => ({ network: n.id, v1_name: n.v1Name, label: n.label, asset: n.asset })),
      card: site.cardEnabled,
      settled_only_on_success: true,
    },
    resources: endpoints.filter((e) => !e.free).map((e) => e.resource),
    endpoints,
    instructions:
      'POST a JSON body (flat inputs or {"input": {...}}) to a resource. A paid resource answers 402 with the x402 challenge ' +
      '(PAYMENT-REQUIRED header for v2, JSON body for v1); pay in USDC on Solana or Base and repeat the call with ' +
      'PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1). Payment is settled only after a successful answer. ' +
      `Inputs and outputs: ${base}/openapi.json.`,
  };
}
