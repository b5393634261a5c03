/**
 * Offering only what the facilitator settles. The optional schemes (`upto`, `batch-settlement`) sit beside `exact`
 * in a route's options; at initialisation each is dropped on every network the facilitator's `/supported` does not
 * list it for, so a facilitator without it keeps the challenge exactly as with `exact` alone (and the library,
 * which refuses to start with a route naming a kind the facilitator lacks, still starts).
 */
import { x402HTTPResourceServer, type RouteConfig } from '@x402/core/server';

/** One payment option of a route (the single-option form of `RouteConfig['accepts']`). */
export type PaymentOption = Exclude<RouteConfig['accepts'], readonly unknown[]>;

/** Drops every `scheme` option on a network `supported` says the facilitator does not settle `scheme` on. */
export function dropUnsupportedScheme(routes: Record<string, RouteConfig>, scheme: string, supported: (network: string) => boolean): void {
  for (const config of Object.values(routes)) {
    const accepts = Array.isArray(config.accepts) ? config.accepts : [config.accepts];
    config.accepts = accepts.filter((o: PaymentOption) => o.scheme !== scheme || supported(String(o.network)));
  }
}

/**
 * The library's HTTP resource server, whose initialisation first learns what the facilitator supports and drops
 * the options of `optionalSchemes` it cannot settle, then validates the routes as the library does.
 */
export class SettleableOptionsHttpResourceServer extends x402HTTPResourceServer {
  constructor(
    server: ConstructorParameters<typeof x402HTTPResourceServer>[0],
    private readonly ownRoutes: Record<string, RouteConfig>,
    private readonly optionalSchemes: readonly string[],
  ) {
    super(server, ownRoutes);
  }

  override async initialize(): Promise<void> {
    await this.server.initialize();
    for (const scheme of this.optionalSchemes) {
      dropUnsupportedScheme(this.ownRoutes, scheme, (network) => this.server.getSupportedKind(2, network as `${string}:${string}`, scheme) !== undefined);
    }
    await super.initialize();
  }
}
