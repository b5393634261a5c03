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
import type { HttpSource } from '../http-source.js';
import { wireParser } from '../wire.js';
import type { PerpsAsset, RefMarket, RefVenueDSource } from './types.js';
import { decimal } from './wire/decimal.js';
import { DydxMarketSchema, DydxPerpetualMarketsSchema, type DydxMarket } from './wire/dydx.js';

/** Live indexer (`GET /v4/perpetualMarkets`). */
export const DYDX_INDEXER_URL = 'https://indexer.dydx.trade';

/** The indexer's ticker of each asset the service covers. */
export const DYDX_TICKERS: Readonly<Record<PerpsAsset, string>> = { SOL: 'SOL-USD', BTC: 'BTC-USD', ETH: 'ETH-USD', BONK: 'BONK-USD' };

export interface DydxIndexerClientOptions {
  /** Base URL `https://indexer.dydx.trade` (or the sandbox's), leg `perps_venue_d`. */
  http: HttpSource;
}

const parseMarkets = wireParser(DydxPerpetualMarketsSchema);
const parseMarket = wireParser(DydxMarketSchema);

function refMarket(asset: PerpsAsset, market: DydxMarket): RefMarket {
  const oracle = decimal(market.oraclePrice);
  const initialMarginFraction = decimal(market.initialMarginFraction);
  if (initialMarginFraction <= 0) throw new Error(`${market.ticker} has a non-positive initialMarginFraction`);
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

function marketsFrom(json: unknown): RefMarket[] {
  const { markets } = parseMarkets(json);
  const found: RefMarket[] = [];
  for (const [asset, ticker] of Object.entries(DYDX_TICKERS) as [PerpsAsset, string][]) {
    if (!Object.hasOwn(markets, ticker)) continue;
    const market = parseMarket(markets[ticker]);
    // Paused, cancel-only, initializing or settling markets cannot be entered: they are no quote.
    if (market.status !== 'ACTIVE') continue;
    found.push(refMarket(asset, market));
  }
  return found;
}

export class DydxIndexerClient implements RefVenueDSource {
  readonly venue = 'D' as const;
  private readonly http: HttpSource;

  constructor(options: DydxIndexerClientOptions) {
    this.http = options.http;
  }

  /** SOL-USD, BTC-USD, ETH-USD and BONK-USD when listed and ACTIVE (one request for every market). */
  markets(signal?: AbortSignal): Promise<RefMarket[]> {
    return this.http.request('/v4/perpetualMarkets', { parse: marketsFrom, signal });
  }
}
