/**
 * Token model: a static `TokenSpec` (designed for the cast, generated from the hash for any other
 * mint) and `tokenState(spec, t)`, the token at a moment.
 *
 * Prices follow closed-form paths: price(t) = base · exp(Σ amp·sin(2πt/period + phase)) (LSTs follow
 * SOL's path times a ratio), so any moment is O(1) and two moments an hour apart differ. Generic
 * tokens report the 1h/6h/24h changes of that path; cast tokens report their designed changes (held
 * constant so each keeps its volatility class at every moment). Holders drift slowly around their
 * designed shares (RUGR's whales fall through a weekly saw-tooth: they sell), pools' liquidity waves
 * a few percent, holder counts grow by a fixed number per day. Fresh launches (world/launches/) add a
 * designed log-price path over each life and pools with an activity profile (world/activity.ts), which
 * report trailing m5/h1/h6/h24 windows instead of a 24 h figure.
 */
import type { HolderKind, HolderState, MintExtensions, PoolState, PoolWindowState, TokenProgram, TokenState } from './types.js';
import { knotAt, WINDOW_KEYS, WINDOW_MINUTES, windowActivity, type ActivityProfile, type Knot } from './activity.js';
import { ENTITY, USDC_MINT, USDT_MINT, WSOL_MINT } from './entities.js';
import { Lru } from './lru.js';
import { deriveWallet, rng, type Rng } from './random.js';
import { DAY, HOUR, WORLD_START } from './time.js';

export interface Wave {
  amp: number;
  /** Seconds. */
  period: number;
  phase: number;
}

export interface PriceModel {
  /** USD. */
  base: number;
  /** Log-price waves. */
  waves: Wave[];
  /** Follow another token's price × ratio (LSTs follow SOL). */
  peg?: { mint: string; ratio: number };
  /** Designed percent changes (cast tokens); absent = computed from the path. */
  designed?: { h1: number | null; h6: number | null; h24: number | null };
  /**
   * Log-price over the token's current life (knots: age in minutes → ln multiplier of `base`), added to
   * the waves: the designed run, top and fade of a fresh launch (world/launches/).
   */
  path?: Knot[];
}

export interface PoolSpec {
  address: string;
  dex: PoolState['dex'];
  quoteMint: string;
  /** Base liquidity in USD, or (when `reserveShare` is set) derived so the pool holds that share of supply. */
  liquidityUsd: number;
  reserveShare?: number;
  liqWave: Wave;
  /** 24 h volume ÷ liquidity. */
  turnover: number;
  buyShare: number;
  avgTradeUsd: number;
  /** Seconds after the token's creation. */
  createdAfter: number;
  /**
   * Designed trading over the pool's life (world/activity.ts): when set, it replaces turnover, buyShare,
   * avgTradeUsd and the liquidity figures, and the pool reports trailing m5/h1/h6/h24 windows.
   */
  activity?: ActivityProfile;
}

export type HolderDrift =
  | { kind: 'wave'; amp: number; period: number; phase: number }
  /** Falls linearly from `from` to `to` over each period, then jumps back (a whale selling). */
  | { kind: 'sawtooth'; from: number; to: number; period: number; phase: number };

export interface HolderSpec {
  owner: string;
  kind: HolderKind;
  /** Fraction of supply at the design point. */
  share: number;
  drift: HolderDrift;
  tokenAccount: string;
}

export type CreatedAt = { at: number } | { period: number; minAge: number };

export interface TokenSpec {
  mint: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Whole tokens. */
  supplyUi: number;
  program: TokenProgram;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  extensions: MintExtensions;
  verified: boolean;
  tags: string[];
  price: PriceModel | null;
  sources: { walletProvider: boolean; marketData: boolean; priceAggregator: boolean };
  created: CreatedAt;
  pools: PoolSpec[];
  holders: HolderSpec[];
  holderCount: { base: number; perDay: number };
  /** Cast tokens register their explicit holders so wallet(owner) shows the balance. */
  registerHolders: boolean;
}

const QUOTE_SYMBOL: Record<string, string> = { [WSOL_MINT]: 'SOL', [USDC_MINT]: 'USDC', [USDT_MINT]: 'USDT' };

const TAU = 2 * Math.PI;

export function waveSum(waves: readonly Wave[], t: number): number {
  let s = 0;
  for (const w of waves) s += w.amp * Math.sin((TAU * t) / w.period + w.phase);
  return s;
}

/** Round to `digits` significant digits (keeps rendered prices tidy; deterministic). */
export function sig(x: number, digits = 10): number {
  return x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(digits));
}

export function round(x: number, places: number): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}

export function createdAtOf(spec: TokenSpec, t: number): number {
  const c = spec.created;
  if ('at' in c) return c.at;
  return Math.floor((t - c.minAge) / c.period) * c.period;
}

/** Raw amount of `share` of the supply. */
function shareToRaw(supplyRaw: bigint, share: number): bigint {
  if (share <= 0) return 0n;
  return (supplyRaw * BigInt(Math.round(share * 1e12))) / 1_000_000_000_000n;
}

export function uiToRaw(ui: number, decimals: number): bigint {
  if (!(ui > 0)) return 0n;
  // Split to keep precision for large amounts: whole part exact, fraction to `decimals` places.
  const whole = Math.floor(ui);
  const frac = ui - whole;
  const scale = 10n ** BigInt(decimals);
  return BigInt(whole) * scale + BigInt(Math.floor(frac * Number(scale)));
}

export function rawToUi(raw: bigint, decimals: number): number {
  const scale = 10n ** BigInt(decimals);
  return Number(raw / scale) + Number(raw % scale) / Number(scale);
}

function supplyRawOf(spec: TokenSpec): bigint {
  return BigInt(Math.round(spec.supplyUi)) * 10n ** BigInt(spec.decimals);
}

/**
 * Raw balances of a spec's designed holders at t, in `spec.holders` order. Each drifts around its
 * designed share independently, so at a drift's peak the shares could add up to more than the supply
 * (GHOST's twelve holders own exactly 100 % by design). A chain never shows that: when they would, all
 * of them are scaled down together so they hold exactly the supply. The wallet view reads the same
 * amounts, so a holder's balance is the same from the mint's side and from the owner's.
 */
export function designedHolderRawsAt(spec: TokenSpec, t: number): bigint[] {
  const supplyRaw = supplyRawOf(spec);
  const raws = spec.holders.map((h) => shareToRaw(supplyRaw, holderShareAt(h, t)));
  const total = raws.reduce((s, r) => s + r, 0n);
  return total > supplyRaw ? raws.map((r) => (r * supplyRaw) / total) : raws;
}

function holderShareAt(h: HolderSpec, t: number): number {
  const d = h.drift;
  if (d.kind === 'wave') return h.share * (1 + d.amp * Math.sin((TAU * t) / d.period + d.phase));
  const x = (((t / d.period + d.phase) % 1) + 1) % 1;
  return d.from + (d.to - d.from) * x;
}

/** Resolves other tokens' specs (for pegged prices). */
export type SpecLookup = (mint: string) => TokenSpec | null;

export function priceAt(spec: TokenSpec, t: number, lookup: SpecLookup, depth = 0): number | null {
  const m = spec.price;
  if (!m) return null;
  let base = m.base;
  if (m.peg && depth < 3) {
    const pegSpec = lookup(m.peg.mint);
    const p = pegSpec ? priceAt(pegSpec, t, lookup, depth + 1) : null;
    if (p !== null) base = p * m.peg.ratio;
  }
  const life = m.path ? knotAt(m.path, (t - createdAtOf(spec, t)) / 60) : 0;
  return base * Math.exp(waveSum(m.waves, t) + life);
}

function pctChange(now: number, then: number): number {
  return round((now / then - 1) * 100, 2);
}

function poolLiquidityAt(spec: TokenSpec, pool: PoolSpec, t: number, price: number | null): number {
  if (pool.activity) return knotAt(pool.activity.liquidity, (t - createdAtOf(spec, t) - pool.createdAfter) / 60);
  const wave = 1 + pool.liqWave.amp * Math.sin((TAU * t) / pool.liqWave.period + pool.liqWave.phase);
  if (pool.reserveShare !== undefined && price !== null) return 2 * pool.reserveShare * spec.supplyUi * price * wave;
  return pool.liquidityUsd * wave;
}

/** The token at time t (null before the mint exists). */
export function tokenState(spec: TokenSpec, t: number, lookup: SpecLookup): TokenState | null {
  const createdAt = createdAtOf(spec, t);
  if (t < createdAt) return null;
  const age = t - createdAt;
  const price = priceAt(spec, t, lookup);
  const supplyRaw = supplyRawOf(spec);

  // Each source's own reading: small, slowly varying, deterministic disagreements.
  const skew = (k: number) => 1 + 0.0025 * Math.sin((TAU * t) / ((7 + k) * HOUR) + k * 1.7 + spec.decimals);
  const prices = {
    walletProvider: spec.sources.walletProvider && price !== null ? sig(price * skew(1)) : null,
    marketData: spec.sources.marketData && price !== null ? sig(price) : null,
    priceAggregator: spec.sources.priceAggregator && price !== null ? sig(price * skew(2)) : null,
  };

  let priceChange: TokenState['priceChange'] = { h1: null, h6: null, h24: null };
  if (price !== null && spec.sources.marketData) {
    const d = spec.price?.designed;
    const window = (h: number, designed: number | null | undefined): number | null => {
      if (age < h * HOUR) return null;
      if (d) return designed ?? null;
      const then = priceAt(spec, t - h * HOUR, lookup);
      return then ? pctChange(price, then) : null;
    };
    priceChange = { h1: window(1, d?.h1), h6: window(6, d?.h6), h24: window(24, d?.h24) };
  }

  const pools: PoolState[] = spec.pools.map((p) => {
    const created = createdAt + p.createdAfter;
    const liquidityUsd = round(poolLiquidityAt(spec, p, t, price), 2);
    if (p.activity) return activityPoolState(spec, p, created, liquidityUsd, t, price, lookup);
    // Young pools have traded for less than a day.
    const dayShare = Math.min(1, Math.max(0, (t - created) / DAY));
    const volume = liquidityUsd * p.turnover * dayShare * (1 + 0.25 * Math.sin((TAU * t) / DAY + p.liqWave.phase));
    const trades = Math.round(volume / p.avgTradeUsd);
    const buys = Math.round(trades * p.buyShare);
    return poolState(p, created, liquidityUsd, round(volume, 2), { buys, sells: trades - buys });
  });

  // Holders: designed rows plus each pool's base-token reserve. The accounts listed never hold more
  // than the supply (a chain's accounts add up to it): a pool's reserve is half its USD liquidity at the
  // price, at most 60 % of supply, and at most what the designed holders and earlier pools leave — a
  // falling price at constant liquidity (SELR) would otherwise put 60 % in the pool on top of the
  // designed holders' 47 %.
  const designedRaws = designedHolderRawsAt(spec, t);
  const rows: HolderState[] = spec.holders.map((h, i) => ({
    owner: h.owner,
    tokenAccount: h.tokenAccount,
    amountRaw: designedRaws[i]!.toString(),
    kind: h.kind,
  }));
  if (price !== null) {
    let left = supplyRaw - designedRaws.reduce((s, r) => s + r, 0n);
    spec.pools.forEach((p, i) => {
      const reserveUi = pools[i]!.liquidityUsd / 2 / price;
      const wanted = shareToRaw(supplyRaw, Math.min(0.6, reserveUi / spec.supplyUi));
      const amount = wanted < left ? wanted : left;
      left -= amount;
      rows.push({ owner: p.address, tokenAccount: tokenAccountAddress(p.address, spec.mint), amountRaw: amount.toString(), kind: 'pool' });
    });
  }
  const topHolders = rows
    .filter((r) => r.amountRaw !== '0')
    .sort((a, b) => {
      const x = BigInt(a.amountRaw);
      const y = BigInt(b.amountRaw);
      return x > y ? -1 : x < y ? 1 : a.owner < b.owner ? -1 : 1;
    })
    .slice(0, 20);

  const burned = rows.filter((r) => r.kind === 'burn').reduce((s, r) => s + BigInt(r.amountRaw), 0n);
  const supplyUi = spec.supplyUi;
  const circulatingUi = rawToUi(supplyRaw - burned, spec.decimals);

  const days = age / DAY;
  const holderCount = Math.max(
    topHolders.length,
    Math.floor(spec.holderCount.base + spec.holderCount.perDay * days + 0.01 * spec.holderCount.base * Math.sin((TAU * t) / (5 * DAY))),
  );

  return {
    mint: spec.mint,
    name: spec.name,
    symbol: spec.symbol,
    decimals: spec.decimals,
    supplyRaw: supplyRaw.toString(),
    program: spec.program,
    mintAuthority: spec.mintAuthority,
    freezeAuthority: spec.freezeAuthority,
    extensions: spec.extensions,
    verified: spec.verified,
    tags: spec.tags.slice(),
    prices,
    priceChange,
    marketCapUsd: prices.marketData !== null || prices.priceAggregator !== null ? round(price! * circulatingUi, 2) : null,
    fdvUsd: prices.marketData !== null || prices.priceAggregator !== null ? round(price! * supplyUi, 2) : null,
    pools,
    topHolders,
    holderCount,
    createdAt,
    uri: `https://metadata.sandbox.invalid/token/${spec.mint}.json`,
    image: `https://metadata.sandbox.invalid/token/${spec.mint}.png`,
  };
}

/**
 * A pool with a designed activity profile: its trailing windows, and the 24 h figures taken from the h24
 * window. Price changes compare the price now with the price at the window's start (the pool's
 * creation when it is younger), both on the token's path, so they match the windows exactly.
 */
function activityPoolState(spec: TokenSpec, p: PoolSpec, created: number, liquidityUsd: number, t: number, price: number | null, lookup: SpecLookup): PoolState {
  const profile = p.activity!;
  const age = (t - created) / 60;
  const windows = {} as Record<(typeof WINDOW_KEYS)[number], PoolWindowState>;
  for (const key of WINDOW_KEYS) {
    const w = windowActivity(profile, age, WINDOW_MINUTES[key]);
    let priceChangePct: number | null = null;
    if (price !== null) {
      const then = priceAt(spec, Math.max(created, t - WINDOW_MINUTES[key] * 60), lookup);
      priceChangePct = then ? pctChange(price, then) : null;
    }
    windows[key] = { volumeUsd: w.volumeUsd, buys: w.buys, sells: w.sells, priceChangePct };
  }
  return { ...poolState(p, created, liquidityUsd, windows.h24.volumeUsd, { buys: windows.h24.buys, sells: windows.h24.sells }), windows };
}

/** A pool's state from its spec and its figures at that moment. */
function poolState(p: PoolSpec, created: number, liquidityUsd: number, volume24hUsd: number, txns24h: PoolState['txns24h']): PoolState {
  return { address: p.address, dex: p.dex, quoteMint: p.quoteMint, quoteSymbol: QUOTE_SYMBOL[p.quoteMint] ?? 'SOL', liquidityUsd, volume24hUsd, txns24h, createdAt: created };
}

// ---------------------------------------------------------------------------------------------
// Builders shared by the cast and the generic generator

/** Waves for a token whose hourly log-volatility is about `sigma` (e.g. 0.01 = 1 %/h). */
export function volatilityWaves(r: Rng, sigma: number): Wave[] {
  return [
    { amp: sigma * 0.6, period: 3 * HOUR, phase: r.range(0, TAU) },
    { amp: sigma * 1.4, period: 17 * HOUR, phase: r.range(0, TAU) },
    { amp: sigma * 3.2, period: 3.1 * DAY, phase: r.range(0, TAU) },
    { amp: sigma * 6, period: 23 * DAY, phase: r.range(0, TAU) },
  ];
}

/** The (sandbox-derived) token account of `owner` for `mint`; classified as a non-mint address. */
export function tokenAccountAddress(owner: string, mint: string): string {
  const key = `${owner}:${mint}`;
  return tokenAccounts.getOrCreate(key, () => deriveWallet('token-account', owner, mint));
}
const tokenAccounts = new Lru<string, string>(50_000);

export function holderSpec(mint: string, owner: string, kind: HolderKind, share: number, drift: HolderDrift): HolderSpec {
  return { owner, kind, share, drift, tokenAccount: tokenAccountAddress(owner, mint) };
}

export function waveDrift(r: Rng, amp = 0.02): HolderDrift {
  return { kind: 'wave', amp, period: r.range(4, 19) * DAY, phase: r.range(0, TAU) };
}

export function poolSpec(r: Rng, mint: string, i: number, dex: PoolState['dex'], quoteMint: string, liquidityUsd: number, extra: Partial<PoolSpec> = {}): PoolSpec {
  return {
    address: deriveWallet('pool', dex, mint, quoteMint, i),
    dex,
    quoteMint,
    liquidityUsd,
    liqWave: { amp: 0.04, period: r.range(2, 9) * DAY, phase: r.range(0, TAU) },
    turnover: r.range(0.3, 1.8),
    buyShare: r.range(0.46, 0.56),
    avgTradeUsd: r.range(120, 900),
    createdAfter: r.range(60, 3 * DAY),
    ...extra,
  };
}

/** A plausible token for any mint address the cast does not name (a pure function of seed and mint). */
export function genericTokenSpec(seed: string, mint: string): TokenSpec {
  const r = rng(seed, 'generic-token', mint);
  const decimals = r.pick([5, 6, 6, 6, 8, 9, 9]);
  const supplyUi = Math.round(r.logRange(1e6, 1e10));
  const hasMarket = r.chance(0.85);
  const verified = hasMarket && r.chance(0.2);
  const mintAuthority = r.chance(verified ? 0.05 : 0.3) ? deriveWallet('authority', mint) : null;
  const freezeAuthority = r.chance(verified ? 0.05 : 0.2) ? deriveWallet('freeze-authority', mint) : null;
  const program: TokenProgram = r.chance(0.1) ? 'token-2022' : 'spl-token';
  const extensions: MintExtensions = {};
  if (program === 'token-2022' && r.chance(0.4)) extensions.transferFee = { basisPoints: r.pick([25, 100, 300, 500]), maximumFeeRaw: (10n ** BigInt(decimals + 3)).toString() };
  const base = r.logRange(1e-7, 25);
  const sigma = r.pick([0.002, 0.006, 0.015, 0.04]);
  const createdAt = WORLD_START - r.int(700) * DAY - r.int(DAY);
  const mcap = base * supplyUi;
  const pools: PoolSpec[] = [];
  if (hasMarket) {
    const n = r.chance(0.3) ? 2 : 1;
    for (let i = 0; i < n; i++) {
      const dex = r.pick(['raydium', 'orca', 'meteora', 'pumpswap'] as const);
      const quote = i === 0 ? WSOL_MINT : USDC_MINT;
      pools.push(poolSpec(r, mint, i, dex, quote, Math.max(500, Math.min(r.logRange(2e3, 4e6), mcap * 0.25))));
    }
  }
  const holders: HolderSpec[] = [];
  let share = r.range(0.02, 0.4);
  let total = 0;
  for (let i = 0; i < 20; i++) {
    const exchange = i < 5 && r.chance(0.08);
    const owner = exchange ? r.pick([ENTITY.binance, ENTITY.okx, ENTITY.bybit, ENTITY.kucoin]).address : deriveWallet(seed, 'holder', mint, i);
    holders.push(holderSpec(mint, owner, exchange ? 'exchange' : 'wallet', share, waveDrift(r, 0.015)));
    total += share;
    share *= r.range(0.6, 0.95);
  }
  if (total > 0.92) for (const h of holders) h.share *= 0.92 / total;
  const verifiedTags = ['verified', 'strict'];
  return {
    mint,
    name: `Sandbox Token ${mint.slice(0, 4)}`,
    symbol: mint.slice(0, 4).toUpperCase(),
    decimals,
    supplyUi,
    program,
    mintAuthority,
    freezeAuthority,
    extensions,
    verified,
    tags: verified ? verifiedTags : r.chance(0.4) ? ['community'] : [],
    price: hasMarket ? { base, waves: volatilityWaves(r, sigma) } : null,
    sources: { walletProvider: hasMarket && (verified || r.chance(0.4)), marketData: hasMarket, priceAggregator: hasMarket },
    created: { at: createdAt },
    pools,
    holders,
    holderCount: { base: Math.round(r.logRange(30, 50_000)), perDay: r.range(0, 4) },
    registerHolders: false,
  };
}
