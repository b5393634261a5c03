/**
 * The live smart-money seed when nobody names one (no `wallets` in the call, no `SMART_MONEY_WALLETS`):
 * DERIVED from what the service already reads, at the time of the call, instead of a shipped list.
 *
 * Why derived and not a shipped list: a "curated list of public smart-money wallets" cannot be checked by
 * this project — the lists that circulate name their sources as leaderboards and community aggregations
 * nobody here can verify, addresses go stale as wallets are sold, abandoned or turned into bots, and a
 * wrong list would be served as fact. A derivation uses only public on-chain activity the service reads
 * anyway, says in every answer where the wallets came from, and is as fresh as the call. It finds
 * CANDIDATES, not smart money: every derived wallet is then measured exactly like an operator's wallet
 * (smart-wallets.ts: ≥ 5 closed trades and win rate ≥ the minimum over the lookback), and only those
 * that qualify count anywhere.
 *
 * Steps (docs/discovery.md "Seed list"):
 *  1. Tokens: the market-data source's latest token profiles and most-boosted tokens (the discovery
 *     candidate feeds, as runner-scan reads them), each token's deepest Solana pair (`bestPair`); the
 *     DERIVED_TOKENS pairs with the largest 24 h volume are sampled — where the trading is. One feed failing
 *     leaves the other's tokens (caveat); both failing fails the derivation (leg `market_data`).
 *  2. Traders: each sampled pair's most recent POOL_SAMPLE transactions — the wallet-asset provider's
 *     enhanced history of the pair address, i.e. every transaction that touched the pool — read in
 *     parallel. A trader is the fee payer of a successful swap in which it bought or sold that pair's base
 *     token (copy-trade's `walletSwapOf`, so a multi-hop arbitrage netting back to SOL is no trade). A pool
 *     whose history fails is left out (caveat); every pool failing fails the derivation (`wallet_assets`).
 *  3. Screen: known entities (the entity directory: exchanges, protocols), the pool itself and automated
 *     traders are dropped. Automated = in one pool's sample, two swaps in one slot (sandwich and bundle
 *     bots) or more than BURST_MAX_SWAPS swaps within BURST_WINDOW_S seconds.
 *  4. Rank: sampled pools traded (more first), swaps in the samples (more first), latest swap (newer first),
 *     address; the first DERIVED_SEED_SIZE are the seed.
 *
 * The result is kept per service (per `Sources` instance) for DERIVED_SEED_TTL_MS on the service's clock,
 * so the smart-money endpoints and the trenches legs of one moment read one seed and do not repeat the
 * derivation's reads; a failed derivation is not kept.
 */
import { walletSwapOf } from '../../shared/copy-trade-history.js';
import type { EntityDirectory } from '../../../analytics/entities.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { bestPair } from '../../../sources/dexscreener.js';
import { SourceError } from '../../../sources/errors.js';
import type { Sources } from '../../../sources/index.js';
import type { EnhancedTransaction } from '../../../sources/wire/helius.js';
import type { DexPair } from '../../../sources/wire/dexscreener.js';
import { gatherLegs } from '../../shared/legs.js';

/** Candidate-feed tokens whose deepest pair is sampled (by 24 h volume). */
export const DERIVED_TOKENS = 10;
/** Most recent transactions read per sampled pool: one page of the provider's enhanced history. */
const POOL_SAMPLE = 100;
/** Wallets kept: enough to find winners, few enough that their histories are read within the 9 s budget. */
export const DERIVED_SEED_SIZE = 20;
/** Two swaps of one pool within one slot, or more than BURST_MAX_SWAPS within BURST_WINDOW_S: automated. */
const BURST_MAX_SWAPS = 4;
export const BURST_WINDOW_S = 600;
/** How long a derived seed is reused (on the service's clock). */
export const DERIVED_SEED_TTL_MS = 15 * 60_000;

const DERIVATION_METHOD = 'recent_traders_of_most_traded_feed_tokens';

/** One sampled pool, as the answer reports it. */
export interface DerivedPool {
  mint: string;
  symbol: string | null;
  pair_address: string;
  dex: string;
  volume_h24_usd: number | null;
  /** Transactions read from its history; null when the read failed. */
  transactions_read: number | null;
  /** Distinct traders found in it (before the screen). */
  traders: number;
}

/** How a derived seed was found (reported in the answers that read it). */
export interface SeedDerivation {
  method: typeof DERIVATION_METHOD;
  derived_at: string;
  /** Tokens on the candidate feeds, and how many of them had a Solana pair. */
  feed_tokens: number;
  tokens_with_pair: number;
  pools: DerivedPool[];
  /** Distinct traders seen over the pools, and how many the screen dropped. */
  traders_seen: number;
  excluded: { known_entities: number; automated: number };
  /** Wallets kept (at most DERIVED_SEED_SIZE). */
  kept: number;
}

export interface DerivedSeed {
  wallets: string[];
  derivation: SeedDerivation;
  /** The derivation's degraded reads (a feed or a pool that failed). */
  caveats: Caveat[];
}

/** One pool's sample for `rankTraders`. */
export interface PoolSample {
  mint: string;
  pairAddress: string;
  transactions: readonly EnhancedTransaction[];
}

interface TraderSwap {
  slot: number;
  timestamp: number;
}

export interface TraderRanking {
  /** Every trader passing the screen, best first (see the file comment, step 4). */
  ranked: string[];
  /** Distinct traders per pool (before the screen), in the order of `samples`. */
  tradersPerPool: number[];
  tradersSeen: number;
  excluded: { known_entities: number; automated: number };
}

/** Whether one trader's swaps in one pool look automated (step 3). */
export function looksAutomated(swaps: readonly TraderSwap[]): boolean {
  const slots = new Set<number>();
  for (const s of swaps) {
    if (slots.has(s.slot)) return true;
    slots.add(s.slot);
  }
  const times = swaps.map((s) => s.timestamp).sort((a, b) => a - b);
  // Sliding window: more than BURST_MAX_SWAPS swaps with at most BURST_WINDOW_S between the first and the last.
  for (let i = 0; i + BURST_MAX_SWAPS < times.length; i++) {
    if (times[i + BURST_MAX_SWAPS]! - times[i]! <= BURST_WINDOW_S) return true;
  }
  return false;
}

/**
 * Steps 2 (the trades), 3 and 4 over the pools' samples: pure, so the rule is tested on its own. `nowTs`
 * (unix s) ignores anything stamped later, as the copy-trade pipeline does.
 */
export function rankTraders(samples: readonly PoolSample[], entities: Pick<EntityDirectory, 'labelFor'>, nowTs: number): TraderRanking {
  const perTrader = new Map<string, { pools: Set<string>; swaps: number; latest: number; automated: boolean }>();
  const tradersPerPool: number[] = [];
  for (const sample of samples) {
    const byTrader = new Map<string, TraderSwap[]>();
    // A transaction listed twice must not read as two swaps in one slot (the automation rule).
    const seen = new Set<string>();
    for (const tx of sample.transactions) {
      const trader = tx.feePayer;
      if (tx.timestamp > nowTs || trader === sample.pairAddress || seen.has(tx.signature)) continue;
      seen.add(tx.signature);
      const swap = walletSwapOf(tx, trader);
      if (swap === null || swap === 'unparsed' || (swap.bought.mint !== sample.mint && swap.sold.mint !== sample.mint)) continue;
      const list = byTrader.get(trader) ?? [];
      list.push({ slot: tx.slot, timestamp: tx.timestamp });
      byTrader.set(trader, list);
    }
    tradersPerPool.push(byTrader.size);
    for (const [trader, swaps] of byTrader) {
      const t = perTrader.get(trader) ?? { pools: new Set<string>(), swaps: 0, latest: 0, automated: false };
      t.pools.add(sample.pairAddress);
      t.swaps += swaps.length;
      t.latest = Math.max(t.latest, ...swaps.map((s) => s.timestamp));
      t.automated ||= looksAutomated(swaps);
      perTrader.set(trader, t);
    }
  }
  const excluded = { known_entities: 0, automated: 0 };
  const kept: { address: string; pools: number; swaps: number; latest: number }[] = [];
  for (const [address, t] of perTrader) {
    if (entities.labelFor(address) !== null) excluded.known_entities++;
    else if (t.automated) excluded.automated++;
    else kept.push({ address, pools: t.pools.size, swaps: t.swaps, latest: t.latest });
  }
  kept.sort((a, b) => b.pools - a.pools || b.swaps - a.swaps || b.latest - a.latest || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  return { ranked: kept.map((k) => k.address), tradersPerPool, tradersSeen: perTrader.size, excluded };
}

/** Step 1's choice: each feed token's deepest pair, the DERIVED_TOKENS largest by 24 h volume (unknown last). */
export function samplePools(pairs: readonly DexPair[], mints: readonly string[]): DexPair[] {
  const best = new Map<string, DexPair>();
  for (const mint of mints) {
    const pair = bestPair(pairs, mint);
    if (pair && !best.has(pair.pairAddress)) best.set(pair.pairAddress, pair);
  }
  return [...best.values()]
    .sort((a, b) => (b.volume.h24 ?? -1) - (a.volume.h24 ?? -1) || (a.pairAddress < b.pairAddress ? -1 : a.pairAddress > b.pairAddress ? 1 : 0))
    .slice(0, DERIVED_TOKENS);
}

function feedCaveat(error: SourceError, what: string): Caveat {
  return { code: 'leg_degraded', leg: error.leg, message: `Smart-money seed derivation: ${what} unavailable (the ${error.leg} source failed, ${error.kind}); the seed was derived from the rest.` };
}

/** Steps 1–4 against the sources (uncached). Throws a SourceError when nothing could be sampled. */
async function deriveSeedNow(ctx: HandlerContext): Promise<DerivedSeed> {
  const nowMs = ctx.now().getTime();
  const caveats: Caveat[] = [];
  const feeds = await gatherLegs({
    profiles: () => ctx.sources.dexscreener.latestTokenProfiles(ctx.signal),
    boosts: () => ctx.sources.dexscreener.topBoostedTokens(ctx.signal),
  });
  if (!feeds.profiles.ok && !feeds.boosts.ok) throw feeds.profiles.error;
  const mints = [...new Set([
    ...(feeds.profiles.ok ? feeds.profiles.value.map((p) => p.tokenAddress) : []),
    ...(feeds.boosts.ok ? feeds.boosts.value.map((b) => b.tokenAddress) : []),
  ])];
  if (!feeds.profiles.ok) caveats.push(feedCaveat(feeds.profiles.error, 'the latest token profiles'));
  if (!feeds.boosts.ok) caveats.push(feedCaveat(feeds.boosts.error, 'the top boosted tokens'));

  const pairs = mints.length > 0 ? await ctx.sources.dexscreener.tokenPairs(mints, ctx.signal) : [];
  const pools = samplePools(pairs, mints);
  const tokensWithPair = new Set(mints.filter((m) => bestPair(pairs, m) !== null)).size;

  const reads = await gatherLegs(Object.fromEntries(pools.map((p, i) => [String(i), () =>
    ctx.sources.helius.getTransactionsByAddress(p.pairAddress, { limit: POOL_SAMPLE, signal: ctx.signal })])));
  const samples: PoolSample[] = [];
  let firstError: SourceError | null = null;
  let failed = 0;
  for (const [i, p] of pools.entries()) {
    const r = reads[String(i)]!;
    if (r.ok) samples.push({ mint: p.baseToken.address, pairAddress: p.pairAddress, transactions: r.value });
    else {
      firstError ??= r.error;
      failed++;
    }
  }
  if (pools.length > 0 && samples.length === 0) throw firstError!;
  if (failed > 0) caveats.push(feedCaveat(firstError!, `the history of ${failed} of ${pools.length} sampled pool(s)`));

  const ranking = rankTraders(samples, ctx.entities, Math.floor(nowMs / 1000));
  const wallets = ranking.ranked.slice(0, DERIVED_SEED_SIZE);
  let sampled = 0;
  const poolRows = pools.map((p, i): DerivedPool => {
    const r = reads[String(i)]!;
    const traders = r.ok ? ranking.tradersPerPool[sampled++]! : 0;
    return {
      mint: p.baseToken.address,
      symbol: p.baseToken.symbol || null,
      pair_address: p.pairAddress,
      dex: p.dexId,
      volume_h24_usd: p.volume.h24 ?? null,
      transactions_read: r.ok ? r.value.length : null,
      traders,
    };
  });
  return {
    wallets,
    derivation: {
      method: DERIVATION_METHOD,
      derived_at: new Date(nowMs).toISOString(),
      feed_tokens: mints.length,
      tokens_with_pair: tokensWithPair,
      pools: poolRows,
      traders_seen: ranking.tradersSeen,
      excluded: ranking.excluded,
      kept: wallets.length,
    },
    caveats,
  };
}

/** Per service (its Sources instance): the last derived seed and when it was derived (service clock, ms). */
const kept = new WeakMap<Sources, { atMs: number; seed: DerivedSeed }>();

/** The derived seed, reused for DERIVED_SEED_TTL_MS (see the file comment); a failure is not kept. */
export async function derivedSeed(ctx: HandlerContext): Promise<DerivedSeed> {
  const nowMs = ctx.now().getTime();
  const hit = kept.get(ctx.sources);
  // A clock moved backwards (tests re-reading an earlier moment) does not reuse a seed derived "later".
  if (hit && nowMs >= hit.atMs && nowMs - hit.atMs < DERIVED_SEED_TTL_MS) return hit.seed;
  const seed = await deriveSeedNow(ctx);
  kept.set(ctx.sources, { atMs: nowMs, seed });
  return seed;
}

/** The answer's caveat for a derived seed: what the wallets are and are not. */
export function derivedSeedCaveat(seed: DerivedSeed): Caveat {
  const d = seed.derivation;
  return {
    code: 'derived_seed_list',
    message: `No wallets named and no operator list (SMART_MONEY_WALLETS): the seed is ${d.kept} wallet(s) derived at ${d.derived_at} from public trading — ` +
      `the most active recent traders (fee payers of swaps) of the ${d.pools.length} most-traded tokens (24 h volume) on the market-data source's ` +
      `profile and boost feeds, known entities and automated traders (${d.excluded.automated} dropped) left out. They are candidates, not a curated list: ` +
      'each is measured like any seed wallet, and only those qualifying as winners count. Set SMART_MONEY_WALLETS to follow wallets of your choice.',
  };
}
