/**
 * Hyperliquid wire formats (reference venue C). Schemas declare only the fields the client reads (extra
 * fields are allowed: the API adds fields over time); the `*Wire` interfaces describe the whole documented
 * body, for the sandbox to render it faithfully.
 *
 * Sources: the Hyperliquid docs, "Info endpoint" (hyperliquid.gitbook.io/hyperliquid-docs/for-developers/
 * api/info-endpoint and its /perpetuals page: "Retrieve perpetuals asset contexts", "Retrieve user's
 * perpetuals account summary", "Query a user's portfolio"); the typed schemas of the @nktkas/hyperliquid
 * SDK (src/api/info/_methods/metaAndAssetCtxs.ts, meta.ts, _base/commonSchemas.ts PerpAssetCtxSchema,
 * clearinghouseState.ts, portfolio.ts); QuickNode's metaAndAssetCtxs reference. The leaderboard host
 * (stats-data.hyperliquid.xyz/Mainnet/leaderboard) is the one the Hyperliquid app reads; it is not in the
 * API docs — its shape is as public clients record it (e.g. monjurkuet/cryptoOS API_LEADERBOARD.md).
 *
 * Every number is a decimal string, except `maxLeverage`, `szDecimals`, `leverage.value`, history
 * timestamps (ms) and `time`. Errors: a body the API cannot deserialize (unknown `type`, bad `user`) is
 * answered HTTP 422 with the text "Failed to deserialize the JSON body into the target type".
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../../lib/typebox.js';
import { DecimalString } from './decimal.js';

// --- POST /info {"type":"metaAndAssetCtxs"} → [meta, assetCtxs] (assetCtxs[i] belongs to universe[i]) ---

export const HlUniverseEntrySchema = Type.Object({
  /** The coin name: `BTC`, `SOL`; `k`-prefixed coins (`kBONK`, `kPEPE`) trade in units of 1000 tokens. */
  name: Type.String(),
  maxLeverage: Type.Number({ exclusiveMinimum: 0 }),
  /** Present (true) only on delisted coins, which keep their slot in the universe. */
  isDelisted: Type.Optional(Type.Boolean()),
});

export const HlAssetCtxSchema = Type.Object({
  /** The current funding rate PER HOUR as a fraction (Hyperliquid pays funding every hour). */
  funding: DecimalString,
  /** Open interest in coins (one side), e.g. kBONK lots for kBONK. */
  openInterest: DecimalString,
  /** 24 h notional volume in USD. */
  dayNtlVlm: DecimalString,
  /** Prices in USD per coin (per 1000 tokens for a `k` coin). */
  oraclePx: DecimalString,
  markPx: DecimalString,
});

/** The envelope as the client reads it: universe entries and contexts are then checked one by one (src/sources/wire.ts). */
export const HlMetaAndAssetCtxsEnvelopeSchema = Type.Tuple([
  Type.Object({ universe: Type.Array(Type.Unknown()) }),
  Type.Array(Type.Unknown()),
]);

export type HlUniverseEntry = Static<typeof HlUniverseEntrySchema>;
export type HlAssetCtx = Static<typeof HlAssetCtxSchema>;

export interface HlUniverseEntryWire {
  name: string;
  szDecimals: number;
  maxLeverage: number;
  marginTableId: number;
  onlyIsolated?: true;
  isDelisted?: true;
}

export interface HlMarginTableWire {
  description: string;
  marginTiers: { lowerBound: string; maxLeverage: number }[];
}

export interface HlMetaWire {
  universe: HlUniverseEntryWire[];
  marginTables: [number, HlMarginTableWire][];
  collateralToken: number;
}

export interface HlAssetCtxWire {
  funding: string;
  openInterest: string;
  prevDayPx: string;
  dayNtlVlm: string;
  premium: string | null;
  oraclePx: string;
  markPx: string;
  midPx: string | null;
  impactPxs: [string, string] | null;
  dayBaseVlm: string;
}

export type HlMetaAndAssetCtxsWire = [HlMetaWire, HlAssetCtxWire[]];

// --- POST /info {"type":"clearinghouseState","user":"0x…"} → the perps account ---

const HlMarginSummarySchema = Type.Object({
  accountValue: DecimalString,
  totalNtlPos: DecimalString,
  totalRawUsd: DecimalString,
  totalMarginUsed: DecimalString,
});

const HlPositionSchema = Type.Object({
  coin: Type.String(),
  /** Signed size in coins: > 0 long, < 0 short. */
  szi: DecimalString,
  leverage: Type.Object({ type: Type.String(), value: Type.Number() }),
  entryPx: DecimalString,
  /** Notional at the mark price, USD (always positive). */
  positionValue: DecimalString,
  unrealizedPnl: DecimalString,
  /** Null when the position cannot be liquidated (e.g. margin covers any move). */
  liquidationPx: Nullable(DecimalString),
  marginUsed: DecimalString,
});

export const HlAssetPositionSchema = Type.Object({ type: Type.String(), position: HlPositionSchema });

/** The account as the client reads it: `assetPositions` entries are then checked one by one against `HlAssetPositionSchema`. */
export const HlClearinghouseEnvelopeSchema = Type.Object({
  marginSummary: HlMarginSummarySchema,
  withdrawable: DecimalString,
  assetPositions: Type.Array(Type.Unknown()),
});

export type HlPosition = Static<typeof HlPositionSchema>;

export interface HlMarginSummaryWire {
  accountValue: string;
  totalNtlPos: string;
  totalRawUsd: string;
  totalMarginUsed: string;
}

export interface HlPositionWire {
  coin: string;
  szi: string;
  leverage: { type: 'cross'; value: number } | { type: 'isolated'; value: number; rawUsd: string };
  entryPx: string;
  positionValue: string;
  unrealizedPnl: string;
  returnOnEquity: string;
  liquidationPx: string | null;
  marginUsed: string;
  maxLeverage: number;
  cumFunding: { allTime: string; sinceOpen: string; sinceChange: string };
}

export interface HlClearinghouseStateWire {
  marginSummary: HlMarginSummaryWire;
  crossMarginSummary: HlMarginSummaryWire;
  crossMaintenanceMarginUsed: string;
  withdrawable: string;
  assetPositions: { type: 'oneWay'; position: HlPositionWire }[];
  /** Milliseconds since the epoch. */
  time: number;
}

// --- POST /info {"type":"portfolio","user":"0x…"} → [[window, {accountValueHistory, pnlHistory, vlm}], …] ---

/** `[time ms, value]`; the pnl history is cumulative from the window's start, so its last value is the window's PnL. */
const HlHistoryPointSchema = Type.Tuple([Type.Number(), DecimalString]);

const HlPortfolioWindowSchema = Type.Object({
  accountValueHistory: Type.Array(HlHistoryPointSchema),
  pnlHistory: Type.Array(HlHistoryPointSchema),
  /** Traded volume over the window, USD. */
  vlm: DecimalString,
});

/** Windows in the documented order: day, week, month, allTime, then perpDay, perpWeek, perpMonth, perpAllTime (perps only). */
export const HlPortfolioSchema = Type.Array(Type.Tuple([Type.String(), HlPortfolioWindowSchema]));

export type HlPortfolioWindow = Static<typeof HlPortfolioWindowSchema>;

export interface HlPortfolioWindowWire {
  accountValueHistory: [number, string][];
  pnlHistory: [number, string][];
  vlm: string;
}

export type HlPortfolioWire = [string, HlPortfolioWindowWire][];

// --- GET https://stats-data.hyperliquid.xyz/Mainnet/leaderboard ---

const HlWindowPerformanceSchema = Type.Object({
  pnl: DecimalString,
  /** Return over the window as a fraction (0.0133 = 1.33 %). */
  roi: DecimalString,
  vlm: DecimalString,
});

export const HlLeaderboardRowSchema = Type.Object({
  /** Lower-case 0x address. */
  ethAddress: Type.String(),
  accountValue: DecimalString,
  displayName: Type.Optional(Nullable(Type.String())),
  /** `[["day", …], ["week", …], ["month", …], ["allTime", …]]`. */
  windowPerformances: Type.Array(Type.Tuple([Type.String(), HlWindowPerformanceSchema])),
});

/** The leaderboard as the client reads it: rows are then checked one by one against `HlLeaderboardRowSchema`. */
export const HlLeaderboardEnvelopeSchema = Type.Object({ leaderboardRows: Type.Array(Type.Unknown()) });

export type HlWindowPerformance = Static<typeof HlWindowPerformanceSchema>;
export type HlLeaderboardRow = Static<typeof HlLeaderboardRowSchema>;

export interface HlLeaderboardRowWire {
  ethAddress: string;
  accountValue: string;
  windowPerformances: [string, { pnl: string; roi: string; vlm: string }][];
  prize: number;
  displayName: string | null;
}

export interface HlLeaderboardWire {
  leaderboardRows: HlLeaderboardRowWire[];
}
