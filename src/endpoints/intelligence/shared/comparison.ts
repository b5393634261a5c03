/**
 * What compare-tokens and compare-wallets share: running the members side by side within the answer
 * deadline, the rule for failed members, and rankings and picks in the answer's shape.
 *
 * A member that fails becomes a column `{address, ok: false, error}` plus a caveat when at least two
 * members remain comparable; with fewer, there is nothing to compare and the call fails like a single
 * call would (404 / 502 / 504), not charged.
 */
import { pickLeader, rankMetric, type Pick, type RankFirst, type Ranking } from '../../../analytics/rankings.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { runBounded } from '../../../lib/bounded-run.js';
import { callFailure, errorOfOutcome, type FailedMember, type MemberError } from '../../shared/member-errors.js';

const DEFAULT_DEADLINE_MS = 15_000;
/** Members end this long before the answer deadline, so the comparison of the others is delivered. */
const COMPARE_DEADLINE_MARGIN_MS = 500;

export type MemberOutcome<V> = { address: string; ok: true; value: V } | { address: string; ok: false; error: MemberError };

/** Every member in parallel (2 or 3: no bound needed) within the deadline; members stay in input order. */
export async function compareMembers<V>(addresses: readonly string[], load: (address: string) => Promise<V>, ctx: HandlerContext): Promise<MemberOutcome<V>[]> {
  const outcomes = await runBounded(addresses, load, {
    concurrency: addresses.length,
    budgetMs: (ctx.deadlineMs ?? DEFAULT_DEADLINE_MS) - COMPARE_DEADLINE_MARGIN_MS,
    signal: ctx.signal,
    timers: ctx.timers,
  });
  return addresses.map((address, i) => {
    const o = outcomes[i]!;
    return o.status === 'done' ? { address, ok: true, value: o.value } : { address, ok: false, error: errorOfOutcome(o) };
  });
}

/** Fails the call when fewer than two members can be compared; otherwise the caveats of the failed ones. */
export function requireComparable(members: readonly MemberOutcome<unknown>[], what: string): Caveat[] {
  const failed: FailedMember[] = members.flatMap((m) => (m.ok ? [] : [{ address: m.address, error: m.error }]));
  if (members.length - failed.length < 2) throw callFailure(failed, `Fewer than 2 ${what} could be compared`);
  return failed.map((f) => ({ code: 'member_failed', message: `${f.address} could not be compared (${f.error.code}): ${f.error.message} The others are compared without it.` }));
}

/** Call-level caveat naming members answered with a degraded source (their own caveats say which). */
export function degradedMembersCaveat(columns: readonly { address: string; caveats?: Caveat[] }[]): Caveat[] {
  const degraded = columns.filter((c) => c.caveats?.some((k) => k.code === 'leg_degraded'));
  if (degraded.length === 0) return [];
  return [{ code: 'members_degraded', message: `${degraded.map((c) => c.address).join(', ')}: some data sources failed; their unknown metrics rank last (see each column's caveats).` }];
}

export interface RankingOut {
  first: RankFirst;
  meaning: string;
  entries: { address: string; value: number | null; rank: number | null; tied: boolean }[];
  leaders: string[];
  unknown: string[];
}

export function ranking(values: readonly { address: string; value: number | null }[], first: RankFirst, meaning: string): { out: RankingOut; ranking: Ranking } {
  const r = rankMetric(values.map((v) => ({ id: v.address, value: v.value })), first);
  return {
    ranking: r,
    out: { first, meaning, entries: r.entries.map((e) => ({ address: e.id, value: e.value, rank: e.rank, tied: e.tied })), leaders: r.leaders, unknown: r.unknown },
  };
}

export interface PickOut {
  address: string | null;
  tied_with: string[];
  value: number | null;
  reason: string;
}

/**
 * A pick with its reason: the leader and how it compares with the others, a stated tie, or no pick
 * when nobody's value is known.
 */
export function pickOut(r: Ranking, label: (address: string) => string, metric: string, fmt: (v: number) => string): PickOut {
  const p: Pick = pickLeader(r);
  const known = r.entries.filter((e) => e.value !== null);
  const unknownNote = r.unknown.length > 0 ? ` ${r.unknown.map(label).join(', ')}: unknown, not ranked.` : '';
  if (p.id === null && p.tied.length === 0) return { address: null, tied_with: [], value: null, reason: `No pick: ${metric} is unknown for every member.` };
  if (p.id === null) return { address: null, tied_with: p.tied, value: p.value, reason: `No single pick: ${p.tied.map(label).join(' and ')} tie on ${metric} at ${fmt(p.value!)}.${unknownNote}` };
  const others = known.filter((e) => e.id !== p.id).map((e) => `${label(e.id)} ${fmt(e.value!)}`);
  return { address: p.id, tied_with: [], value: p.value, reason: `${label(p.id)}: ${metric} ${fmt(p.value!)}${others.length ? `; others: ${others.join(', ')}` : ''}.${unknownNote}` };
}
