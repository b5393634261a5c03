/**
 * What the fault suite injects and where: the fault modes (each a sandbox `Fault`, src/sandbox/providers/
 * faults.ts) and, per upstream leg, the endpoints that read it — composites that must degrade to a
 * `leg_degraded` caveat, and (where the leg has one) an endpoint that cannot answer without it.
 * Which endpoint needs which leg was measured against the sandbox, not guessed: trenches-scan degrades
 * without wallet_assets or defi_data but fails without market_data, so it is market_data's single source.
 */
import { LARGE_BODY_BUDGET_MS } from '../../src/sources/index.js';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import type { Fault } from '../../src/sandbox/providers/faults.js';
import type { LegName, SourceFailure } from '../../src/sources/errors.js';

/**
 * Budget of one source call in the fault services: a request to a hung or slow leg costs this much of the
 * service's manual time (the test moves the time to its budget once the leg holds it).
 */
export const SOURCE_TIMEOUT_MS = 2000;
/**
 * The longest budget of any source: DefiLlama's yields and Hyperliquid's stats get at least 10 s
 * (src/sources/index.ts). A slow leg answers after it, so each of its requests is past its own budget.
 */
export const LONGEST_SOURCE_BUDGET_MS = LARGE_BODY_BUDGET_MS;
export const ANSWER_DEADLINE_MS = 15_000;
/** A circuit breaker's cool-down (the `CircuitBreaker` default, src/sources/breaker.ts): open → half-open. */
export { BREAKER_COOLDOWN_MS } from '../../src/sources/breaker.js';

export interface FaultMode {
  name: string;
  fault: Fault;
  /** The failure kind the service must report (a caveat's or an error's message names it). */
  kind: SourceFailure;
}

export const MODES: readonly FaultMode[] = [
  { name: 'hang', fault: { hang: true }, kind: 'timeout' },
  { name: 'slow', fault: { latencyMs: LONGEST_SOURCE_BUDGET_MS + 1500 }, kind: 'timeout' },
  { name: '5xx', fault: { errorRate: 1, errorStatus: 500 }, kind: 'unavailable' },
  { name: '429', fault: { errorRate: 1, errorStatus: 429 }, kind: 'rate_limited' },
  { name: 'truncated', fault: { malformed: true }, kind: 'malformed' },
  { name: 'wrong-types', fault: { wrongTypes: true }, kind: 'malformed' },
  { name: 'missing-fields', fault: { missingFields: true }, kind: 'malformed' },
  { name: 'flapping', fault: { flapping: true }, kind: 'unavailable' },
];

export type Call = readonly [key: string, body: Record<string, unknown>];

export interface LegPlan {
  leg: LegName;
  composites: Call[];
  single?: Call;
}

const TOKEN_FULL: Call = ['enrich-token-full', { mint: A.TOKEN_SAFE }];
const CROSS_VENUE: Call = ['perps-cross-venue-funding', { market: 'SOL', include_reference: true }];

export const PLAN: readonly LegPlan[] = [
  { leg: 'wallet_assets', composites: [TOKEN_FULL, ['due-diligence', { mint: A.TOKEN_SAFE }]], single: ['enrich-wallet-light', { address: A.WALLET_DEFI }] },
  { leg: 'market_data', composites: [TOKEN_FULL], single: ['trenches-scan', {}] },
  { leg: 'price_aggregator', composites: [TOKEN_FULL] },
  // trenches-scan degrades without defi_data too, but is the suite's slowest call: it runs for market_data.
  { leg: 'defi_data', composites: [['protocol-profile', { protocol: 'jupiter', include_yields: true }]] },
  { leg: 'chain_rpc', composites: [TOKEN_FULL], single: ['whale-watch', { mint: A.TOKEN_SAFE }] },
  { leg: 'perps_venue_a', composites: [CROSS_VENUE], single: ['perps-market-structure', {}] },
  { leg: 'perps_venue_b', composites: [CROSS_VENUE] },
  { leg: 'perps_venue_c', composites: [CROSS_VENUE], single: ['refvenue-smart-money', { market: 'SOL' }] },
  { leg: 'perps_venue_d', composites: [CROSS_VENUE] },
];

/**
 * The breaker test calls each leg again and again; answers are cached (a degraded one for 30 s), so every
 * call asks a slightly different question (the n-th wallet, limit n…) to reach the handler and the source.
 */
const WALLETS = Object.entries(A).filter(([k]) => k.startsWith('WALLET_') && k !== 'WALLET_EMPTY').map(([, v]) => v);
const TOKENS = [A.TOKEN_SAFE, A.TOKEN_CAUTION, A.TOKEN_RISKY, A.TOKEN_VOL_LOW, A.TOKEN_VOL_MODERATE, A.TOKEN_VOL_HIGH, A.TOKEN_VOL_EXTREME, A.TOKEN_HHI_WELL, A.TOKEN_HHI_MODERATE, A.TOKEN_HHI_HIGH, A.TOKEN_FLOAT, A.TOKEN_WHALE_ACCUMULATING];

export const BREAKER_PROBES: Readonly<Record<string, (n: number) => Call>> = {
  wallet_assets: (n) => ['enrich-wallet-light', { address: WALLETS[n % WALLETS.length]! }],
  market_data: (n) => ['trenches-scan', { limit: 1 + (n % 20) }],
  price_aggregator: (n) => ['enrich-token-full', { mint: TOKENS[n % TOKENS.length]! }],
  defi_data: (n) => ['trenches-scan', { limit: 1 + (n % 20) }],
  chain_rpc: (n) => ['whale-watch', { mint: A.TOKEN_SAFE, threshold_usd: 100 + n }],
  perps_venue_a: (n) => ['perps-venue-comparison', { market: 'SOL', size_usd: 1000 + n }],
  perps_venue_b: (n) => ['perps-venue-comparison', { market: 'SOL', size_usd: 1000 + n }],
  perps_venue_c: (n) => ['refvenue-smart-money', { market: 'SOL', top_traders: 1 + (n % 25) }],
  perps_venue_d: (n) => ['perps-basis-signal', { asset: 'SOL', min_yield_apr_pct: n }],
};
