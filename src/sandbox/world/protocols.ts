/**
 * DeFi protocols as the TVL/yield provider describes them: TVL with 31 daily points (oldest first,
 * at 00:00 UTC) and yield pools. TVL(t) = base · exp(Σ waves) · (1 + trend·years since WORLD_START);
 * the daily points are that function at each midnight, the current TVL is its value at t.
 * Yields wave gently around their base. Seed-independent.
 */
import type { DefiProtocolState } from './types.js';
import {
  DRIFT_PROGRAM,
  JUPITER_V6,
  KAMINO_LEND_PROGRAM,
  MARINADE_PROGRAM,
  ORCA_WHIRLPOOL,
  RAYDIUM_AMM_V4,
  SOLEND_PROGRAM,
  SPL_STAKE_POOL_PROGRAM,
} from './entities.js';
import { sha256 } from './random.js';
import { DAY, WORLD_START } from './time.js';
import { round, waveSum, type Wave } from './tokens.js';

interface PoolDef {
  symbol: string;
  tvlShare: number;
  apyBase: number | null;
  apyReward: number | null;
}

interface ProtocolDef {
  slug: string;
  name: string;
  category: string;
  programIds: string[];
  tvl: number;
  trend: number;
  waves: Wave[];
  pools: PoolDef[];
  /**
   * A protocol in decline: TVL bleeds `perDay` (continuous rate) through each season of `seasonDays`
   * from WORLD_START, and a new liquidity-mining season refills it. So its 7-day change is a steady
   * drawdown except during the first 8 days of a season (the refill is in the window).
   */
  bleed?: { perDay: number; seasonDays: number };
}

const w = (amp: number, days: number, phase: number): Wave => ({ amp, period: days * DAY, phase });

const PROTOCOLS: ProtocolDef[] = [
  {
    slug: 'marinade', name: 'Marinade Finance', category: 'Liquid Staking', programIds: [MARINADE_PROGRAM],
    tvl: 1_450_000_000, trend: 0.05, waves: [w(0.03, 9, 0.4), w(0.06, 47, 2.2)],
    pools: [{ symbol: 'MSOL', tvlShare: 0.92, apyBase: 7.1, apyReward: null }],
  },
  {
    slug: 'jupiter', name: 'Jupiter', category: 'Dexs', programIds: [JUPITER_V6],
    tvl: 2_300_000_000, trend: 0.2, waves: [w(0.04, 6, 1.1), w(0.09, 38, 0.3)],
    pools: [{ symbol: 'JLP', tvlShare: 0.8, apyBase: 28.5, apyReward: null }],
  },
  {
    slug: 'raydium', name: 'Raydium', category: 'Dexs', programIds: [RAYDIUM_AMM_V4, 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK', 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C'],
    tvl: 1_900_000_000, trend: 0.1, waves: [w(0.05, 5, 2.9), w(0.1, 33, 1.7)],
    pools: [
      { symbol: 'SOL-USDC', tvlShare: 0.03, apyBase: 21.4, apyReward: 3.2 },
      { symbol: 'ROCK-SOL', tvlShare: 0.004, apyBase: 14.8, apyReward: null },
    ],
  },
  {
    slug: 'orca', name: 'Orca', category: 'Dexs', programIds: [ORCA_WHIRLPOOL],
    tvl: 420_000_000, trend: 0.04, waves: [w(0.04, 7, 0.8), w(0.08, 29, 4.1)],
    pools: [
      { symbol: 'SOL-USDC', tvlShare: 0.14, apyBase: 18.9, apyReward: null },
      { symbol: 'MSOL-SOL', tvlShare: 0.04, apyBase: 2.3, apyReward: 0.7 },
    ],
  },
  {
    slug: 'kamino', name: 'Kamino Lend', category: 'Lending', programIds: [KAMINO_LEND_PROGRAM],
    tvl: 2_100_000_000, trend: 0.3, waves: [w(0.03, 8, 5.0), w(0.07, 41, 0.9)],
    pools: [
      { symbol: 'USDC', tvlShare: 0.22, apyBase: 8.4, apyReward: 1.1 },
      { symbol: 'SOL', tvlShare: 0.31, apyBase: 4.9, apyReward: null },
    ],
  },
  {
    slug: 'drift', name: 'Drift', category: 'Derivatives', programIds: [DRIFT_PROGRAM],
    tvl: 880_000_000, trend: 0.15, waves: [w(0.05, 6, 3.3), w(0.09, 35, 2.6)],
    pools: [{ symbol: 'USDC', tvlShare: 0.35, apyBase: 11.8, apyReward: null }],
  },
  {
    slug: 'jito', name: 'Jito', category: 'Liquid Staking', programIds: [SPL_STAKE_POOL_PROGRAM],
    tvl: 2_800_000_000, trend: 0.08, waves: [w(0.03, 10, 1.9), w(0.07, 52, 3.7)],
    pools: [{ symbol: 'JITOSOL', tvlShare: 0.97, apyBase: 7.6, apyReward: null }],
  },
  {
    // Bleeds 2.5 %/day (7-day change ≈ −16 %) through 90-day seasons; incentives pay a yield outlier.
    slug: 'solend', name: 'Solend', category: 'Lending', programIds: [SOLEND_PROGRAM],
    tvl: 60_000_000, trend: 0, waves: [w(0.01, 5, 0.6)], bleed: { perDay: 0.025, seasonDays: 90 },
    pools: [
      { symbol: 'USDC', tvlShare: 0.4, apyBase: 3.1, apyReward: 145 },
      { symbol: 'SOL', tvlShare: 0.35, apyBase: 1.2, apyReward: null },
    ],
  },
];

function tvlAt(p: ProtocolDef, t: number): number {
  const years = Math.max(0, (t - WORLD_START) / (365 * DAY));
  const seasonDays = p.bleed ? (((t - WORLD_START) / DAY) % p.bleed.seasonDays + p.bleed.seasonDays) % p.bleed.seasonDays : 0;
  const bleed = p.bleed ? Math.exp(-p.bleed.perDay * seasonDays) : 1;
  return p.tvl * (1 + p.trend * years) * Math.exp(waveSum(p.waves, t)) * bleed;
}

function poolId(slug: string, symbol: string): string {
  const h = sha256('defi-pool', slug, symbol).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function protocolState(p: ProtocolDef, t: number): DefiProtocolState {
  const today = Math.floor(t / DAY) * DAY;
  // 31 points: a 30-day change needs a point at least 30 days before now.
  const tvlHistory = Array.from({ length: 31 }, (_, i) => {
    const date = today - (30 - i) * DAY;
    return { date, totalLiquidityUSD: round(tvlAt(p, date), 0) };
  });
  const tvlUsd = round(tvlAt(p, t), 0);
  const pools = p.pools.map((pool, i) => {
    const drift = 1 + 0.08 * Math.sin((2 * Math.PI * t) / ((3 + i) * DAY) + i);
    const apyBase = pool.apyBase === null ? null : round(pool.apyBase * drift, 2);
    const apyReward = pool.apyReward === null ? null : round(pool.apyReward * drift, 2);
    return {
      pool: poolId(p.slug, pool.symbol),
      symbol: pool.symbol,
      project: p.slug,
      chain: 'Solana' as const,
      tvlUsd: round(tvlUsd * pool.tvlShare, 0),
      apy: round((apyBase ?? 0) + (apyReward ?? 0), 2),
      apyBase,
      apyReward,
    };
  });
  return { slug: p.slug, name: p.name, category: p.category, programIds: p.programIds.slice(), tvlUsd, tvlHistory, pools };
}

export function protocolBySlugOrProgram(key: string, t: number): DefiProtocolState | null {
  const p = PROTOCOLS.find((x) => x.slug === key || x.programIds.includes(key));
  return p ? protocolState(p, t) : null;
}

export function allProtocols(t: number): DefiProtocolState[] {
  return PROTOCOLS.map((p) => protocolState(p, t));
}

export const PROTOCOL_SLUGS = PROTOCOLS.map((p) => p.slug);
