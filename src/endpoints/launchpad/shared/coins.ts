/**
 * How the `launchpad-*` endpoints get their coins: from the 10-minute index (kept by src/jobs/launchpad-index.ts, read through src/launchpad-index/state.ts),
 * or — for a coin the index does not hold (launched since its last refresh, not traded in 24 h, or no index
 * yet) — read live from the platform and the chain (`readCoinLive`), so a coin the platform knows always
 * answers. An unknown mint is a 404, not charged.
 */
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { ApiError } from '../../../errors/api-error.js';
import type { DailyPoint, RewardCoin } from '../../../analytics/launchpad/types.js';
import { readCoinLive, type IndexedCoin, type LaunchpadSources } from '../../../launchpad-index/coins.js';
import { indexedCoin, launchpadIndexState } from '../../../launchpad-index/state.js';
import { SourceError } from '../../../sources/errors.js';

function launchpadSources(ctx: HandlerContext): LaunchpadSources {
  return { launchpad: ctx.sources.launchpad, rpc: ctx.sources.rpc, jupiter: ctx.sources.jupiter };
}

/** The coin from the index, else live; `source` says which. */
export async function launchpadCoin(mint: string, ctx: HandlerContext): Promise<{ coin: IndexedCoin; source: 'index' | 'live' }> {
  const row = await ctx.store.launchpadCoin(mint);
  if (row) return { coin: indexedCoin(row), source: 'index' };
  try {
    return { coin: await readCoinLive(launchpadSources(ctx), mint, ctx.now().getTime(), ctx.signal), source: 'live' };
  } catch (err) {
    if (err instanceof SourceError && err.kind === 'not_found') {
      throw new ApiError('not_found', `${mint} is not a coin of the launch platform. You were not charged.`);
    }
    throw err;
  }
}

/** The analytics' coin: the stored record plus its daily points. */
export function withDaily(coin: IndexedCoin, daily: DailyPoint[] = []): RewardCoin {
  // Records written before observed payouts existed carry none.
  return { ...coin, recent_payouts: coin.recent_payouts ?? [], daily };
}

/** The `index_stale` caveat when the serving index's last complete refresh is 30 minutes old or more (or none yet). */
export async function indexStaleCaveat(ctx: HandlerContext): Promise<Caveat[]> {
  const state = await launchpadIndexState(ctx.store, ctx.now());
  if (!state.stale) return [];
  const age = state.age_s === null ? 'no complete refresh yet' : `last complete refresh ${Math.floor(state.age_s / 60)} min ago`;
  return [{ code: 'index_stale', leg: 'launchpad', message: `The coin index is stale (${age}); figures may lag the platform.` }];
}

/** Every coin of the index (without daily points: callers read those only for the coins they keep) and the stale caveat. */
export async function indexedRewardCoins(ctx: HandlerContext): Promise<{ coins: RewardCoin[]; caveats: Caveat[] }> {
  const [rows, caveats] = await Promise.all([ctx.store.launchpadCoins(), indexStaleCaveat(ctx)]);
  return { coins: rows.map((r) => withDaily(indexedCoin(r))), caveats };
}
