/**
 * The sandbox's dYdX v4 indexer (reference venue D, leg `perps_venue_d`): `GET /v4/perpetualMarkets`
 * renders world.refMarkets('D') in the indexer's format (see `src/sources/perps/wire/dydx.ts`), keyed by
 * ticker, alongside a few tickers the world does not model (the client must skip them).
 *
 * Like the real indexer: numbers are decimal strings (`trades24H` an integer); `openInterest` is in base
 * units (the world's USD open interest ÷ oracle price); `initialMarginFraction` = 1 / max leverage;
 * `nextFundingRate` is the world's hourly rate as is; there is no mark price (the world's mark is not
 * rendered); `?ticker=` narrows the answer to one market and an unknown ticker is a 404.
 *
 * Figures the world does not hold are fixed or derived: the 24 h price change is 0; trades are the
 * volume ÷ $3,000 per trade; maintenance margin is 60 % of the initial margin; the open-interest caps are
 * 0 (none), the default funding is 0; the market constants (clob pair, resolutions, tick and step sizes)
 * are per ticker.
 */
import { DYDX_TICKERS } from '../../../sources/perps/dydx.js';
import type { PerpsAsset, PerpsWorld, RefMarket } from '../../../analytics/perps/venue-data.js';
import type { DydxMarketWire, DydxPerpetualMarketsWire } from '../../../sources/perps/wire/dydx.js';
import type { ProviderHandler, ProviderResponse } from '../server.js';
import { wireDecimal } from './wire-decimal.js';

type MarketConstants = Pick<DydxMarketWire, 'clobPairId' | 'atomicResolution' | 'quantumConversionExponent' | 'tickSize' | 'stepSize' | 'stepBaseQuantums' | 'subticksPerTick'>;

const CONSTANTS: Readonly<Record<PerpsAsset, MarketConstants>> = {
  BTC: { clobPairId: '0', atomicResolution: -10, quantumConversionExponent: -9, tickSize: '1', stepSize: '0.0001', stepBaseQuantums: 1_000_000, subticksPerTick: 100_000 },
  ETH: { clobPairId: '1', atomicResolution: -9, quantumConversionExponent: -9, tickSize: '0.1', stepSize: '0.001', stepBaseQuantums: 1_000_000, subticksPerTick: 100_000 },
  SOL: { clobPairId: '5', atomicResolution: -7, quantumConversionExponent: -9, tickSize: '0.01', stepSize: '0.1', stepBaseQuantums: 1_000_000, subticksPerTick: 1_000_000 },
  BONK: { clobPairId: '72', atomicResolution: -1, quantumConversionExponent: -9, tickSize: '0.000000001', stepSize: '100000', stepBaseQuantums: 1_000_000, subticksPerTick: 1_000_000 },
};

/** Tickers the world does not model, with fixed figures. */
const OTHER_MARKETS: readonly DydxMarketWire[] = [
  {
    clobPairId: '2', ticker: 'LINK-USD', status: 'ACTIVE', oraclePrice: '14.21837', priceChange24H: '-0.1833', volume24H: '3120442.118',
    trades24H: 2211, nextFundingRate: '0.00000125', initialMarginFraction: '0.05', maintenanceMarginFraction: '0.03', openInterest: '301245.5',
    atomicResolution: -6, quantumConversionExponent: -9, tickSize: '0.001', stepSize: '1', stepBaseQuantums: 1_000_000, subticksPerTick: 1_000_000,
    marketType: 'CROSS', openInterestLowerCap: '0', openInterestUpperCap: '0', baseOpenInterest: '301245.5', defaultFundingRate1H: '0',
  },
  {
    clobPairId: '9', ticker: 'DOGE-USD', status: 'ACTIVE', oraclePrice: '0.174133', priceChange24H: '0.002011', volume24H: '8410022.77',
    trades24H: 4873, nextFundingRate: '-0.00000211', initialMarginFraction: '0.05', maintenanceMarginFraction: '0.03', openInterest: '112300400',
    atomicResolution: -2, quantumConversionExponent: -9, tickSize: '0.00001', stepSize: '10', stepBaseQuantums: 1_000_000, subticksPerTick: 1_000_000,
    marketType: 'CROSS', openInterestLowerCap: '0', openInterestUpperCap: '0', baseOpenInterest: '112300400', defaultFundingRate1H: '0',
  },
  {
    clobPairId: '301', ticker: 'NEWCOIN-USD', status: 'INITIALIZING', oraclePrice: '0', priceChange24H: '0', volume24H: '0',
    trades24H: 0, nextFundingRate: '0', initialMarginFraction: '1', maintenanceMarginFraction: '0.5', openInterest: '0',
    atomicResolution: -5, quantumConversionExponent: -9, tickSize: '0.0001', stepSize: '1', stepBaseQuantums: 1_000_000, subticksPerTick: 1_000_000,
    marketType: 'ISOLATED', openInterestLowerCap: '0', openInterestUpperCap: '500000', baseOpenInterest: '0', defaultFundingRate1H: '0',
  },
];

const TRADE_SIZE_USD = 3000;

function renderMarket(market: RefMarket): DydxMarketWire {
  const oracle = market.oraclePriceUsd;
  const initialMarginFraction = 1 / market.maxLeverage;
  const openInterest = wireDecimal(oracle > 0 ? market.openInterestUsd / oracle : 0);
  return {
    ...CONSTANTS[market.asset],
    ticker: DYDX_TICKERS[market.asset],
    status: 'ACTIVE',
    oraclePrice: wireDecimal(oracle),
    priceChange24H: '0',
    volume24H: wireDecimal(market.volume24hUsd),
    trades24H: Math.round(market.volume24hUsd / TRADE_SIZE_USD),
    nextFundingRate: wireDecimal(market.fundingRateHourly),
    initialMarginFraction: wireDecimal(initialMarginFraction),
    maintenanceMarginFraction: wireDecimal(initialMarginFraction * 0.6),
    openInterest,
    marketType: 'CROSS',
    openInterestLowerCap: '0',
    openInterestUpperCap: '0',
    baseOpenInterest: openInterest,
    defaultFundingRate1H: '0',
  };
}

function renderPerpetualMarkets(markets: readonly RefMarket[]): DydxPerpetualMarketsWire {
  const all = [...markets.filter((m) => m.venue === 'D').map(renderMarket), ...OTHER_MARKETS];
  all.sort((a, b) => Number(a.clobPairId) - Number(b.clobPairId));
  return { markets: Object.fromEntries(all.map((m) => [m.ticker, m])) };
}

/** `now` is the sandbox clock: every answer is a pure function of (world, now, request). */
export function createDydxHandler(world: PerpsWorld, now: () => Date): ProviderHandler {
  return (req): ProviderResponse => {
    if (req.method !== 'GET' || !/^\/v4\/perpetualMarkets\/?$/.test(req.path)) return { status: 404, body: { errors: [{ msg: 'Not Found' }] } };
    const answer = renderPerpetualMarkets(world.refMarkets('D', now()));
    const ticker = req.query.get('ticker');
    if (ticker === null) return { body: answer };
    const market = answer.markets[ticker];
    if (!market) return { status: 404, body: { errors: [{ msg: `${ticker} not found in markets of type PERPETUAL` }] } };
    return { body: { markets: { [ticker]: market } } };
  };
}
