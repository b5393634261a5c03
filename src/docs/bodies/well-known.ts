/**
 * The body of `GET /.well-known/x402` (format `version: 1`) as a TypeBox schema. src/docs/well-known.ts
 * builds a `Static<>` of it and `/openapi.json` publishes the same object, so the two cannot drift
 * (test/docs/route-bodies.test.ts validates real bodies against the published schema, read as closed: a field
 * added to the body must be added here). Published open, since new fields are additive (docs/architecture.md,
 * 'Versioning'). Why `resources` and
 * `endpoints` both exist: docs/architecture.md, "Decisions".
 */
import { Type, type Static } from '@sinclair/typebox';


const WellKnownNetwork = Type.Object(
  {
    network: Type.String({ description: 'CAIP-2 network id (x402 v2).' }),
    v1_name: Type.String({ description: 'x402 v1 network name.' }),
    label: Type.String(),
    asset: Type.String({ description: 'USDC mint / contract address on that network.' }),
  },
);

/** One endpoint, paid or free. Field names follow the x402 Bazaar discovery resource where one exists. */
const WellKnownResource = Type.Object(
  {
    resource: Type.String({ format: 'uri', description: 'Absolute URL of the resource.' }),
    type: Type.Literal('http'),
    key: Type.String(),
    method: Type.Literal('POST'),
    mimeType: Type.Literal('application/json'),
    description: Type.String(),
    summary: Type.String(),
    tags: Type.Array(Type.String()),
    price_usdc: Type.Union([Type.String(), Type.Null()], { description: 'USDC per call as a decimal string; null = free.' }),
    amount_atomic: Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Null()], { description: 'USDC atomic units (6 decimals); null = free.' }),
    x402Versions: Type.Array(Type.Integer(), { description: 'x402 protocol versions accepted (empty for a free resource).' }),
    networks: Type.Array(Type.String(), { description: 'CAIP-2 ids of the networks the price can be paid on (empty for a free resource).' }),
    assets: Type.Record(Type.String(), Type.String(), { description: 'USDC asset address per CAIP-2 network (empty for a free resource).' }),
    free: Type.Boolean(),
    implemented: Type.Boolean(),
    cache_ttl_s: Type.Integer({ minimum: 0 }),
  },
);
export type WellKnownResource = Static<typeof WellKnownResource>;

export const WellKnownX402 = Type.Object(
  {
    version: Type.Literal(1),
    service: Type.Object(
      {
        name: Type.String(),
        version: Type.String(),
        url: Type.String({ format: 'uri' }),
        docs: Type.String({ format: 'uri' }),
        openapi: Type.String({ format: 'uri' }),
        llms: Type.String({ format: 'uri' }),
      },
    ),
    payment: Type.Object(
      {
        protocol: Type.Literal('x402'),
        x402Versions: Type.Array(Type.Integer()),
        asset: Type.Literal('USDC'),
        decimals: Type.Integer(),
        networks: Type.Array(WellKnownNetwork),
        card: Type.Boolean({ description: 'Whether card payment (MPP) is enabled.' }),
        settled_only_on_success: Type.Literal(true),
      },
    ),
    resources: Type.Array(Type.String({ format: 'uri' }), { description: 'URLs of the paid resources: the shape x402 crawlers (e.g. x402scan) read from this document.' }),
    endpoints: Type.Array(WellKnownResource, { description: 'Every endpoint, paid or free, with its price and networks.' }),
    instructions: Type.String(),
  },
  { description: 'x402 discovery descriptor (format `version: 1`).' },
);
export type WellKnownX402 = Static<typeof WellKnownX402>;
