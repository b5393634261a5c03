/**
 * The bodies of `GET /status`, `GET /status/live` and `GET /status/ready` as TypeBox schemas. The routes
 * (src/app/free-routes.ts, src/app/health-routes.ts) build a `Static<>` of these, and `/openapi.json`
 * publishes the same objects, so the document cannot describe a field the body lacks or miss one it has
 * (test/docs/route-bodies.test.ts validates real bodies against the published schemas, read as closed: a
 * field added to a body must be added here). Published open, since new fields are additive (docs/architecture.md,
 * 'Versioning'). What the fields mean
 * for operators: docs/deploy.md, "Shutdown, readiness and liveness".
 */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../registry/fields.js';


/** Why a component is shown as down, when it is. */
const Detail = Type.Optional(Type.String({ description: 'Why the component is down.' }));

/** A backend that answers or not: the store or the cache. */
const BackendHealth = Type.Object(
  {
    ok: Type.Boolean(),
    backend: Type.String({ description: 'Which implementation serves (e.g. `sqlite`, `postgres`, `memory`, `redis`).' }),
    detail: Detail,
  },
);

/** Whether the payment facilitator answers, and what it settles. */
const FacilitatorHealth = Type.Object(
  {
    ok: Type.Boolean(),
    kinds: Type.Optional(Type.Array(Type.String(), { description: 'What the facilitator settles, as `v<x402 version>:<scheme>:<network>`.' })),
    detail: Detail,
  },
);
export type FacilitatorHealth = Static<typeof FacilitatorHealth>;

/** One data source (leg) as its circuit breaker sees it (docs/sources.md, "What every call gets"). */
const SourceLegHealth = Type.Object(
  {
    leg: Type.String({ description: 'The data source (leg), as named in caveats.' }),
    state: Type.String({ description: 'The circuit breaker: `closed`, `open` or `half_open`.' }),
    consecutive_failures: Type.Integer({ minimum: 0 }),
    requests: Type.Integer({ minimum: 0, description: 'Requests sent since start.' }),
  },
);

/** The launch platform's index freshness (docs/launchpad.md, "The index"), or why it could not be read. */
const LaunchpadIndexHealth = Type.Union([
  Type.Object(
    {
      refreshed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the serving index was completed; null before the first complete refresh.' }),
      age_s: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
      stale: Type.Boolean({ description: 'No complete index yet, or it is older than the staleness bound.' }),
      coins: Type.Integer({ minimum: 0 }),
    },
  ),
  Type.Object({ ok: Type.Literal(false), detail: Type.String() }),
]);

export const StatusBody = Type.Object(
  {
    service: Type.Literal('onchain-enrichment-api'),
    version: Type.String({ description: 'Service version.' }),
    status: StringEnum(['ok', 'degraded'] as const, { description: '`ok` when the store, the cache and the facilitator answer.' }),
    live: Type.Literal(true, { description: 'The process serves HTTP (as GET /status/live).' }),
    ready: Type.Boolean({ description: 'Store and cache answer and the instance is not draining (as GET /status/ready).' }),
    shutting_down: Type.Boolean(),
    data_mode: StringEnum(['sandbox', 'live'] as const),
    served_at: Type.String({ format: 'date-time' }),
    components: Type.Object(
      {
        store: BackendHealth,
        cache: BackendHealth,
        facilitator: FacilitatorHealth,
        sources: Type.Array(SourceLegHealth),
        launchpad_index: LaunchpadIndexHealth,
      },
    ),
    endpoints: Type.Object(
      {
        total: Type.Integer({ minimum: 0 }),
        implemented: Type.Array(Type.String(), { description: 'Keys of the endpoints that answer.' }),
        pending: Type.Array(Type.String(), { description: 'Keys of the endpoints not built yet (501, never charged).' }),
      },
    ),
    payments: Type.Object(
      {
        protocol: Type.Literal('x402'),
        versions: Type.Array(Type.Integer(), { description: 'x402 protocol versions accepted.' }),
        networks: Type.Array(Type.String(), { description: 'CAIP-2 ids of the payment networks.' }),
        card: Type.Boolean({ description: 'Whether card payment (MPP) is enabled.' }),
      },
    ),
    sandbox: Type.Optional(
      Type.Object(
        { solana_rpc_url: Type.String(), base_rpc_url: Type.String() },
        { description: 'Sandbox mode only: the sandbox chains\' RPC URLs.' },
      ),
    ),
  },
);
export type StatusBody = Static<typeof StatusBody>;

export const LivenessBody = Type.Object({ live: Type.Literal(true) });
export type LivenessBody = Static<typeof LivenessBody>;

export const ReadinessBody = Type.Object(
  {
    ready: Type.Boolean(),
    shutting_down: Type.Boolean(),
    store: Type.Object({ ok: Type.Boolean(), backend: Type.String() }),
    cache: Type.Object({ ok: Type.Boolean(), backend: Type.String() }),
  },
);
export type ReadinessBody = Static<typeof ReadinessBody>;
