import { Type } from '@sinclair/typebox';
import { defineEndpoint, type Caveat, type HandlerContext, type HandlerResult, type NextStep } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { buildWalletGraph, expansionCandidates, type FetchedHistory, type WalletGraph } from '../../analytics/wallet-graph.js';
import * as detection from '../../analytics/wallet-clusters.js';
import { gatherLegs, legTimings, required } from '../shared/legs.js';
import { EXPAND_LIMIT, ROOT_PAGES, addressClassifier, expandNeighbours, readHistory, type Expansion } from '../shared/wallet-graph-histories.js';
import { WalletGraphSchema } from './wallet-graph/schema.js';
import { walletGraphBriefing } from './wallet-graph/briefing.js';

const iso = (unix: number) => new Date(unix * 1000).toISOString();

async function walletGraph(input: { address: string; depth: number; min_interactions: number }, ctx: HandlerContext): Promise<HandlerResult> {
  const { address, depth, min_interactions: minInteractions } = input;
  const classify = addressClassifier(ctx);
  const legs = await gatherLegs({ root_history: () => readHistory(address, ROOT_PAGES, ctx) });
  const rootHistory = required(legs.root_history);
  const caveats: Caveat[] = [];
  if (!rootHistory.complete) {
    caveats.push({ code: 'history_partial', message: `The wallet has more than ${rootHistory.transactions.length} transactions; the graph covers the most recent ${rootHistory.transactions.length}.` });
  }

  let histories: FetchedHistory[] = [rootHistory];
  let expansion: { candidates: string[]; result: Expansion } | null = null;
  const started = performance.now();
  if (depth === 2) {
    const candidates = expansionCandidates(buildWalletGraph(address, histories, classify, { minInteractions }), minInteractions);
    const result = await expandNeighbours(candidates.slice(0, EXPAND_LIMIT), ctx);
    expansion = { candidates, result };
    histories = [rootHistory, ...result.histories];
    if (result.failed.length > 0) {
      caveats.push({ code: 'leg_degraded', leg: 'wallet_assets', message: `Histories of ${result.failed.length} neighbour(s) could not be read (${result.failed.map((f) => f.address).join(', ')}); their own connections are missing from depth 2.` });
    }
    if (candidates.length > EXPAND_LIMIT) {
      caveats.push({ code: 'expansion_capped', message: `Only the ${EXPAND_LIMIT} strongest of ${candidates.length} neighbours were expanded (listed in expansion.not_expanded).` });
    }
  }
  const expansionMs = performance.now() - started;

  const graph = buildWalletGraph(address, histories, classify, { minInteractions });
  const coverage = new Map(histories.map((h) => [h.address, h.complete ? 'complete' as const : 'partial' as const]));
  const candidates = new Set([...graph.allNodes.values()].filter((n) => n.kind === 'wallet' || (n.kind === 'root' && n.entity === null)).map((n) => n.address));
  const clusters = detection.detectClusters({ ledger: graph.ledger, candidates, coverage }).map((c, i, all) => present(c, address, all.slice(0, i).filter((x) => x.kind === c.kind).length + 1));
  const rootKinds = [...new Set(clusters.filter((c) => c.includes_root).map((c) => c.kind))];

  const data = {
    address,
    depth,
    min_interactions: minInteractions,
    entity: graph.allNodes.get(address)?.entity ?? null,
    summary: {
      nodes: graph.nodes.length,
      edges: graph.edges.length,
      clusters: clusters.length,
      suspicious: rootKinds.length > 0,
      root_cluster_kinds: rootKinds,
      wallets_in_clusters: new Set(clusters.flatMap((c) => c.members)).size,
    },
    nodes: graph.nodes.map((n) => ({
      address: n.address, depth: n.depth, kind: n.kind, entity: n.entity, expanded: n.expanded, interactions: n.interactions,
      first_seen_at: n.interactions > 0 ? iso(n.first_at) : null, last_seen_at: n.interactions > 0 ? iso(n.last_at) : null,
    })),
    edges: graph.edges.map(({ first_at, last_at, ...e }) => ({ ...e, first_seen_at: iso(first_at), last_seen_at: iso(last_at) })),
    omitted: graph.omitted,
    clusters,
    expansion: {
      limit: depth === 2 ? EXPAND_LIMIT : 0,
      expanded: expansion?.result.histories.map((h) => h.address) ?? [],
      not_expanded: expansion?.candidates.slice(EXPAND_LIMIT) ?? [],
      failed: expansion?.result.failed ?? [],
    },
    coverage: {
      root_transactions: rootHistory.transactions.length,
      root_history_complete: rootHistory.complete,
      transactions_analyzed: graph.ledger.length,
      upstream_requests_max: ROOT_PAGES + (depth === 2 ? EXPAND_LIMIT : 0),
    },
    thresholds: {
      shared_funder_min_wallets: detection.SHARED_FUNDER_MIN_WALLETS,
      funding_min_sol: detection.RENT_EXEMPT_MIN_SOL,
      sync_window_s: detection.SYNC_WINDOW_S,
      sync_min_wallets: detection.SYNC_MIN_WALLETS,
      sync_min_occasions: detection.SYNC_MIN_OCCASIONS,
      loop_length: [detection.CYCLE_MIN_LENGTH, detection.CYCLE_MAX_LENGTH],
      loop_window_s: detection.CYCLE_WINDOW_S,
      loop_amount_ratio: [detection.CYCLE_AMOUNT_RATIO.min, detection.CYCLE_AMOUNT_RATIO.max],
      loop_min_repeats: detection.CYCLE_MIN_REPEATS,
    },
  };
  return { data, caveats, next_steps: nextSteps(input, graph, clusters), timings: { ...legTimings(legs), ...(depth === 2 ? { neighbours: Math.round(expansionMs * 10) / 10 } : {}) } };
}

type PresentedCluster = ReturnType<typeof present>;

/** A detected cluster as answered: an id, whether the root is in it, ISO times in the evidence. */
function present(c: detection.WalletCluster, root: string, n: number) {
  const base = { id: `${c.kind}-${n}`, kind: c.kind, members: c.members, includes_root: c.members.includes(root), score: c.score, confidence: c.confidence, factors: c.factors };
  switch (c.kind) {
    case 'shared_funder':
      return { ...base, funder: c.funder, evidence: c.evidence.map(({ at, ...e }) => ({ ...e, at: iso(at) })) };
    case 'synchronized_activity':
      return { ...base, occasions: c.occasions, evidence: c.evidence.map((o) => ({ started_at: iso(o.started_at), span_s: o.span_s, actions: o.actions.map((a) => ({ ...a, at: iso(a.at) })) })) };
    case 'circular_flow':
      return { ...base, loops: c.loops, evidence: c.evidence.map((l) => ({ ...l, transfers: l.transfers.map((t) => ({ ...t, at: iso(t.at) })) })) };
  }
}

function nextSteps(input: { address: string; depth: number }, graph: WalletGraph, clusters: PresentedCluster[]): NextStep[] {
  const steps: NextStep[] = [];
  const strongest = [...clusters].sort((a, b) => b.score - a.score)[0];
  const peers = strongest ? strongest.members.filter((m) => m !== input.address) : [];
  if (peers[0]) steps.push({ endpoint: 'enrich-wallet-full', input: { address: peers[0] }, reason: `Full profile of a member of the ${strongest!.kind} cluster` });
  if (peers.length > 0) steps.push({ endpoint: 'compare-wallets', input: { addresses: [input.address, ...peers.slice(0, 2)] }, reason: 'Side by side with its cluster peers' });
  if (input.depth === 1 && graph.nodes.some((n) => n.depth === 1 && n.kind === 'wallet')) {
    steps.push({ endpoint: 'wallet-graph', input: { address: input.address, depth: 2 }, reason: 'Expand the strongest neighbours: their connections, and clusters only visible from their histories' });
  }
  steps.push({ endpoint: 'enrich-wallet-full', input: { address: input.address }, reason: 'Risk score, holdings and behaviour of this wallet' });
  return steps;
}

export default defineEndpoint({
  key: 'wallet-graph',
  family: 'intelligence',
  price: '0.010',
  summary: 'Transaction graph of a wallet at depth 1 or 2 with suspicious-cluster detection',
  description:
    'The wallet\'s transaction connections at depth 1 (direct counterparties) or 2 (their counterparties too), ' +
    'keeping only edges with at least min_interactions interactions, with known-entity tags and detection of ' +
    'suspicious wallet clusters (shared funder, synchronized activity, circular flows), each with its evidence. ' +
    'Depth 2 expands at most the 8 strongest non-entity neighbours (at most 10 upstream requests).',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      depth: withDefault(Type.Integer({ minimum: 1, maximum: 2, description: 'Graph depth: 1 or 2 (a whole number: no other depth exists)' }), 1),
      min_interactions: withDefault(Type.Number({ minimum: 1, description: 'Minimum interactions for an edge' }), 1),
    },
    { additionalProperties: false },
  ),
  output: WalletGraphSchema,
  cacheTtlSeconds: 300,
  example: { address: 'HM69CRZccmFQkViU2XbGqs2vza3vpd2jcyPAbiAacRFG', depth: 1, min_interactions: 1 },
  // Ajv fills the defaults in before the handler runs; the fallbacks only satisfy the optional static type.
  handler: (input, ctx) => walletGraph({ address: input.address, depth: input.depth ?? 1, min_interactions: input.min_interactions ?? 1 }, ctx),
  briefing: walletGraphBriefing,
});
