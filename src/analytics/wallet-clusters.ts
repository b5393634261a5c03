/**
 * Suspicious wallet clusters in a transaction graph (pure). Three kinds, each reported with the
 * transactions that show it:
 *
 *  - `shared_funder`: ≥ 3 (SHARED_FUNDER_MIN_WALLETS) candidate wallets first funded by the same
 *    candidate wallet. A wallet's first funding is known (a) from its own history when that was read
 *    completely: its earliest incoming SOL transfer of at least the rent-exempt minimum (0.00089088 SOL —
 *    less cannot open an account), or (b) when the same funder paid it in the same transaction as such a
 *    known first funding (a batch funding). A payment seen only in someone else's history is NOT a
 *    funding: paying a friend does not make you their funder. Two wallets with one funder is everyday
 *    life (a person and a spare wallet); three or more is the sybil pattern.
 *  - `synchronized_activity`: ≥ 3 (SYNC_MIN_WALLETS) candidate wallets each signing (fee payer) a
 *    transaction within 60 s (SYNC_WINDOW_S) of an occasion's first action, on ≥ 3 (SYNC_MIN_OCCASIONS)
 *    distinct occasions. Occasions are found greedily in time order and never overlap; wallets that act
 *    together on ≥ 3 occasions are linked, and each linked group of ≥ 3 with ≥ 3 occasions where ≥ 3 of
 *    its members act is a cluster.
 *  - `circular_flow`: value that leaves a wallet and comes back to it through 1–3 intermediaries
 *    (loops of CYCLE_MIN_LENGTH 2 … CYCLE_MAX_LENGTH 4 transfers) of one asset, each hop a separate
 *    transaction not later than the next, the loop closed within 1 h (CYCLE_WINDOW_S), every hop carrying
 *    0.5–2× (CYCLE_AMOUNT_RATIO) the first hop's amount; the same set of wallets looping ≥ 2 times
 *    (CYCLE_MIN_REPEATS, transfer-disjoint) is a cluster. One loop is a payback between friends;
 *    the same loop again is a wash.
 *
 * Candidates are the graph's wallets: never known entities (an exchange funds thousands of wallets and
 * acts every second), programs or accounts met only inside protocol transactions. Transfers inside
 * protocol transactions (swaps, stakes) are trading, not transfers between people: they count for
 * neither funding nor loops, but the fee payer's action still counts as activity.
 *
 * Scores (0–1, 4 decimals) start at 0.4 when the threshold is met and add the factors listed with
 * each kind; confidence: low < 0.5 ≤ medium < 0.75 ≤ high.
 */
import { round4 } from './round.js';
import { NATIVE_SOL, type LedgerTransaction } from './wallet-graph.js';

export const RENT_EXEMPT_MIN_SOL = 0.00089088;
export const SHARED_FUNDER_MIN_WALLETS = 3;
export const SYNC_WINDOW_S = 60;
export const SYNC_MIN_WALLETS = 3;
export const SYNC_MIN_OCCASIONS = 3;
export const CYCLE_MIN_LENGTH = 2;
export const CYCLE_MAX_LENGTH = 4;
export const CYCLE_WINDOW_S = 3_600;
export const CYCLE_AMOUNT_RATIO = { min: 0.5, max: 2 } as const;
export const CYCLE_MIN_REPEATS = 2;
/** Evidence items listed per cluster (the counts are always complete). */
export const EVIDENCE_LIMIT = 10;
const BASE_SCORE = 0.4;

export type ClusterKind = 'shared_funder' | 'synchronized_activity' | 'circular_flow';

export interface ClusterFactor {
  name: string;
  value: number;
}

/** How a funding is known: the wallet's own complete history, or a batch that also funded a wallet known so. */
export type FundingBasis = 'own_history' | 'same_batch';

export interface FundingEvidence {
  wallet: string;
  signature: string;
  at: number;
  sol: number;
  basis: FundingBasis;
}

export interface OccasionEvidence {
  started_at: number;
  span_s: number;
  actions: { wallet: string; signature: string; at: number }[];
}

export interface LoopEvidence {
  asset: string;
  /** Wallets in order, the first repeated at the end. */
  path: string[];
  transfers: { from: string; to: string; signature: string; at: number; amount: number }[];
  duration_s: number;
  /** Last hop's amount over the first hop's. */
  returned_share: number;
}

interface ClusterBase {
  kind: ClusterKind;
  members: string[];
  score: number;
  confidence: 'low' | 'medium' | 'high';
  factors: ClusterFactor[];
}

export interface SharedFunderCluster extends ClusterBase {
  kind: 'shared_funder';
  funder: string;
  evidence: FundingEvidence[];
}

export interface SynchronizedCluster extends ClusterBase {
  kind: 'synchronized_activity';
  occasions: number;
  evidence: OccasionEvidence[];
}

export interface CircularFlowCluster extends ClusterBase {
  kind: 'circular_flow';
  loops: number;
  evidence: LoopEvidence[];
}

export type WalletCluster = SharedFunderCluster | SynchronizedCluster | CircularFlowCluster;

export interface ClusterInput {
  /** Successful transactions, once each. */
  ledger: readonly LedgerTransaction[];
  /** Wallets that may be members or funders (graph wallets; never entities, programs or protocol accounts). */
  candidates: ReadonlySet<string>;
  /** Whose own history was read, and whether completely (back to its first transaction). */
  coverage?: ReadonlyMap<string, 'complete' | 'partial'>;
}

const byAddress = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function scored(factors: ClusterFactor[]): { score: number; confidence: ClusterBase['confidence']; factors: ClusterFactor[] } {
  const all = [{ name: 'threshold_met', value: BASE_SCORE }, ...factors.map((f) => ({ name: f.name, value: round4(f.value) }))];
  const score = round4(Math.min(1, all.reduce((s, f) => s + f.value, 0)));
  return { score, confidence: score < 0.5 ? 'low' : score < 0.75 ? 'medium' : 'high', factors: all };
}

/** All clusters: shared funders, then synchronized groups, then loops; each list in a stable order. */
export function detectClusters(input: ClusterInput): WalletCluster[] {
  return [...sharedFunderClusters(input), ...synchronizedClusters(input), ...circularFlowClusters(input)];
}

// ---------------------------------------------------------------- shared funder

export function sharedFunderClusters(input: ClusterInput): SharedFunderCluster[] {
  const isFunding = (tx: LedgerTransaction, t: LedgerTransaction['transfers'][number]) =>
    tx.protocols.length === 0 && t.asset === NATIVE_SOL && t.amount >= RENT_EXEMPT_MIN_SOL && t.from !== t.to && input.candidates.has(t.to);
  const first = new Map<string, { tx: LedgerTransaction; from: string; sol: number; basis: FundingBasis }>();
  // 1. Wallets whose whole history was read: their earliest incoming SOL is their first funding.
  for (const tx of input.ledger) {
    for (const t of tx.transfers) {
      if (!isFunding(tx, t) || input.coverage?.get(t.to) !== 'complete' || first.has(t.to)) continue;
      // The ledger is oldest first, so the first transfer met is the earliest.
      first.set(t.to, { tx, from: t.from, sol: t.amount, basis: 'own_history' });
    }
  }
  // 2. Wallets paid by the same funder in that same transaction (a batch funding) were funded with it.
  for (const known of [...first.values()]) {
    for (const t of known.tx.transfers) {
      if (t.from === known.from && isFunding(known.tx, t) && !first.has(t.to)) first.set(t.to, { tx: known.tx, from: t.from, sol: t.amount, basis: 'same_batch' });
    }
  }
  const byFunder = new Map<string, FundingEvidence[]>();
  for (const [wallet, f] of first) {
    // An entity (exchange, bridge) funding wallets says nothing: only a candidate wallet can be a shared funder.
    if (!input.candidates.has(f.from)) continue;
    const list = byFunder.get(f.from) ?? [];
    list.push({ wallet, signature: f.tx.signature, at: f.tx.timestamp, sol: round4(f.sol), basis: f.basis });
    byFunder.set(f.from, list);
  }
  const clusters: SharedFunderCluster[] = [];
  for (const [funder, evidence] of [...byFunder.entries()].sort(([a], [b]) => byAddress(a, b))) {
    if (evidence.length < SHARED_FUNDER_MIN_WALLETS) continue;
    evidence.sort((a, b) => a.at - b.at || byAddress(a.wallet, b.wallet));
    const span = evidence[evidence.length - 1]!.at - evidence[0]!.at;
    const amounts = evidence.map((e) => e.sol);
    const mid = median(amounts);
    const uniform = amounts.every((a) => Math.abs(a - mid) <= 0.1 * mid);
    clusters.push({
      kind: 'shared_funder',
      members: evidence.map((e) => e.wallet).sort(byAddress),
      funder,
      ...scored([
        { name: 'extra_wallets', value: Math.min(0.2, 0.05 * (evidence.length - SHARED_FUNDER_MIN_WALLETS)) },
        { name: 'funding_burst', value: span <= 3_600 ? 0.3 : span <= 86_400 ? 0.15 : 0 },
        { name: 'uniform_amounts', value: uniform ? 0.1 : 0 },
      ]),
      evidence: evidence.slice(0, EVIDENCE_LIMIT),
    });
  }
  return clusters;
}

// ---------------------------------------------------------------- synchronized activity

interface Action {
  wallet: string;
  signature: string;
  at: number;
}

/** Non-overlapping occasions on which ≥ SYNC_MIN_WALLETS distinct candidates acted within the window. */
export function findOccasions(input: ClusterInput): OccasionEvidence[] {
  const actions: Action[] = input.ledger
    .filter((tx) => input.candidates.has(tx.feePayer))
    .map((tx) => ({ wallet: tx.feePayer, signature: tx.signature, at: tx.timestamp }));
  const occasions: OccasionEvidence[] = [];
  let i = 0;
  while (i < actions.length) {
    const start = actions[i]!.at;
    let j = i;
    while (j + 1 < actions.length && actions[j + 1]!.at - start <= SYNC_WINDOW_S) j++;
    const group = actions.slice(i, j + 1);
    if (new Set(group.map((a) => a.wallet)).size >= SYNC_MIN_WALLETS) {
      occasions.push({ started_at: start, span_s: group[group.length - 1]!.at - start, actions: group });
      i = j + 1;
    } else i++;
  }
  return occasions;
}

export function synchronizedClusters(input: ClusterInput): SynchronizedCluster[] {
  const occasions = findOccasions(input);
  const walletsOf = occasions.map((o) => [...new Set(o.actions.map((a) => a.wallet))].sort(byAddress));
  const together = new Map<string, number>();
  for (const ws of walletsOf) for (let a = 0; a < ws.length; a++) for (let b = a + 1; b < ws.length; b++) {
    const key = `${ws[a]}|${ws[b]}`;
    together.set(key, (together.get(key) ?? 0) + 1);
  }
  // Linked groups: wallets that acted together on enough occasions (union-find over those pairs).
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  for (const [key, n] of together) {
    if (n < SYNC_MIN_OCCASIONS) continue;
    const [ra, rb] = key.split('|').map(find) as [string, string];
    const root = ra < rb ? ra : rb;
    parent.set(ra, root);
    parent.set(rb, root);
  }
  const groups = new Map<string, string[]>();
  for (const w of parent.keys()) groups.set(find(w), [...(groups.get(find(w)) ?? []), w]);
  const clusters: SynchronizedCluster[] = [];
  for (const members of [...groups.values()].map((g) => [...g].sort(byAddress)).sort((a, b) => byAddress(a[0]!, b[0]!))) {
    if (members.length < SYNC_MIN_WALLETS) continue;
    const set = new Set(members);
    const shared = occasions.filter((_, k) => walletsOf[k]!.filter((w) => set.has(w)).length >= SYNC_MIN_WALLETS);
    if (shared.length < SYNC_MIN_OCCASIONS) continue;
    const evidence = shared.map((o) => ({ ...o, actions: o.actions.filter((a) => set.has(a.wallet)) })).map((o) => ({ ...o, span_s: o.actions[o.actions.length - 1]!.at - o.actions[0]!.at, started_at: o.actions[0]!.at }));
    clusters.push({
      kind: 'synchronized_activity',
      members,
      occasions: shared.length,
      ...scored([
        { name: 'extra_occasions', value: Math.min(0.3, 0.1 * (shared.length - SYNC_MIN_OCCASIONS)) },
        { name: 'extra_wallets', value: Math.min(0.2, 0.05 * (members.length - SYNC_MIN_WALLETS)) },
        { name: 'tight_timing', value: median(evidence.map((o) => o.span_s)) <= 20 ? 0.1 : 0 },
      ]),
      evidence: evidence.slice(0, EVIDENCE_LIMIT),
    });
  }
  return clusters;
}

// ---------------------------------------------------------------- circular flow

interface Hop {
  id: string;
  from: string;
  to: string;
  asset: string;
  amount: number;
  signature: string;
  at: number;
}

/** Every loop instance (one per set of transfers), oldest first. */
export function findLoops(input: ClusterInput): LoopEvidence[] {
  const hops: Hop[] = [];
  for (const tx of input.ledger) {
    if (tx.protocols.length > 0) continue;
    tx.transfers.forEach((t, i) => {
      if (t.amount > 0 && t.from !== t.to && input.candidates.has(t.from) && input.candidates.has(t.to)) {
        hops.push({ id: `${tx.signature}:${i}`, from: t.from, to: t.to, asset: t.asset, amount: t.amount, signature: tx.signature, at: tx.timestamp });
      }
    });
  }
  const outgoing = new Map<string, Hop[]>();
  for (const h of hops) {
    const key = `${h.from}|${h.asset}`;
    outgoing.set(key, [...(outgoing.get(key) ?? []), h]);
  }
  const loops: LoopEvidence[] = [];
  const seen = new Set<string>();
  const extend = (path: Hop[]) => {
    const first = path[0]!;
    const last = path[path.length - 1]!;
    for (const next of outgoing.get(`${last.to}|${first.asset}`) ?? []) {
      if (next.at < last.at || next.at - first.at > CYCLE_WINDOW_S) continue;
      if (path.some((h) => h.signature === next.signature)) continue;
      const ratio = next.amount / first.amount;
      if (ratio < CYCLE_AMOUNT_RATIO.min || ratio > CYCLE_AMOUNT_RATIO.max) continue;
      const walk = [...path, next];
      if (next.to === first.from) {
        if (walk.length < CYCLE_MIN_LENGTH) continue;
        const key = walk.map((h) => h.id).sort().join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        loops.push({
          asset: first.asset,
          path: [...walk.map((h) => h.from), first.from],
          transfers: walk.map((h) => ({ from: h.from, to: h.to, signature: h.signature, at: h.at, amount: round4(h.amount) })),
          duration_s: next.at - first.at,
          returned_share: round4(next.amount / first.amount),
        });
        continue;
      }
      // A simple loop: no wallet twice before it closes, and no longer than the maximum.
      if (walk.length >= CYCLE_MAX_LENGTH || path.some((h) => h.from === next.to)) continue;
      extend(walk);
    }
  };
  for (const h of hops) extend([h]);
  return loops.sort((a, b) => a.transfers[0]!.at - b.transfers[0]!.at || byAddress(a.transfers[0]!.signature, b.transfers[0]!.signature));
}

export function circularFlowClusters(input: ClusterInput): CircularFlowCluster[] {
  const bySet = new Map<string, LoopEvidence[]>();
  for (const loop of findLoops(input)) {
    const key = [...new Set(loop.path)].sort(byAddress).join('|');
    bySet.set(key, [...(bySet.get(key) ?? []), loop]);
  }
  const clusters: CircularFlowCluster[] = [];
  for (const [key, loops] of [...bySet.entries()].sort(([a], [b]) => byAddress(a, b))) {
    // Repeats must be separate flows: a transfer belongs to one counted loop only.
    const used = new Set<string>();
    const distinct = loops.filter((l) => {
      const ids = l.transfers.map((t) => `${t.signature}:${t.from}:${t.to}`);
      if (ids.some((id) => used.has(id))) return false;
      ids.forEach((id) => used.add(id));
      return true;
    });
    if (distinct.length < CYCLE_MIN_REPEATS) continue;
    clusters.push({
      kind: 'circular_flow',
      members: key.split('|'),
      loops: distinct.length,
      ...scored([
        { name: 'extra_repeats', value: Math.min(0.3, 0.1 * (distinct.length - CYCLE_MIN_REPEATS)) },
        { name: 'full_return', value: median(distinct.map((l) => l.returned_share)) >= 0.9 ? 0.2 : 0 },
        { name: 'fast_loop', value: median(distinct.map((l) => l.duration_s)) <= 600 ? 0.1 : 0 },
      ]),
      evidence: distinct.slice(0, EVIDENCE_LIMIT),
    });
  }
  return clusters;
}
