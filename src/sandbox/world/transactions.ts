/**
 * Transaction builders: each returns a draft (a TransactionState without signature and slot, which
 * the wallet history assigns from (wallet, day, index)). Amounts are priced at the transaction's own
 * time, so a swap's two legs agree with the world's prices then. Token transfers name the owning
 * wallets (`from`/`to`) and their token accounts, like an enhanced-transaction provider.
 */
import type { NativeTransferState, TokenTransferState, TransactionState, TransactionType } from './types.js';
import {
  ACCOUNT_COMPRESSION_PROGRAM,
  BUBBLEGUM_PROGRAM,
  CANDY_MACHINE_V3,
  COMPUTE_BUDGET_PROGRAM,
  ENTITY,
  JUPITER_V6,
  KAMINO_LEND_PROGRAM,
  MAGIC_EDEN_V2,
  MARINADE_PROGRAM,
  METEORA_DLMM,
  MSOL_MINT,
  ORCA_WHIRLPOOL,
  PUMP_AMM,
  RAYDIUM_AMM_V4,
  SANDBOX_DRAINER_PROGRAM,
  SPL_NOOP_PROGRAM,
  STAKE_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_METADATA_PROGRAM,
  TOKEN_PROGRAM,
  WORMHOLE_TOKEN_BRIDGE,
  WSOL_MINT,
} from './entities.js';
import { rawToUi, uiToRaw } from './tokens.js';

export type TxDraft = Omit<TransactionState, 'signature' | 'slot'>;

/** What builders need to know about tokens (provided by the world). */
export interface TxEnv {
  tokenAccount(owner: string, mint: string): string;
  decimals(mint: string): number;
  symbol(mint: string): string;
  /** USD price at t (0 when unpriced). */
  price(mint: string, t: number): number;
  /** Token program id of the mint. */
  tokenProgram(mint: string): string;
}

export type Dex = 'raydium' | 'orca' | 'meteora' | 'pumpswap';

const DEX_PROGRAM: Record<Dex, string> = {
  raydium: RAYDIUM_AMM_V4,
  orca: ORCA_WHIRLPOOL,
  meteora: METEORA_DLMM,
  pumpswap: PUMP_AMM,
};

const DEX_SOURCE: Record<Dex, string> = { raydium: 'RAYDIUM', orca: 'ORCA', meteora: 'METEORA', pumpswap: 'PUMP_AMM' };
const DEX_FEE: Record<Dex, number> = { raydium: 0.0025, orca: 0.003, meteora: 0.002, pumpswap: 0.0025 };

const LAMPORTS = 1_000_000_000;

/** A UI amount for descriptions: thousands separators, up to 0/2/4/8 decimals by magnitude. */
function fmtUi(x: number): string {
  if (x === 0 || !Number.isFinite(x)) return '0';
  const a = Math.abs(x);
  const places = a >= 1000 ? 0 : a >= 1 ? 2 : a >= 0.01 ? 4 : 8;
  let text = a.toFixed(places);
  if (text.includes('.')) text = text.replace(/\.?0+$/, '');
  const [int, frac] = text.split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${x < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

export function solToLamports(sol: number): bigint {
  return BigInt(Math.round(sol * LAMPORTS));
}

function tokenTransfer(env: TxEnv, from: string, to: string, mint: string, amountRaw: bigint): TokenTransferState {
  return {
    from,
    to,
    fromTokenAccount: env.tokenAccount(from, mint),
    toTokenAccount: env.tokenAccount(to, mint),
    mint,
    amountRaw: amountRaw.toString(),
    decimals: env.decimals(mint),
  };
}

function draft(p: {
  ts: number;
  type: TransactionType;
  source: string;
  programIds: string[];
  feePayer: string;
  fee?: number;
  nativeTransfers?: NativeTransferState[];
  tokenTransfers?: TokenTransferState[];
  error?: string | null;
  description: string;
}): TxDraft {
  return {
    timestamp: p.ts,
    type: p.type,
    source: p.source,
    programIds: [...new Set(p.programIds)],
    feePayer: p.feePayer,
    signers: [p.feePayer],
    feeLamports: String(p.fee ?? 5_000),
    nativeTransfers: p.nativeTransfers ?? [],
    tokenTransfers: p.tokenTransfers ?? [],
    error: p.error ?? null,
    description: p.description,
  };
}

/** Custom error 6001 (0x1771): Jupiter's SlippageToleranceExceeded. */
export const SLIPPAGE_ERROR = 'InstructionError: custom program error: 0x1771';

export interface SwapArgs {
  owner: string;
  ts: number;
  pool: string;
  dex: Dex;
  /** Routed by Jupiter (JUPITER_V6 first) or a direct DEX swap. */
  viaJupiter: boolean;
  inMint: string;
  outMint: string;
  /** Trade size in USD at ts. */
  usd: number;
  error?: string | null;
  /** Extra programs invoked (outermost first, after compute budget). */
  extraPrograms?: string[];
  fee?: number;
}

export function swapTx(env: TxEnv, a: SwapArgs): TxDraft {
  const pin = env.price(a.inMint, a.ts) || 1;
  const pout = env.price(a.outMint, a.ts) || 1;
  const inUi = a.usd / pin;
  const outUi = (a.usd * (1 - DEX_FEE[a.dex])) / pout;
  const inRaw = uiToRaw(inUi, env.decimals(a.inMint));
  const outRaw = uiToRaw(outUi, env.decimals(a.outMint));
  const symIn = env.symbol(a.inMint);
  const symOut = env.symbol(a.outMint);
  const programs = [
    COMPUTE_BUDGET_PROGRAM,
    ...(a.extraPrograms ?? []),
    ...(a.viaJupiter ? [JUPITER_V6] : []),
    DEX_PROGRAM[a.dex],
    env.tokenProgram(a.inMint),
    env.tokenProgram(a.outMint),
  ];
  const failed = a.error != null;
  return draft({
    ts: a.ts,
    type: 'SWAP',
    source: a.viaJupiter ? 'JUPITER' : DEX_SOURCE[a.dex],
    programIds: programs,
    feePayer: a.owner,
    fee: a.fee ?? 5_000 + 1_000 * (a.ts % 7),
    tokenTransfers: failed ? [] : [tokenTransfer(env, a.owner, a.pool, a.inMint, inRaw), tokenTransfer(env, a.pool, a.owner, a.outMint, outRaw)],
    error: a.error ?? null,
    description: failed
      ? `${a.owner} failed to swap ${fmtUi(rawToUi(inRaw, env.decimals(a.inMint)))} ${symIn} for ${symOut}`
      : `${a.owner} swapped ${fmtUi(rawToUi(inRaw, env.decimals(a.inMint)))} ${symIn} for ${fmtUi(rawToUi(outRaw, env.decimals(a.outMint)))} ${symOut}`,
  });
}

export function solTransferTx(a: { ts: number; from: string; to: string; sol: number; feePayer?: string }): TxDraft {
  const lamports = solToLamports(a.sol);
  return draft({
    ts: a.ts,
    type: 'TRANSFER',
    source: 'SYSTEM_PROGRAM',
    programIds: [SYSTEM_PROGRAM],
    feePayer: a.feePayer ?? a.from,
    nativeTransfers: [{ from: a.from, to: a.to, lamports: lamports.toString() }],
    description: `${a.from} transferred ${fmtUi(Number(lamports) / LAMPORTS)} SOL to ${a.to}`,
  });
}

/** One System-program transaction paying several wallets the same amount each (an operator topping up its wallets, a funder seeding a ring). */
export function batchSolTransferTx(a: { ts: number; from: string; to: readonly string[]; sol: number }): TxDraft {
  const lamports = solToLamports(a.sol).toString();
  return draft({
    ts: a.ts,
    type: 'TRANSFER',
    source: 'SYSTEM_PROGRAM',
    programIds: [SYSTEM_PROGRAM],
    feePayer: a.from,
    nativeTransfers: a.to.map((to) => ({ from: a.from, to, lamports })),
    description: `${a.from} transferred ${fmtUi(a.sol)} SOL each to ${a.to.length} accounts`,
  });
}

export function splTransferTx(env: TxEnv, a: { ts: number; from: string; to: string; mint: string; ui: number; feePayer?: string }): TxDraft {
  const raw = uiToRaw(a.ui, env.decimals(a.mint));
  return draft({
    ts: a.ts,
    type: 'TRANSFER',
    source: 'SOLANA_PROGRAM_LIBRARY',
    programIds: [env.tokenProgram(a.mint)],
    feePayer: a.feePayer ?? a.from,
    tokenTransfers: [tokenTransfer(env, a.from, a.to, a.mint, raw)],
    description: `${a.from} transferred ${fmtUi(rawToUi(raw, env.decimals(a.mint)))} ${env.symbol(a.mint)} to ${a.to}`,
  });
}

export interface NftRef {
  id: string;
  name: string;
}

/** A Magic Eden v2 sale: the buyer pays the seller, the creator royalty and the marketplace fee. */
export function nftSaleTx(env: TxEnv, a: { ts: number; buyer: string; seller: string; nft: NftRef; priceSol: number; creator: string }): TxDraft {
  const total = solToLamports(a.priceSol);
  const royalty = (total * 5n) / 100n;
  const fee = (total * 2n) / 100n;
  return draft({
    ts: a.ts,
    type: 'NFT_SALE',
    source: 'MAGIC_EDEN',
    programIds: [COMPUTE_BUDGET_PROGRAM, MAGIC_EDEN_V2, TOKEN_PROGRAM, SYSTEM_PROGRAM],
    feePayer: a.buyer,
    nativeTransfers: [
      { from: a.buyer, to: a.seller, lamports: (total - royalty - fee).toString() },
      { from: a.buyer, to: a.creator, lamports: royalty.toString() },
      { from: a.buyer, to: ENTITY.magicEdenTreasury.address, lamports: fee.toString() },
    ],
    tokenTransfers: [{ from: a.seller, to: a.buyer, fromTokenAccount: env.tokenAccount(a.seller, a.nft.id), toTokenAccount: env.tokenAccount(a.buyer, a.nft.id), mint: a.nft.id, amountRaw: '1', decimals: 0 }],
    description: `${a.buyer} bought ${a.nft.name} from ${a.seller} for ${fmtUi(a.priceSol)} SOL on MAGIC_EDEN`,
  });
}

export function nftMintTx(env: TxEnv, a: { ts: number; minter: string; nft: NftRef; candyMachine: string; treasury: string; priceSol: number }): TxDraft {
  const lamports = solToLamports(a.priceSol);
  return draft({
    ts: a.ts,
    type: 'NFT_MINT',
    source: 'CANDY_MACHINE_V3',
    programIds: [COMPUTE_BUDGET_PROGRAM, CANDY_MACHINE_V3, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM, SYSTEM_PROGRAM],
    feePayer: a.minter,
    nativeTransfers: [{ from: a.minter, to: a.treasury, lamports: lamports.toString() }],
    tokenTransfers: [{ from: a.candyMachine, to: a.minter, fromTokenAccount: env.tokenAccount(a.candyMachine, a.nft.id), toTokenAccount: env.tokenAccount(a.minter, a.nft.id), mint: a.nft.id, amountRaw: '1', decimals: 0 }],
    description: `${a.minter} minted ${a.nft.name} for ${fmtUi(a.priceSol)} SOL`,
  });
}

/** A compressed NFT minted (airdropped) into `owner` by `minter` (the fee payer). */
export function cnftMintTx(a: { ts: number; minter: string; owner: string; nft: NftRef }): TxDraft {
  return draft({
    ts: a.ts,
    type: 'COMPRESSED_NFT_MINT',
    source: 'BUBBLEGUM',
    programIds: [BUBBLEGUM_PROGRAM, SPL_NOOP_PROGRAM, ACCOUNT_COMPRESSION_PROGRAM],
    feePayer: a.minter,
    description: `${a.minter} minted ${a.nft.name} to ${a.owner}`,
  });
}

export function marinadeStakeTx(env: TxEnv, a: { ts: number; owner: string; sol: number }): TxDraft {
  const lamports = solToLamports(a.sol);
  const msolPerSol = env.price(WSOL_MINT, a.ts) / (env.price(MSOL_MINT, a.ts) || 1);
  const msolRaw = uiToRaw(a.sol * msolPerSol, 9);
  return draft({
    ts: a.ts,
    type: 'STAKE_SOL',
    source: 'MARINADE',
    programIds: [MARINADE_PROGRAM, SYSTEM_PROGRAM, TOKEN_PROGRAM],
    feePayer: a.owner,
    nativeTransfers: [{ from: a.owner, to: ENTITY.marinadeReserve.address, lamports: lamports.toString() }],
    tokenTransfers: [tokenTransfer(env, ENTITY.marinadeReserve.address, a.owner, MSOL_MINT, msolRaw)],
    description: `${a.owner} staked ${fmtUi(a.sol)} SOL with Marinade for ${fmtUi(rawToUi(msolRaw, 9))} mSOL`,
  });
}

export function marinadeUnstakeTx(env: TxEnv, a: { ts: number; owner: string; msol: number }): TxDraft {
  const solPerMsol = env.price(MSOL_MINT, a.ts) / (env.price(WSOL_MINT, a.ts) || 1);
  const lamports = solToLamports(a.msol * solPerMsol * 0.997);
  const msolRaw = uiToRaw(a.msol, 9);
  return draft({
    ts: a.ts,
    type: 'UNSTAKE_SOL',
    source: 'MARINADE',
    programIds: [MARINADE_PROGRAM, TOKEN_PROGRAM, SYSTEM_PROGRAM],
    feePayer: a.owner,
    nativeTransfers: [{ from: ENTITY.marinadeReserve.address, to: a.owner, lamports: lamports.toString() }],
    tokenTransfers: [tokenTransfer(env, a.owner, ENTITY.marinadeReserve.address, MSOL_MINT, msolRaw)],
    description: `${a.owner} liquid-unstaked ${fmtUi(a.msol)} mSOL for ${fmtUi(Number(lamports) / LAMPORTS)} SOL`,
  });
}

export function nativeStakeTx(a: { ts: number; owner: string; stakeAccount: string; sol: number }): TxDraft {
  const lamports = solToLamports(a.sol);
  return draft({
    ts: a.ts,
    type: 'STAKE_SOL',
    source: 'STAKE_PROGRAM',
    programIds: [SYSTEM_PROGRAM, STAKE_PROGRAM],
    feePayer: a.owner,
    nativeTransfers: [{ from: a.owner, to: a.stakeAccount, lamports: lamports.toString() }],
    description: `${a.owner} staked ${fmtUi(a.sol)} SOL to stake account ${a.stakeAccount}`,
  });
}

interface LiquidityMove { ts: number; owner: string; pool: string; lpMint: string; usd: number; quoteMint: string }

/** The three amounts of a SOL/quote liquidity move worth `usd`: half in SOL, half in the quote, and the LP tokens. */
function liquidityAmounts(env: TxEnv, a: LiquidityMove): { solRaw: bigint; quoteRaw: bigint; lpRaw: bigint } {
  const half = a.usd / 2;
  return {
    solRaw: uiToRaw(half / (env.price(WSOL_MINT, a.ts) || 1), 9),
    quoteRaw: uiToRaw(half / (env.price(a.quoteMint, a.ts) || 1), env.decimals(a.quoteMint)),
    lpRaw: uiToRaw(a.usd / (env.price(a.lpMint, a.ts) || 1), env.decimals(a.lpMint)),
  };
}

export function addLiquidityTx(env: TxEnv, a: LiquidityMove): TxDraft {
  const { solRaw, quoteRaw, lpRaw } = liquidityAmounts(env, a);
  return draft({
    ts: a.ts,
    type: 'ADD_LIQUIDITY',
    source: 'RAYDIUM',
    programIds: [COMPUTE_BUDGET_PROGRAM, RAYDIUM_AMM_V4, TOKEN_PROGRAM],
    feePayer: a.owner,
    tokenTransfers: [
      tokenTransfer(env, a.owner, a.pool, WSOL_MINT, solRaw),
      tokenTransfer(env, a.owner, a.pool, a.quoteMint, quoteRaw),
      tokenTransfer(env, a.pool, a.owner, a.lpMint, lpRaw),
    ],
    description: `${a.owner} added ${fmtUi(rawToUi(solRaw, 9))} SOL and ${fmtUi(rawToUi(quoteRaw, env.decimals(a.quoteMint)))} ${env.symbol(a.quoteMint)} to Raydium for ${fmtUi(rawToUi(lpRaw, env.decimals(a.lpMint)))} ${env.symbol(a.lpMint)}`,
  });
}

export function withdrawLiquidityTx(env: TxEnv, a: LiquidityMove): TxDraft {
  const { solRaw, quoteRaw, lpRaw } = liquidityAmounts(env, a);
  return draft({
    ts: a.ts,
    type: 'WITHDRAW_LIQUIDITY',
    source: 'RAYDIUM',
    programIds: [COMPUTE_BUDGET_PROGRAM, RAYDIUM_AMM_V4, TOKEN_PROGRAM],
    feePayer: a.owner,
    tokenTransfers: [
      tokenTransfer(env, a.owner, a.pool, a.lpMint, lpRaw),
      tokenTransfer(env, a.pool, a.owner, WSOL_MINT, solRaw),
      tokenTransfer(env, a.pool, a.owner, a.quoteMint, quoteRaw),
    ],
    description: `${a.owner} removed ${fmtUi(rawToUi(lpRaw, env.decimals(a.lpMint)))} ${env.symbol(a.lpMint)} from Raydium`,
  });
}

export function kaminoDepositTx(env: TxEnv, a: { ts: number; owner: string; mint: string; ui: number }): TxDraft {
  const raw = uiToRaw(a.ui, env.decimals(a.mint));
  return draft({
    ts: a.ts,
    type: 'UNKNOWN',
    source: 'KAMINO',
    programIds: [COMPUTE_BUDGET_PROGRAM, KAMINO_LEND_PROGRAM, TOKEN_PROGRAM],
    feePayer: a.owner,
    tokenTransfers: [tokenTransfer(env, a.owner, ENTITY.kaminoVault.address, a.mint, raw)],
    description: `${a.owner} deposited ${fmtUi(a.ui)} ${env.symbol(a.mint)} into Kamino Lend`,
  });
}

export function bridgeOutTx(env: TxEnv, a: { ts: number; owner: string; mint: string; ui: number }): TxDraft {
  const raw = uiToRaw(a.ui, env.decimals(a.mint));
  return draft({
    ts: a.ts,
    type: 'UNKNOWN',
    source: 'WORMHOLE',
    programIds: [COMPUTE_BUDGET_PROGRAM, WORMHOLE_TOKEN_BRIDGE, TOKEN_PROGRAM],
    feePayer: a.owner,
    tokenTransfers: [tokenTransfer(env, a.owner, ENTITY.wormholeCustody.address, a.mint, raw)],
    description: `${a.owner} bridged ${fmtUi(a.ui)} ${env.symbol(a.mint)} out through Wormhole`,
  });
}

/** A call into the fake drainer program: it sweeps `raw` of `mint` from the victim to its collector. */
export function drainerTx(env: TxEnv, a: { ts: number; victim: string; collector: string; mint: string; raw: bigint }): TxDraft {
  return draft({
    ts: a.ts,
    type: 'UNKNOWN',
    source: 'UNKNOWN',
    programIds: [COMPUTE_BUDGET_PROGRAM, SANDBOX_DRAINER_PROGRAM, env.tokenProgram(a.mint)],
    feePayer: a.victim,
    fee: 5_000 + 20_000,
    tokenTransfers: [tokenTransfer(env, a.victim, a.collector, a.mint, a.raw)],
    description: `${a.victim} approved a call to an unknown program that moved ${fmtUi(rawToUi(a.raw, env.decimals(a.mint)))} ${env.symbol(a.mint)} to ${a.collector}`,
  });
}
