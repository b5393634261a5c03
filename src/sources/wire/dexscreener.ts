/**
 * DEX Screener wire format: the pairs of one or more tokens.
 *
 * Documented at https://docs.dexscreener.com/api/reference — "Get one or multiple pairs by token
 * address": `GET https://api.dexscreener.com/tokens/v1/{chainId}/{tokenAddresses}` (comma-separated,
 * up to 30 addresses, 300 requests/min, no key). The answer is a bare JSON array of Pair objects (the
 * older `/latest/dex/tokens/{addresses}` wraps the same objects in `{ schemaVersion, pairs }`); an
 * unknown token answers `[]`. The array lists every pair where a requested token is the base OR the
 * quote token.
 *
 * Only the fields we rely on are declared; extra fields (`info`, `boosts`, `labels`, …) are allowed.
 * Per the reference, `priceUsd`, `priceChange`, `liquidity` (and its `usd`), `fdv`, `marketCap` and
 * `pairCreatedAt` are nullable (young or exotic pairs lack them), and the `txns` / `volume` /
 * `priceChange` windows are open maps, so each window key is optional.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';


/** The four windows DEX Screener reports (5 minutes, 1, 6 and 24 hours). */
const windows = <S extends TSchema>(value: S) =>
  Type.Object({ m5: Type.Optional(value), h1: Type.Optional(value), h6: Type.Optional(value), h24: Type.Optional(value) });

const DexTokenRefSchema = Type.Object({
  address: Type.String(),
  name: Type.String(),
  symbol: Type.String(),
});

const DexTxnCountSchema = Type.Object({ buys: Type.Number(), sells: Type.Number() });

export const DexPairSchema = Type.Object({
  chainId: Type.String(),
  dexId: Type.String(),
  url: Type.String(),
  pairAddress: Type.String(),
  baseToken: DexTokenRefSchema,
  quoteToken: DexTokenRefSchema,
  /** Price of the base token in quote-token units, as a decimal string. */
  priceNative: Type.String(),
  /** USD price of the base token, as a decimal string. */
  priceUsd: Type.Optional(Nullable(Type.String())),
  txns: windows(DexTxnCountSchema),
  /** USD volume per window. */
  volume: windows(Type.Number()),
  /** Percent change per window (e.g. -2.71 = -2.71 %). */
  priceChange: Type.Optional(Nullable(windows(Type.Number()))),
  /** Pool depth: USD value and amounts of base and quote tokens (UI units). */
  liquidity: Type.Optional(Nullable(Type.Object({
    usd: Type.Optional(Nullable(Type.Number())),
    base: Type.Number(),
    quote: Type.Number(),
  }))),
  fdv: Type.Optional(Nullable(Type.Number())),
  marketCap: Type.Optional(Nullable(Type.Number())),
  /** Milliseconds since the epoch. */
  pairCreatedAt: Type.Optional(Nullable(Type.Number())),
});

export type DexPair = Static<typeof DexPairSchema>;
