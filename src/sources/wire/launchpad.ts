/**
 * Launch-platform wire format (leg `launchpad`): StonkFun's public API, `https://www.stonkfun.xyz/api/public/v1`
 * (no key; 300 requests per minute per client, a 429 carries `Retry-After`). The platform launches coins on
 * the Raydium LaunchLab bonding curve against a quote asset; in "reward" mode a coin pays its holders in the
 * quote asset (Token-2022 transfer fee since the V3 launches; the first reward coins, early August 2026,
 * were classic SPL mints paid by fee share).
 *
 * Facts of the format (learned from public recorded bodies and public clients; docs/launchpad.md "Platform
 * API" lists them route by route):
 *  - every answer is `{ data, meta: { generatedAt } }`; an error is `{ error: { code, message } }` with an
 *    HTTP status (400 `invalid_request`, 404 unknown mint, 429 with `Retry-After`);
 *  - fields are camelCase, times ISO 8601 strings, token amounts both raw (decimal string) and UI (number);
 *  - categories are open: `xstock`, `tessera` (tokenized equities of another issuer), `prestock`,
 *    `backpack` (pre-market stocks, labelled "Sunrise"), `currency`, `collectible`, `custom`, and more over
 *    time — the raw value is kept and normalized by `normalizeCategory`;
 *  - `/tokens` pages by number (`page`, `pageSize` ≤ 100) with `pagination.totalPages`;
 *  - `/rewards` gives lifetime totals per reward coin (`launches`) and the platform's latest payouts
 *    (`recentDistributions`, about the last 100 platform-wide) — not a per-payout history;
 *  - none of withdraw authority, fee mutability, adoption, top-10 share: those are read on chain
 *    (`src/sources/launchpad-chain.ts`).
 *
 * List elements are validated one by one (`wireListParser`): one malformed coin or payout is skipped and
 * counted, never rejects the page. Extra fields are allowed everywhere.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Address = Type.String({ minLength: 32, maxLength: 44 });
const IsoTime = Type.String({ minLength: 10 });
const RawAmount = Type.String({ pattern: '^[0-9]+$' });
const Opt = <T extends TSchema>(t: T) => Type.Optional(t);
const OrNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** `{ data, meta }`: the envelope every success answer is wrapped in. `data` is validated by the route's schema. */
export const StonkEnvelopeSchema = Type.Object({
  data: Type.Unknown(),
  meta: Opt(Type.Object({ generatedAt: Opt(IsoTime) })),
});

/** `{ error: { code, message } }`: the body of a 4xx/5xx answer. */
export const StonkErrorSchema = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
});

/** `GET /pairs` → `data.pairs[]`: every quote asset, launchable or not. */
export const StonkPairSchema = Type.Object({
  mint: Address,
  symbol: Type.String({ minLength: 1 }),
  name: Type.String(),
  decimals: Type.Integer({ minimum: 0, maximum: 18 }),
  logoUrl: Opt(Type.String()),
  /** Open set (see the file comment). */
  category: Type.String({ minLength: 1 }),
  categoryLabel: Opt(Type.String()),
  /** The quote mint's token program (SPL Token or Token-2022). */
  tokenProgram: Address,
  /** The platform's own rule: new launches may use this quote (retired quotes are false). */
  launchable: Type.Boolean(),
  symbolAmbiguous: Opt(Type.Boolean()),
  /** Raydium has created the LaunchLab global config this quote needs; absent = unknown. */
  launchLabReady: Opt(Type.Boolean()),
});
export const StonkPairsDataSchema = Type.Object({ pairs: Type.Array(Type.Unknown()) });

const QuoteRef = Type.Object({
  mint: Address,
  symbol: Type.String(),
  name: Opt(Type.String()),
  category: Opt(Type.String()),
  categoryLabel: Opt(Type.String()),
  decimals: Opt(Type.Integer({ minimum: 0, maximum: 18 })),
});

/** One coin as `/tokens` and `/tokens/{mint}` give it. */
export const StonkTokenSchema = Type.Object({
  mint: Address,
  /** The coin's LaunchLab pool (its state account is read on chain for adoption). */
  pool: Address,
  name: Type.String(),
  symbol: Type.String(),
  quote: QuoteRef,
  /** Where the pool lives (`raydium` = LaunchLab; others appear, e.g. `pump`). */
  launchpad: Type.String(),
  mode: Type.String(),
  quoteOnlyFees: Opt(Type.Boolean()),
  /** Present on transfer-fee (V3) reward coins only. */
  transferFee: Opt(OrNull(Type.Object({ bps: Type.Integer({ minimum: 0, maximum: 10_000 }) }))),
  /** Present while the coin is in the platform's buyback rankings. */
  flywheel: Opt(OrNull(Type.Object({ active: Type.Boolean() }))),
  market: Type.Object({
    priceUsd: Type.Number({ minimum: 0 }),
    marketCapUsd: Type.Number({ minimum: 0 }),
    fdvUsd: Opt(Type.Number({ minimum: 0 })),
    volume24hUsd: Type.Number({ minimum: 0 }),
    /** Percent; absent when the platform has no 24 h reference price. */
    priceChange24h: Opt(Type.Number()),
    peakMarketCapUsd: Opt(Type.Number({ minimum: 0 })),
  }),
  status: Type.String(),
  graduationProgress: Opt(Type.Number()),
  graduatedAt: Opt(OrNull(IsoTime)),
  createdAt: IsoTime,
});

export const StonkTokensPageDataSchema = Type.Object({
  tokens: Type.Array(Type.Unknown()),
  pagination: Type.Object({
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
    totalPages: Type.Integer({ minimum: 0 }),
  }),
});

/** `GET /tokens/{mint}` → the coin and its launch record (404 for an unknown mint). */
export const StonkTokenDetailDataSchema = Type.Object({
  token: StonkTokenSchema,
  launch: Opt(OrNull(Type.Object({
    mint: Address,
    pool: Opt(Address),
    creator: Address,
    mode: Opt(Type.String()),
    createdAt: Opt(IsoTime),
  }))),
  network: Opt(Type.String()),
});

const RewardTotalsFields = {
  distributedRaw: RawAmount,
  /** Lifetime distributed to holders, UI units of the quote asset. */
  distributedTokens: Type.Number({ minimum: 0 }),
  payoutCount: Type.Integer({ minimum: 0 }),
  /** Holders paid by the distributor (its own count). */
  holderCount: Type.Integer({ minimum: 0 }),
  lastPayoutAt: OrNull(IsoTime),
};

/** `GET /tokens/{mint}/rewards` → lifetime totals of one coin; `rewards` null for a standard launch. */
export const StonkTokenRewardsDataSchema = Type.Object({
  mint: Address,
  mode: Type.String(),
  quote: Type.Object({ mint: Address, symbol: Type.String(), decimals: Type.Integer({ minimum: 0, maximum: 18 }) }),
  rewards: OrNull(Type.Object({
    ...RewardTotalsFields,
    undistributedRaw: Opt(RawAmount),
    undistributedTokens: Opt(Type.Number({ minimum: 0 })),
  })),
});

/** `GET /rewards?limit` → `launches[]` (lifetime totals per reward coin) and `recentDistributions[]`. */
export const StonkLedgerLaunchSchema = Type.Object({
  mint: Address,
  quote: Type.Object({ mint: Address, symbol: Type.String(), decimals: Type.Integer({ minimum: 0, maximum: 18 }) }),
  ...RewardTotalsFields,
});

export const StonkDistributionSchema = Type.Object({
  signature: Type.String({ minLength: 32, maxLength: 100 }),
  mint: Address,
  quoteMint: Address,
  amountRaw: RawAmount,
  amountTokens: Type.Number({ minimum: 0 }),
  holderCount: Type.Integer({ minimum: 0 }),
  distributedAt: IsoTime,
});

export const StonkRewardsDataSchema = Type.Object({
  launches: Type.Array(Type.Unknown()),
  recentDistributions: Opt(Type.Array(Type.Unknown())),
});

/** `GET /launchlab/pricing?quoteMint` → the curve constants of a launch on that quote, both modes in one document. */
export const StonkPricingDataSchema = Type.Object({
  quote: Type.Object({ mint: Address, symbol: Type.String(), decimals: Type.Integer({ minimum: 0, maximum: 18 }), tokenProgram: Address }),
  raise: Type.Object({ raw: RawAmount, units: Type.Number({ minimum: 0 }), minimumRaw: Opt(RawAmount), basis: Opt(Type.String()) }),
  marketCap: Opt(Type.Object({
    startUsd: Type.Number(),
    graduationUsd: Type.Number(),
    startQuote: Opt(Type.Number()),
    graduationQuote: Opt(Type.Number()),
    graduationMultiple: Opt(Type.Number()),
  })),
  prices: Opt(Type.Object({ solUsd: Opt(Type.Number()), quoteUsd: Opt(Type.Number()), observedAt: Opt(IsoTime) })),
  curve: Type.Object({
    /** The LaunchLab program. */
    programId: Address,
    /** The LaunchLab global config of this quote. */
    configId: Address,
    /** `ConstantCurve` | `FixedCurve` | `LinearCurve` (LaunchLab's curve index 0, 1, 2). */
    curveType: Type.String(),
    /** `amm` | `cpmm`. */
    migrateType: Type.String(),
    baseDecimals: Type.Integer({ minimum: 0, maximum: 18 }),
    supply: RawAmount,
    totalSellA: RawAmount,
    totalSupplyTokens: Opt(Type.Number()),
    vesting: Type.Object({ totalLockedAmount: RawAmount, cliffPeriod: RawAmount, unlockPeriod: RawAmount }),
    /** LaunchLab's `AmmCreatorFeeOn` as a number: 0 = creator fees in the quote token only, 1 = in both tokens. */
    cpmmCreatorFeeOn: Type.Integer({ minimum: 0, maximum: 1 }),
    migrateFeeRaw: Opt(RawAmount),
    derived: Opt(Type.Object({ virtualA: Opt(RawAmount), virtualB: Opt(RawAmount) })),
  }),
  /** The platform config account per mode: a pool created under another is never adopted. */
  platform: Type.Object({ standard: Address, reward: Address }),
  /** The curve-rule account per mode, appended last to the initialize instruction. */
  curveRule: Type.Object({ standard: Address, reward: Address, derivation: Opt(Type.String()), note: Opt(Type.String()) }),
  modes: Type.Object({
    standard: Type.Object({ transferFee: Type.Null(), note: Opt(Type.String()) }),
    reward: Type.Object({
      /** The allowed transfer-fee tiers. */
      transferFeeBps: Type.Array(Type.Integer({ minimum: 1, maximum: 10_000 }), { minItems: 1 }),
      baseTokenProgram: Address,
      /** The platform's distributor: withdraws the withheld fees and pays holders. */
      withdrawWithheldAuthority: Address,
      note: Opt(Type.String()),
    }),
  }),
});

/** `GET /stats` → platform totals and its config switches. */
export const StonkStatsDataSchema = Type.Object({
  network: Opt(Type.String()),
  tokens: Type.Object({
    poolsAvailable: Opt(Type.Boolean()),
    total: Type.Integer({ minimum: 0 }),
    graduated: Opt(Type.Integer({ minimum: 0 })),
    aboutToGraduate: Opt(Type.Integer({ minimum: 0 })),
    rewardLaunches: Type.Integer({ minimum: 0 }),
    totalMarketCapUsd: Opt(Type.Number()),
    totalVolume24hUsd: Opt(Type.Number()),
  }),
  revenue: Opt(Type.Object({ totalRevenueUsd: Opt(Type.Number()), totalBuybackUsd: Opt(Type.Number()) })),
  burns: Opt(Type.Object({ totalValueUsdAtBurn: Opt(Type.Number()), burnCount: Opt(Type.Integer()) })),
  config: Opt(Type.Record(Type.String(), Type.Union([Type.Number(), Type.Boolean()]))),
});

export type StonkPair = Static<typeof StonkPairSchema>;
export type StonkToken = Static<typeof StonkTokenSchema>;
export type StonkTokenDetail = Static<typeof StonkTokenDetailDataSchema>;
export type StonkTokenRewards = Static<typeof StonkTokenRewardsDataSchema>;
export type StonkLedgerLaunch = Static<typeof StonkLedgerLaunchSchema>;
export type StonkDistribution = Static<typeof StonkDistributionSchema>;
export type StonkPricing = Static<typeof StonkPricingDataSchema>;
export type StonkStats = Static<typeof StonkStatsDataSchema>;

/** The launch modes the platform offers (a coin's `mode` may carry others; they are read as standard). */
export const LAUNCHPAD_MODES = ['standard', 'reward'] as const;
export type LaunchpadMode = (typeof LAUNCHPAD_MODES)[number];

/** The spec's normalized quote categories. */
export const LAUNCHPAD_QUOTE_CATEGORIES = ['xstock', 'prestock', 'currency', 'leverage', 'solana', 'collectible', 'custom'] as const;
export type LaunchpadQuoteCategory = (typeof LAUNCHPAD_QUOTE_CATEGORIES)[number];

/**
 * The platform's open category set onto the spec's enum: `tessera` (tokenized equities of another issuer)
 * is an xStock-like asset, `backpack` (pre-market stocks, labelled "Sunrise") a pre-stock; anything not
 * known is `custom`. The raw value is kept beside the normalized one wherever it is shown.
 */
export function normalizeCategory(raw: string | null | undefined): LaunchpadQuoteCategory {
  const c = (raw ?? '').toLowerCase();
  if (c === 'tessera') return 'xstock';
  if (c === 'backpack') return 'prestock';
  return (LAUNCHPAD_QUOTE_CATEGORIES as readonly string[]).includes(c) ? (c as LaunchpadQuoteCategory) : 'custom';
}

/** LaunchLab's curve index (0 constant product, 1 fixed price, 2 linear) from the platform's curve name. */
export function curveIndex(curveType: string): 0 | 1 | 2 | null {
  if (curveType === 'ConstantCurve') return 0;
  if (curveType === 'FixedCurve') return 1;
  if (curveType === 'LinearCurve') return 2;
  return null;
}
