/**
 * Jupiter wire formats: Tokens API V2 (metadata, verification, audit), Price API V3 and the swap quote.
 * Hosts: `https://api.jup.ag` (keyed, `x-api-key` header) or `https://lite-api.jup.ag` (keyless); the
 * paths below are the same on both.
 *
 * - Tokens V2 search — https://dev.jup.ag/api-reference/tokens/v2/search and
 *   https://dev.jup.ag/docs/tokens/v2 : `GET /tokens/v2/search?query={q}`; `q` is a symbol, name or mint,
 *   or up to 100 comma-separated mints. Answers a JSON array of token entries (`[]` when nothing matches).
 * - Price V3 — https://dev.jup.ag/api-reference/price/v3/price and https://dev.jup.ag/docs/price/v3 :
 *   `GET /price/v3?ids={a,b,…}` (up to 50). Answers an object keyed by mint; tokens without a reliable
 *   price are omitted from it.
 * - Quote — https://dev.jup.ag/api-reference/swap/quote (Metis Swap API v1):
 *   `GET /swap/v1/quote?inputMint&outputMint&amount&slippageBps`. Amounts are raw integer strings;
 *   `priceImpactPct` is a decimal string holding a FRACTION (e.g. "0.0123" = 1.23 %), despite its name.
 *   "No route" is HTTP 400 `{ error, errorCode }` with a routing error code — see
 *   https://hub.jup.ag/docs/swap-api/common-errors (`COULD_NOT_FIND_ANY_ROUTE`, `NO_ROUTES_FOUND`,
 *   `TOKEN_NOT_TRADABLE`, …).
 *
 * Only the fields we rely on are declared; extra fields are allowed. Fields the reference marks
 * nullable, or that young tokens lack, are optional and nullable here.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';

const Maybe = <S extends TSchema>(schema: S) => Type.Optional(Nullable(schema));

/** `stats5m` / `stats1h` / `stats6h` / `stats24h`: trading over a window. Percent changes. */
const JupTokenStatsSchema = Type.Object({
  priceChange: Maybe(Type.Number()),
  holderChange: Maybe(Type.Number()),
  liquidityChange: Maybe(Type.Number()),
  volumeChange: Maybe(Type.Number()),
  buyVolume: Maybe(Type.Number()),
  sellVolume: Maybe(Type.Number()),
  numBuys: Maybe(Type.Number()),
  numSells: Maybe(Type.Number()),
  numTraders: Maybe(Type.Number()),
});

const JupTokenAuditSchema = Type.Object({
  mintAuthorityDisabled: Maybe(Type.Boolean()),
  freezeAuthorityDisabled: Maybe(Type.Boolean()),
  /** Percent of supply held by the top holders (e.g. 15.45). */
  topHoldersPercentage: Maybe(Type.Number()),
  devBalancePercentage: Maybe(Type.Number()),
  devMints: Maybe(Type.Number()),
});

/** One entry of `GET /tokens/v2/search`. */
export const JupTokenSchema = Type.Object({
  /** The mint address. */
  id: Type.String(),
  name: Type.String(),
  symbol: Type.String(),
  decimals: Type.Number(),
  icon: Maybe(Type.String()),
  /** Token program id (Tokenkeg… or Token-2022's Tokenz…). */
  tokenProgram: Maybe(Type.String()),
  /** ISO time Jupiter first saw the mint. */
  createdAt: Maybe(Type.String()),
  dev: Maybe(Type.String()),
  circSupply: Maybe(Type.Number()),
  totalSupply: Maybe(Type.Number()),
  firstPool: Maybe(Type.Object({ id: Type.String(), createdAt: Type.String() })),
  holderCount: Maybe(Type.Number()),
  audit: Maybe(JupTokenAuditSchema),
  organicScore: Maybe(Type.Number()),
  organicScoreLabel: Maybe(Type.String()),
  isVerified: Maybe(Type.Boolean()),
  tags: Maybe(Type.Array(Type.String())),
  fdv: Maybe(Type.Number()),
  mcap: Maybe(Type.Number()),
  usdPrice: Maybe(Type.Number()),
  priceBlockId: Maybe(Type.Number()),
  /** USD liquidity across the token's pools. */
  liquidity: Maybe(Type.Number()),
  stats5m: Maybe(JupTokenStatsSchema),
  stats1h: Maybe(JupTokenStatsSchema),
  stats6h: Maybe(JupTokenStatsSchema),
  stats24h: Maybe(JupTokenStatsSchema),
  updatedAt: Maybe(Type.String()),
});

/** One value of the Price V3 answer. */
export const JupPriceEntrySchema = Type.Object({
  usdPrice: Type.Number(),
  blockId: Maybe(Type.Number()),
  decimals: Type.Number(),
  /** Percent change over 24 h. */
  priceChange24h: Maybe(Type.Number()),
  liquidity: Maybe(Type.Number()),
  createdAt: Maybe(Type.String()),
});

/** The `GET /price/v3` map as the client reads it: each entry is then checked on its own (src/sources/wire.ts). */
export const JupPriceMapSchema = Type.Record(Type.String(), Type.Unknown());

const JupSwapInfoSchema = Type.Object({
  ammKey: Type.String(),
  label: Maybe(Type.String()),
  inputMint: Type.String(),
  outputMint: Type.String(),
  inAmount: Type.String(),
  outAmount: Type.String(),
  feeAmount: Maybe(Type.String()),
  feeMint: Maybe(Type.String()),
});

/** `GET /swap/v1/quote` (200). */
export const JupQuoteSchema = Type.Object({
  inputMint: Type.String(),
  inAmount: Type.String(),
  outputMint: Type.String(),
  outAmount: Type.String(),
  /** Minimum out after slippage (ExactIn). */
  otherAmountThreshold: Type.String(),
  swapMode: Type.String(),
  slippageBps: Type.Number(),
  /** A fraction as a decimal string: "0.0123" = 1.23 %. */
  priceImpactPct: Type.String(),
  routePlan: Type.Array(Type.Object({
    swapInfo: JupSwapInfoSchema,
    percent: Type.Number(),
    bps: Type.Optional(Type.Number()),
  })),
  contextSlot: Type.Optional(Type.Number()),
  timeTaken: Type.Optional(Type.Number()),
});

/** The error body of a non-200 quote answer (e.g. 400 `COULD_NOT_FIND_ANY_ROUTE`). */
const JupErrorSchema = Type.Object({
  error: Type.String(),
  errorCode: Type.Optional(Type.String()),
});

export type JupTokenStats = Static<typeof JupTokenStatsSchema>;
export type JupToken = Static<typeof JupTokenSchema>;
export type JupPriceEntry = Static<typeof JupPriceEntrySchema>;
export type JupQuote = Static<typeof JupQuoteSchema>;
export type JupError = Static<typeof JupErrorSchema>;
