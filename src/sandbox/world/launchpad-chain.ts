/**
 * What the sandbox chain says about the launch platform's coins (the cast of `./launchpad/`): the reads
 * the service makes on chain because the platform's API does not give them (src/sources/launchpad-chain.ts).
 *
 *  - Each coin's mint, as a world token (`launchpadTokenState`, overlaid by `World.token`, so every sandbox
 *    provider agrees): 1 B tokens at 6 decimals (supply 1e15 raw), no mint or freeze authority. A
 *    transfer-fee coin is a Token-2022 mint whose `transferFeeConfig` carries the designed rate, the cap
 *    (the supply; 0 for a zero-rate cap), the withdraw authority (the distributor, or an outsider) and a
 *    `transferFeeConfigAuthority` exactly when the fee is mutable; standard and fee-share coins are
 *    classic SPL mints. Twenty largest accounts: the top ten hold exactly the designed `top10` percent of
 *    supply, the next ten less than the tenth each.
 *  - Each derived quote mint (every quote but SOL and USDC, which the world already holds), priced at
 *    the quote's designed USD price by every source (the service prices rewards through the aggregator).
 *  - Each coin's LaunchLab pool state (`launchpadPoolAccount`): Raydium's `PoolState` layout, 429 bytes,
 *    owned by the LaunchLab program; its platform config is the platform's (reward or standard config by
 *    the coin's mode) when adopted, another platform's when not (TSLAORPH).
 *
 * Pure functions of (address, time): no seed, no cache that could change an answer.
 */
import { createHash } from 'node:crypto';
import { addressBytes, findProgramAddressSync } from '../solana/accounts.js';
import {
  coinCreatedAt,
  coinCreator,
  coinMint,
  coinMode,
  coinPool,
  coinPriceUsd,
  launchpadGlobalConfig,
  LAUNCH_BASE_DECIMALS,
  LAUNCH_SUPPLY_RAW,
  LAUNCH_TOTAL_SELL_RAW,
  LAUNCHPAD_ALL_COINS,
  LAUNCHPAD_DISTRIBUTOR,
  LAUNCHPAD_FEE_CONFIG_AUTHORITY,
  LAUNCHPAD_GRADUATION_MCAP_USD,
  LAUNCHPAD_OTHER_PLATFORM,
  LAUNCHPAD_OUTSIDER,
  LAUNCHPAD_PLATFORM_IDS,
  LAUNCHPAD_PROGRAM_ID,
  LAUNCHPAD_QUOTES,
  LAUNCHPAD_REWARD_MAX_FEE_RAW,
  quoteMint,
  quoteOf,
  quoteRaiseRaw,
  type CoinDesign,
  type QuoteDesign,
} from './launchpad/index.js';
import { deriveWallet } from './random.js';
import { tokenAccountAddress } from './tokens.js';
import { slotAt, WORLD_START } from './time.js';
import type { HolderState, MintExtensions, TokenState } from './types.js';

const DAY_S = 86_400;
const SLOTS_PER_EPOCH = 432_000;
/** The derived quotes have existed since long before any sandbox clock (400 days before the world's start). */
const QUOTE_CREATED_S = WORLD_START - 400 * DAY_S;

/** Size of LaunchLab's `PoolState` account (Raydium's layout, discriminator included). */
export const LAUNCHLAB_POOL_STATE_SIZE = 429;
/** Anchor's account discriminator: the first 8 bytes of sha256("account:PoolState"). */
const POOL_STATE_DISCRIMINATOR = createHash('sha256').update('account:PoolState').digest().subarray(0, 8);

let index: Map<string, { kind: 'coin' | 'pool'; coin: CoinDesign } | { kind: 'quote'; quote: QuoteDesign }> | null = null;
/** Every address the platform's chain overlay answers for (built once: the cast is static). */
function addresses() {
  if (index === null) {
    index = new Map();
    for (const c of LAUNCHPAD_ALL_COINS) {
      index.set(coinMint(c), { kind: 'coin', coin: c });
      index.set(coinPool(c), { kind: 'pool', coin: c });
    }
    for (const q of LAUNCHPAD_QUOTES) if (q.mint === undefined) index.set(quoteMint(q), { kind: 'quote', quote: q });
  }
  return index;
}

/**
 * Twenty holders: the top ten hold exactly `top10Pct` % of `supplyRaw` (descending by 0.8, the remainder on
 * the first), the next ten halve from the tenth (each smaller, so the top ten stay the top ten).
 */
function designedHolders(mint: string, label: string, supplyRaw: bigint, top10Pct: number): HolderState[] {
  const top = (supplyRaw * BigInt(Math.round(top10Pct * 100))) / 10_000n;
  const weights = Array.from({ length: 10 }, (_, i) => BigInt(Math.round(1e6 * 0.8 ** i)));
  const sum = weights.reduce((s, w) => s + w, 0n);
  const amounts = weights.map((w) => (top * w) / sum);
  amounts[0]! += top - amounts.reduce((s, a) => s + a, 0n);
  const tenth = amounts[9]!;
  for (let j = 1; j <= 10; j++) amounts.push(tenth >> BigInt(j));
  return amounts.map((amount, i) => {
    const owner = deriveWallet('launchpad', 'holder', label, i);
    return { owner, tokenAccount: tokenAccountAddress(owner, mint), amountRaw: amount.toString(), kind: 'wallet' as const };
  });
}

function coinExtensions(c: CoinDesign): MintExtensions {
  if (c.bps === null) return {};
  const authority = c.authority === 'distributor' ? LAUNCHPAD_DISTRIBUTOR : c.authority === 'outsider' ? LAUNCHPAD_OUTSIDER : null;
  // Fees withheld in holders' accounts and not yet harvested: 5 % of a day's tax at the 24 h volume.
  const dailyTaxRaw = c.max === 0 || c.bps === 0 ? 0 : (c.vol24 / coinPriceUsd(c)) * (c.bps / 10_000) * 10 ** LAUNCH_BASE_DECIMALS;
  return {
    transferFee: {
      basisPoints: c.bps,
      maximumFeeRaw: c.max === null ? LAUNCHPAD_REWARD_MAX_FEE_RAW.toString() : BigInt(Math.round(c.max * 10 ** LAUNCH_BASE_DECIMALS)).toString(),
      configAuthority: c.feeMutable ? LAUNCHPAD_FEE_CONFIG_AUTHORITY : null,
      withdrawAuthority: authority,
      withheldRaw: BigInt(Math.floor(dailyTaxRaw * 0.05)).toString(),
    },
  };
}

function coinToken(c: CoinDesign, nowMs: number): TokenState | null {
  const created = coinCreatedAt(c, nowMs);
  if (created > nowMs) return null;
  const mint = coinMint(c);
  const price = coinPriceUsd(c);
  return {
    mint,
    name: coinMode(c) === 'reward' ? `${c.symbol} reward coin` : `${c.symbol} coin`,
    symbol: c.symbol,
    decimals: LAUNCH_BASE_DECIMALS,
    supplyRaw: LAUNCH_SUPPLY_RAW.toString(),
    program: c.bps !== null ? 'token-2022' : 'spl-token',
    mintAuthority: null,
    freezeAuthority: null,
    extensions: coinExtensions(c),
    verified: false,
    tags: [],
    prices: { walletProvider: price, marketData: price, priceAggregator: price },
    priceChange: { h1: null, h6: null, h24: c.chg24 },
    marketCapUsd: c.mcap,
    fdvUsd: c.mcap,
    // The LaunchLab curve (and the CPMM pool after graduation) is not a pool of the world's DEX model.
    pools: [],
    topHolders: designedHolders(mint, c.symbol, LAUNCH_SUPPLY_RAW, c.top10),
    holderCount: c.holders,
    createdAt: Math.floor(created / 1000),
    uri: `https://metadata.sandbox.invalid/launchpad/${mint}.json`,
    image: `https://metadata.sandbox.invalid/launchpad/${mint}.png`,
  };
}

/** A derived quote: a supply worth about 200 M USD at its designed price, top ten holding 30 %. */
function quoteToken(q: QuoteDesign): TokenState {
  const mint = quoteMint(q);
  const supplyUi = Math.max(1_000, Math.round(200_000_000 / q.priceUsd));
  const supplyRaw = BigInt(supplyUi) * 10n ** BigInt(q.decimals);
  return {
    mint,
    name: q.name,
    symbol: q.symbol,
    decimals: q.decimals,
    supplyRaw: supplyRaw.toString(),
    program: q.token2022 ? 'token-2022' : 'spl-token',
    mintAuthority: deriveWallet('launchpad', 'quote-authority', q.symbol),
    freezeAuthority: null,
    extensions: {},
    verified: true,
    tags: ['verified'],
    prices: { walletProvider: q.priceUsd, marketData: q.priceUsd, priceAggregator: q.priceUsd },
    priceChange: { h1: 0, h6: 0, h24: 0 },
    marketCapUsd: q.priceUsd * supplyUi,
    fdvUsd: q.priceUsd * supplyUi,
    pools: [],
    topHolders: designedHolders(mint, `quote-${q.symbol}`, supplyRaw, 30),
    holderCount: 25_000,
    createdAt: QUOTE_CREATED_S,
    uri: `https://metadata.sandbox.invalid/launchpad/${mint}.json`,
    image: `https://metadata.sandbox.invalid/launchpad/${mint}.png`,
  };
}

/**
 * The world token of a launch-platform address at `nowMs`: a coin (null before its creation) or a derived
 * quote; null for a coin's pool (an account, not a mint); undefined when the address is not the platform's.
 */
export function launchpadTokenState(address: string, nowMs: number): TokenState | null | undefined {
  const hit = addresses().get(address);
  if (hit === undefined) return undefined;
  if (hit.kind === 'quote') return quoteToken(hit.quote);
  if (hit.kind === 'pool') return null;
  return coinToken(hit.coin, nowMs);
}

/**
 * The bytes of a coin's LaunchLab `PoolState` at `nowMs` (null before the coin exists; undefined when the
 * address is not a coin's pool). Field by field, Raydium's published layout: discriminator, epoch u64,
 * auth_bump, status, base/quote decimals, migrate_type (u8 each), supply, total_base_sell, virtual_base,
 * virtual_quote, real_base, real_quote, total_quote_fund_raising, quote_protocol_fee, platform_fee,
 * migrate_fee (u64 each), the vesting schedule (total_locked_amount, cliff_period, unlock_period,
 * start_time, allocated_share_amount: u64 each), global_config, platform_config, base_mint, quote_mint,
 * base_vault, quote_vault, creator (32 bytes each), mint_program_flag u8, cpmm_creator_fee_on u8,
 * platform_vesting_share u64, 54 bytes of padding.
 */
export function launchpadPoolAccount(address: string, nowMs: number): Uint8Array | null | undefined {
  const hit = addresses().get(address);
  if (hit === undefined || hit.kind !== 'pool') return undefined;
  const c = hit.coin;
  const created = coinCreatedAt(c, nowMs);
  if (created > nowMs) return null;
  const q = quoteOf(c);
  const mint = coinMint(c);
  const pool = coinPool(c);
  const quote = quoteMint(q);
  const raise = quoteRaiseRaw(q);
  const a = LAUNCH_TOTAL_SELL_RAW;
  const virtualA = (a * a) / (2n * a - LAUNCH_SUPPLY_RAW);
  const virtualB = (raise * (virtualA - a)) / a;
  // Progress along the curve by market cap; a graduated pool sold everything and migrated (status 2, Trade).
  const progress = Math.min(1, c.mcap / LAUNCHPAD_GRADUATION_MCAP_USD);
  const graduated = progress >= 1;
  const realBase = (a * BigInt(Math.round(progress * 1e6))) / 1_000_000n;
  const realQuote = (raise * BigInt(Math.round(progress * 1e6))) / 1_000_000n;
  const platform = !c.adopted ? LAUNCHPAD_OTHER_PLATFORM : LAUNCHPAD_PLATFORM_IDS[coinMode(c)];
  const vault = (m: string) => findProgramAddressSync([Buffer.from('pool_vault'), addressBytes(pool), addressBytes(m)], LAUNCHPAD_PROGRAM_ID);

  const buf = Buffer.alloc(LAUNCHLAB_POOL_STATE_SIZE);
  let o = 0;
  const u8 = (v: number) => { buf.writeUInt8(v, o); o += 1; };
  const u64 = (v: bigint) => { buf.writeBigUInt64LE(v, o); o += 8; };
  const key = (k: string) => { buf.set(addressBytes(k), o); o += 32; };
  buf.set(POOL_STATE_DISCRIMINATOR, 0);
  o = 8;
  u64(BigInt(Math.floor(slotAt(Math.floor(created / 1000)) / SLOTS_PER_EPOCH)));
  u8(255); // auth_bump
  u8(graduated ? 2 : 0); // status: 0 Fund (on the curve), 2 Trade (migrated)
  u8(LAUNCH_BASE_DECIMALS);
  u8(q.decimals);
  u8(1); // migrate_type: 1 = CPMM
  u64(LAUNCH_SUPPLY_RAW);
  u64(a);
  u64(virtualA);
  u64(virtualB);
  u64(realBase);
  u64(realQuote);
  u64(raise);
  u64(realQuote / 400n); // quote_protocol_fee (0.25 % of the quote taken in)
  u64(realQuote / 100n); // platform_fee (1 %)
  u64(0n); // migrate_fee
  for (let i = 0; i < 5; i++) u64(0n); // no vesting
  key(launchpadGlobalConfig(q));
  key(platform);
  key(mint);
  key(quote);
  key(vault(mint));
  key(vault(quote));
  key(coinCreator(c));
  u8(c.bps !== null ? 1 : 0); // mint_program_flag: 1 = Token-2022 base mint
  u8(0); // cpmm_creator_fee_on: quote token only
  u64(0n); // platform_vesting_share
  if (o + 54 !== LAUNCHLAB_POOL_STATE_SIZE) throw new Error('LaunchLab pool state layout drifted');
  return new Uint8Array(buf);
}
