/**
 * DefiLlama wire formats (only the fields we rely on; extra allowed — the real bodies carry many more).
 *
 * Documented at https://api-docs.defillama.com/ (also https://defillama.com/docs/api):
 *   GET https://api.llama.fi/protocols        → array of protocols with current `tvl`, `chainTvls`, `slug`
 *   GET https://api.llama.fi/protocol/{slug}  → one protocol: `chains`, `category`, daily
 *       `tvl: [{ date (unix s), totalLiquidityUSD }]`, `currentChainTvls: { [chain or chain-kind]: usd }`.
 *       An unknown slug is answered HTTP 404 "Not found" (older deployments: HTTP 400
 *       `{ "message": "Protocol is not in our database" }`).
 *   GET https://yields.llama.fi/pools         → `{ status: "success", data: [{ chain, project, symbol,
 *       tvlUsd, apy, apyBase, apyReward, pool, ... }] }` (apy fields are null when unknown)
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';


const TvlPoint = Type.Object({ date: Type.Integer({ minimum: 0 }), totalLiquidityUSD: Type.Number() });
type TvlPoint = Static<typeof TvlPoint>;

export const ProtocolDetail = Type.Object({
  /** Numeric string for a protocol ("2141"), "parent#slug" for a parent protocol. */
  id: Type.String(),
  name: Type.String(),
  /** Parent protocols may come without one. */
  category: Type.Optional(Nullable(Type.String())),
  chains: Type.Array(Type.String()),
  /** Daily points, oldest first; the last point is the latest (hourly) value. */
  tvl: Type.Array(TvlPoint),
  /** Current TVL per chain, plus kinds such as "borrowed", "staking", "pool2", "Solana-borrowed". */
  currentChainTvls: Type.Record(Type.String(), Type.Number()),
});
export type ProtocolDetail = Static<typeof ProtocolDetail>;

export const ProtocolListItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  category: Type.Optional(Nullable(Type.String())),
  chains: Type.Array(Type.String()),
  /** Current TVL in USD (null for protocols not tracked by TVL, e.g. some CEX or fee-only listings). */
  tvl: Nullable(Type.Number()),
  chainTvls: Type.Record(Type.String(), Type.Number()),
  change_1d: Type.Optional(Nullable(Type.Number())),
  change_7d: Type.Optional(Nullable(Type.Number())),
});
export type ProtocolListItem = Static<typeof ProtocolListItem>;

export const YieldPool = Type.Object({
  chain: Type.String(),
  project: Type.String(),
  symbol: Type.String(),
  tvlUsd: Type.Number(),
  apy: Nullable(Type.Number()),
  apyBase: Nullable(Type.Number()),
  apyReward: Nullable(Type.Number()),
  /** Pool id (UUID), the key of `/chart/{pool}`. */
  pool: Type.String(),
  rewardTokens: Type.Optional(Nullable(Type.Array(Type.String()))),
  underlyingTokens: Type.Optional(Nullable(Type.Array(Type.String()))),
  poolMeta: Type.Optional(Nullable(Type.String())),
});
export type YieldPool = Static<typeof YieldPool>;

export const PoolsResponse = Type.Object({ status: Type.String(), data: Type.Array(YieldPool) });
export type PoolsResponse = Static<typeof PoolsResponse>;
/** The `/pools` envelope; its `data` entries are checked one by one against `YieldPool` (src/sources/wire.ts). */
export const PoolsEnvelope = Type.Object({ status: Type.String(), data: Type.Array(Type.Unknown()) });
