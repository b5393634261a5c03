/**
 * The fresh-token candidate pool of runner-scan and trenches-scan: the market-data source's latest token
 * profiles (its fresh-launch feed, newest first) and its most-boosted tokens, merged (profiles first, each
 * mint once). Both lists are short (a few dozen): the scan reads every candidate's pairs in one batch.
 *
 * Its bias, stated in every answer (`candidate_pool` caveat): a token is seen only if its team paid the
 * market-data source for a profile or a boost. A launch without either is invisible, however well it runs.
 *
 * The two feeds are one source (`market_data`) but two requests: one failing leaves the other's candidates
 * with a `leg_degraded` caveat; both failing is a 502/504 (not charged) — there is nothing to scan.
 */
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { gatherLegs, legTimings, required, type LegResult } from '../../shared/legs.js';

export type CandidateSource = 'profile' | 'boost';

export interface CandidatePool {
  /** Profiles first (newest first), then boosted tokens not already listed. */
  mints: string[];
  sourcesOf: Map<string, CandidateSource[]>;
  /** Entries per feed; null when that feed failed. */
  profiles: number | null;
  boosts: number | null;
  caveats: Caveat[];
  timings: Record<string, number>;
}

export const CANDIDATE_POOL_DESCRIPTION =
  'market-data source: latest token profiles (fresh-launch feed, newest first) + most-boosted tokens';

function candidatePoolCaveat(): Caveat {
  return {
    code: 'candidate_pool',
    message: 'Candidates are the market-data source\'s latest token profiles and its most-boosted tokens: only tokens whose ' +
      'teams paid for a profile or a boost are seen. A launch without either is invisible to this scan, however well it runs.',
  };
}

function feedCaveat(r: LegResult<unknown>, what: string): Caveat | null {
  if (r.ok) return null;
  return { code: 'leg_degraded', leg: r.error.leg, message: `${what} unavailable: the ${r.error.leg} source failed (${r.error.kind}); candidates come from the other feed only.` };
}

export async function launchCandidates(ctx: HandlerContext): Promise<CandidatePool> {
  const legs = await gatherLegs({
    profiles: () => ctx.sources.dexscreener.latestTokenProfiles(ctx.signal),
    boosts: () => ctx.sources.dexscreener.topBoostedTokens(ctx.signal),
  });
  // Both feeds down: nothing to scan (502/504, not charged).
  if (!legs.profiles.ok && !legs.boosts.ok) required(legs.profiles);

  const sourcesOf = new Map<string, CandidateSource[]>();
  const add = (mint: string, source: CandidateSource) => {
    const list = sourcesOf.get(mint);
    if (list === undefined) sourcesOf.set(mint, [source]);
    else if (!list.includes(source)) list.push(source);
  };
  if (legs.profiles.ok) for (const p of legs.profiles.value) add(p.tokenAddress, 'profile');
  if (legs.boosts.ok) for (const b of legs.boosts.value) add(b.tokenAddress, 'boost');

  const caveats = [candidatePoolCaveat()];
  for (const c of [feedCaveat(legs.profiles, 'Latest token profiles'), feedCaveat(legs.boosts, 'Top boosted tokens')]) if (c) caveats.push(c);
  return {
    mints: [...sourcesOf.keys()],
    sourcesOf,
    profiles: legs.profiles.ok ? legs.profiles.value.length : null,
    boosts: legs.boosts.ok ? legs.boosts.value.length : null,
    caveats,
    timings: legTimings(legs),
  };
}
