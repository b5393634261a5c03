/**
 * dYdX v4 indexer client — reference venue D (leg `perps_venue_d`): the perpetual markets of SOL, BTC,
 * ETH and BONK from `GET /v4/perpetualMarkets`. Public, no key. Wire format and its sources:
 * `./wire/dydx.ts`.
 *
 * Units: `nextFundingRate` is already per hour and is kept hourly (annualizing × 8760 is the analytics'
 * job); `openInterest` is in base units, so its USD value is × `oraclePrice`; max leverage is
 * 1 / `initialMarginFraction`. The indexer reports no mark price: `markPriceUsd` is the oracle price.
 * BONK-USD is quoted per BONK, so no lot scaling applies.
 */
import { reportSkipped } from '../errors.js';
import type { HttpSource } from '../http-source.js';
import { someValid, wireParser, wireRecordParser, type ParsedList } from '../wire.js';
import type { PerpsAsset, RefMarket, RefVenueDSource } from '../../analytics/perps/venue-data.js';
import { decimal } from './wire/decimal.js';
import { DydxMarketSchema, DydxPerpetualMarketsSchema, type DydxMarket } from './wire/dydx.js';
import { UpstreamFormatError } from '../format-error.js';

/** Live indexer (`GET /v4/perpetualMarkets`). */
export const DYDX_INDEXER_URL = 'https://indexer.dydx.trade';

/** The indexer's ticker of each asset the service covers. */
export const DYDX_TICKERS: Readonly<Record<PerpsAsset, string>> = { SOL: 'SOL-USD', BTC: 'BTC-USD', ETH: 'ETH-USD', BONK: 'BONK-USD' };

export interface DydxIndexerClientOptions {
  /** Base URL `https://indexer.dydx.trade` (or the sandbox's), leg `perps_venue_d`. */
  http: HttpSource;
}

const parseMarkets = wireParser(DydxPerpetualMarketsSchema);
const parseMarketMap = wireRecordParser(DydxMarketSchema);

function refMarket(asset: PerpsAsset, market: DydxMarket): RefMarket {
  const oracle = decimal(market.oraclePrice);
  const initialMarginFraction = decimal(market.initialMarginFraction);
  if (initialMarginFraction <= 0) throw new UpstreamFormatError(`${market.ticker} has a non-positive initialMarginFraction`);
  return {
    venue: 'D',
    asset,
    venueSymbol: market.ticker,
    markPriceUsd: oracle,
    oraclePriceUsd: oracle,
    fundingRateHourly: decimal(market.nextFundingRate),
    openInterestUsd: decimal(market.openInterest) * oracle,
    volume24hUsd: decimal(market.volume24H),
    maxLeverage: 1 / initialMarginFraction,
  };
}

/**
 * The covered markets, each checked on its own (the venue's other markets are not read at all): a malformed
 * one is skipped and counted, the others still answer; when every covered market listed is malformed, the
 * body is.
 */
function marketsFrom(json: unknown): { markets: RefMarket[]; list: ParsedList<unknown> } {
  const { markets } = parseMarkets(json);
  const assetOf = new Map<string, PerpsAsset>();
  const covered: Record<string, unknown> = {};
  for (const [asset, ticker] of Object.entries(DYDX_TICKERS) as [PerpsAsset, string][]) {
    if (!Object.hasOwn(markets, ticker)) continue;
    assetOf.set(ticker, asset);
    covered[ticker] = markets[ticker];
  }
  const checked = parseMarketMap(covered);
  const usable: { asset: PerpsAsset; market: DydxMarket }[] = [];
  let skipped = checked.skipped;
  let firstError = checked.firstError;
  for (const [ticker, market] of checked.items) {
    // Values no quote can be made of (an infinite decimal, a margin fraction of 0) make one bad entry too.
    if (!usableNumbers(market)) {
      skipped++;
      firstError ??= `/${ticker} has a value that is not a finite decimal, or a margin fraction that is not positive`;
      continue;
    }
    usable.push({ asset: assetOf.get(ticker)!, market });
  }
  const list = someValid({ items: usable, skipped, firstError }, 'market');
  // Paused, cancel-only, initializing or settling markets cannot be entered: they are no quote.
  const found = list.items.filter(({ market }) => market.status === 'ACTIVE').map(({ asset, market }) => refMarket(asset, market));
  return { markets: found, list };
}

/** Whether `refMarket` can read the market: finite decimals and a positive initial margin fraction. */
function usableNumbers(market: DydxMarket): boolean {
  try {
    return [market.oraclePrice, market.nextFundingRate, market.openInterest, market.volume24H].every((v) => Number.isFinite(decimal(v))) && decimal(market.initialMarginFraction) > 0;
  } catch {
    return false;
  }
}

export class DydxIndexerClient implements RefVenueDSource {
  readonly venue = 'D' as const;
  private readonly http: HttpSource;

  constructor(options: DydxIndexerClientOptions) {
    this.http = options.http;
  }

  /** SOL-USD, BTC-USD, ETH-USD and BONK-USD when listed and ACTIVE (one request for every market). */
  async markets(signal?: AbortSignal): Promise<RefMarket[]> {
    const { markets, list } = await this.http.request('/v4/perpetualMarkets', { parse: marketsFrom, signal });
    return reportSkipped(markets, { leg: this.http.leg, provider: 'reference venue D', what: 'market', count: list.skipped, firstError: list.firstError });
  }
}
