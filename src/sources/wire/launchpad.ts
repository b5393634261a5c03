/**
 * Launch-platform wire format (leg `launchpad`): the public API of a token-launch platform running on the
 * Raydium LaunchLab bonding-curve program whose "reward coins" carry a Token-2022 transfer fee that the
 * platform's distributor withdraws and pays to holders in the quote asset.
 *
 * THIS FORMAT IS THE SERVICE'S ASSUMPTION, not a published provider contract. Raydium documents the
 * LaunchLab program (instructions, platform configs, curve parameters) and its SDK, and indexers (Bitquery,
 * Shyft) document reading LaunchLab events from the chain, but no reward-coin platform publishes a JSON API
 * for its pairs, reward tokens, payouts, ledger, launch pricing and stats. So the service defines the
 * minimal format it needs, documented in docs/launchpad.md ("Platform API"), and reads it from
 * `LAUNCHPAD_URL` (in live mode a platform or adapter that serves it); anything else is `malformed`.
 *
 * Conventions: times are integer epoch milliseconds (`*_at`); `*_pct` is 0–100; money is `*_usd`; quote
 * amounts are UI units of the quote asset (decimals applied); raw on-chain amounts (supply, sell amount,
 * raise, vesting, fee cap in base units) are decimal strings because they exceed 2^53. Extra fields are
 * allowed (a provider adding fields must not break us).
 *
 * Routes (all GET, under the base URL):
 *  - `/api/v1/pairs` → `{pairs: Pair[]}`: every quote asset with its category and whether new launches
 *    may use it;
 *  - `/api/v1/reward-tokens?cursor=&limit=` → `{tokens: TokenSummary[], next_cursor: string | null}`:
 *    the platform's coins, oldest first, paged by an opaque cursor (`null` on the last page);
 *  - `/api/v1/tokens/{mint}` → `{token: TokenDetail}` (the summary plus every payout); 404 = unknown mint;
 *  - `/api/v1/rewards?mint=&since=` → `{entries: LedgerEntry[]}`: the distributor's ledger, oldest first,
 *    optionally one mint's and only entries strictly after `since`;
 *  - `/api/v1/launch-pricing?quote_mint=&mode=` → `{pricing: LaunchPricing}`: the parameters a launch on
 *    that quote and mode must use (the pool is adopted only if they match); 404 = not launchable;
 *  - `/api/v1/stats` → `{stats: Stats}`: platform totals and the distributor address.
 *
 * Rate limit (assumed): `LAUNCHPAD_RATE_LIMIT_PER_SECOND` requests per second per client IP; over it the
 * platform answers 429 with `Retry-After`.
 */
import { Type, type Static } from '@sinclair/typebox';

export const LAUNCHPAD_QUOTE_CATEGORIES = ['xstock', 'prestock', 'currency', 'leverage', 'solana', 'collectible', 'custom'] as const;
export const LAUNCHPAD_MODES = ['standard', 'reward'] as const;
export type LaunchpadMode = (typeof LAUNCHPAD_MODES)[number];

const Mint = Type.String({ minLength: 32, maxLength: 44 });
const EpochMs = Type.Integer({ minimum: 0 });
const RawAmount = Type.String({ pattern: '^[0-9]+$' });
const NullableNumber = (opts: { minimum?: number; maximum?: number } = {}) => Type.Union([Type.Number(opts), Type.Null()]);

export const LaunchpadPairSchema = Type.Object({
  quote_mint: Mint,
  symbol: Type.String({ minLength: 1 }),
  name: Type.String(),
  category: Type.Union(LAUNCHPAD_QUOTE_CATEGORIES.map((c) => Type.Literal(c))),
  /** New launches may use this quote now (a listed quote may be closed for launches). */
  launchable: Type.Boolean(),
  decimals: Type.Integer({ minimum: 0, maximum: 18 }),
  /** The quote mint's token program (SPL Token or Token-2022). */
  token_program: Mint,
  price_usd: NullableNumber({ minimum: 0 }),
});

export const LaunchpadPairsSchema = Type.Object({ pairs: Type.Array(LaunchpadPairSchema) });

export const LaunchpadPayoutSchema = Type.Object({
  at: EpochMs,
  quote_amount: Type.Number({ minimum: 0 }),
  usd: NullableNumber({ minimum: 0 }),
  signature: Type.String({ minLength: 1 }),
});

const tokenSummaryFields = {
  mint: Mint,
  symbol: Type.String({ minLength: 1 }),
  name: Type.String(),
  quote_mint: Mint,
  quote_symbol: Type.String({ minLength: 1 }),
  quote_category: Type.Union(LAUNCHPAD_QUOTE_CATEGORIES.map((c) => Type.Literal(c))),
  mode: Type.Union(LAUNCHPAD_MODES.map((m) => Type.Literal(m))),
  created_at: EpochMs,
  /** null: the mint has no transfer-fee extension. */
  transfer_fee_bps: Type.Union([Type.Integer({ minimum: 0, maximum: 10_000 }), Type.Null()]),
  /** Fee cap in UI units of the coin; 0 = zero-rate. */
  transfer_fee_max: NullableNumber({ minimum: 0 }),
  withdraw_authority: Type.Union([Mint, Type.Null()]),
  fee_mutable: Type.Boolean(),
  adopted: Type.Boolean(),
  flywheel: Type.Boolean(),
  holders: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  top10_pct: NullableNumber({ minimum: 0, maximum: 100 }),
  market_cap_usd: NullableNumber({ minimum: 0 }),
  volume_24h_usd: NullableNumber({ minimum: 0 }),
  price_change_24h_pct: NullableNumber({ minimum: -100 }),
  last_payout_at: Type.Union([EpochMs, Type.Null()]),
  total_distributed_quote: Type.Number({ minimum: 0 }),
};

export const LaunchpadTokenSummarySchema = Type.Object(tokenSummaryFields);

export const LaunchpadTokenPageSchema = Type.Object({
  tokens: Type.Array(LaunchpadTokenSummarySchema),
  next_cursor: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
});

export const LaunchpadTokenDetailSchema = Type.Object({ ...tokenSummaryFields, payouts: Type.Array(LaunchpadPayoutSchema) });

export const LaunchpadTokenDetailBodySchema = Type.Object({ token: LaunchpadTokenDetailSchema });

export const LaunchpadLedgerEntrySchema = Type.Object({
  mint: Mint,
  quote_mint: Mint,
  at: EpochMs,
  quote_amount: Type.Number({ minimum: 0 }),
  usd: NullableNumber({ minimum: 0 }),
  signature: Type.String({ minLength: 1 }),
});

export const LaunchpadLedgerSchema = Type.Object({ entries: Type.Array(LaunchpadLedgerEntrySchema) });

export const LaunchpadPricingSchema = Type.Object({
  quote_mint: Mint,
  mode: Type.Union(LAUNCHPAD_MODES.map((m) => Type.Literal(m))),
  /** The LaunchLab program, its global config and the platform's config for this mode. */
  program_id: Mint,
  global_config: Mint,
  platform_id: Mint,
  quote_token_program: Mint,
  base_decimals: Type.Integer({ minimum: 0, maximum: 18 }),
  /** LaunchLab curve type (0 constant product, 1 fixed price, 2 linear). */
  curve_type: Type.Integer({ minimum: 0, maximum: 2 }),
  supply: RawAmount,
  total_sell: RawAmount,
  /** Total raise in raw quote units. */
  raise: RawAmount,
  vesting: Type.Object({ total_locked: RawAmount, cliff_seconds: Type.Integer({ minimum: 0 }), unlock_seconds: Type.Integer({ minimum: 0 }) }),
  /**
   * The creator-fee flag the pool must carry, spelled as the launch program's `AmmCreatorFeeOn` enum: creator
   * fees in the quote token only, or in both tokens (a boolean would not say which way "on" points).
   */
  creator_fee_on: Type.Union([Type.Literal('quote_token'), Type.Literal('both_tokens')]),
  /** The platform's curve-rule account, appended last to the initialize instruction. */
  curve_rule_account: Mint,
  /** Reward mode only: the allowed transfer-fee tiers and the fee cap (raw base units); null in standard mode. */
  transfer_fee: Type.Union([Type.Object({ tiers_bps: Type.Array(Type.Integer({ minimum: 1, maximum: 10_000 }), { minItems: 1 }), max_fee: RawAmount }), Type.Null()]),
});

export const LaunchpadPricingBodySchema = Type.Object({ pricing: LaunchpadPricingSchema });

export const LaunchpadStatsSchema = Type.Object({
  /** The distributor that withdraws the withheld transfer fees and pays holders. */
  platform_distributor: Mint,
  tokens: Type.Integer({ minimum: 0 }),
  reward_tokens: Type.Integer({ minimum: 0 }),
  paying_24h: Type.Integer({ minimum: 0 }),
  launches_24h: Type.Integer({ minimum: 0 }),
  distributed_24h_usd: Type.Number({ minimum: 0 }),
  distributed_total_usd: Type.Number({ minimum: 0 }),
  updated_at: EpochMs,
});

export const LaunchpadStatsBodySchema = Type.Object({ stats: LaunchpadStatsSchema });

export type LaunchpadPair = Static<typeof LaunchpadPairSchema>;
export type LaunchpadPayout = Static<typeof LaunchpadPayoutSchema>;
export type LaunchpadTokenSummary = Static<typeof LaunchpadTokenSummarySchema>;
export type LaunchpadTokenPage = Static<typeof LaunchpadTokenPageSchema>;
export type LaunchpadTokenDetail = Static<typeof LaunchpadTokenDetailSchema>;
export type LaunchpadLedgerEntry = Static<typeof LaunchpadLedgerEntrySchema>;
export type LaunchpadPricing = Static<typeof LaunchpadPricingSchema>;
export type LaunchpadStats = Static<typeof LaunchpadStatsSchema>;
