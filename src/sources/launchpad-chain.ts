/**
 * On-chain reads for what the launch platform's API does not say (leg `solana_rpc`):
 *  - the coin's mint (jsonParsed): its token program, decimals and supply, and — on Token-2022 — the
 *    transfer-fee config: rate, cap, `withdrawWithheldAuthority` (must be the platform's distributor or the
 *    tax never reaches holders) and `transferFeeConfigAuthority` (set = the rate can still be changed);
 *  - the coin's LaunchLab pool state (raw bytes, decoded below): the platform config it was created under
 *    (the platform adopts only pools created under its own config) and its base mint;
 *  - the 20 largest token accounts: the top-10 share of supply.
 * Mints and pools go out together in `getMultipleAccounts` batches of 100; the largest accounts are one
 * call per coin.
 */
import { tokenData, type AccountInfo, type TransferFeeConfigState } from './wire/solana-rpc.js';
import type { SolanaRpcClient } from './solana-rpc.js';
import { base58Encode } from '../lib/base58.js';
import { round2 } from '../analytics/round.js';
import { LAUNCH_PROGRAM_ID } from '../analytics/launchpad-preflight/constants.js';

/** The LaunchLab program (one constant for the whole project: src/analytics/launchpad-preflight/constants.ts). */
export const LAUNCHLAB_PROGRAM_ID = LAUNCH_PROGRAM_ID;

/** Anchor discriminator of LaunchLab's `PoolState` account (sha256("account:PoolState")[0..8]). */
export const POOL_STATE_DISCRIMINATOR = Uint8Array.from([247, 237, 227, 245, 215, 195, 222, 70]);

/**
 * Byte offsets in `PoolState` (Raydium's published layout): discriminator 8, epoch u64, auth bump, status,
 * base and quote decimals, migrate type (5 × u8), ten u64 amounts (supply … migrate fee), the vesting
 * schedule (5 × u64), then the global config, platform config, base mint, quote mint, base vault, quote
 * vault and creator (32 bytes each).
 */
export const POOL_OFFSETS = { status: 17, globalConfig: 141, platformConfig: 173, baseMint: 205, quoteMint: 237, creator: 333 } as const;
export const POOL_STATE_MIN_SIZE = POOL_OFFSETS.creator + 32;

export interface CoinMintFacts {
  program: 'spl-token' | 'spl-token-2022';
  decimals: number;
  supplyRaw: string;
  /** null when the mint has no transfer-fee extension (classic SPL coins never do). */
  transferFee: null | {
    bps: number;
    maximumFeeRaw: string;
    withdrawWithheldAuthority: string | null;
    /** Set = the rate can still be changed after launch. */
    configAuthority: string | null;
  };
}

export interface PoolFacts {
  globalConfig: string;
  platformConfig: string;
  baseMint: string;
  quoteMint: string;
  creator: string;
}

export interface CoinChainFacts {
  /** null: no such mint on chain (or not a token mint). */
  mint: CoinMintFacts | null;
  /** null: no such pool, or not a LaunchLab pool state. */
  pool: PoolFacts | null;
  /** Share of supply held by the 20-largest list's top 10, 0–100; null when unreadable (zero supply). */
  top10Pct: number | null;
}

/** Mint facts from a jsonParsed account; null when it is not a token mint. */
export function coinMintFacts(account: AccountInfo | null): CoinMintFacts | null {
  const data = tokenData(account);
  if (!data || data.parsed.type !== 'mint') return null;
  const info = data.parsed.info;
  const ext = (info.extensions ?? []).find((e) => e.extension === 'transferFeeConfig');
  const state = ext?.state as TransferFeeConfigState | undefined;
  return {
    program: data.program === 'spl-token-2022' ? 'spl-token-2022' : 'spl-token',
    decimals: info.decimals,
    supplyRaw: info.supply,
    transferFee: state === undefined ? null : {
      bps: state.newerTransferFee.transferFeeBasisPoints,
      maximumFeeRaw: BigInt(state.newerTransferFee.maximumFee).toString(),
      withdrawWithheldAuthority: state.withdrawWithheldAuthority,
      configAuthority: state.transferFeeConfigAuthority,
    },
  };
}

/** The bytes of an account served as base64 (`[data, "base64"]`); null for any other shape. */
function accountBytes(account: AccountInfo | null): Uint8Array | null {
  if (account === null || !Array.isArray(account.data) || account.data[1] !== 'base64') return null;
  return Buffer.from(account.data[0], 'base64');
}

/** A LaunchLab pool state's addresses; null when the account is not one (wrong owner, discriminator or size). */
export function poolFacts(account: AccountInfo | null): PoolFacts | null {
  if (account === null || account.owner !== LAUNCHLAB_PROGRAM_ID) return null;
  const bytes = accountBytes(account);
  if (bytes === null || bytes.length < POOL_STATE_MIN_SIZE) return null;
  if (!POOL_STATE_DISCRIMINATOR.every((b, i) => bytes[i] === b)) return null;
  const key = (offset: number) => base58Encode(bytes.subarray(offset, offset + 32));
  return {
    globalConfig: key(POOL_OFFSETS.globalConfig),
    platformConfig: key(POOL_OFFSETS.platformConfig),
    baseMint: key(POOL_OFFSETS.baseMint),
    quoteMint: key(POOL_OFFSETS.quoteMint),
    creator: key(POOL_OFFSETS.creator),
  };
}

/** Top-10 share of supply, percent (2 decimals) from raw amounts; null for a zero or unknown supply. */
export function top10Share(largestRaw: readonly string[], supplyRaw: string | null): number | null {
  if (supplyRaw === null) return null;
  const supply = BigInt(supplyRaw);
  if (supply <= 0n) return null;
  const top = [...largestRaw].map((a) => BigInt(a)).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)).slice(0, 10).reduce((s, a) => s + a, 0n);
  // Rounded half away from zero to 2 decimals, as every percentage the service shows (src/analytics/round.ts).
  return round2(Number((top * 1_000_000n) / supply) / 10_000);
}

export interface CoinRef {
  mint: string;
  pool: string;
}

/** Reads the chain facts of many coins: mints and pools in batches, then each coin's largest accounts (`concurrency` at a time). */
export async function readCoinChainFacts(rpc: SolanaRpcClient, coins: readonly CoinRef[], signal?: AbortSignal, concurrency = 4): Promise<Map<string, CoinChainFacts>> {
  const addresses = coins.flatMap((c) => [c.mint, c.pool]);
  const accounts = (await rpc.getMultipleAccounts(addresses, signal)).value;
  const out = new Map<string, CoinChainFacts>();
  coins.forEach((c, i) => {
    const pool = poolFacts(accounts[2 * i + 1] ?? null);
    // A pool whose base mint is another coin says nothing about this one.
    out.set(c.mint, { mint: coinMintFacts(accounts[2 * i] ?? null), pool: pool !== null && pool.baseMint === c.mint ? pool : null, top10Pct: null });
  });
  const withSupply = coins.filter((c) => out.get(c.mint)?.mint !== null);
  for (let i = 0; i < withSupply.length; i += concurrency) {
    await Promise.all(withSupply.slice(i, i + concurrency).map(async (c) => {
      const facts = out.get(c.mint)!;
      const largest = (await rpc.getTokenLargestAccounts(c.mint, signal)).value;
      facts.top10Pct = top10Share(largest.map((a) => a.amount), facts.mint?.supplyRaw ?? null);
    }));
  }
  return out;
}
