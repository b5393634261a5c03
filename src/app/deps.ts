/**
 * What the HTTP application is built from (`buildApp`, ./server.ts): the services start-up wiring hands in
 * (src/service.ts) and the status probe the free routes ask (./free-routes.ts). Kept apart from both so
 * that the routes and the app that registers them do not import each other.
 */
import type { Logger } from 'pino';
import type { Timers } from '../lib/timers.js';
import type { Cache, RateLimiter } from '../cache/types.js';
import type { Config } from '../config/index.js';
import type { Registry } from '../registry/index.js';
import type { Store } from '../store/types.js';
import type { Sources } from '../sources/index.js';
import type { EntityDirectory } from '../analytics/entities.js';
import type { PaymentGate } from '../payments/gate.js';
import type { CardGate } from '../payments/card/index.js';
import type { FacilitatorHealth } from '../docs/bodies/status.js';
import type { DocExamples } from '../docs/examples.js';
import type { Recorder } from './recorder.js';
import type { Lifecycle } from './health-routes.js';
import type { Streams } from '../streams/index.js';

export type DemoTarget = 'enrich-token-light' | 'enrich-wallet-light';

export interface StatusProbe {
  facilitator(): Promise<FacilitatorHealth>;
  sandbox?: { solanaRpcUrl: string; baseRpcUrl: string };
  /**
   * Picks the light endpoint for a demo address (a mint gets the token analysis, anything else the
   * wallet profile). Provided by the data layer once it exists; without it the demo answers 501.
   * `signal` is called only when the chain is actually read (a remembered decision needs no deadline), and
   * a remembered decision is returned as is, not as a promise (the demo's warm path).
   */
  demoTarget?: (address: string, signal: () => AbortSignal) => DemoTarget | Promise<DemoTarget>;
}

export interface AppDeps {
  config: Config;
  registry: Registry;
  gate: PaymentGate;
  store: Store;
  cache: Cache;
  limiter: RateLimiter;
  logger: Logger;
  now: () => Date;
  /** Deadlines and probe bounds (src/lib/timers.ts). */
  timers: Timers;
  publicUrl: string;
  status: StatusProbe;
  card?: CardGate;
  sources: Sources;
  entities: EntityDirectory;
  riskyPrograms: ReadonlySet<string>;
  recorder?: Recorder;
  /** Whether the instance is draining (readiness); absent = never. */
  lifecycle?: Lifecycle;
  /** What /docs shows to try the service on (the sandbox cast), handed in by start-up wiring. */
  docExamples: DocExamples;
  /** Alert subscriptions (docs/streaming.md); absent: the /subscriptions routes are not served. */
  streams?: Streams;
}
