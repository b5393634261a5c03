/**
 * Wallet clusters among smart-money-flow's winners (`include_graph`): the wallet-cluster analytics
 * (src/analytics/wallet-clusters.ts: shared funder, synchronized activity, circular flow) run over the
 * winners' own transactions in the lookback — the histories already read for their trades, so no extra
 * upstream request; the latency is the graph build and detection (reported as the `clusters` timing).
 *
 * Candidates (who may be a member) are the winners and every plain wallet they moved value with directly
 * (wallet-graph's notion: never programs, known entities, or accounts met only inside protocol
 * transactions such as pools). A funder or a go-between outside the seed list is thus found with them.
 * Only clusters with at least one winner are answered; `winners` lists the members that are winners —
 * two or more in one cluster means those "independent" winners are likely one operator.
 *
 * Limit: a shared funder is known only from a wallet's complete history (its first funding); the
 * lookback window is not that, so `shared_funder` clusters are left to wallet-graph on a member.
 */
import { protocolsOf, type LedgerTransaction } from '../../../analytics/wallet-graph.js';
import * as detection from '../../../analytics/wallet-clusters.js';
import type { HandlerContext } from '../../../registry/types.js';
import type { EnhancedTransaction } from '../../../sources/wire/helius.js';
import { addressClassifier, toGraphTransaction } from '../../shared/wallet-graph-histories.js';

/** Evidence items answered per cluster (the counts are always complete). */
const CLUSTER_EVIDENCE_LISTED = 5;

const iso = (unix: number) => new Date(unix * 1000).toISOString();

export interface ClusterRun {
  clusters: PresentedCluster[];
  candidates: number;
  transactionsAnalyzed: number;
}

/** Clusters with at least one of `winners` among the winners' histories (each: the transactions read for it). */
export function winnerClusters(ctx: HandlerContext, winners: readonly { address: string; transactions: readonly EnhancedTransaction[] }[]): ClusterRun {
  const classify = addressClassifier(ctx);
  const isWallet = (a: string) => classify(a).kind === 'wallet';
  const winnerSet = new Set(winners.map((w) => w.address));
  // Every successful transaction once (histories overlap: a transfer between two winners is in both).
  const ledger = new Map<string, LedgerTransaction>();
  for (const w of winners) {
    for (const tx of w.transactions) {
      if (ledger.has(tx.signature)) continue;
      const g = toGraphTransaction(tx);
      if (g.success) ledger.set(g.signature, { ...g, protocols: protocolsOf(g.programIds) });
    }
  }
  const ordered = [...ledger.values()].sort((a, b) => a.timestamp - b.timestamp || (a.signature < b.signature ? -1 : a.signature > b.signature ? 1 : 0));
  // Candidates: the winners, and the wallets on either side of a plain transfer (not inside a protocol
  // transaction, where the protocol chose the account) — wallet-graph's `wallet` nodes.
  const candidates = new Set([...winnerSet].filter(isWallet));
  for (const tx of ordered) {
    if (tx.protocols.length > 0) continue;
    for (const t of tx.transfers) for (const a of [t.from, t.to]) if (a && !candidates.has(a) && isWallet(a)) candidates.add(a);
  }
  const found = detection.detectClusters({ ledger: ordered, candidates }).filter((c) => c.members.some((m) => winnerSet.has(m)));
  const seen = new Map<string, number>();
  const clusters = found.map((c) => {
    const n = (seen.get(c.kind) ?? 0) + 1;
    seen.set(c.kind, n);
    return present(c, winnerSet, n);
  });
  return { clusters, candidates: candidates.size, transactionsAnalyzed: ordered.length };
}

export type PresentedCluster = ReturnType<typeof present>;

function present(c: detection.WalletCluster, winners: ReadonlySet<string>, n: number) {
  const base = {
    id: `${c.kind}-${n}`,
    kind: c.kind,
    members: c.members,
    winners: c.members.filter((m) => winners.has(m)),
    other_members: c.members.filter((m) => !winners.has(m)),
    score: c.score,
    confidence: c.confidence,
    factors: c.factors,
  };
  switch (c.kind) {
    case 'shared_funder':
      return { ...base, funder: c.funder, evidence: c.evidence.slice(0, CLUSTER_EVIDENCE_LISTED).map(({ at, ...e }) => ({ ...e, at: iso(at) })) };
    case 'synchronized_activity':
      return { ...base, occasions: c.occasions, evidence: c.evidence.slice(0, CLUSTER_EVIDENCE_LISTED).map((o) => ({ started_at: iso(o.started_at), span_s: o.span_s, actions: o.actions.map((a) => ({ ...a, at: iso(a.at) })) })) };
    case 'circular_flow':
      return { ...base, loops: c.loops, evidence: c.evidence.slice(0, CLUSTER_EVIDENCE_LISTED).map((l) => ({ ...l, transfers: l.transfers.map((t) => ({ ...t, at: iso(t.at) })) })) };
  }
}
