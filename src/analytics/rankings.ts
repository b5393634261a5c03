/**
 * Rankings for side-by-side comparisons (compare-tokens, compare-wallets): pure, no I/O.
 *
 * One metric at a time. `first` says which end ranks first: `lowest` for risk, HHI and volatility (less
 * is better), `highest` for liquidity, volume, portfolio value or activity (more ranks first).
 *  - Ties share a rank (competition ranking: 1, 1, 3) and are marked `tied`; among tied entries the
 *    input order is kept, so the output is deterministic.
 *  - Unknown values (null, NaN, ±Infinity) are never ranked as if they were good or bad numbers: they
 *    come last with `rank: null` and are listed in `unknown`. Missing data never wins a ranking.
 *  - `leaders` are the entries with rank 1 (several when tied at the top, none when all are unknown).
 *
 * `pickLeader` turns a ranking into a pick: the single leader, or no pick (`id: null`) when the top is
 * tied or nothing is known — stated, not broken arbitrarily.
 *
 * `overallPick` combines several rankings: entries in the best tier first (e.g. verdict SAFE before
 * CAUTION before RISKY, so a risky token never wins on liquidity alone), then the lowest mean rank over
 * the given rankings, where an unknown counts as last place (rank = number of entries).
 */
import { isFiniteNumber, round2 } from './round.js';

export type RankFirst = 'highest' | 'lowest';

export interface MetricValue {
  id: string;
  value: number | null;
}

export interface RankedEntry {
  id: string;
  value: number | null;
  /** 1 = first; tied entries share a rank; null = unknown value (ranked last). */
  rank: number | null;
  tied: boolean;
}

export interface Ranking {
  first: RankFirst;
  /** Known values in rank order, then the unknown ones in input order. */
  entries: RankedEntry[];
  /** Ids with rank 1. */
  leaders: string[];
  /** Ids whose value is unknown. */
  unknown: string[];
}

export function rankMetric(values: readonly MetricValue[], first: RankFirst): Ranking {
  const known = values.filter((v): v is { id: string; value: number } => isFiniteNumber(v.value));
  const unknown = values.filter((v) => !isFiniteNumber(v.value));
  const better = (a: number, b: number) => (first === 'highest' ? a > b : a < b);
  // Array.prototype.sort is stable: equal values keep their input order.
  const sorted = [...known].sort((a, b) => (a.value === b.value ? 0 : better(a.value, b.value) ? -1 : 1));
  const entries: RankedEntry[] = sorted.map((v) => ({
    id: v.id,
    value: v.value,
    rank: 1 + known.filter((o) => better(o.value, v.value)).length,
    tied: known.some((o) => o.id !== v.id && o.value === v.value),
  }));
  entries.push(...unknown.map((v) => ({ id: v.id, value: null, rank: null, tied: false })));
  return { first, entries, leaders: entries.filter((e) => e.rank === 1).map((e) => e.id), unknown: unknown.map((v) => v.id) };
}

export interface Pick {
  /** The winner; null when the top is tied or every value is unknown. */
  id: string | null;
  /** The ids sharing first place when tied (empty otherwise). */
  tied: string[];
  value: number | null;
}

export function pickLeader(ranking: Ranking): Pick {
  const top = ranking.entries.filter((e) => e.rank === 1);
  if (top.length === 1) return { id: top[0]!.id, tied: [], value: top[0]!.value };
  return { id: null, tied: top.map((e) => e.id), value: top[0]?.value ?? null };
}

export interface OverallCandidate {
  id: string;
  /** Lower is better (e.g. 0 SAFE, 1 CAUTION, 2 RISKY); null = unknown, counted as the worst tier. */
  tier: number | null;
  /** Mean rank over the rankings (unknown = last place), 2 decimals. */
  mean_rank: number;
}

export interface OverallPick extends Pick {
  /** Every candidate with its tier and mean rank, best first (ties in input order). */
  candidates: OverallCandidate[];
}

export function overallPick(ids: readonly string[], rankings: readonly Ranking[], tierOf: (id: string) => number | null = () => 0): OverallPick {
  const n = ids.length;
  const rankIn = (r: Ranking, id: string) => r.entries.find((e) => e.id === id)?.rank ?? n;
  const tier = (id: string) => tierOf(id) ?? Number.POSITIVE_INFINITY;
  const scored = ids.map((id) => ({
    id,
    tierKey: tier(id),
    tier: tierOf(id),
    mean: rankings.length === 0 ? 0 : rankings.reduce((s, r) => s + rankIn(r, id), 0) / rankings.length,
  }));
  const sorted = [...scored].sort((a, b) => a.tierKey - b.tierKey || a.mean - b.mean);
  const candidates = sorted.map((s) => ({ id: s.id, tier: s.tier, mean_rank: round2(s.mean) }));
  const best = sorted[0];
  if (!best) return { id: null, tied: [], value: null, candidates };
  const top = sorted.filter((s) => s.tierKey === best.tierKey && s.mean === best.mean);
  if (top.length > 1) return { id: null, tied: top.map((s) => s.id), value: round2(best.mean), candidates };
  return { id: best.id, tied: [], value: round2(best.mean), candidates };
}
