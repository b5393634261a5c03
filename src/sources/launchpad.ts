/**
 * Launch platform (leg `launchpad`): the token-launch platform on the Raydium LaunchLab bonding-curve
 * program whose reward coins carry a Token-2022 transfer fee paid out to holders in the quote asset —
 * pairs (quote assets, categories, launchability), reward tokens (paged), per-token detail with payouts,
 * the rewards ledger, launch pricing per quote and mode, and platform stats. Thin typed client over
 * `HttpSource` behind a client-side token bucket; no key.
 *
 * The wire format is the SERVICE'S ASSUMPTION (no such platform documents a public JSON API; see
 * `./wire/launchpad.ts` and docs/launchpad.md "Platform API"), and so is the rate limit
 * (`LAUNCHPAD_RATE_LIMIT_PER_SECOND`). In live mode `LAUNCHPAD_URL` must point at a platform or adapter
 * that serves this format; otherwise every answer is `malformed`.
 */
import type { DailyPoint, RewardCoin } from '../analytics/launchpad/types.js';
import { SourceError } from './errors.js';
import { systemTimers, type Timers } from '../lib/timers.js';
import type { HttpSource } from './http-source.js';
import { wireParser } from './wire.js';
import {
  LaunchpadLedgerSchema,
  LaunchpadPairsSchema,
  LaunchpadPricingBodySchema,
  LaunchpadStatsBodySchema,
  LaunchpadTokenDetailBodySchema,
  LaunchpadTokenPageSchema,
  type LaunchpadLedgerEntry,
  type LaunchpadMode,
  type LaunchpadPair,
  type LaunchpadPricing,
  type LaunchpadStats,
  type LaunchpadTokenDetail,
  type LaunchpadTokenPage,
} from './wire/launchpad.js';

export type {
  LaunchpadLedgerEntry, LaunchpadMode, LaunchpadPair, LaunchpadPayout, LaunchpadPricing, LaunchpadStats,
  LaunchpadTokenDetail, LaunchpadTokenPage, LaunchpadTokenSummary,
} from './wire/launchpad.js';
export { LAUNCHPAD_MODES, LAUNCHPAD_QUOTE_CATEGORIES } from './wire/launchpad.js';

/** No public platform host follows the assumed format, so live mode has no working default: set `LAUNCHPAD_URL`. */
export const LAUNCHPAD_LIVE_URL = 'https://launchpad.invalid';

/** Assumed platform rate limit (requests per second per client); the bucket keeps us under it. */
export const LAUNCHPAD_RATE_LIMIT_PER_SECOND = 5;
/** Requests that may go out back to back before the bucket starts spacing them (one second's worth). */
export const LAUNCHPAD_RATE_LIMIT_BURST = 5;
/** Page size asked of `/api/v1/reward-tokens` unless the caller says otherwise (the assumed maximum). */
export const LAUNCHPAD_PAGE_LIMIT_DEFAULT = 100;
export const LAUNCHPAD_PAGE_LIMIT_MAX = 100;

/** What the rate limiter waits on: `now` in monotonic ms, `sleep` abortable (src/lib/timers.ts). */
export type Clock = Pick<Timers, 'now' | 'sleep'>;

/**
 * Token bucket: `burst` tokens, refilled at `ratePerSecond`. `take()` waits until a token is available
 * rather than failing, because a 429 from the platform would cost a retry and count against its breaker.
 * Waiters are served in call order (each reserves its slot before sleeping), so a burst of callers is
 * spread evenly instead of all waking at once.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(private readonly ratePerSecond: number, private readonly burst: number, private readonly clock: Clock = systemTimers) {
    if (!(ratePerSecond > 0) || !(burst >= 1)) throw new RangeError('TokenBucket needs ratePerSecond > 0 and burst ≥ 1');
    this.tokens = burst;
    this.last = clock.now();
  }

  /** Milliseconds the caller waited (0 when a token was available). */
  async take(signal?: AbortSignal): Promise<number> {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.ratePerSecond) / 1000);
    this.last = now;
    // Reserve the token now (tokens may go negative: the debt is what later callers wait behind).
    this.tokens -= 1;
    if (this.tokens >= 0) return 0;
    const waitMs = Math.ceil((-this.tokens * 1000) / this.ratePerSecond);
    try {
      await this.clock.sleep(waitMs, signal);
    } catch (err) {
      this.tokens += 1; // an aborted caller gives its reservation back
      throw err;
    }
    return waitMs;
  }
}

export interface LaunchpadClientOptions {
  /** Base URL (`LAUNCHPAD_URL`, or the sandbox's), leg `launchpad`. */
  http: HttpSource;
  /** Defaults to the assumed platform limit; tests inject a bucket on a fake clock. */
  bucket?: TokenBucket;
}

export interface RewardTokensQuery {
  /** Opaque cursor from the previous page's `next_cursor`; omitted for the first page. */
  cursor?: string;
  limit?: number;
}

const parsePairs = wireParser(LaunchpadPairsSchema);
const parsePage = wireParser(LaunchpadTokenPageSchema);
const parseDetail = wireParser(LaunchpadTokenDetailBodySchema);
const parseLedger = wireParser(LaunchpadLedgerSchema);
const parsePricing = wireParser(LaunchpadPricingBodySchema);
const parseStats = wireParser(LaunchpadStatsBodySchema);

export class LaunchpadClient {
  private readonly http: HttpSource;
  readonly bucket: TokenBucket;

  constructor(options: LaunchpadClientOptions) {
    this.http = options.http;
    this.bucket = options.bucket ?? new TokenBucket(LAUNCHPAD_RATE_LIMIT_PER_SECOND, LAUNCHPAD_RATE_LIMIT_BURST);
  }

  /** One logical call: a token first (HttpSource's own retries are rare and ride on it). */
  private async get<T>(path: string, parse: (json: unknown) => T, query?: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<T> {
    await this.bucket.take(signal);
    return this.http.request(path, { parse, query, signal, notFoundStatuses: [404] });
  }

  /** Every quote asset (`GET /api/v1/pairs`), launchable or not. */
  async pairs(signal?: AbortSignal): Promise<LaunchpadPair[]> {
    return (await this.get('/api/v1/pairs', parsePairs, undefined, signal)).pairs;
  }

  /** One page of the platform's coins (`GET /api/v1/reward-tokens`); `next_cursor` null on the last page. */
  async rewardTokens(query: RewardTokensQuery = {}, signal?: AbortSignal): Promise<LaunchpadTokenPage> {
    const limit = Math.min(Math.max(1, Math.floor(query.limit ?? LAUNCHPAD_PAGE_LIMIT_DEFAULT)), LAUNCHPAD_PAGE_LIMIT_MAX);
    const page = await this.get('/api/v1/reward-tokens', parsePage, { cursor: query.cursor, limit }, signal);
    // A cursor that points back at itself would page forever; the index must be able to trust termination.
    if (page.next_cursor !== null && page.next_cursor === query.cursor) {
      throw new SourceError(this.http.leg, 'malformed', 'launchpad returned the same cursor it was given', undefined, false);
    }
    return page;
  }

  /** A coin with all its payouts (`GET /api/v1/tokens/{mint}`); an unknown mint is `not_found`. */
  async token(mint: string, signal?: AbortSignal): Promise<LaunchpadTokenDetail> {
    return (await this.get(`/api/v1/tokens/${encodeURIComponent(mint)}`, parseDetail, undefined, signal)).token;
  }

  /** The distributor's ledger (`GET /api/v1/rewards`), optionally one coin's, entries strictly after `sinceMs`. */
  async rewardsLedger(mint?: string, sinceMs?: number, signal?: AbortSignal): Promise<LaunchpadLedgerEntry[]> {
    return (await this.get('/api/v1/rewards', parseLedger, { mint, since: sinceMs }, signal)).entries;
  }

  /** Launch parameters for a quote and mode (`GET /api/v1/launch-pricing`); a quote closed for launches is `not_found`. */
  async launchPricing(quoteMint: string, mode: LaunchpadMode, signal?: AbortSignal): Promise<LaunchpadPricing> {
    return (await this.get('/api/v1/launch-pricing', parsePricing, { quote_mint: quoteMint, mode }, signal)).pricing;
  }

  /** Platform totals and the distributor address (`GET /api/v1/stats`). */
  async stats(signal?: AbortSignal): Promise<LaunchpadStats> {
    return (await this.get('/api/v1/stats', parseStats, undefined, signal)).stats;
  }
}

/**
 * The analytics' `RewardCoin` from a token's detail: the distributor comes from `stats()` (one per
 * platform) and the daily points from the index's own snapshots (the platform keeps no history for us).
 */
export function rewardCoinFrom(detail: LaunchpadTokenDetail, platformDistributor: string, daily: DailyPoint[] = []): RewardCoin {
  return {
    mint: detail.mint,
    symbol: detail.symbol,
    quote_mint: detail.quote_mint,
    quote_symbol: detail.quote_symbol,
    quote_category: detail.quote_category,
    transfer_fee_bps: detail.transfer_fee_bps,
    transfer_fee_max: detail.transfer_fee_max,
    withdraw_authority: detail.withdraw_authority,
    platform_distributor: platformDistributor,
    fee_mutable: detail.fee_mutable,
    adopted: detail.adopted,
    created_at: detail.created_at,
    holders: detail.holders,
    top10_pct: detail.top10_pct,
    market_cap_usd: detail.market_cap_usd,
    volume_24h_usd: detail.volume_24h_usd,
    price_change_24h_pct: detail.price_change_24h_pct,
    payouts: detail.payouts.map((p) => ({ at: p.at, quote_amount: p.quote_amount, usd: p.usd })),
    daily,
    flywheel: detail.flywheel,
  };
}
