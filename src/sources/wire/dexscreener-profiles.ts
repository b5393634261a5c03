/**
 * DEX Screener wire format: the latest token profiles.
 *
 * Documented at https://docs.dexscreener.com/api/reference — "Get the latest token profiles":
 * `GET https://api.dexscreener.com/token-profiles/latest/v1` (no key, 60 requests/min). The reference's
 * TokenProfile has `url` (the token's page), `chainId`, `tokenAddress`, `icon` (uri), `header` (uri,
 * nullable), `description` (nullable) and `links` (nullable array of `{ type?, label?, url }`); it marks
 * no field required. Like the boosts feed, the reference prints one object as the response shape while
 * the live API answers an array of them across all chains, newest first — the array is what we accept
 * (an object is `malformed`). `url`, `chainId` and `tokenAddress` are what we rely on, so they are
 * required here; the profile's presentation fields may be missing or null. Extra fields are allowed.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';
import { DexBoostLinkSchema } from './dexscreener-boosts.js';

export const DexTokenProfileSchema = Type.Object({
  url: Type.String(),
  chainId: Type.String(),
  tokenAddress: Type.String(),
  icon: Type.Optional(Nullable(Type.String())),
  header: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Nullable(Type.String())),
  links: Type.Optional(Nullable(Type.Array(DexBoostLinkSchema))),
});

export type DexTokenProfile = Static<typeof DexTokenProfileSchema>;
