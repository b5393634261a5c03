/**
 * A launch-platform coin as the analytics read it (`RewardCoin` without its daily points), put together
 * from the platform's API and the chain:
 *  - API `/tokens` (or `/tokens/{mint}`): symbol, pool, quote and its category, mode, market figures,
 *    flywheel, creation time;
 *  - API `/rewards` (or `/tokens/{mint}/rewards`): lifetime distributed, payout count, holders paid, last
 *    payout; the latest distributions (a sample the index accumulates);
 *  - API `/pairs` + `/launchlab/pricing`: the platform's distributor and its two platform configs;
 *  - chain (src/sources/launchpad-chain.ts): the mint's transfer fee, cap and authorities, the pool's
 *    platform config (adoption), the top-10 share;
 *  - price aggregator: the quote asset's USD price.
 * `rewardCoinOf` is the pure mapping (unit-tested); the rest is I/O.
 */
import type { Payout, RewardCoin, RewardMechanism } from '../analytics/launchpad/types.js';
import type { JupiterClient } from '../sources/jupiter.js';
import { readCoinChainFacts, type CoinChainFacts } from '../sources/launchpad-chain.js';
import { normalizeCategory, type LaunchpadClient, type StonkLedgerLaunch, type StonkToken, type StonkTokenRewards } from '../sources/launchpad.js';
import type { SolanaRpcClient } from '../sources/solana-rpc.js';
import { SourceError } from '../sources/errors.js';

/** The coin record the index stores and the endpoints read: everything but the daily points. */
export type IndexedCoin = Omit<RewardCoin, 'daily'>;

/** What every coin is judged against: the platform's distributor and the configs its adopted pools carry. */
export interface PlatformFacts {
  distributor: string;
  platformConfigs: { standard: string; reward: string };
}

/** A coin's lifetime reward totals, from either `/rewards` or `/tokens/{mint}/rewards`. */
export interface RewardTotals {
  distributed_quote: number;
  payout_count: number;
  holders: number;
  last_payout_at: number | null;
}

export interface LaunchpadSources {
  launchpad: LaunchpadClient;
  rpc: SolanaRpcClient;
  jupiter: JupiterClient;
}

export function totalsOf(t: Pick<StonkLedgerLaunch, 'distributedTokens' | 'payoutCount' | 'holderCount' | 'lastPayoutAt'>): RewardTotals {
  return {
    distributed_quote: t.distributedTokens,
    payout_count: t.payoutCount,
    holders: t.holderCount,
    last_payout_at: t.lastPayoutAt === null ? null : Date.parse(t.lastPayoutAt),
  };
}

export function tokenRewardTotals(r: StonkTokenRewards): RewardTotals | null {
  return r.rewards === null ? null : totalsOf(r.rewards);
}

/** How long live reads reuse the platform's facts: its distributor and configs change on a redeploy, not per call. */
export const PLATFORM_FACTS_TTL_MS = 5 * 60_000;
const platformFactsMemo = new WeakMap<LaunchpadClient, { expiresAt: number; facts: Promise<PlatformFacts> }>();

/**
 * The platform's facts for live reads, shared per client for `PLATFORM_FACTS_TTL_MS` (concurrent reads share
 * one request; a failed read is not kept). Without it every live coin read spends two more of the platform's
 * 300 requests a minute. The index job reads them fresh each run (`readPlatformFacts`).
 */
export function sharedPlatformFacts(client: LaunchpadClient, nowMs: number): Promise<PlatformFacts> {
  const memo = platformFactsMemo.get(client);
  if (memo !== undefined && memo.expiresAt > nowMs) return memo.facts;
  // Not the caller's signal: the read is shared, and one caller leaving must not fail the others' (the
  // client's own budget still bounds it).
  const facts = readPlatformFacts(client);
  platformFactsMemo.set(client, { expiresAt: nowMs + PLATFORM_FACTS_TTL_MS, facts });
  facts.catch(() => {
    if (platformFactsMemo.get(client)?.facts === facts) platformFactsMemo.delete(client);
  });
  return facts;
}

/** The platform's facts from its pricing document of one launchable quote (the distributor and configs are per platform). */
export async function readPlatformFacts(client: LaunchpadClient, signal?: AbortSignal): Promise<PlatformFacts> {
  const pairs = (await client.pairs(signal)).items;
  const pair = pairs.find((p) => p.launchable && p.launchLabReady !== false) ?? pairs[0];
  // The platform's answer says nothing usable: its leg failed (502), not the service (500).
  if (pair === undefined) throw new SourceError('launchpad', 'malformed', 'the launch platform lists no quote asset, so its distributor cannot be read', undefined, false);
  const pricing = await client.launchLabPricing(pair.mint, signal);
  return { distributor: pricing.modes.reward.withdrawWithheldAuthority, platformConfigs: { standard: pricing.platform.standard, reward: pricing.platform.reward } };
}

function uiAmount(raw: string, decimals: number): number {
  return Number(raw) / 10 ** decimals;
}

/**
 * Adoption: a LaunchLab pool is the platform's only when created under its config for the coin's mode.
 * A coin the platform lists on another launchpad (no LaunchLab pool) cannot be judged on chain: it is
 * taken as adopted (the platform lists and pays it).
 */
function adoptedOf(token: StonkToken, chain: CoinChainFacts, platform: PlatformFacts, mechanism: RewardMechanism | null): boolean {
  if (token.launchpad !== 'raydium') return true;
  if (chain.pool === null) return false;
  const expected = mechanism === null ? platform.platformConfigs.standard : platform.platformConfigs.reward;
  return chain.pool.platformConfig === expected;
}

export interface CoinParts {
  token: StonkToken;
  totals: RewardTotals | null;
  chain: CoinChainFacts;
  platform: PlatformFacts;
  quotePriceUsd: number | null;
  recent: Payout[];
}

/** The analytics' coin from its parts (pure). The chain's transfer fee wins over the API's `transferFee.bps`. */
export function rewardCoinOf(p: CoinParts): IndexedCoin {
  const { token, chain } = p;
  const fee = chain.mint?.transferFee ?? null;
  const reward = token.mode === 'reward';
  // A reward coin with a transfer fee pays from it; one without (the classic SPL generation) by fee share.
  const mechanism: RewardMechanism | null = !reward ? null : fee !== null || (chain.mint === null && token.transferFee) ? 'transfer_fee' : 'fee_share';
  const bps = fee?.bps ?? token.transferFee?.bps ?? null;
  const decimals = chain.mint?.decimals ?? null;
  return {
    mint: token.mint,
    symbol: token.symbol,
    pool: token.pool,
    quote_mint: token.quote.mint,
    quote_symbol: token.quote.symbol,
    quote_category: normalizeCategory(token.quote.category),
    quote_category_raw: token.quote.category ?? 'custom',
    reward_mechanism: mechanism,
    transfer_fee_bps: mechanism === 'fee_share' ? null : bps,
    transfer_fee_max: fee === null || decimals === null ? null : uiAmount(fee.maximumFeeRaw, decimals),
    withdraw_authority: fee?.withdrawWithheldAuthority ?? null,
    platform_distributor: p.platform.distributor,
    fee_mutable: fee !== null && fee.configAuthority !== null,
    adopted: adoptedOf(token, chain, p.platform, mechanism),
    created_at: Date.parse(token.createdAt),
    holders: p.totals?.holders ?? null,
    top10_pct: chain.top10Pct,
    market_cap_usd: token.market.marketCapUsd,
    volume_24h_usd: token.market.volume24hUsd,
    price_change_24h_pct: token.market.priceChange24h ?? null,
    distributed_quote: p.totals?.distributed_quote ?? 0,
    payout_count: p.totals?.payout_count ?? 0,
    last_payout_at: p.totals?.last_payout_at ?? null,
    quote_price_usd: p.quotePriceUsd,
    recent_payouts: p.recent,
    flywheel: token.flywheel?.active === true,
  };
}

/**
 * USD prices of quote assets (the aggregator omits what it cannot price: those stay null). Used by the
 * free pairs list, which reports a failure itself; coins go through `quotePricesOrNone`.
 */
export async function quotePrices(jupiter: JupiterClient, mints: readonly string[], signal?: AbortSignal): Promise<Map<string, number>> {
  const unique = [...new Set(mints)];
  if (unique.length === 0) return new Map();
  const prices = await jupiter.prices(unique, signal);
  const out = new Map<string, number>();
  for (const m of unique) {
    const p = prices[m]?.usdPrice;
    if (p !== undefined && p !== null && Number.isFinite(p)) out.set(m, p);
  }
  return out;
}

/**
 * Quote prices, or none when the aggregator fails: a coin without a price still has every other figure
 * (its yields say `unpriced_quote`), so the index keeps refreshing and a live read still answers.
 */
async function quotePricesOrNone(jupiter: JupiterClient, mints: readonly string[], signal?: AbortSignal): Promise<Map<string, number>> {
  try {
    return await quotePrices(jupiter, mints, signal);
  } catch (err) {
    if (err instanceof SourceError && !signal?.aborted) return new Map();
    throw err;
  }
}

/** Reads the chain facts and quote prices of a batch of listed coins and assembles them. */
export async function assembleCoins(
  sources: Pick<LaunchpadSources, 'rpc' | 'jupiter'>,
  tokens: readonly StonkToken[],
  totals: ReadonlyMap<string, RewardTotals>,
  recent: ReadonlyMap<string, Payout[]>,
  platform: PlatformFacts,
  signal?: AbortSignal,
): Promise<IndexedCoin[]> {
  const [chain, prices] = await Promise.all([
    readCoinChainFacts(sources.rpc, tokens.map((t) => ({ mint: t.mint, pool: t.pool })), signal),
    quotePricesOrNone(sources.jupiter, tokens.map((t) => t.quote.mint), signal),
  ]);
  return tokens.map((token) => rewardCoinOf({
    token,
    totals: totals.get(token.mint) ?? null,
    chain: chain.get(token.mint) ?? { mint: null, pool: null, top10Pct: null },
    platform,
    quotePriceUsd: prices.get(token.quote.mint) ?? null,
    recent: recent.get(token.mint) ?? [],
  }));
}

/** One coin read live (not in the index yet): its detail and totals, the platform, the chain, its quote price. */
export async function readCoinLive(sources: LaunchpadSources, mint: string, nowMs: number, signal?: AbortSignal): Promise<IndexedCoin> {
  const [detail, rewards, platform] = await Promise.all([
    sources.launchpad.token(mint, signal),
    sources.launchpad.tokenRewards(mint, signal),
    sharedPlatformFacts(sources.launchpad, nowMs),
  ]);
  const totals = tokenRewardTotals(rewards);
  const [coin] = await assembleCoins(sources, [detail.token], new Map(totals ? [[mint, totals]] : []), new Map(), platform, signal);
  return coin!;
}
