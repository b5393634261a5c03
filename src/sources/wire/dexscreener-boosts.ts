/**
 * DEX Screener wire format: the tokens with the most active boosts.
 *
 * Documented at https://docs.dexscreener.com/api/reference — "Get the tokens with most active boosts":
 * `GET https://api.dexscreener.com/token-boosts/top/v1` (no key, 60 requests/min). The answer is a
 * JSON array of token entries across all chains, most boosted first, each with the token's page `url`,
 * `chainId`, `tokenAddress` and `totalAmount` (the token's active boost total); `amount`, `icon`,
 * `header`, `openGraph`, `description` and `links` (`[{ type?, label?, url }]`) are present only when the
 * token's profile sets them. The reference prints a single entry as the response shape; the live API
 * answers the array of such entries, which is what we accept (an object is `malformed`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';


export const DexBoostLinkSchema = Type.Object({
  type: Type.Optional(Nullable(Type.String())),
  label: Type.Optional(Nullable(Type.String())),
  url: Type.String(),
});

export const DexTokenBoostSchema = Type.Object({
  url: Type.String(),
  chainId: Type.String(),
  tokenAddress: Type.String(),
  /** The token's total of active boosts. */
  totalAmount: Type.Number(),
  amount: Type.Optional(Nullable(Type.Number())),
  icon: Type.Optional(Nullable(Type.String())),
  header: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Nullable(Type.String())),
  links: Type.Optional(Nullable(Type.Array(DexBoostLinkSchema))),
});

export type DexTokenBoost = Static<typeof DexTokenBoostSchema>;
