/**
 * Designed token specs: the cast tokens, the real mints (USDC, USDT, wrapped SOL, mSOL, jitoSOL, for the
 * perps world WBTC, WETH and BONK, and JUP for the documented examples) and
 * the sandbox dust tokens. Seed-independent: a cast token is the same token in every sandbox.
 * Shares are fractions of raw supply; see cast.ts for what each one is meant to show.
 */
import { CAST_ADDRESS as A, DUST_MINTS } from './cast.js';
import { BONK_MINT, ENTITY, INCINERATOR, JITOSOL_MINT, JUP_MINT, MSOL_MINT, SANDBOX_TRANSFER_HOOK_PROGRAM, USDC_MINT, USDT_MINT, WBTC_MINT, WETH_MINT, WSOL_MINT } from './entities.js';
import { deriveWallet, rng, type Rng } from './random.js';
import { DAY, HOUR, MINUTE, WORLD_START } from './time.js';
import {
  holderSpec,
  poolSpec,
  volatilityWaves,
  waveDrift,
  type HolderSpec,
  type TokenSpec,
  type Wave,
} from './tokens.js';
import type { HolderKind } from './types.js';
import { launchCastSpecs } from './launches/specs.js';

/** Real USDC authorities (as the sandbox ledger's mint account also uses them). */
const USDC_MINT_AUTHORITY = 'BJE5MMbqXjVwjAF7oxwPYXnTXDyspzZyt4vwenNw5ruG';
const USDC_FREEZE_AUTHORITY = '7dGbd2QZcCKcTndnHcTL8q7SMVXAkp688NTQYwrRCrar';

const ALL_SOURCES = { walletProvider: true, marketData: true, priceAggregator: true };
const NO_WALLET_PRICE = { walletProvider: false, marketData: true, priceAggregator: true };
const NO_SOURCES = { walletProvider: false, marketData: false, priceAggregator: false };
const VERIFIED_TAGS = ['verified', 'strict'];

interface HolderRow {
  owner?: string;
  kind?: HolderKind;
  pct: number;
  amp?: number;
}

/** Holders from percentages; owners default to derived per-token cast holders. */
function holders(r: Rng, mint: string, rows: readonly (number | HolderRow)[]): HolderSpec[] {
  return rows.map((row, i) => {
    const h = typeof row === 'number' ? { pct: row } : row;
    const owner = h.owner ?? deriveWallet('cast-holder', mint, i);
    return holderSpec(mint, owner, h.kind ?? 'wallet', h.pct / 100, waveDrift(r, h.amp ?? 0.02));
  });
}

/** A descending spread of n holders from `top` % with ratio `q`. */
function spread(top: number, n: number, q: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.round(top * q ** i * 1000) / 1000);
}

function base(mint: string, over: Partial<TokenSpec> & Pick<TokenSpec, 'name' | 'symbol'>): TokenSpec {
  return {
    mint,
    decimals: 6,
    supplyUi: 1_000_000_000,
    program: 'spl-token',
    mintAuthority: null,
    freezeAuthority: null,
    extensions: {},
    verified: false,
    tags: [],
    price: null,
    sources: NO_WALLET_PRICE,
    created: { at: WORLD_START - 200 * DAY },
    pools: [],
    holders: [],
    holderCount: { base: 2_000, perDay: 3 },
    registerHolders: true,
    ...over,
  };
}

function designedPrice(r: Rng, basePrice: number, sigma: number, h1: number | null, h6: number | null, h24: number | null): TokenSpec['price'] {
  return { base: basePrice, waves: volatilityWaves(r, sigma), designed: { h1, h6, h24 } };
}

function castTokens(): TokenSpec[] {
  const out: TokenSpec[] = [];
  const add = (s: TokenSpec) => out.push(s);
  let r: Rng;

  // --- SAFE / CAUTION / RISKY -------------------------------------------------------------
  r = rng('cast-token', 'ROCK');
  add(base(A.TOKEN_SAFE, {
    name: 'Bedrock', symbol: 'ROCK', verified: true, tags: VERIFIED_TAGS, sources: ALL_SOURCES,
    created: { at: WORLD_START - 420 * DAY },
    price: designedPrice(r, 1.25, 0.002, 0.1, 0.4, -0.8),
    pools: [poolSpec(r, A.TOKEN_SAFE, 0, 'raydium', WSOL_MINT, 8_000_000), poolSpec(r, A.TOKEN_SAFE, 1, 'orca', USDC_MINT, 4_000_000)],
    holders: holders(r, A.TOKEN_SAFE, spread(3.5, 20, 0.88)),
    holderCount: { base: 48_000, perDay: 12 },
  }));

  r = rng('cast-token', 'MAYBE');
  add(base(A.TOKEN_CAUTION, {
    name: 'Maybe Coin', symbol: 'MAYBE', supplyUi: 500_000_000,
    mintAuthority: deriveWallet('cast-authority', 'MAYBE'),
    created: { at: WORLD_START - 90 * DAY },
    price: designedPrice(r, 0.012, 0.008, 0.8, -2.1, 3.9),
    pools: [poolSpec(r, A.TOKEN_CAUTION, 0, 'raydium', WSOL_MINT, 6_500, { liqWave: { amp: 0.03, period: 5 * DAY, phase: 1 } })],
    holders: holders(r, A.TOKEN_CAUTION, spread(5, 20, 0.86)),
    holderCount: { base: 1_900, perDay: 2 },
  }));

  r = rng('cast-token', 'RUGR');
  add(base(A.TOKEN_RISKY, {
    name: 'Rug Rocket', symbol: 'RUGR',
    mintAuthority: A.WALLET_RUGR_DEV, freezeAuthority: A.WALLET_RUGR_DEV,
    created: { at: WORLD_START + 100 * DAY },
    price: designedPrice(r, 0.0004, 0.03, -4.5, -12, -28),
    pools: [poolSpec(r, A.TOKEN_RISKY, 0, 'raydium', WSOL_MINT, 8_000, { buyShare: 0.3, turnover: 3.5, avgTradeUsd: 60, liqWave: { amp: 0.03, period: 4 * DAY, phase: 0.3 } })],
    holders: [
      holderSpec(A.TOKEN_RISKY, A.WALLET_RUGR_DEV, 'wallet', 0.58, { kind: 'sawtooth', from: 0.58, to: 0.54, period: 7 * DAY, phase: 0 }),
      holderSpec(A.TOKEN_RISKY, A.WALLET_RUGR_WHALE, 'wallet', 0.15, { kind: 'sawtooth', from: 0.15, to: 0.13, period: 7 * DAY, phase: 0.5 }),
      ...holders(r, A.TOKEN_RISKY, [{ pct: 8, amp: 0.01 }, { pct: 5, amp: 0.01 }, { pct: 3.5, amp: 0.01 }, ...spread(0.6, 15, 0.85)]),
    ],
    holderCount: { base: 700, perDay: 1 },
  }));

  // Whale accumulation: the top holder's share rises through each week (its buys are in cast-token-flows.ts).
  r = rng('cast-token', 'GULP');
  add(base(A.TOKEN_WHALE_ACCUMULATING, {
    name: 'Gulp', symbol: 'GULP', verified: true, tags: VERIFIED_TAGS, sources: ALL_SOURCES,
    created: { at: WORLD_START - 150 * DAY },
    price: designedPrice(r, 0.042, 0.004, 0.3, 1.1, 2.4),
    pools: [poolSpec(r, A.TOKEN_WHALE_ACCUMULATING, 0, 'raydium', WSOL_MINT, 2_000_000)],
    holders: [
      holderSpec(A.TOKEN_WHALE_ACCUMULATING, A.WALLET_GULP_WHALE, 'wallet', 0.2, { kind: 'sawtooth', from: 0.2, to: 0.23, period: 7 * DAY, phase: 0.25 }),
      ...holders(r, A.TOKEN_WHALE_ACCUMULATING, spread(6, 19, 0.85)),
    ],
    holderCount: { base: 6_500, perDay: 4 },
  }));

  // --- Volatility levels ---------------------------------------------------------------------
  const vol = (mint: string, name: string, symbol: string, price: number, sigma: number, c: [number, number, number], liq: number) => {
    const rr = rng('cast-token', symbol);
    add(base(mint, {
      name, symbol, verified: true, tags: VERIFIED_TAGS, sources: ALL_SOURCES,
      created: { at: WORLD_START - 300 * DAY },
      price: designedPrice(rr, price, sigma, ...c),
      pools: [poolSpec(rr, mint, 0, 'orca', USDC_MINT, liq)],
      holders: holders(rr, mint, spread(4, 20, 0.9)),
      holderCount: { base: 9_000, perDay: 5 },
    }));
  };
  vol(A.TOKEN_VOL_LOW, 'Calm Waters', 'CALM', 2.4, 0.001, [0.2, -0.5, 1.0], 1_500_000);
  vol(A.TOKEN_VOL_MODERATE, 'Steady Swell', 'SWELL', 0.85, 0.006, [1.0, -2.5, 5.0], 900_000);
  vol(A.TOKEN_VOL_HIGH, 'Storm Front', 'STORM', 0.093, 0.015, [2.2, 5.5, -11], 600_000);
  vol(A.TOKEN_VOL_EXTREME, 'Hurricane', 'HURR', 0.0071, 0.04, [6, -15, 30], 450_000);

  // --- HHI bands -----------------------------------------------------------------------------
  const hhi = (mint: string, name: string, symbol: string, price: number, rows: (number | HolderRow)[], liq: number) => {
    const rr = rng('cast-token', symbol);
    add(base(mint, {
      name, symbol, verified: true, tags: VERIFIED_TAGS,
      created: { at: WORLD_START - 250 * DAY },
      price: designedPrice(rr, price, 0.004, 0.3, 0.9, 2.1),
      pools: [poolSpec(rr, mint, 0, 'raydium', WSOL_MINT, liq)],
      holders: holders(rr, mint, rows),
      holderCount: { base: 3_000, perDay: 2 },
    }));
  };
  hhi(A.TOKEN_HHI_WELL, 'Commons', 'CMNS', 0.42, [4.0, 3.6, 3.2, 3.0, 2.8, 2.5, 2.3, 2.1, 2.0, 1.9, 1.8, 1.7, 1.6, 1.5, 1.4, 1.3, 1.2, 1.1, 1.0, 0.9], 700_000);
  hhi(A.TOKEN_HHI_MODERATE, 'Clique', 'CLQ', 0.031, [40, 12, 8, 5, 4, 3, 2.5, 2, 1.5, 1.2, 1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.5, 0.4, 0.4, 0.3], 350_000);
  hhi(A.TOKEN_HHI_HIGH, 'Whale Pod', 'WPOD', 0.0052, [{ pct: 48, amp: 0.01 }, 21.5, 4, 2.5, 2, 1.8, 1.5, 1.2, 1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.5, 0.4, 0.4, 0.3, 0.3, 0.3], 90_000);

  // --- Float vs raw ------------------------------------------------------------------------
  r = rng('cast-token', 'FLOAT');
  add(base(A.TOKEN_FLOAT, {
    name: 'Float Check', symbol: 'FLOAT', verified: true, tags: VERIFIED_TAGS,
    created: { at: WORLD_START - 60 * DAY },
    price: designedPrice(r, 0.02, 0.006, 0.4, 1.5, 4.2),
    pools: [poolSpec(r, A.TOKEN_FLOAT, 0, 'raydium', WSOL_MINT, 0, { reserveShare: 0.2 })],
    holders: holders(r, A.TOKEN_FLOAT, [
      { owner: INCINERATOR, kind: 'burn', pct: 30, amp: 0 },
      { owner: deriveWallet('bonding-curve', A.TOKEN_FLOAT), kind: 'bonding_curve', pct: 10, amp: 0.005 },
      { owner: ENTITY.binance.address, kind: 'exchange', pct: 8, amp: 0.02 },
      9, 5, 3, 2, 1.5, 1.2, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.5, 0.4, 0.4, 0.3,
    ]),
    holderCount: { base: 6_500, perDay: 8 },
  }));

  // --- Token-2022 ----------------------------------------------------------------------------
  r = rng('cast-token', 'TOLL');
  add(base(A.TOKEN_T22_FEE_HOOK, {
    name: 'Toll Road', symbol: 'TOLL', program: 'token-2022', supplyUi: 100_000_000,
    extensions: { transferFee: { basisPoints: 300, maximumFeeRaw: (5_000n * 10n ** 6n).toString() }, transferHookProgram: SANDBOX_TRANSFER_HOOK_PROGRAM },
    created: { at: WORLD_START - 40 * DAY },
    price: designedPrice(r, 0.35, 0.006, 0.9, -2.0, -4.4),
    pools: [poolSpec(r, A.TOKEN_T22_FEE_HOOK, 0, 'meteora', WSOL_MINT, 220_000)],
    holders: holders(r, A.TOKEN_T22_FEE_HOOK, spread(6, 20, 0.85)),
    holderCount: { base: 1_200, perDay: 3 },
  }));

  r = rng('cast-token', 'SRUSD');
  const issuer = deriveWallet('cast-authority', 'SRUSD');
  add(base(A.TOKEN_T22_CONTROLLED, {
    name: 'Sandbox Regulated Dollar', symbol: 'SRUSD', program: 'token-2022', supplyUi: 250_000_000,
    mintAuthority: issuer, freezeAuthority: issuer,
    extensions: { permanentDelegate: deriveWallet('cast-authority', 'SRUSD-delegate'), defaultAccountStateFrozen: true, mintCloseAuthority: deriveWallet('cast-authority', 'SRUSD-close') },
    verified: true, tags: VERIFIED_TAGS, sources: ALL_SOURCES,
    created: { at: WORLD_START - 150 * DAY },
    price: designedPrice(r, 1.0, 0.0001, 0.01, -0.02, 0.03),
    pools: [poolSpec(r, A.TOKEN_T22_CONTROLLED, 0, 'orca', USDC_MINT, 1_200_000)],
    holders: holders(r, A.TOKEN_T22_CONTROLLED, spread(9, 20, 0.8)),
    holderCount: { base: 4_100, perDay: 6 },
  }));

  r = rng('cast-token', 'BADGE');
  add(base(A.TOKEN_T22_SOULBOUND, {
    name: 'Soulbound Badge', symbol: 'BADGE', program: 'token-2022', decimals: 0, supplyUi: 5_000,
    mintAuthority: deriveWallet('cast-authority', 'BADGE'),
    extensions: { nonTransferable: true },
    sources: NO_SOURCES,
    created: { at: WORLD_START - 120 * DAY },
    holders: holders(r, A.TOKEN_T22_SOULBOUND, Array.from({ length: 20 }, () => ({ pct: 0.02, amp: 0 }))),
    holderCount: { base: 4_800, perDay: 0 },
  }));

  // --- Unknown market / brand new / LP -------------------------------------------------------
  r = rng('cast-token', 'GHOST');
  add(base(A.TOKEN_NO_MARKET, {
    name: 'Ghost', symbol: 'GHOST', decimals: 9,
    sources: NO_SOURCES,
    created: { at: WORLD_START - 30 * DAY },
    holders: holders(r, A.TOKEN_NO_MARKET, [38, 21, 12, 9, 6, 4, 3, 2.5, 2, 1.2, 0.8, 0.5]),
    holderCount: { base: 12, perDay: 0 },
  }));

  r = rng('cast-token', 'JUSTL');
  add(base(A.TOKEN_BRAND_NEW, {
    name: 'Just Launched', symbol: 'JUSTL',
    sources: { walletProvider: false, marketData: true, priceAggregator: false },
    created: { period: HOUR, minAge: 10 * MINUTE },
    price: { base: 0.000012, waves: [{ amp: 0.05, period: 20 * MINUTE, phase: 0 }, { amp: 0.08, period: 47 * MINUTE, phase: 1 }], designed: { h1: 35, h6: null, h24: null } },
    pools: [poolSpec(r, A.TOKEN_BRAND_NEW, 0, 'pumpswap', WSOL_MINT, 14_000, { createdAfter: 30, turnover: 6, avgTradeUsd: 45, buyShare: 0.62 })],
    holders: holders(r, A.TOKEN_BRAND_NEW, [{ pct: 8, amp: 0 }, { pct: 4, amp: 0.05 }, { pct: 3.5, amp: 0.05 }, { pct: 3, amp: 0.05 }, ...spread(2, 10, 0.8)]),
    holderCount: { base: 5, perDay: 2_400 },
    registerHolders: false,
  }));

  r = rng('cast-token', 'RLP');
  add(base(A.TOKEN_LP_SOL_USDC, {
    name: 'Raydium LP SOL-USDC (sandbox)', symbol: 'RLP', decimals: 9, supplyUi: 2_400_000,
    sources: { walletProvider: false, marketData: false, priceAggregator: true },
    created: { at: WORLD_START - 500 * DAY },
    price: { base: 0, waves: [{ amp: 0.001, period: 9 * DAY, phase: 0 }], peg: { mint: WSOL_MINT, ratio: 0.31 } },
    holders: holders(r, A.TOKEN_LP_SOL_USDC, spread(7, 20, 0.85)),
    holderCount: { base: 3_300, perDay: 1 },
  }));

  return out;
}

function realTokens(): TokenSpec[] {
  const out: TokenSpec[] = [];
  let r = rng('real-token', 'SOL');
  out.push(base(WSOL_MINT, {
    name: 'Wrapped SOL', symbol: 'SOL', decimals: 9, supplyUi: 11_000_000, verified: true, tags: VERIFIED_TAGS, sources: ALL_SOURCES,
    created: { at: WORLD_START - 1_200 * DAY },
    price: {
      base: 150,
      waves: [
        { amp: 0.004, period: 5 * HOUR, phase: 0.4 },
        { amp: 0.01, period: 29 * HOUR, phase: 2.1 },
        { amp: 0.03, period: 4.3 * DAY, phase: 4.0 },
        { amp: 0.08, period: 31 * DAY, phase: 1.3 },
        { amp: 0.15, period: 160 * DAY, phase: 5.2 },
      ],
    },
    pools: [poolSpec(r, WSOL_MINT, 0, 'orca', USDC_MINT, 60_000_000), poolSpec(r, WSOL_MINT, 1, 'raydium', USDC_MINT, 45_000_000)],
    holders: holders(r, WSOL_MINT, [
      { owner: ENTITY.binance.address, kind: 'exchange', pct: 4 },
      { owner: ENTITY.coinbase.address, kind: 'exchange', pct: 3 },
      { owner: ENTITY.marinadeReserve.address, pct: 2.2 },
      ...spread(1.5, 14, 0.85),
    ]),
    holderCount: { base: 1_200_000, perDay: 300 },
  }));

  r = rng('real-token', 'USDC');
  out.push(base(USDC_MINT, {
    name: 'USD Coin', symbol: 'USDC', supplyUi: 9_200_000_000, verified: true, tags: VERIFIED_TAGS, sources: ALL_SOURCES,
    mintAuthority: USDC_MINT_AUTHORITY, freezeAuthority: USDC_FREEZE_AUTHORITY,
    created: { at: WORLD_START - 1_300 * DAY },
    price: { base: 1, waves: [{ amp: 0.0003, period: 7 * HOUR, phase: 0.2 }] },
    pools: [poolSpec(r, USDC_MINT, 0, 'orca', USDT_MINT, 25_000_000)],
    holders: holders(r, USDC_MINT, [
      { owner: ENTITY.binance.address, kind: 'exchange', pct: 6 },
      { owner: ENTITY.coinbase.address, kind: 'exchange', pct: 4.5 },
      { owner: ENTITY.kraken.address, kind: 'exchange', pct: 2.1 },
      { owner: ENTITY.okx.address, kind: 'exchange', pct: 1.8 },
      { owner: ENTITY.kaminoVault.address, pct: 1.5 },
      ...spread(1.2, 15, 0.85),
    ]),
    holderCount: { base: 3_500_000, perDay: 900 },
  }));

  r = rng('real-token', 'USDT');
  out.push(base(USDT_MINT, {
    name: 'USDT', symbol: 'USDT', supplyUi: 2_100_000_000, verified: true, tags: VERIFIED_TAGS, sources: ALL_SOURCES,
    mintAuthority: deriveWallet('real-token-authority', 'USDT'), freezeAuthority: deriveWallet('real-token-authority', 'USDT'),
    created: { at: WORLD_START - 1_300 * DAY },
    price: { base: 1, waves: [{ amp: 0.0004, period: 9 * HOUR, phase: 1.1 }] },
    pools: [poolSpec(r, USDT_MINT, 0, 'orca', USDC_MINT, 25_000_000)],
    holders: holders(r, USDT_MINT, [
      { owner: ENTITY.bybit.address, kind: 'exchange', pct: 5 },
      { owner: ENTITY.okx.address, kind: 'exchange', pct: 4 },
      ...spread(1.5, 18, 0.85),
    ]),
    holderCount: { base: 2_000_000, perDay: 400 },
  }));

  const lst = (mint: string, name: string, symbol: string, ratio: number, supplyUi: number, liq: number, label: string) => {
    const rr = rng('real-token', symbol);
    out.push(base(mint, {
      name, symbol, decimals: 9, supplyUi, verified: true, tags: [...VERIFIED_TAGS, 'lst'], sources: ALL_SOURCES,
      mintAuthority: deriveWallet('real-token-authority', label),
      created: { at: WORLD_START - 1_000 * DAY },
      price: { base: 0, waves: [{ amp: 0.0005, period: 13 * HOUR, phase: 0.7 }], peg: { mint: WSOL_MINT, ratio } },
      pools: [poolSpec(rr, mint, 0, 'orca', WSOL_MINT, liq)],
      holders: holders(rr, mint, spread(3, 20, 0.87)),
      holderCount: { base: 180_000, perDay: 40 },
    }));
  };
  lst(MSOL_MINT, 'Marinade staked SOL (mSOL)', 'mSOL', 1.28, 3_100_000, 18_000_000, 'mSOL');
  lst(JITOSOL_MINT, 'Jito Staked SOL', 'JitoSOL', 1.24, 14_000_000, 12_000_000, 'JitoSOL');

  // The spot side of the perps world (sandbox/world/perps/prices.ts prices BTC, ETH and BONK from these
  // paths, so a perp's oracle and an aggregator quote agree). The USDC pool is each one's deepest, so a
  // USDC quote is one leg; both pools are deep enough that a $10M quote still routes, its price impact
  // growing with size ($100k ≈ 0.2–0.5 %, $10M ≈ 18–33 %).
  const major = (mint: string, name: string, symbol: string, decimals: number, supplyUi: number, basePrice: number, waves: Wave[], usdcLiq: number, solLiq: number) => {
    const rr = rng('real-token', symbol);
    out.push(base(mint, {
      name, symbol, decimals, supplyUi, verified: true, tags: VERIFIED_TAGS, sources: ALL_SOURCES,
      created: { at: WORLD_START - 1_100 * DAY },
      price: { base: basePrice, waves },
      pools: [poolSpec(rr, mint, 0, 'orca', USDC_MINT, usdcLiq), poolSpec(rr, mint, 1, 'raydium', WSOL_MINT, solLiq)],
      holders: holders(rr, mint, [
        { owner: ENTITY.binance.address, kind: 'exchange', pct: 3.5 },
        { owner: ENTITY.wormholeCustody.address, pct: 2.5 },
        ...spread(1.8, 18, 0.86),
      ]),
      holderCount: { base: symbol === 'Bonk' ? 900_000 : 60_000, perDay: symbol === 'Bonk' ? 250 : 20 },
    }));
  };
  major(WBTC_MINT, 'Wrapped BTC (Portal)', 'WBTC', 8, 15_000, 97_000, [
    { amp: 0.003, period: 6 * HOUR, phase: 1.1 },
    { amp: 0.008, period: 26 * HOUR, phase: 0.3 },
    { amp: 0.022, period: 3.9 * DAY, phase: 2.7 },
    { amp: 0.06, period: 27 * DAY, phase: 4.4 },
    { amp: 0.12, period: 150 * DAY, phase: 0.9 },
  ], 90_000_000, 30_000_000);
  major(WETH_MINT, 'Wrapped Ether (Portal)', 'WETH', 8, 250_000, 3_400, [
    { amp: 0.004, period: 5.5 * HOUR, phase: 2.2 },
    { amp: 0.011, period: 23 * HOUR, phase: 5.0 },
    { amp: 0.03, period: 4.1 * DAY, phase: 1.6 },
    { amp: 0.07, period: 33 * DAY, phase: 0.2 },
    { amp: 0.14, period: 140 * DAY, phase: 3.3 },
  ], 70_000_000, 25_000_000);
  major(BONK_MINT, 'Bonk', 'Bonk', 5, 88_000_000_000_000, 0.000025, [
    { amp: 0.012, period: 4 * HOUR, phase: 0.5 },
    { amp: 0.025, period: 19 * HOUR, phase: 3.9 },
    { amp: 0.06, period: 3.3 * DAY, phase: 2.2 },
    { amp: 0.12, period: 25 * DAY, phase: 5.8 },
    { amp: 0.2, period: 120 * DAY, phase: 1.4 },
  ], 40_000_000, 30_000_000);

  // JUP at its real mint: the documented examples (endpoint examples, the /docs demo) name it, and a live user
  // reads the same subject. A plain verified token (no authorities, deep pools, holders spread: SAFE); it is not
  // a cast member, so no scan (boosts, trending) lists it and no sandbox entity holds it.
  r = rng('real-token', 'JUP');
  out.push(base(JUP_MINT, {
    name: 'Jupiter', symbol: 'JUP', supplyUi: 10_000_000_000, verified: true, tags: VERIFIED_TAGS, sources: ALL_SOURCES,
    created: { at: WORLD_START - 30 * DAY },
    price: { base: 0.8, waves: [
      { amp: 0.008, period: 4.5 * HOUR, phase: 1.9 },
      { amp: 0.02, period: 21 * HOUR, phase: 0.6 },
      { amp: 0.05, period: 3.7 * DAY, phase: 3.1 },
      { amp: 0.1, period: 29 * DAY, phase: 2.4 },
      { amp: 0.18, period: 130 * DAY, phase: 4.7 },
    ] },
    pools: [poolSpec(r, JUP_MINT, 0, 'orca', USDC_MINT, 30_000_000), poolSpec(r, JUP_MINT, 1, 'raydium', WSOL_MINT, 18_000_000)],
    holders: holders(r, JUP_MINT, spread(2.4, 20, 0.86)),
    holderCount: { base: 750_000, perDay: 200 },
  }));
  return out;
}

/** Dust tokens: priced (every source), tiny, illiquid. Holdings of them are worth well under $1. */
function dustTokens(): TokenSpec[] {
  return DUST_MINTS.map((mint, i) => {
    const r = rng('dust-token', i);
    return base(mint, {
      name: `Dust Drop ${i + 1}`, symbol: `DUST${i + 1}`, supplyUi: Math.round(r.logRange(1e9, 1e11)), sources: ALL_SOURCES,
      created: { at: WORLD_START - r.int(200) * DAY },
      price: { base: r.logRange(2e-7, 5e-5), waves: volatilityWaves(r, 0.004) },
      pools: [poolSpec(r, mint, 0, 'raydium', WSOL_MINT, r.range(1_500, 5_000))],
      holders: holders(r, mint, spread(r.range(3, 12), 20, 0.85)),
      holderCount: { base: Math.round(r.range(3_000, 40_000)), perDay: 10 },
      registerHolders: false,
    });
  });
}

/** Every designed token, by mint. */
export function designedTokens(): Map<string, TokenSpec> {
  return new Map([...castTokens(), ...launchCastSpecs(), ...realTokens(), ...dustTokens()].map((s) => [s.mint, s]));
}
