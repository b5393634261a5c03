/**
 * What `x402HTTPResourceServer.processHTTPRequest` derives from a paid endpoint's route before it verifies a
 * payment — the payment requirements, the enriched extension declarations and the payment-required response
 * the payment is matched against — derived once per endpoint instead of on every paid call (~9 % of a paid
 * call's CPU went into rebuilding them: requirement building, structured clones, snapshots, enrichment).
 *
 * They are built by the library's own calls, in its order, with the context it would build. They depend on
 * nothing a request carries: our routes' prices and payees are fixed values (no per-request functions), each
 * names its `resource` (so the request URL is never read), and the Bazaar enrichment reads only the method and
 * the route's path, the same for every call. A route whose declared extensions bring a protected-request hook
 * (which runs per request, before payment) has no paid route here, and the gate takes the library's path for
 * it; the service registers no manual protected-request hook (`onProtectedRequest`).
 */
import type { HTTPRequestContext, x402HTTPResourceServer } from '@x402/core/server';
import type { PaymentRequired, PaymentRequirements } from '@x402/core/types';
import type { RegisteredEndpoint } from '../registry/index.js';
import { routeKey } from './resource-server.js';

export interface PaidRoute {
  /** The route pattern processHTTPRequest puts in the request context (`routePattern`). */
  routePattern: string;
  /** The response a payment is matched against (`accepts`) and whose extensions its echoes must keep. */
  paymentRequired: PaymentRequired;
  /** The enriched declarations handed to verify, cancel and settle (`declaredExtensions`). */
  extensions: Record<string, unknown> | undefined;
}

/** A route with a fixed value for everything processHTTPRequest would otherwise resolve per request. */
function requestIndependent(http: x402HTTPResourceServer, config: { accepts: unknown; resource?: string; extensions?: Record<string, unknown> }): boolean {
  const options = (Array.isArray(config.accepts) ? config.accepts : [config.accepts]) as { payTo?: unknown; price?: unknown }[];
  if (!config.resource || options.some((o) => typeof o.payTo === 'function' || typeof o.price === 'function')) return false;
  const declared = config.extensions ?? {};
  return !http.server.getExtensions().some((e) => {
    const hooks = (e as { transportHooks?: { http?: { onProtectedRequest?: unknown } } }).transportHooks;
    return hooks?.http?.onProtectedRequest !== undefined && e.key in declared;
  });
}

/**
 * The paid route of `endpoint`, or undefined when it must go through processHTTPRequest on every call.
 * `context` is any request's context for the endpoint (only its method and path are read).
 */
export async function buildPaidRoute(http: x402HTTPResourceServer, endpoint: RegisteredEndpoint, context: HTTPRequestContext): Promise<PaidRoute | undefined> {
  const routes = http.routes;
  if (typeof routes !== 'object' || 'accepts' in routes) return undefined;
  const config = (routes as Record<string, (typeof routes)[string] | undefined>)[routeKey(endpoint)];
  if (!config || !requestIndependent(http, config)) return undefined;
  // processHTTPRequest's steps for a request that carries a payment, in its order (@x402/core 2.27).
  const routePattern = endpoint.path;
  const enriched: HTTPRequestContext = { ...context, method: 'POST', routePattern };
  const options = Array.isArray(config.accepts) ? config.accepts : [config.accepts];
  const server = http.server;
  const requirements: PaymentRequirements[] = await server.buildPaymentRequirementsFromOptions(options, enriched);
  const extensions = config.extensions ? server.enrichExtensions(config.extensions, enriched) : undefined;
  const resource = {
    url: config.resource!,
    description: config.description || '',
    mimeType: config.mimeType || '',
    ...(config.serviceName !== undefined && { serviceName: config.serviceName }),
    ...(config.tags !== undefined && { tags: config.tags }),
    ...(config.iconUrl !== undefined && { iconUrl: config.iconUrl }),
  };
  const paymentRequired = await server.createPaymentRequiredResponse(requirements, resource, undefined, extensions, { request: enriched });
  return { routePattern, paymentRequired, extensions };
}
