/**
 * The x402 resource server, configured from the registry: every paid endpoint becomes a route
 * `POST /entrypoints/{key}/invoke` that accepts USDC on Solana and on Base at the endpoint's price (`exact`; and
 * `upto` with the price as maximum where the registry gives a pricing rule and the facilitator settles it; and
 * `batch-settlement` on Base — a deposit once, then a voucher per call — where our facilitator settles it),
 * and declares the Bazaar discovery extension with the endpoint's input schema and example and a
 * compacted output schema with an example of its shape, and the (optional) `payment-identifier` extension.
 */
import { x402HTTPResourceServer, x402ResourceServer, type FacilitatorClient, type RouteConfig } from '@x402/core/server';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { ExactSvmScheme } from '@x402/svm/exact/server';
import { UptoEvmScheme } from '@x402/evm/upto/server';
import { bazaarResourceServerExtension, declareDiscoveryExtension } from '@x402/extensions/bazaar';
import { declarePaymentIdentifierExtension, PAYMENT_IDENTIFIER, paymentIdentifierResourceServerExtension } from '@x402/extensions/payment-identifier';
import { bazaarOutput } from '../registry/output-example.js';
import type { Registry, RegisteredEndpoint } from '../registry/index.js';
import { PAYMENT_NETWORKS } from './networks.js';
import { BATCH_SETTLEMENT_SCHEME } from '@x402/evm';
import { SettleableOptionsHttpResourceServer } from './offered-schemes.js';
import { UPTO, uptoOptions } from './upto.js';
import type { BatchSettlement } from './batch-settlement/server.js';

export interface PayTo {
  solana: string;
  base: string;
}

/** How long a signed payment stays usable: long enough for a slow call, short enough to bound replay windows. */
export const MAX_TIMEOUT_SECONDS = 120;

export function routeKey(endpoint: RegisteredEndpoint): string {
  return `POST ${endpoint.path}`;
}

function routeConfig(endpoint: RegisteredEndpoint, payTo: PayTo, publicUrl: string, batch?: BatchSettlement): RouteConfig {
  const amount = endpoint.priceAtomic!.toString();
  return {
    resource: `${publicUrl}${endpoint.path}`,
    description: `${endpoint.def.summary} (${endpoint.def.price} USDC)`,
    mimeType: 'application/json',
    serviceName: 'Onchain Enrichment API',
    accepts: [
      ...PAYMENT_NETWORKS.map((n) => ({
        scheme: 'exact',
        network: n.id,
        payTo: n.v1Name === 'solana' ? payTo.solana : payTo.base,
        price: { amount, asset: n.asset, extra: n.extra },
        maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
      })),
      // Beside exact, for endpoints whose answer can cost less than the price (src/payments/upto.ts).
      ...uptoOptions(endpoint, (network) => (network.startsWith('solana:') ? payTo.solana : payTo.base), MAX_TIMEOUT_SECONDS),
      // Beside exact on Base: a deposit once, then a voucher per call (src/payments/batch-settlement/server.ts).
      ...(batch ? batch.options(endpoint, payTo.base, MAX_TIMEOUT_SECONDS) : []),
    ],
    extensions: {
      ...declareDiscoveryExtension({
        bodyType: 'json',
        input: endpoint.def.example,
        inputSchema: endpoint.inputSchema as unknown as Record<string, unknown>,
        // The library drops the output schema unless an example comes with it; both are compacted to
        // keep the PAYMENT-REQUIRED header under 8 KB (src/registry/output-example.ts).
        output: bazaarOutput(endpoint),
      }),
      // Optional: a client that sends an identifier and loses an answer it paid for gets that answer back
      // by retrying with the same identifier (and a new payment, which is then not settled).
      [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false),
      // Signed receipts for batch-settlement calls (src/payments/batch-settlement/receipts.ts).
      ...(batch?.receipts ? batch.receipts.declaration : {}),
    },
  };
}

export function createHttpResourceServer(
  registry: Registry,
  facilitator: FacilitatorClient,
  payTo: PayTo,
  publicUrl: string,
  /** batch-settlement's server scheme and channels; absent: not offered (a facilitator without it). */
  batch?: BatchSettlement,
  /** Paid endpoints served outside the registry (the subscription top-up, src/streams/fund-endpoint.ts). */
  extraEndpoints: readonly RegisteredEndpoint[] = [],
): x402HTTPResourceServer {
  const server = new x402ResourceServer(facilitator);
  server.register('eip155:8453', new ExactEvmScheme());
  server.register('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', new ExactSvmScheme());
  server.register('eip155:8453', new UptoEvmScheme());
  if (batch) server.register('eip155:8453', batch.scheme);
  if (batch?.receipts) server.registerExtension(batch.receipts.extension);
  server.registerExtension(bazaarResourceServerExtension);
  server.registerExtension(paymentIdentifierResourceServerExtension);
  const routes: Record<string, RouteConfig> = {};
  for (const endpoint of [...registry.list, ...extraEndpoints]) {
    if (endpoint.priceAtomic !== null) routes[routeKey(endpoint)] = routeConfig(endpoint, payTo, publicUrl, batch);
  }
  // Offers upto and batch-settlement only where the facilitator settles them (learned at initialisation).
  return new SettleableOptionsHttpResourceServer(server, routes, [UPTO, BATCH_SETTLEMENT_SCHEME]);
}
