/**
 * What a data source can fail with. Handlers turn a failed *required* leg into a 502/504 answer and a
 * failed *optional* leg into a `leg_degraded` caveat. Messages never carry URLs with keys or upstream bodies.
 */
import { ApiError } from '../app/errors.js';

export type LegName =
  | 'wallet_assets' | 'market_data' | 'price_aggregator' | 'defi_data' | 'chain_rpc'
  /** The four perps venues (sources/perps/types.ts): each its own leg, so one venue down leaves the others answering. */
  | 'perps_venue_a' | 'perps_venue_b' | 'perps_venue_c' | 'perps_venue_d'
  /** Tokenized-card pack machines (sources/card-packs.ts). */
  | 'card_packs'
  /** The launch platform's reward coins (sources/launchpad.ts). */
  | 'launchpad';

export type SourceFailure = 'timeout' | 'unavailable' | 'rate_limited' | 'malformed' | 'not_found' | 'circuit_open';

export class SourceError extends Error {
  constructor(
    readonly leg: LegName,
    readonly kind: SourceFailure,
    message: string,
    readonly status?: number,
    /** False for answers a retry cannot change (e.g. 401: a bad key). */
    readonly retryable = kind === 'unavailable' || kind === 'rate_limited',
    /** How long the upstream asked us to wait (429/503 `Retry-After`). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** A required leg's failure as the caller sees it: 504 for a timeout, 502 otherwise. Never charged. */
export function toApiError(err: SourceError): ApiError {
  if (err.kind === 'timeout') return new ApiError('upstream_timeout', `The ${err.leg} source did not answer in time. You were not charged.`, { extra: { leg: err.leg } });
  return new ApiError('upstream_unavailable', `The ${err.leg} source is unavailable (${err.kind}). You were not charged.`, { extra: { leg: err.leg } });
}
