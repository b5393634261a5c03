/**
 * Fixed addresses and chain parameters of the sandbox Solana chain. Values mirror mainnet so the
 * official x402 clients/facilitator (which hard-code mainnet's USDC mint and program ids) work
 * unchanged against it.
 */

export { USDC_MINT } from '../../lib/solana-mints.js';
export const USDC_DECIMALS = 6;
/** Mainnet USDC's real mint/freeze authorities, only so the mint account decodes like the real one. */
export const USDC_MINT_AUTHORITY = 'BJE5MMbqXjVwjAF7oxwPYXnTXDyspzZyt4vwenNw5ruG';
export const USDC_FREEZE_AUTHORITY = '7dGbd2QZcCKcTndnHcTL8q7SMVXAkp688NTQYwrRCrar';

// Mainnet program ids: one list for the whole project (the analytics name them too).
import { ATA_PROGRAM, COMPUTE_BUDGET_PROGRAM, MEMO_PROGRAM, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../analytics/known-programs.js';

export { ATA_PROGRAM, COMPUTE_BUDGET_PROGRAM, MEMO_PROGRAM, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM };
const MEMO_V1_PROGRAM = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo';
/**
 * Built-in programs mainnet has, for the sandbox data node (src/sandbox/providers/solana-data-rpc/), which
 * answers them as executable accounts. (The payment chain's runtime loads the real programs.)
 */
export const BUILTIN_PROGRAMS = [
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  TOKEN_2022_PROGRAM,
  ATA_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  MEMO_PROGRAM,
  MEMO_V1_PROGRAM,
] as const;
/** Mainnet-beta's genesis hash: the CAIP-2 id `solana:5eykt4Us…` is its prefix. */
export const MAINNET_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
export const SOLANA_CAIP2 = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const;

/** Slot time and blockhash validity match mainnet (400 ms slots, 150-block MAX_PROCESSING_AGE). */
export const SLOT_MS = 400;
export const BLOCKHASH_VALID_BLOCKS = 150;
/** A signature status turns `finalized` once this many slots are built on top of it. */
export const FINALITY_DEPTH = 32;
/** Slot numbering starts here so slots look like mainnet's, not like a fresh validator's. */
export const FIRST_SLOT = 300_000_000;

export const MAX_TX_BYTES = 1232;

/** SPL layouts. */
export const MINT_SIZE = 82;
export const TOKEN_ACCOUNT_SIZE = 165;

/**
 * Rent exemption as mainnet computes it: (128 + size) bytes * 3480 lamports/byte-year * 2 years. For the
 * sandbox data node's accounts; the payment chain asks its runtime (the Rent sysvar), which agrees.
 */
export function rentExemptMinimum(dataSize: number): bigint {
  return BigInt(128 + dataSize) * 3_480n * 2n;
}

/** Fee payers (the facilitator) get SOL on first sight, because nobody can airdrop on a loopback chain. */
export const FEE_PAYER_AIRDROP_LAMPORTS = 1_000n * 1_000_000_000n;
