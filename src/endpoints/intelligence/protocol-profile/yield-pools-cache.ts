/**
 * DefiLlama's `/pools` list, cached briefly per client. Why here and not in the response cache: the
 * list is the same for every protocol (several MB in live mode, ~20k pools), while the response cache
 * keys on the input, so profiling ten protocols would download it ten times. Why not in the client:
 * the client stays a thin wire wrapper with no clock; the endpoint has `ctx.now()`.
 *
 * Held for POOLS_TTL_SECONDS (DefiLlama refreshes yields hourly; 5 minutes of staleness is within the
 * endpoint's own 10-minute answer cache). Concurrent callers share one request; a failed request is
 * dropped at once so the next caller retries. Keyed by client (a WeakMap), so each service instance —
 * and each test service — has its own.
 */
import type { DefiLlamaClient } from '../../../sources/defillama.js';
import { replaySkipped } from '../../../sources/errors.js';
import type { PoolsResponse } from '../../../sources/wire/defillama.js';

const POOLS_TTL_SECONDS = 300;

interface Entry {
  fetchedAt: number;
  pools: Promise<PoolsResponse>;
}

const entries = new WeakMap<DefiLlamaClient, Entry>();

/** The shared request is not given a caller's abort signal: it must not die with the first caller's deadline (the source's own timeout bounds it). */
export function cachedPools(client: DefiLlamaClient, now: Date): Promise<PoolsResponse> {
  const t = now.getTime() / 1000;
  const hit = entries.get(client);
  // A shared list's skipped pools reach every call that uses it, not only the one that fetched it.
  if (hit && t - hit.fetchedAt < POOLS_TTL_SECONDS && t >= hit.fetchedAt) return hit.pools.then(replaySkipped);
  const pools = client.pools();
  const entry = { fetchedAt: t, pools };
  entries.set(client, entry);
  pools.catch(() => {
    if (entries.get(client) === entry) entries.delete(client);
  });
  return pools;
}
