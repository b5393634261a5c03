/**
 * Output schema (`data` fields) of wallet-graph. Units (/docs, "Units and conventions"): scores 0–1 with
 * 4 decimals, times ISO 8601 `*_at`, SOL and token amounts as UI numbers. Null means unknown.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const At = (description: string) => Type.String({ format: 'date-time', description });

const Entity = Nullable(Open({ name: Type.String(), kind: Type.String({ enum: ['cex', 'protocol', 'bridge', 'foundation'] }), tags: Type.Array(Type.String()), confidence: Type.String() }, 'Known-entity label, or null'));

const Node = Open({
  address: Type.String(),
  depth: Type.Integer({ minimum: 0, maximum: 2, description: '0 = the wallet asked about, 1 = its counterparties, 2 = counterparties of expanded neighbours' }),
  kind: Type.String({ enum: ['root', 'wallet', 'entity', 'via_protocol'], description: 'via_protocol = met only inside known-protocol transactions (pool, vault, marketplace side): never expanded, never a cluster member' }),
  entity: Entity,
  expanded: Type.Boolean({ description: 'Its own history was read' }),
  interactions: Type.Integer({ description: 'Sum of the interactions of its listed edges' }),
  first_seen_at: Nullable(At('Earliest interaction on a listed edge')),
  last_seen_at: Nullable(At('Latest interaction on a listed edge')),
});

const Edge = Open({
  source: Type.String({ description: 'The end whose history showed the edge (the root or an expanded neighbour)' }),
  target: Type.String(),
  interactions: Type.Integer({ description: 'Distinct transactions in which both moved value' }),
  direction: Type.String({ enum: ['out', 'in', 'both', 'none'], description: 'Value direction seen from source; none = only paid in the same transactions' }),
  sol_sent: Type.Number({ description: 'SOL transferred source → target' }),
  sol_received: Type.Number({ description: 'SOL transferred target → source' }),
  tokens: Type.Array(Open({ mint: Type.String(), sent: Type.Number(), received: Type.Number() }), { description: 'Token amounts (UI units) moved directly, by mint' }),
  via_protocols: Type.Array(Type.String(), { description: 'Known protocols of the transactions behind the edge' }),
  first_seen_at: At('First interaction'),
  last_seen_at: At('Last interaction'),
});

const Factor = Open({ name: Type.String(), value: Type.Number({ description: 'Contribution to the score' }) });

const Cluster = Open({
  id: Type.String({ description: 'Stable within one answer: <kind>-<n>' }),
  kind: Type.String({ enum: ['shared_funder', 'synchronized_activity', 'circular_flow'] }),
  members: Type.Array(Type.String(), { description: 'Wallets in the cluster (never known entities)' }),
  includes_root: Type.Boolean(),
  score: Type.Number({ minimum: 0, maximum: 1, description: '0.4 at the threshold plus the factors, capped at 1 (4 decimals)' }),
  confidence: Type.String({ enum: ['low', 'medium', 'high'], description: 'low < 0.5 ≤ medium < 0.75 ≤ high' }),
  factors: Type.Array(Factor),
  funder: Type.Optional(Type.String({ description: 'shared_funder: the wallet that first funded every member' })),
  occasions: Type.Optional(Type.Integer({ description: 'synchronized_activity: occasions on which ≥ 3 members acted within 60 s' })),
  loops: Type.Optional(Type.Integer({ description: 'circular_flow: separate loops found' })),
  evidence: Type.Array(Open({}), {
    description: 'shared_funder: {wallet, signature, at, sol, basis: own_history | same_batch}; synchronized_activity: {started_at, span_s, actions:[{wallet, signature, at}]}; ' +
      'circular_flow: {asset, path, transfers:[{from, to, signature, at, amount}], duration_s, returned_share}. At most 10 items.',
  }),
});

export const WalletGraphSchema = Open({
  address: Type.String(),
  depth: Type.Integer({ minimum: 1, maximum: 2 }),
  min_interactions: Type.Number(),
  entity: Entity,
  summary: Open({
    nodes: Type.Integer(),
    edges: Type.Integer(),
    clusters: Type.Integer(),
    suspicious: Type.Boolean({ description: 'At least one cluster includes the wallet asked about' }),
    root_cluster_kinds: Type.Array(Type.String()),
    wallets_in_clusters: Type.Integer(),
  }),
  nodes: Type.Array(Node, { description: 'Strongest first within each depth; at most 150' }),
  edges: Type.Array(Edge, { description: 'Edges with at least min_interactions interactions; at most 300' }),
  omitted: Open({ nodes: Type.Integer(), edges: Type.Integer() }, 'Left out by the size bounds'),
  clusters: Type.Array(Cluster, { description: 'Suspicious clusters, each with its evidence; detection reads every observed transfer, whatever min_interactions' }),
  expansion: Open({
    limit: Type.Integer({ description: 'Neighbours expanded at most (depth 2)' }),
    expanded: Type.Array(Type.String()),
    not_expanded: Type.Array(Type.String({ description: 'Eligible neighbours beyond the limit' })),
    failed: Type.Array(Open({ address: Type.String(), reason: Type.String() })),
  }, 'Depth 2: which depth-1 wallets had their own history read (entities and protocol accounts never are)'),
  coverage: Open({
    root_transactions: Type.Integer({ description: 'Transactions read from the wallet\'s own history' }),
    root_history_complete: Type.Boolean({ description: 'True when the read reached the wallet\'s first transaction' }),
    transactions_analyzed: Type.Integer({ description: 'Distinct successful transactions across every history read' }),
    upstream_requests_max: Type.Integer({ description: 'The documented request budget of this depth (healthy upstream)' }),
  }),
  thresholds: Open({}, 'The detection thresholds applied (see docs/wallet-graph.md)'),
}, 'Wallet graph');
