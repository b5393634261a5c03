/**
 * Sandbox DefiLlama (leg `defi_data`): serves the real hosts' routes on one loopback server —
 * api.llama.fi's `GET /protocols` and `GET /protocol/{slug}`, yields.llama.fi's `GET /pools` and
 * coins.llama.fi's `GET /batchHistorical` (defillama-coins.ts) —
 * rendered from the world's DeFi protocols in DefiLlama's wire format (see src/sources/wire/defillama.ts).
 * Like the real API, `/protocol/{name}` looks the protocol up by slug only (the name is lower-cased and
 * spaces become dashes) and answers an unknown one with HTTP 404 "Not found".
 */
import { createHash } from 'node:crypto';
import type { DefiProtocolState, SandboxWorld } from '../world/types.js';
import type { ProviderHandler, ProviderResponse } from './server.js';
import { batchHistorical } from './defillama-coins.js';

const DAY = 86_400;
const NOT_FOUND: ProviderResponse = { status: 404, body: 'Not found' };

/** DefiLlama ids are small numeric strings; a stable one per slug. */
function protocolId(slug: string): string {
  return String(1000 + (createHash('sha256').update(slug).digest().readUInt32BE(0) % 6000));
}

/** DefiLlama's slug of a path name: lower-cased, spaces as dashes. */
function sluggify(name: string): string {
  return name.toLowerCase().replace(/ /g, '-');
}

/** Daily points up to now; the last point is the current TVL (DefiLlama's latest hourly record). */
function tvlSeries(p: DefiProtocolState, nowSeconds: number) {
  const points = p.tvlHistory.filter((pt) => pt.date <= nowSeconds).map((pt) => ({ date: pt.date, totalLiquidityUSD: pt.totalLiquidityUSD }));
  const last = points.at(-1);
  if (!last || last.totalLiquidityUSD !== p.tvlUsd) points.push({ date: nowSeconds, totalLiquidityUSD: p.tvlUsd });
  return points;
}

/** Percent change of the current TVL against the last point at least `days` old; null without one. */
function change(series: { date: number; totalLiquidityUSD: number }[], days: number, nowSeconds: number): number | null {
  const current = series.at(-1)?.totalLiquidityUSD;
  const past = series.filter((pt) => pt.date <= nowSeconds - days * DAY).at(-1)?.totalLiquidityUSD;
  if (current === undefined || past === undefined || past === 0) return null;
  return Math.round(((current - past) / past) * 100 * 100) / 100;
}

/** The fields /protocol/{slug} and /protocols share. */
function common(p: DefiProtocolState) {
  return {
    id: protocolId(p.slug),
    name: p.name,
    address: null,
    symbol: '-',
    url: `https://${p.slug}.example`,
    description: `${p.name} on Solana`,
    chain: 'Solana',
    logo: `https://icons.llama.fi/${p.slug}.png`,
    audits: '0',
    audit_note: null,
    gecko_id: null,
    cmcId: null,
    category: p.category,
    chains: ['Solana'],
    module: `${p.slug}/index.js`,
    twitter: null,
    forkedFrom: [],
    oracles: [],
  };
}

function protocolDetail(p: DefiProtocolState, nowSeconds: number) {
  const tvl = tvlSeries(p, nowSeconds);
  return {
    ...common(p),
    methodology: `TVL counts the assets held by ${p.name}'s programs.`,
    chainTvls: { Solana: { tvl, tokensInUsd: [], tokens: [] } },
    currentChainTvls: { Solana: p.tvlUsd },
    tvl,
    tokensInUsd: [],
    tokens: [],
    isParentProtocol: false,
    raises: [],
    metrics: {},
    mcap: null,
  };
}

function protocolListItem(p: DefiProtocolState, nowSeconds: number) {
  const series = tvlSeries(p, nowSeconds);
  return {
    ...common(p),
    listedAt: series[0]?.date ?? nowSeconds,
    slug: p.slug,
    tvl: p.tvlUsd,
    chainTvls: { Solana: p.tvlUsd },
    change_1h: null,
    change_1d: change(series, 1, nowSeconds),
    change_7d: change(series, 7, nowSeconds),
    tokenBreakdowns: {},
    mcap: null,
  };
}

function yieldPool(pool: DefiProtocolState['pools'][number]) {
  const multi = pool.symbol.includes('-');
  return {
    chain: pool.chain,
    project: pool.project,
    symbol: pool.symbol,
    tvlUsd: pool.tvlUsd,
    apyBase: pool.apyBase,
    apyReward: pool.apyReward,
    apy: pool.apy,
    rewardTokens: pool.apyReward ? [] : null,
    pool: pool.pool,
    apyPct1D: null,
    apyPct7D: null,
    apyPct30D: null,
    stablecoin: /USD/.test(pool.symbol) && !multi,
    ilRisk: multi ? 'yes' : 'no',
    exposure: multi ? 'multi' : 'single',
    predictions: { predictedClass: null, predictedProbability: null, binnedConfidence: null },
    poolMeta: null,
    mu: null,
    sigma: null,
    count: null,
    outlier: false,
    underlyingTokens: null,
    il7d: null,
    apyBase7d: null,
    apyMean30d: null,
    volumeUsd1d: null,
    volumeUsd7d: null,
    apyBaseInception: null,
  };
}

export function createDefiLlamaHandler(world: SandboxWorld, now: () => Date = () => new Date()): ProviderHandler {
  return (req) => {
    if (req.method !== 'GET') return { status: 405, body: 'Method Not Allowed' };
    const at = now();
    const nowSeconds = Math.floor(at.getTime() / 1000);
    if (req.path === '/protocols') return { body: world.protocols(at).map((p) => protocolListItem(p, nowSeconds)) };
    if (req.path === '/pools') return { body: { status: 'success', data: world.protocols(at).flatMap((p) => p.pools.map(yieldPool)) } };
    if (req.path === '/batchHistorical') return batchHistorical(world, at, req.query);
    const match = /^\/protocol\/([^/]+)$/.exec(req.path);
    if (match) {
      let slug: string;
      try {
        slug = sluggify(decodeURIComponent(match[1]!));
      } catch {
        return NOT_FOUND;
      }
      // The world also resolves program ids; DefiLlama knows slugs only.
      const protocol = world.protocol(slug, at);
      return protocol && protocol.slug === slug ? { body: protocolDetail(protocol, nowSeconds) } : NOT_FOUND;
    }
    return NOT_FOUND;
  };
}
