/**
 * DefiLlama coins API wire format (host coins.llama.fi; only the fields we rely on, extra allowed).
 *
 * Documented in DefiLlama's OpenAPI description (https://api-docs.defillama.com/, "coins" tag;
 * github.com/DefiLlama/api-docs `defillama-openapi-free.json`):
 *   GET https://coins.llama.fi/batchHistorical?coins={json}&searchWidth={w}
 *     `coins`: a JSON object whose keys are coins as `{chain}:{address}` (e.g. `solana:So111…112`) and
 *       whose values are arrays of requested unix timestamps;
 *     `searchWidth`: how far on either side of each timestamp a price point may be (seconds, or a
 *       duration like `4h`; default 6 hours).
 *   → `{ coins: { [coin]: { symbol, prices: [{ timestamp, price, confidence }] } } }`. A point's
 *     `timestamp` is the time of the data point found (near, not equal to, the requested one); a coin
 *     DefiLlama does not know is absent, and a requested timestamp without data has no point.
 */
import { Type, type Static } from '@sinclair/typebox';

export const HistoricalPricePoint = Type.Object({
  timestamp: Type.Number(),
  price: Type.Number(),
  confidence: Type.Optional(Type.Number()),
});
export type HistoricalPricePoint = Static<typeof HistoricalPricePoint>;

export const BatchHistoricalCoin = Type.Object({
  symbol: Type.Optional(Type.String()),
  prices: Type.Array(HistoricalPricePoint),
});

export const BatchHistoricalResponse = Type.Object({ coins: Type.Record(Type.String(), BatchHistoricalCoin) });
export type BatchHistoricalResponse = Static<typeof BatchHistoricalResponse>;
/** The envelope; each coin is checked on its own against `BatchHistoricalCoin` (src/sources/wire.ts). */
export const BatchHistoricalEnvelope = Type.Object({ coins: Type.Record(Type.String(), Type.Unknown()) });
