/**
 * dYdX v4 indexer wire format (reference venue D): `GET /v4/perpetualMarkets` →
 * `{ markets: { "BTC-USD": PerpetualMarketResponseObject, … } }` (optional query `ticker`, `limit`).
 *
 * Source: the indexer's own OpenAPI document, dydxprotocol/v4-chain
 * indexer/services/comlink/public/swagger.json (schemas `PerpetualMarketResponse`,
 * `PerpetualMarketResponseObject`, `PerpetualMarketStatus`), and its api-documentation.md. Every number is a
 * decimal string except the integers `trades24H`, `atomicResolution`, `quantumConversionExponent`,
 * `stepBaseQuantums` and `subticksPerTick`.
 *
 * `nextFundingRate` is a rate PER HOUR: the indexer turns each of the protocol's 8-hour premium samples
 * into a 1-hour rate (v4-chain indexer protocol-translations `funding8HourValuePpmTo1HourRate`: "funding is
 * returned in 8 hour and we store funding rate in 1 hour increments") and reports their average plus the
 * market's `defaultFundingRate1H` (indexer redis next-funding-cache `getNextFunding`); dYdX v4 settles
 * funding every hour. `openInterest` is in base-asset units; `volume24H` is USD notional. The indexer
 * reports no mark price, only `oraclePrice`.
 *
 * The schema checks only `markets` as a map; each market the client reads is checked on its own, so an
 * odd entry among the venue's 200+ other markets cannot fail the answer.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DecimalString } from './decimal.js';

const DYDX_MARKET_STATUSES = ['ACTIVE', 'PAUSED', 'CANCEL_ONLY', 'POST_ONLY', 'INITIALIZING', 'FINAL_SETTLEMENT'] as const;

export const DydxMarketSchema = Type.Object({
  ticker: Type.String(),
  /** One of DYDX_MARKET_STATUSES; kept open so a new status is read as "not active", not as a broken body. */
  status: Type.String(),
  oraclePrice: DecimalString,
  volume24H: DecimalString,
  /** Funding per hour as a fraction; positive = longs pay shorts. */
  nextFundingRate: DecimalString,
  /** The margin fraction needed to open: max leverage = 1 / initialMarginFraction. */
  initialMarginFraction: DecimalString,
  /** Base-asset units. */
  openInterest: DecimalString,
});

export const DydxPerpetualMarketsSchema = Type.Object({ markets: Type.Record(Type.String(), Type.Unknown()) });

export type DydxMarket = Static<typeof DydxMarketSchema>;

/** The full documented market object, for the sandbox to render. */
export interface DydxMarketWire {
  clobPairId: string;
  ticker: string;
  status: (typeof DYDX_MARKET_STATUSES)[number];
  oraclePrice: string;
  priceChange24H: string;
  volume24H: string;
  trades24H: number;
  nextFundingRate: string;
  initialMarginFraction: string;
  maintenanceMarginFraction: string;
  openInterest: string;
  atomicResolution: number;
  quantumConversionExponent: number;
  tickSize: string;
  stepSize: string;
  stepBaseQuantums: number;
  subticksPerTick: number;
  marketType: 'CROSS' | 'ISOLATED';
  openInterestLowerCap?: string;
  openInterestUpperCap?: string;
  baseOpenInterest: string;
  defaultFundingRate1H?: string;
}

export interface DydxPerpetualMarketsWire {
  markets: Record<string, DydxMarketWire>;
}
