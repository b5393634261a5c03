/**
 * Helius wire formats: the parts of the documented responses this service relies on (extra fields are
 * allowed — Helius adds fields over time). Two products, two hosts:
 *
 * DAS JSON-RPC (POST `/` on https://mainnet.helius-rpc.com/?api-key=…):
 *  - getAssetsByOwner  https://www.helius.dev/docs/api-reference/das/getassetsbyowner
 *  - getAsset (token_info.price_info, supply, decimals)  https://www.helius.dev/docs/das/get-nfts
 *  - fungible extension (token_info, price_info, nativeBalance, showFungible/showNativeBalance/showZeroBalance)
 *                      https://www.helius.dev/docs/das/fungible-token-extension
 *  - pagination (page starts at 1, limit ≤ 1000) https://www.helius.dev/docs/das/pagination
 *  Field optionality follows Helius' open-source DAS server (github.com/helius-labs/digital-asset-rpc-infrastructure,
 *  `digital_asset_types/src/rpc/asset.rs` and `response.rs`): `total` is the item count of *this page*
 *  (not a grand total), `grouping[].group_value`, `content`, `compression`, `token_info` may be absent.
 *  An unknown id answers HTTP 200 with JSON-RPC error -32000 "Database Error: RecordNotFound Error: Asset Not Found".
 *  DAS has no spam flag; `burnt` is the only per-asset status flag.
 *
 * Enhanced Transactions REST (https://api.helius.xyz/v0/…?api-key=…):
 *  - POST /v0/transactions {transactions:[sig…≤100]}  https://www.helius.dev/docs/api-reference/enhanced-transactions/gettransactions
 *  - GET  /v0/addresses/{address}/transactions (limit 1..100, `before-signature`; `before` is the older name)
 *                      https://www.helius.dev/docs/enhanced-transactions/transaction-history
 *  `tokenTransfers[].tokenAmount` is a UI (decimal-adjusted) number; the exact raw amount is in
 *  `accountData[].tokenBalanceChanges[].rawTokenAmount` (a string). Signatures Helius cannot find are
 *  left out of the answer array, so one unknown signature yields `[]` (widely relied on by public
 *  clients, e.g. `const [tx] = await res.json()`; not stated in the reference).
 *
 * Precision note: DAS sends `token_info.balance`/`supply` and `nativeBalance.lamports` as JSON numbers;
 * values above 2^53 (e.g. memecoin supplies with 9 decimals) arrive rounded. Callers that need exact
 * raw amounts take them from the chain RPC instead.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';


// ---------------------------------------------------------------- DAS

const DasPriceInfo = Type.Object({
  price_per_token: Type.Number(),
  total_price: Type.Optional(Nullable(Type.Number())),
  currency: Type.Optional(Nullable(Type.String())),
});

/**
 * Helius' fungible-token extension block (also present on NFT mints: supply 1, decimals 0). Fields are
 * Rust `Option`s server-side: absent or null both mean "not known / not set" (e.g. a revoked authority).
 */
const DasTokenInfo = Type.Object({
  symbol: Type.Optional(Nullable(Type.String())),
  /** Raw amount held (owner queries only). */
  balance: Type.Optional(Nullable(Type.Number())),
  /** Raw total supply. */
  supply: Type.Optional(Nullable(Type.Number())),
  decimals: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  token_program: Type.Optional(Nullable(Type.String())),
  associated_token_address: Type.Optional(Nullable(Type.String())),
  price_info: Type.Optional(Nullable(DasPriceInfo)),
  mint_authority: Type.Optional(Nullable(Type.String())),
  freeze_authority: Type.Optional(Nullable(Type.String())),
});

const DasContent = Type.Object({
  json_uri: Type.String(),
  files: Type.Optional(Type.Array(Type.Object({ uri: Type.Optional(Type.String()), cdn_uri: Type.Optional(Type.String()), mime: Type.Optional(Type.String()) }))),
  /** Free-form on-chain/off-chain metadata map; name/symbol/description are the usual keys. */
  metadata: Type.Object({
    name: Type.Optional(Type.String()),
    symbol: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    token_standard: Type.Optional(Type.String()),
  }),
  links: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

const DasGroup = Type.Object({
  group_key: Type.String(),
  group_value: Type.Optional(Nullable(Type.String())),
  verified: Type.Optional(Type.Boolean()),
  /** Only with `showCollectionMetadata`. */
  collection_metadata: Type.Optional(Type.Object({ name: Type.Optional(Nullable(Type.String())), symbol: Type.Optional(Nullable(Type.String())) })),
});

const DasCompression = Type.Object({
  eligible: Type.Boolean(),
  compressed: Type.Boolean(),
  tree: Type.Optional(Type.String()),
  leaf_id: Type.Optional(Type.Integer()),
});

const DasOwnership = Type.Object({
  frozen: Type.Boolean(),
  delegated: Type.Boolean(),
  delegate: Type.Optional(Nullable(Type.String())),
  /** "single" (NFTs) or "token" (fungibles). */
  ownership_model: Type.String(),
  /** Empty for a fungible mint fetched by getAsset. */
  owner: Type.String(),
});

export const DasAsset = Type.Object({
  /** V1_NFT, ProgrammableNFT, FungibleToken, FungibleAsset, MplCoreAsset, … */
  interface: Type.String(),
  id: Type.String(),
  content: Type.Optional(Nullable(DasContent)),
  authorities: Type.Optional(Type.Array(Type.Object({ address: Type.String(), scopes: Type.Array(Type.String()) }))),
  compression: Type.Optional(Nullable(DasCompression)),
  grouping: Type.Optional(Nullable(Type.Array(DasGroup))),
  ownership: DasOwnership,
  mutable: Type.Optional(Type.Boolean()),
  burnt: Type.Boolean(),
  token_info: Type.Optional(Nullable(DasTokenInfo)),
  /** Parsed Token-2022 extensions (snake_case, as spl-token-2022 names them); shape varies per extension. */
  mint_extensions: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
});

export const DasNativeBalance = Type.Object({
  lamports: Type.Integer({ minimum: 0 }),
  price_per_sol: Type.Optional(Type.Number()),
  total_price: Type.Optional(Type.Number()),
});

/** `result` of getAssetsByOwner. */
export const DasAssetList = Type.Object({
  /** Items on this page (not a grand total). */
  total: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 0 }),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  items: Type.Array(DasAsset),
  /** Only with `showNativeBalance`. */
  nativeBalance: Type.Optional(DasNativeBalance),
});

/** The getAssetsByOwner page as the client reads it: `items` are then checked one by one against `DasAsset` (src/sources/wire.ts). */
export const DasAssetPage = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 0 }),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  items: Type.Array(Type.Unknown()),
  nativeBalance: Type.Optional(DasNativeBalance),
});

type DasPriceInfo = Static<typeof DasPriceInfo>;
type DasTokenInfo = Static<typeof DasTokenInfo>;
export type DasAsset = Static<typeof DasAsset>;
export type DasNativeBalance = Static<typeof DasNativeBalance>;
export type DasAssetList = Static<typeof DasAssetList>;

// ---------------------------------------------------------------- Enhanced transactions

/** Some transfers (mints, burns) have no user account on one side: Helius sends "" or null. */
const Account = Nullable(Type.String());

const EnhancedNativeTransfer = Type.Object({
  fromUserAccount: Account,
  toUserAccount: Account,
  /** Lamports. */
  amount: Type.Number(),
});

const EnhancedTokenTransfer = Type.Object({
  fromUserAccount: Account,
  toUserAccount: Account,
  fromTokenAccount: Type.Optional(Account),
  toTokenAccount: Type.Optional(Account),
  /** UI amount (already divided by 10^decimals). */
  tokenAmount: Type.Number(),
  mint: Type.String(),
  /** "Fungible", "NonFungible", "ProgrammableNonFungible", … */
  tokenStandard: Type.Optional(Type.String()),
});

const EnhancedTokenBalanceChange = Type.Object({
  userAccount: Type.String(),
  tokenAccount: Type.String(),
  mint: Type.String(),
  rawTokenAmount: Type.Object({ tokenAmount: Type.String(), decimals: Type.Integer({ minimum: 0 }) }),
});

const EnhancedAccountData = Type.Object({
  account: Type.String(),
  nativeBalanceChange: Type.Number(),
  tokenBalanceChanges: Type.Optional(Type.Array(EnhancedTokenBalanceChange)),
});

const InnerInstruction = Type.Object({
  programId: Type.String(),
  accounts: Type.Optional(Type.Array(Type.String())),
  data: Type.Optional(Type.String()),
});

const EnhancedInstruction = Type.Object({
  programId: Type.String(),
  accounts: Type.Optional(Type.Array(Type.String())),
  data: Type.Optional(Type.String()),
  innerInstructions: Type.Optional(Type.Array(InnerInstruction)),
});

export const EnhancedTransaction = Type.Object({
  description: Type.String(),
  /** SWAP, TRANSFER, NFT_SALE, NFT_MINT, COMPRESSED_NFT_MINT, STAKE_SOL, UNKNOWN, … (open-ended). */
  type: Type.String(),
  /** The program family Helius attributes it to: JUPITER, RAYDIUM, MAGIC_EDEN, SYSTEM_PROGRAM, … */
  source: Type.String(),
  /** Lamports. */
  fee: Type.Number(),
  feePayer: Type.String(),
  signature: Type.String(),
  slot: Type.Integer({ minimum: 0 }),
  /** Unix seconds. */
  timestamp: Type.Integer({ minimum: 0 }),
  nativeTransfers: Type.Optional(Nullable(Type.Array(EnhancedNativeTransfer))),
  tokenTransfers: Type.Optional(Nullable(Type.Array(EnhancedTokenTransfer))),
  accountData: Type.Optional(Type.Array(EnhancedAccountData)),
  /** null on success; documented as `{ error: string }` on failure (kept open: older answers carry the raw error). */
  transactionError: Type.Optional(Type.Union([Type.Null(), Type.Object({ error: Type.Optional(Type.String()) })])),
  instructions: Type.Optional(Type.Array(EnhancedInstruction)),
  /** Per-program event objects (`swap`, `nft`, `compressed`, …); shape varies. */
  events: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

type EnhancedNativeTransfer = Static<typeof EnhancedNativeTransfer>;
type EnhancedTokenTransfer = Static<typeof EnhancedTokenTransfer>;
type EnhancedAccountData = Static<typeof EnhancedAccountData>;
type EnhancedInstruction = Static<typeof EnhancedInstruction>;
export type EnhancedTransaction = Static<typeof EnhancedTransaction>;

/** Limits the REST API enforces (documented): ≤100 signatures per parse call, history `limit` 1..100. */
export const ENHANCED_MAX_SIGNATURES = 100;
export const ENHANCED_MAX_LIMIT = 100;
/** DAS page size cap (documented). */
export const DAS_MAX_LIMIT = 1000;
