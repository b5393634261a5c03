/**
 * Domain input types for the pure analytics functions in this folder. Provider clients and the
 * sandbox map their wire formats into these shapes; the analytics never see provider JSON, so a
 * provider change touches the mapping only.
 *
 * Conventions: addresses are base58 strings; times are unix seconds (UTC); raw token amounts are
 * decimal strings (no precision loss), UI amounts are numbers; a value that is `null` or absent
 * means "unknown", never "zero" or "safe".
 */

/** One fungible token balance of a wallet. */
export interface TokenHolding {
  mint: string;
  /** Raw integer amount as a decimal string. */
  amountRaw: string;
  decimals: number;
  /** amountRaw / 10^decimals. */
  uiAmount: number;
  /** Position value in USD; null/absent when no price is known. */
  valueUsd?: number | null;
}

/** One NFT (digital asset) owned by a wallet. */
export interface NftAsset {
  id: string;
  name: string;
  description?: string | null;
  /** Verified collection grouping, when the asset has one. */
  collection?: { address: string; name?: string | null } | null;
  /** True for compressed (state-compressed / Bubblegum) NFTs. */
  compressed: boolean;
  /** The asset provider's own spam flag, when it has one. */
  spamFlag?: boolean;
}

/** Transaction categories as the enhanced-transaction provider names them (open-ended). */
export type ActivityType =
  | 'SWAP'
  | 'TRANSFER'
  | 'NFT_SALE'
  | 'NFT_MINT'
  | 'NFT_LISTING'
  | 'STAKE'
  | 'UNSTAKE'
  | 'BRIDGE'
  | 'BURN'
  | 'UNKNOWN'
  | (string & {});

/** One transaction in a wallet's history, reduced to what the behavioural analytics need. */
export interface WalletActivity {
  signature: string;
  /** Block time, unix seconds. */
  timestamp: number;
  type: ActivityType;
  /** The provider's source label (e.g. "JUPITER"), if any. */
  source?: string | null;
  /** Program ids invoked by the transaction (outer instructions first). */
  programIds: string[];
  /** Other accounts the wallet exchanged value with (the wallet itself excluded by the caller). */
  counterparties: string[];
  success: boolean;
}

/** Holder classes that are not free float. */
export type HolderKind = 'pool' | 'bonding_curve' | 'burn' | 'exchange' | 'other';

/** One row of a token's largest-holders list (a token account and its owner). */
export interface HolderRow {
  owner: string;
  tokenAccount: string;
  amountRaw: string;
  uiAmount: number;
  /** What the owner is, when identified; absent or 'other' = an ordinary holder. */
  kind?: HolderKind;
}

/** A price reading from one source; null/undefined/non-finite/≤0 readings are ignored. */
export interface PriceReading {
  source: 'wallet_assets' | 'market_data' | 'price_aggregator' | (string & {});
  price: number | null | undefined;
}

/** Percent price changes over the standard windows (e.g. +4.2 = up 4.2 %). */
export interface PriceChanges {
  change_1h_pct?: number | null;
  change_6h_pct?: number | null;
  change_24h_pct?: number | null;
}

/** Token-2022 mint extensions that matter for risk. Absent key = extension not present. */
export interface Token2022Extensions {
  /** TransferFeeConfig: the currently effective fee and who can change it. */
  transferFee?: { basisPoints: number; maximumFeeRaw?: string | null; authority?: string | null } | null;
  /** PermanentDelegate: this address can transfer or burn tokens from any account. */
  permanentDelegate?: string | null;
  /** TransferHook: a program invoked on every transfer. */
  transferHook?: { programId: string | null; authority?: string | null } | null;
  /** NonTransferable (soul-bound) mint. */
  nonTransferable?: boolean;
  /** DefaultAccountState: state new token accounts start in. */
  defaultAccountState?: 'initialized' | 'frozen' | null;
  /** MintCloseAuthority: can close the mint account once supply is zero. */
  mintCloseAuthority?: string | null;
}

/** One swap quote for buying the token with a given USD amount. */
export interface SlippageQuote {
  size_usd: number;
  /** Input amount in UI units (normally the USD stablecoin). */
  in_amount: number;
  /** Output token amount in UI units. */
  out_amount: number;
  /** USD price of the input asset; defaults to 1 (a USD stablecoin). */
  in_price_usd?: number | null;
  /** The quote's own price impact in percent (0–100), if it reports one. */
  price_impact_pct?: number | null;
}

/** A native SOL movement inside a transaction. */
export interface NativeTransferInput {
  from: string;
  to: string;
  /** Lamports, integer (string or number). */
  amountLamports: string | number;
}

/** A token movement inside a transaction (from/to are the owning wallets when known). */
export interface TokenTransferInput {
  from: string;
  to: string;
  mint: string;
  amountRaw?: string | null;
  uiAmount: number;
}

/** An enhanced-transaction-like record, provider-neutral. */
export interface TransactionInput {
  signature: string;
  timestamp?: number | null;
  /** The provider's transaction type, if it classified it. */
  type?: string | null;
  source?: string | null;
  feePayer: string;
  signers?: string[];
  /** Program ids invoked, outer instructions first. */
  programIds: string[];
  nativeTransfers?: NativeTransferInput[];
  tokenTransfers?: TokenTransferInput[];
  /** Explicit success flag; if absent, success = no `error`. */
  success?: boolean | null;
  error?: string | null;
}
