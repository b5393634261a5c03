/**
 * The transaction graph around a wallet (pure): nodes are the addresses that moved value with the root
 * wallet (depth 1) or with one of its expanded neighbours (depth 2); edges are the interactions seen in
 * the fetched histories.
 *
 * Rules (the same counterparty notion as `connections.ts`, so the graph agrees with `connected_wallets`):
 *  - a counterparty is any account on either side of a transfer in one of the wallet's successful
 *    transactions; programs and the wallet itself never are. An edge's `interactions` counts distinct
 *    transactions (a transaction seen in both endpoints' histories counts once: real histories overlap);
 *  - value moved (SOL and tokens, by direction) counts only transfers directly between the two ends;
 *    two accounts paid in the same transaction (a batch payment) are connected with direction `none`;
 *  - an account met only inside transactions of a known protocol (a DEX pool, a stake account, a
 *    marketplace escrow — any known non-infrastructure program) is a `via_protocol` node: listed, never
 *    expanded, never a cluster member, because the protocol chose it, not the wallet;
 *  - known entities (exchanges, bridges, protocols, foundations) are labelled `entity` nodes: never
 *    expanded (an exchange's history is everyone's) and never cluster members or funders;
 *  - `min_interactions` filters edges; a node stays when a kept edge links it to the root (depth 1) or to
 *    an expanded neighbour (depth 2). The answer is bounded (MAX_NODES, MAX_EDGES; strongest first).
 */
import type { EntityLabel } from './entities.js';
import { knownProgram } from './known-programs.js';
import { round4 } from './round.js';

/** The asset name of native SOL transfers (token transfers use their mint). */
export const NATIVE_SOL = 'SOL';
export const MAX_NODES = 150;
export const MAX_EDGES = 300;

/** One value movement: `amount` is in SOL for native transfers, UI units for tokens. */
export interface GraphTransfer {
  from: string;
  to: string;
  asset: string;
  amount: number;
}

/** One transaction of a fetched history, provider-neutral. */
export interface GraphTransaction {
  signature: string;
  /** Unix seconds. */
  timestamp: number;
  feePayer: string;
  programIds: string[];
  success: boolean;
  transfers: GraphTransfer[];
}

/** A wallet's fetched history; `complete` = it reaches the wallet's first transaction (not cut by the page cap). */
export interface FetchedHistory {
  address: string;
  transactions: readonly GraphTransaction[];
  complete: boolean;
}

export type AddressClass = { kind: 'program' } | { kind: 'entity'; label: EntityLabel } | { kind: 'wallet' };
export type NodeKind = 'root' | 'wallet' | 'entity' | 'via_protocol';
export type EdgeDirection = 'out' | 'in' | 'both' | 'none';

export interface GraphNode {
  address: string;
  depth: 0 | 1 | 2;
  kind: NodeKind;
  entity: EntityLabel | null;
  /** Its own history was read (the root, and depth-1 neighbours expanded at depth 2). */
  expanded: boolean;
  /** Sum of the interactions of its kept edges. */
  interactions: number;
  first_at: number;
  last_at: number;
}

export interface GraphEdge {
  /** The end whose history showed the edge first (the root, or the expanded neighbour). */
  source: string;
  target: string;
  interactions: number;
  /** Value direction seen from `source`; `none` = only paid in the same transactions (no direct transfer). */
  direction: EdgeDirection;
  sol_sent: number;
  sol_received: number;
  tokens: { mint: string; sent: number; received: number }[];
  /** Known protocols of the transactions behind the edge (empty = plain transfers). */
  via_protocols: string[];
  first_at: number;
  last_at: number;
}

/** A successful transaction, once, with the known protocols it invoked. */
export interface LedgerTransaction extends GraphTransaction {
  protocols: string[];
}

export interface WalletGraph {
  root: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  omitted: { nodes: number; edges: number };
  /** Every observed node before filtering and bounding (cluster detection reads all of them). */
  allNodes: ReadonlyMap<string, GraphNode>;
  /** Every successful transaction of the fetched histories, once (by signature), oldest first. */
  ledger: LedgerTransaction[];
}

export interface GraphOptions {
  minInteractions: number;
  maxNodes?: number;
  maxEdges?: number;
}

interface EdgeAcc {
  source: string;
  target: string;
  signatures: Set<string>;
  solSent: number;
  solReceived: number;
  tokens: Map<string, { sent: number; received: number }>;
  protocols: Set<string>;
  first: number;
  last: number;
}

interface NodeAcc {
  address: string;
  depth: 1 | 2;
  direct: boolean;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const byAddress = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Names of the known protocols (non-infrastructure programs) a transaction invoked. */
export function protocolsOf(programIds: readonly string[]): string[] {
  const names = new Set<string>();
  for (const id of programIds) {
    const p = knownProgram(id);
    if (p && !p.infrastructure) names.add(p.protocol);
  }
  return [...names].sort();
}

function partiesOf(tx: GraphTransaction, self: string, isProgram: (a: string) => boolean): string[] {
  const out = new Set<string>();
  for (const t of tx.transfers) for (const a of [t.from, t.to]) if (a && a !== self && !isProgram(a)) out.add(a);
  return [...out];
}

/**
 * Builds the graph from the root's history (first) and the expanded neighbours' histories. `classify`
 * says what an address is (program, known entity, or a wallet).
 */
export function buildWalletGraph(root: string, histories: readonly FetchedHistory[], classify: (address: string) => AddressClass, options: GraphOptions): WalletGraph {
  const classes = new Map<string, AddressClass>();
  const classOf = (a: string) => {
    let c = classes.get(a);
    if (!c) classes.set(a, (c = classify(a)));
    return c;
  };
  const isProgram = (a: string) => classOf(a).kind === 'program';
  const expanded = new Set(histories.map((h) => h.address).filter((a) => a !== root));
  const ledger = new Map<string, LedgerTransaction>();
  const edges = new Map<string, EdgeAcc>();
  const nodes = new Map<string, NodeAcc>();

  for (const history of histories) {
    const owner = history.address;
    const depth = owner === root ? 1 : 2;
    for (const tx of history.transactions) {
      if (!tx.success) continue;
      let entry = ledger.get(tx.signature);
      if (!entry) ledger.set(tx.signature, (entry = { ...tx, protocols: protocolsOf(tx.programIds) }));
      for (const party of partiesOf(tx, owner, isProgram)) {
        if (party !== root) {
          const node = nodes.get(party) ?? { address: party, depth, direct: false };
          if (entry.protocols.length === 0) node.direct = true;
          nodes.set(party, node);
        }
        addInteraction(edges, owner, party, entry);
      }
    }
  }

  const allNodes = new Map<string, GraphNode>();
  allNodes.set(root, { address: root, depth: 0, kind: 'root', entity: entityOf(classOf(root)), expanded: true, interactions: 0, first_at: 0, last_at: 0 });
  for (const n of nodes.values()) {
    const cls = classOf(n.address);
    const kind: NodeKind = cls.kind === 'entity' ? 'entity' : n.direct ? 'wallet' : 'via_protocol';
    allNodes.set(n.address, { address: n.address, depth: n.depth, kind, entity: entityOf(cls), expanded: expanded.has(n.address), interactions: 0, first_at: 0, last_at: 0 });
  }

  const bounded = filterAndBound(root, allNodes, [...edges.values()], options);
  return { root, ...bounded, allNodes, ledger: [...ledger.values()].sort((a, b) => a.timestamp - b.timestamp || byAddress(a.signature, b.signature)) };
}

function entityOf(cls: AddressClass): EntityLabel | null {
  return cls.kind === 'entity' ? cls.label : null;
}

function addInteraction(edges: Map<string, EdgeAcc>, owner: string, party: string, tx: LedgerTransaction): void {
  const key = pairKey(owner, party);
  let e = edges.get(key);
  if (!e) {
    e = { source: owner, target: party, signatures: new Set(), solSent: 0, solReceived: 0, tokens: new Map(), protocols: new Set(), first: tx.timestamp, last: tx.timestamp };
    edges.set(key, e);
  }
  // The same transaction read from the other end's history is one interaction, not two.
  if (e.signatures.has(tx.signature)) return;
  e.signatures.add(tx.signature);
  e.first = Math.min(e.first, tx.timestamp);
  e.last = Math.max(e.last, tx.timestamp);
  for (const p of tx.protocols) e.protocols.add(p);
  for (const t of tx.transfers) {
    const sent = t.from === e.source && t.to === e.target;
    const received = t.from === e.target && t.to === e.source;
    if (!sent && !received) continue;
    if (t.asset === NATIVE_SOL) {
      if (sent) e.solSent += t.amount;
      else e.solReceived += t.amount;
    } else {
      const m = e.tokens.get(t.asset) ?? { sent: 0, received: 0 };
      if (sent) m.sent += t.amount;
      else m.received += t.amount;
      e.tokens.set(t.asset, m);
    }
  }
}

function toEdge(e: EdgeAcc): GraphEdge {
  const tokenSent = [...e.tokens.values()].some((m) => m.sent > 0);
  const tokenReceived = [...e.tokens.values()].some((m) => m.received > 0);
  const out = e.solSent > 0 || tokenSent;
  const inn = e.solReceived > 0 || tokenReceived;
  return {
    source: e.source,
    target: e.target,
    interactions: e.signatures.size,
    direction: out && inn ? 'both' : out ? 'out' : inn ? 'in' : 'none',
    sol_sent: round4(e.solSent),
    sol_received: round4(e.solReceived),
    tokens: [...e.tokens.entries()].sort(([a], [b]) => byAddress(a, b)).map(([mint, m]) => ({ mint, sent: round4(m.sent), received: round4(m.received) })),
    via_protocols: [...e.protocols].sort(),
    first_at: e.first,
    last_at: e.last,
  };
}

function filterAndBound(root: string, allNodes: Map<string, GraphNode>, accs: EdgeAcc[], options: GraphOptions): Pick<WalletGraph, 'nodes' | 'edges' | 'omitted'> {
  const kept = accs.map(toEdge).filter((e) => e.interactions >= options.minInteractions);
  // Depth by kept edges: a neighbour the root no longer reaches (filtered edge) is not depth 1.
  const depth1 = new Set<string>();
  for (const e of kept) if (e.source === root || e.target === root) depth1.add(e.source === root ? e.target : e.source);
  const depth2 = new Set<string>();
  for (const e of kept) {
    for (const [from, to] of [[e.source, e.target], [e.target, e.source]] as const) {
      if (depth1.has(from) && allNodes.get(from)!.expanded && to !== root && !depth1.has(to)) depth2.add(to);
    }
  }
  const inGraph = (a: string) => a === root || depth1.has(a) || depth2.has(a);
  const edges = kept.filter((e) => inGraph(e.source) && inGraph(e.target));
  const stats = new Map<string, { interactions: number; first: number; last: number }>();
  for (const e of edges) {
    for (const a of [e.source, e.target]) {
      const s = stats.get(a) ?? { interactions: 0, first: e.first_at, last: e.last_at };
      s.interactions += e.interactions;
      s.first = Math.min(s.first, e.first_at);
      s.last = Math.max(s.last, e.last_at);
      stats.set(a, s);
    }
  }
  const nodes: GraphNode[] = [];
  for (const a of [root, ...depth1, ...depth2]) {
    const base = allNodes.get(a)!;
    const s = stats.get(a);
    const depth = a === root ? 0 : depth1.has(a) ? 1 : 2;
    const node: GraphNode = { ...base, depth, interactions: s?.interactions ?? 0, first_at: s?.first ?? 0, last_at: s?.last ?? 0 };
    allNodes.set(a, node);
    nodes.push(node);
  }
  nodes.sort((a, b) => a.depth - b.depth || b.interactions - a.interactions || byAddress(a.address, b.address));
  const maxNodes = options.maxNodes ?? MAX_NODES;
  const shownNodes = nodes.slice(0, maxNodes);
  const shown = new Set(shownNodes.map((n) => n.address));
  const linking = edges
    .filter((e) => shown.has(e.source) && shown.has(e.target))
    .sort((a, b) => b.interactions - a.interactions || byAddress(a.source, b.source) || byAddress(a.target, b.target));
  const maxEdges = options.maxEdges ?? MAX_EDGES;
  const shownEdges = linking.slice(0, maxEdges);
  return { nodes: shownNodes, edges: shownEdges, omitted: { nodes: nodes.length - shownNodes.length, edges: edges.length - shownEdges.length } };
}

/**
 * Depth-1 neighbours worth expanding, strongest first: wallets (not entities, not protocol accounts)
 * with at least `minInteractions` interactions with the root; ties by SOL moved, then address.
 */
export function expansionCandidates(graph: WalletGraph, minInteractions: number): string[] {
  const strength = new Map<string, { interactions: number; sol: number }>();
  for (const e of graph.edges) {
    if (e.source !== graph.root && e.target !== graph.root) continue;
    const other = e.source === graph.root ? e.target : e.source;
    strength.set(other, { interactions: e.interactions, sol: e.sol_sent + e.sol_received });
  }
  return [...graph.allNodes.values()]
    .filter((n) => n.depth === 1 && n.kind === 'wallet' && (strength.get(n.address)?.interactions ?? 0) >= minInteractions)
    .sort((a, b) => {
      const sa = strength.get(a.address)!;
      const sb = strength.get(b.address)!;
      return sb.interactions - sa.interactions || sb.sol - sa.sol || byAddress(a.address, b.address);
    })
    .map((n) => n.address);
}
