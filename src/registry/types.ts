/**
 * The endpoint registry's vocabulary. One `EndpointDefinition` per endpoint is the single source
 * of truth: routes, validation, the 402 challenge, `/openapi.json`, `/.well-known/x402`,
 * `/llms.txt`, `/docs` and (later) MCP tools are all generated from it.
 */
import type { Timers } from '../lib/timers.js';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { InputIssue } from '../errors/api-error.js';
import type { Caveat } from '../errors/caveat.js';
import type { EntityDirectory } from '../analytics/entities.js';
import type { Sources } from '../sources/index.js';
import { withSkippedCaveats } from '../sources/errors.js';
import type { HandlerStore } from '../store/views.js';

/** Families follow the spec's endpoint tables; each maps to a folder under `src/endpoints/`. */
export type Family =
  | 'wallet-token'
  | 'intelligence'
  | 'history-alerts'
  | 'perps'
  | 'discovery'
  | 'launchpad';

export const FAMILY_TITLES: Record<Family, string> = {
  'wallet-token': 'Wallet, token and transaction enrichment',
  intelligence: 'Token and wallet intelligence',
  'history-alerts': 'Snapshots, history, alerts and signals',
  perps: 'Perps markets and traders',
  discovery: 'Memecoin discovery, attention and card packs',
  launchpad: 'Launch-platform reward coins',
};

/** A data leg that degraded, or any other fact the caller must keep with the answer (src/errors/caveat.ts). */
export type { Caveat } from '../errors/caveat.js';

/** A suggested follow-up call, callable exactly as given. */
export interface NextStep {
  endpoint: string;
  input: Record<string, unknown>;
  reason: string;
}

export interface HandlerResult {
  data: Record<string, unknown>;
  caveats?: Caveat[];
  next_steps?: NextStep[];
  /** Duration of each data leg (ms), sent as `Server-Timing` when the answer was computed, not cached. */
  timings?: Record<string, number>;
  /** A briefing the handler composed itself (`query` briefs by its legs' own briefings); never in `data`. */
  briefing?: string;
  /**
   * Caps how long this answer is cached, below the endpoint's TTL: an answer derived from another cached
   * one (feed-latest's `since` poll) must not outlive it. Never in `data`.
   */
  maxTtlSeconds?: number;
}

/** What `ctx.call` answers: the other endpoint's result and its own briefing of it (composites brief by parts). */
export interface CallResult extends HandlerResult {
  briefing: string;
}

/** What a handler may use. Handlers never read the wall clock directly: `now()` is injectable. */
export interface HandlerContext {
  requestId: string;
  now: () => Date;
  /** Aborted when the call's 15 s answer deadline passes. */
  signal: AbortSignal;
  /**
   * The time budgets inside a call are measured on (src/lib/timers.ts): a handler that spends part of its
   * deadline on optional work (a batch's items, risk reads) reads the time and sets its budgets here.
   */
  timers: Timers;
  /**
   * The answer deadline in ms from the handler's start (absent: the 15 s default). A handler that can
   * answer with partial results (batch-enrich) ends its work just before it instead of losing the call.
   */
  deadlineMs?: number;
  dataMode: 'sandbox' | 'live';
  /** The typed provider clients (sandbox or live: the same code, other base URLs). */
  sources: Sources;
  /** Known-entity labels (exchanges, protocols, bridges, foundations). */
  entities: EntityDirectory;
  /** Programs whose use counts as "interaction with known risky programs" (wallet risk). */
  riskyPrograms: ReadonlySet<string>;
  /**
   * The store's read views handlers use (history, query counts, the launchpad index, observations) and the one
   * write they make, an observation (src/store/views.ts): no payment claims, no retention.
   */
  store: HandlerStore;
  /**
   * The operator's smart-money seed wallets (config `smartMoneyWallets`, `SMART_MONEY_WALLETS`); absent =
   * the smart-money endpoints' curated default list (src/endpoints/discovery/shared/smart-wallets.ts).
   */
  smartMoneyWallets?: readonly string[];
  /**
   * Runs another endpoint for a composite one (`query`): the input is validated with that endpoint's
   * schema (defaults applied), the answer comes through the shared cache, under this call's deadline.
   * Throws ApiError (`invalid_input`, `not_implemented`, upstream codes) like a direct call would fail.
   */
  call(key: string, input: Record<string, unknown>): Promise<CallResult>;
}

/** A snapshot to record from a successful answer (after the response is sent; see src/app/recorder.ts). */
export interface SnapshotOf {
  subjectType: 'token' | 'wallet' | 'perps_wallet' | 'perps_market';
  subject: string;
  data: Record<string, unknown>;
}

/** Which daily snapshots an answer yields (none, one, or one per item of a batch). */
export type SnapshotCapture = (input: Record<string, unknown>, result: HandlerResult) => SnapshotOf[];

export type Handler<I extends TObject> = (input: Static<I>, ctx: HandlerContext) => Promise<HandlerResult>;
export type BriefingFormatter = (result: HandlerResult, input: Record<string, unknown>) => string;

export interface EndpointSpec<I extends TObject> {
  /** Endpoint key as in the spec; the file defining it is `src/endpoints/<family>/<key>.ts`. */
  key: string;
  family: Family;
  /** USDC per call as a decimal string (exact: no float rounding), or `null` for a free endpoint. */
  price: string | null;
  /** One line, shown in listings and the 402's `all_endpoints`. */
  summary: string;
  /** A paragraph for `/docs`, OpenAPI and MCP tool descriptions. */
  description: string;
  /** Input object schema WITHOUT `format` (the registry adds it to every endpoint). */
  input: I;
  /** Schema of the `data` fields of a successful answer. */
  output: TSchema;
  /** How long a result is cached server side (the spec allows 30 s to 10 min; feeds are longer). */
  cacheTtlSeconds: number;
  /** A concrete valid input (used by docs, OpenAPI examples and the Bazaar extension). */
  example: Static<I>;
  /** Absent until the endpoint's family issue lands: the endpoint answers 501 and is never charged. */
  handler?: Handler<I>;
  /** Markdown briefing for `format: llm|both`. */
  briefing?: BriefingFormatter;
  /** Rules across fields that JSON Schema cannot say; each problem is reported like a schema issue. */
  crossFieldCheck?: (input: Static<I>) => InputIssue[];
  /** Set when a breaking change moved the endpoint to a new key: every answer then carries Deprecation/Sunset. */
  deprecation?: Deprecation;
  /** Daily snapshots this endpoint's answers record (token, wallet and perps enrichments). */
  snapshot?: SnapshotCapture;
  /** Set when an answer can legitimately cost less than the price: x402 `upto` is offered beside `exact` (src/registry/pricing.ts). */
  pricing?: UptoPricing;
  /**
   * Runs once the call's payment settled and before its answer is sent (a subscription top-up credits the payer
   * here, keyed by the payment so it happens once). Never runs for an unsettled call. A throw is logged with the
   * payment's key for the operator; the charged answer is still sent.
   */
  afterSettlement?: (payment: SettledPayment, input: Record<string, unknown>) => Promise<void>;
}

/**
 * An endpoint whose answer can cost less than its price. Its 402 also offers the x402 v2 `upto` scheme: the payer
 * authorises the price as a maximum and a successful answer is charged `charge(result)`, never more than the
 * price; 0 settles nothing. `exact` (v2 and v1) and card payments still pay the flat price. docs/payments.md "upto".
 */
export interface UptoPricing {
  kind: 'upto';
  /** What this successful answer costs in USDC atomic units, given the price as the maximum (`maxAtomic`). */
  charge(result: HandlerResult, maxAtomic: bigint): bigint;
  /** The rule in one sentence, as the endpoint's description and the docs say it. */
  rule: string;
}

/** A paid call whose settlement succeeded, as `afterSettlement` sees it. */
export interface SettledPayment {
  idempotencyKey: string;
  /** `exact`, `upto`, `batch-settlement`, or `card`. */
  scheme: string;
  network: string;
  payer: string;
  /** What the settlement charged (an upto payment's charge; otherwise the price). */
  chargedAtomic: bigint;
  /** The settlement's transaction ('' when nothing went on chain: a voucher). */
  transaction: string;
  /** The batch-settlement channel of a voucher payment. */
  channelId?: string;
}

/** Versioning policy (docs/architecture.md, 'Versioning'): changes are additive; a breaking change gets a new key and the old one is deprecated. */
export interface Deprecation {
  /** ISO 8601 date the key was deprecated. */
  since: string;
  /** ISO 8601 date after which the key may stop answering. */
  sunset: string;
  /** The key that replaces it. */
  successor: string;
}

/** The registry's erased form (heterogeneous list). */
export interface EndpointDefinition {
  key: string;
  family: Family;
  price: string | null;
  summary: string;
  description: string;
  input: TObject;
  output: TSchema;
  cacheTtlSeconds: number;
  example: Record<string, unknown>;
  handler?: (input: Record<string, unknown>, ctx: HandlerContext) => Promise<HandlerResult>;
  briefing?: BriefingFormatter;
  crossFieldCheck?: (input: Record<string, unknown>) => InputIssue[];
  deprecation?: Deprecation;
  snapshot?: SnapshotCapture;
  pricing?: UptoPricing;
  afterSettlement?: (payment: SettledPayment, input: Record<string, unknown>) => Promise<void>;
}

/**
 * Keeps the handler's input typed against its own schema while registering it in the erased list. The
 * handler is wrapped so that provider list entries skipped as malformed while it runs reach its answer as
 * `items_skipped` caveats (src/sources/errors.ts), whichever path runs it (call, `ctx.call`, jobs).
 */
export function defineEndpoint<I extends TObject>(spec: EndpointSpec<I>): EndpointDefinition {
  const handler = spec.handler;
  return (handler ? { ...spec, handler: withSkippedCaveats(handler) } : spec) as unknown as EndpointDefinition;
}
