/**
 * Launch platform (leg `launchpad`): StonkFun's public API (`https://www.stonkfun.xyz/api/public/v1`, the
 * live default of `LAUNCHPAD_URL`). Thin typed client over `HttpSource` behind a client-side token bucket
 * (the platform allows 300 requests per minute per client; a 429's `Retry-After` is honoured by
 * `HttpSource`). Every answer is unwrapped from `{ data, meta }`; lists are validated per element, and the
 * number of elements skipped as malformed travels with the list so the endpoint can say so.
 *
 * What the API does not give (withdraw authority, fee mutability, adoption, top-10 share) is read on chain
 * by `./launchpad-chain.ts`; the two are put together by `src/launchpad-index/coins.ts`.
 */
import type { TSchema, Static } from '@sinclair/typebox';
import { systemTimers, type Timers } from '../lib/timers.js';
import { reportSkipped } from './errors.js';
import type { HttpSource } from './http-source.js';
import { usableListParser, wireParser, type ParsedList } from './wire.js';
import {
  StonkDistributionSchema,
  StonkEnvelopeSchema,
  StonkLedgerLaunchSchema,
  StonkPairSchema,
  StonkPairsDataSchema,
  StonkPricingDataSchema,
  StonkRewardsDataSchema,
  StonkStatsDataSchema,
  StonkTokenDetailDataSchema,
  StonkTokenRewardsDataSchema,
  StonkTokenSchema,
  StonkTokensPageDataSchema,
  type StonkDistribution,
  type StonkLedgerLaunch,
  type StonkPair,
  type StonkPricing,
  type StonkStats,
  type StonkToken,
  type StonkTokenDetail,
  type StonkTokenRewards,
} from './wire/launchpad.js';

export type {
  LaunchpadMode, LaunchpadQuoteCategory, StonkDistribution, StonkLedgerLaunch, StonkPair, StonkPricing, StonkStats, StonkToken,
  StonkTokenDetail, StonkTokenRewards,
} from './wire/launchpad.js';
export { LAUNCHPAD_MODES, LAUNCHPAD_QUOTE_CATEGORIES, curveIndex, normalizeCategory } from './wire/launchpad.js';

/** StonkFun's public API: the live default of `LAUNCHPAD_URL`. */
export const LAUNCHPAD_LIVE_URL = 'https://www.stonkfun.xyz/api/public/v1';

/** The platform's limit is 300 requests per minute per client: 5 per second, a second's worth back to back. */
export const LAUNCHPAD_RATE_LIMIT_PER_SECOND = 5;
export const LAUNCHPAD_RATE_LIMIT_BURST = 5;
/** `/tokens` caps `pageSize` at 100 (a larger value is answered with 100). */
const LAUNCHPAD_PAGE_SIZE_MAX = 100;
/** Entries asked of `/rewards` (every reward coin's totals in one call; the platform answers up to this many). */
const LAUNCHPAD_LEDGER_LIMIT = 10_000;
/** `/tokens` sort value for "24 h volume, highest first" (the platform falls back to market cap for unknown values). */
const LAUNCHPAD_VOLUME_SORT = 'volume';

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
  /** Defaults to the platform's limit; tests inject a bucket on a fake clock. */
  bucket?: TokenBucket;
}

export interface TokensQuery {
  page?: number;
  pageSize?: number;
  /** `volume` (24 h volume, highest first) unless told otherwise. */
  sort?: string;
  mode?: 'standard' | 'reward';
}

export interface TokensPage {
  tokens: StonkToken[];
  page: number;
  totalPages: number;
  total: number;
  /** Coins on the page rejected as malformed (left out). */
  skipped: number;
}

export interface RewardsLedger {
  launches: StonkLedgerLaunch[];
  distributions: StonkDistribution[];
  /** Totals and distributions rejected as malformed (left out). */
  skipped: number;
}

/** Parses the `{data, meta}` envelope, then `data` with the route's schema. */
function enveloped<S extends TSchema>(dataSchema: S): (json: unknown) => Static<S> {
  const envelope = wireParser(StonkEnvelopeSchema);
  const data = wireParser(dataSchema);
  return (json) => data(envelope(json).data);
}

/*
 * Lists are parsed inside the request's parse step, so a list whose every entry is malformed (a changed
 * format, not one bad entry) is `malformed` like any unreadable body, never an empty list.
 */
const pairsData = enveloped(StonkPairsDataSchema);
const pairList = usableListParser(StonkPairSchema, 'pair');
const parsePairs = (json: unknown) => pairList(pairsData(json).pairs);
const pageData = enveloped(StonkTokensPageDataSchema);
const tokenList = usableListParser(StonkTokenSchema, 'coin');
const parsePage = (json: unknown) => {
  const data = pageData(json);
  return { pagination: data.pagination, list: tokenList(data.tokens) };
};
const parseDetail = enveloped(StonkTokenDetailDataSchema);
const parseTokenRewards = enveloped(StonkTokenRewardsDataSchema);
const rewardsData = enveloped(StonkRewardsDataSchema);
const launchList = usableListParser(StonkLedgerLaunchSchema, 'reward total');
const distributionList = usableListParser(StonkDistributionSchema, 'distribution');
const parseRewards = (json: unknown) => {
  const data = rewardsData(json);
  return { launches: launchList(data.launches), distributions: distributionList(data.recentDistributions ?? []) };
};
const parsePricing = enveloped(StonkPricingDataSchema);
const parseStats = enveloped(StonkStatsDataSchema);

/** A skip for the call in progress (src/sources/errors.ts): the endpoint's answer gets the `items_skipped` caveat. */
function skippedNote(what: string, count: number, firstError: string | null) {
  return { leg: 'launchpad' as const, provider: 'StonkFun', what, count, firstError };
}

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

  get leg() {
    return this.http.leg;
  }

  /** Every quote asset (`GET /pairs`), launchable or not. */
  async pairs(signal?: AbortSignal): Promise<ParsedList<StonkPair>> {
    const list = await this.get('/pairs', parsePairs, undefined, signal);
    return reportSkipped(list, skippedNote('pair', list.skipped, list.firstError));
  }

  /** One page of coins (`GET /tokens`), by 24 h volume unless told otherwise. */
  async tokens(query: TokensQuery = {}, signal?: AbortSignal): Promise<TokensPage> {
    const pageSize = Math.min(Math.max(1, Math.floor(query.pageSize ?? LAUNCHPAD_PAGE_SIZE_MAX)), LAUNCHPAD_PAGE_SIZE_MAX);
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const { pagination, list } = await this.get('/tokens', parsePage, { page, pageSize, sort: query.sort ?? LAUNCHPAD_VOLUME_SORT, mode: query.mode }, signal);
    const answer: TokensPage = { tokens: list.items, page: pagination.page, totalPages: pagination.totalPages, total: pagination.total, skipped: list.skipped };
    return reportSkipped(answer, skippedNote('coin', list.skipped, list.firstError));
  }

  /** A coin and its launch record (`GET /tokens/{mint}`); an unknown mint is `not_found`. */
  async token(mint: string, signal?: AbortSignal): Promise<StonkTokenDetail> {
    return this.get(`/tokens/${encodeURIComponent(mint)}`, parseDetail, undefined, signal);
  }

  /** A coin's lifetime distribution totals (`GET /tokens/{mint}/rewards`); `rewards` null for a standard launch. */
  async tokenRewards(mint: string, signal?: AbortSignal): Promise<StonkTokenRewards> {
    return this.get(`/tokens/${encodeURIComponent(mint)}/rewards`, parseTokenRewards, undefined, signal);
  }

  /** Every reward coin's lifetime totals and the platform's latest distributions (`GET /rewards`). */
  async rewards(limit: number = LAUNCHPAD_LEDGER_LIMIT, signal?: AbortSignal): Promise<RewardsLedger> {
    const { launches, distributions } = await this.get('/rewards', parseRewards, { limit }, signal);
    reportSkipped(launches, skippedNote('reward total', launches.skipped, launches.firstError));
    reportSkipped(distributions, skippedNote('distribution', distributions.skipped, distributions.firstError));
    return { launches: launches.items, distributions: distributions.items, skipped: launches.skipped + distributions.skipped };
  }

  /** The LaunchLab constants of a launch on `quoteMint`, both modes (`GET /launchlab/pricing`); a quote it cannot price is an error. */
  async launchLabPricing(quoteMint: string, signal?: AbortSignal): Promise<StonkPricing> {
    return this.get('/launchlab/pricing', parsePricing, { quoteMint }, signal);
  }

  /** Platform totals and config switches (`GET /stats`). */
  async stats(signal?: AbortSignal): Promise<StonkStats> {
    return this.get('/stats', parseStats, undefined, signal);
  }
}
