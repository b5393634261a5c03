/**
 * The sandbox data world's model: what is true on the synthetic chain at a moment. One generator
 * (`src/sandbox/world/`) produces it deterministically from (seed, time); each sandbox provider server
 * renders the same facts in its own provider's wire format, so every source agrees with the others
 * the way real providers agree about one chain (up to their small, deliberate price differences).
 *
 * Amounts are raw integer strings (token base units, lamports); USD figures are numbers.
 */

export type TokenProgram = 'spl-token' | 'token-2022';

/** Token-2022 mint extensions the service reads as risk flags. Absent field = extension absent. */
export interface MintExtensions {
  transferFee?: {
    basisPoints: number;
    maximumFeeRaw: string;
    /** Who may change the rate (null: nobody, the fee is fixed). Absent: the mint authority (the generic tokens' rule). */
    configAuthority?: string | null;
    /** Who may withdraw the withheld fees. Absent: the mint authority. */
    withdrawAuthority?: string | null;
    /** Fees withheld in the mint, raw. Absent: none. */
    withheldRaw?: string;
  };
  permanentDelegate?: string;
  transferHookProgram?: string;
  nonTransferable?: boolean;
  defaultAccountStateFrozen?: boolean;
  mintCloseAuthority?: string;
}

/** What kind of account holds tokens: pools, curves, burn addresses and exchanges are not "float". */
export type HolderKind = 'pool' | 'bonding_curve' | 'burn' | 'exchange' | 'wallet';

export interface HolderState {
  owner: string;
  /** The token account (what `getTokenLargestAccounts` lists). */
  tokenAccount: string;
  amountRaw: string;
  kind: HolderKind;
}

export interface PoolState {
  /** Pair / pool address as the DEX aggregator reports it. */
  address: string;
  dex: 'raydium' | 'orca' | 'meteora' | 'pumpswap';
  quoteMint: string;
  quoteSymbol: string;
  liquidityUsd: number;
  volume24hUsd: number;
  txns24h: { buys: number; sells: number };
  /** Unix seconds. */
  createdAt: number;
  /**
   * Trailing trading windows, present only for pools with a designed activity profile (the fresh-launch
   * market, world/activity.ts): a pool younger than a window shows its whole life in it. Absent: the
   * renderers spread the 24 h figures evenly.
   */
  windows?: Record<'m5' | 'h1' | 'h6' | 'h24', PoolWindowState>;
}

export interface PoolWindowState {
  volumeUsd: number;
  buys: number;
  sells: number;
  /** Percent price change over the window (since the pool's first trade when the pool is younger); null = unpriced. */
  priceChangePct: number | null;
}

export interface TokenState {
  mint: string;
  name: string;
  symbol: string;
  decimals: number;
  supplyRaw: string;
  program: TokenProgram;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  extensions: MintExtensions;
  /** Verified by the token-metadata aggregator. */
  verified: boolean;
  /** Aggregator tags (e.g. "verified", "strict", "community", "lst"). */
  tags: string[];
  /** Each source's own price: real aggregators differ slightly; null = that source does not price it. */
  prices: { walletProvider: number | null; marketData: number | null; priceAggregator: number | null };
  /** Percent changes over 1 h, 6 h, 24 h (market-data aggregator), null when too young. */
  priceChange: { h1: number | null; h6: number | null; h24: number | null };
  marketCapUsd: number | null;
  fdvUsd: number | null;
  pools: PoolState[];
  /** The largest holders, descending by amount; at least 20 when the token has that many. */
  topHolders: HolderState[];
  /** Distinct owners with a non-zero balance. */
  holderCount: number;
  /** Unix seconds. */
  createdAt: number;
  /** Off-chain metadata URI and image (DAS `content`). */
  uri: string;
  image: string;
}

export interface NftState {
  id: string;
  name: string;
  description: string;
  collection: { address: string; name: string } | null;
  compressed: boolean;
  /** Provider-side spam flag (DAS may mark assets); the service applies its own heuristic too. */
  spamFlag: boolean;
  image: string;
}

export interface TokenBalanceState {
  mint: string;
  tokenAccount: string;
  amountRaw: string;
  decimals: number;
}

export type TransactionType =
  | 'SWAP' | 'TRANSFER' | 'NFT_SALE' | 'NFT_MINT' | 'COMPRESSED_NFT_MINT' | 'STAKE_SOL' | 'UNSTAKE_SOL'
  | 'ADD_LIQUIDITY' | 'WITHDRAW_LIQUIDITY' | 'BURN' | 'UNKNOWN';

export interface NativeTransferState {
  from: string;
  to: string;
  lamports: string;
}

export interface TokenTransferState {
  from: string;
  to: string;
  fromTokenAccount: string;
  toTokenAccount: string;
  mint: string;
  amountRaw: string;
  decimals: number;
}

/** One transaction as an enhanced-transaction provider describes it (and the RPC can return raw). */
export interface TransactionState {
  signature: string;
  slot: number;
  /** Unix seconds. */
  timestamp: number;
  type: TransactionType;
  /** The protocol the provider attributes it to (e.g. "JUPITER", "RAYDIUM", "MAGIC_EDEN", "SYSTEM_PROGRAM"). */
  source: string;
  /** Program ids invoked, outermost first. */
  programIds: string[];
  feePayer: string;
  signers: string[];
  feeLamports: string;
  nativeTransfers: NativeTransferState[];
  tokenTransfers: TokenTransferState[];
  /** null = success; otherwise the error (e.g. "InstructionError: custom program error: 0x1771"). */
  error: string | null;
  description: string;
}

export interface DefiPositionState {
  protocol: string;
  kind: 'staking' | 'lending' | 'liquidity' | 'perps';
  /** The token account or position account. */
  account: string;
  mint: string;
  amountRaw: string;
  valueUsd: number;
}

export interface WalletState {
  address: string;
  lamports: string;
  tokens: TokenBalanceState[];
  nfts: NftState[];
  /** Most recent first. */
  transactions: TransactionState[];
  /** Positions recognisable from holdings (LST, LP tokens, …). */
  defiPositions: DefiPositionState[];
}

export interface DefiProtocolState {
  slug: string;
  name: string;
  category: string;
  programIds: string[];
  tvlUsd: number;
  /** Daily TVL points, oldest first (unix seconds). */
  tvlHistory: { date: number; totalLiquidityUSD: number }[];
  pools: { pool: string; symbol: string; project: string; chain: 'Solana'; tvlUsd: number; apy: number; apyBase: number | null; apyReward: number | null }[];
}

/** A swap quote as the aggregator would answer it (exact-in). */
export interface QuoteState {
  inputMint: string;
  outputMint: string;
  inAmountRaw: string;
  outAmountRaw: string;
  /** A FRACTION as the aggregator reports it (0.0123 = 1.23 %), despite the name. */
  priceImpactPct: number;
  routeLabels: string[];
}

/** The world at a moment. Every method is a pure function of (seed, the given time, its arguments). */
export interface SandboxWorld {
  readonly seed: string;
  /** null when no such mint exists on the sandbox chain (e.g. a wallet address). */
  token(mint: string, at: Date): TokenState | null;
  /** Any valid address is a wallet (possibly empty); mints answer null. */
  wallet(address: string, at: Date): WalletState | null;
  transaction(signature: string, at: Date): TransactionState | null;
  /** Exact-in quote; null when no route (no pool, or the amount exceeds what pools can fill). */
  quote(inputMint: string, outputMint: string, inAmountRaw: string, at: Date): QuoteState | null;
  protocol(slugOrProgramId: string, at: Date): DefiProtocolState | null;
  protocols(at: Date): DefiProtocolState[];
}
