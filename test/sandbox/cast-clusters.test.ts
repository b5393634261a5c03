/**
 * The sybil-ring cast (src/sandbox/world/cast-clusters.ts), for two seeds and at moments spread over
 * more than one ring life: the entry wallet's history is complete and starts with the batch funding,
 * every round happens within a minute, and the graph analytics run over the world's own histories find
 * all three cluster kinds from the entry wallet alone (depth 1) and the 4-wallet loop once the
 * neighbours are read (depth 2) — while ordinary cast wallets show none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEntityDirectory } from '../../src/analytics/entities.js';
import { knownProgram } from '../../src/analytics/known-programs.js';
import { detectClusters, type WalletCluster } from '../../src/analytics/wallet-clusters.js';
import { NATIVE_SOL, buildWalletGraph, expansionCandidates, type AddressClass, type FetchedHistory, type GraphTransaction } from '../../src/analytics/wallet-graph.js';
import { CAST_ADDRESS as A, RISKY_PROGRAMS, SANDBOX_ENTITIES, createSandboxWorld } from '../../src/sandbox/world/index.js';
import { SYBIL_FUNDING_SOL, SYBIL_RING, SYBIL_RING_MEMBERS } from '../../src/sandbox/world/cast-clusters.js';
import type { SandboxWorld, TransactionState } from '../../src/sandbox/world/types.js';

const NOW = new Date('2026-11-22T02:00:00Z');
const DAY_MS = 86_400_000;
/** Over more than one 5-day life, including right after a life starts (1 day old) and near its end. */
const MOMENTS = [NOW, new Date(NOW.getTime() - 3.3 * DAY_MS), new Date(NOW.getTime() + 4.6 * DAY_MS), new Date('2025-03-14T09:26:53Z'), new Date('2026-11-19T00:00:01Z'), new Date('2026-11-22T23:59:59Z')];
const WORLDS: [string, SandboxWorld][] = [['onchain-enrichment-sandbox', createSandboxWorld('onchain-enrichment-sandbox')], ['another-sandbox', createSandboxWorld('another-sandbox')]];
const PAGE = 100;

const entities = createEntityDirectory(SANDBOX_ENTITIES.map((e) => ({ ...e, tags: [e.kind], confidence: 'high' as const })));
const risky = new Set(RISKY_PROGRAMS.map((p) => p.address));
const classify = (a: string): AddressClass => {
  if (knownProgram(a) || risky.has(a)) return { kind: 'program' };
  const label = entities.labelFor(a);
  return label ? { kind: 'entity', label } : { kind: 'wallet' };
};

function toGraph(tx: TransactionState): GraphTransaction {
  return {
    signature: tx.signature, timestamp: tx.timestamp, feePayer: tx.feePayer, programIds: tx.programIds, success: tx.error === null,
    transfers: [
      ...tx.nativeTransfers.map((t) => ({ from: t.from, to: t.to, asset: NATIVE_SOL, amount: Number(t.lamports) / 1e9 })),
      ...tx.tokenTransfers.map((t) => ({ from: t.from, to: t.to, asset: t.mint, amount: Number(t.amountRaw) / 10 ** t.decimals })),
    ],
  };
}

/** One page of history, as the endpoint reads it. */
function history(w: SandboxWorld, address: string, at: Date): FetchedHistory {
  const txs = w.wallet(address, at)?.transactions ?? [];
  return { address, transactions: txs.slice(0, PAGE).map(toGraph), complete: txs.length < PAGE };
}

/** The endpoint's pipeline over the world's histories (root, then at depth 2 up to 8 neighbours). */
function clustersOf(w: SandboxWorld, root: string, at: Date, depth: 1 | 2): WalletCluster[] {
  const histories = [history(w, root, at)];
  if (depth === 2) for (const n of expansionCandidates(buildWalletGraph(root, histories, classify, { minInteractions: 1 }), 1).slice(0, 8)) histories.push(history(w, n, at));
  const graph = buildWalletGraph(root, histories, classify, { minInteractions: 1 });
  const candidates = new Set([...graph.allNodes.values()].filter((n) => n.kind === 'wallet' || n.kind === 'root').map((n) => n.address));
  return detectClusters({ ledger: graph.ledger, candidates, coverage: new Map(histories.map((h) => [h.address, h.complete ? 'complete' : 'partial'])) });
}

const sorted = (xs: readonly string[]) => [...xs].sort();

describe('sandbox cast: the sybil ring', () => {
  it('ring addresses are distinct wallets; R0 is the cast entry point', () => {
    assert.equal(SYBIL_RING[0], A.WALLET_SYBIL_RING);
    assert.equal(new Set([...SYBIL_RING, A.WALLET_SYBIL_FUNDER]).size, 6);
    assert.equal(SYBIL_RING_MEMBERS.length, 4);
  });

  for (const [seed, w] of WORLDS) {
    for (const at of MOMENTS) {
      const when = `${seed} @ ${at.toISOString()}`;

      it(`R0's history is complete and opens with the funder's batch funding (${when})`, () => {
        const txs = w.wallet(A.WALLET_SYBIL_RING, at)!.transactions;
        assert.ok(txs.length >= 13 && txs.length < PAGE, `${txs.length} transactions`);
        const firstIn = [...txs].reverse().find((tx) => tx.nativeTransfers.some((t) => t.to === A.WALLET_SYBIL_RING))!;
        assert.equal(firstIn.feePayer, A.WALLET_SYBIL_FUNDER);
        assert.deepEqual(firstIn.nativeTransfers.map((t) => [t.from, t.to, t.lamports]), SYBIL_RING.map((r) => [A.WALLET_SYBIL_FUNDER, r, String(SYBIL_FUNDING_SOL * 1e9)]));
        // The funding comes before any round; the rest are round steps signed by ring wallets (and, in the
        // last day of a life, the next life's batch funding).
        assert.equal(txs[txs.length - 1], firstIn);
        for (const tx of txs.slice(0, -1)) assert.ok(SYBIL_RING.includes(tx.feePayer) || (tx.feePayer === A.WALLET_SYBIL_FUNDER && tx.nativeTransfers.length === 5), tx.description);
      });

      it(`from R0 alone all three cluster kinds fire, with R0 in each (${when})`, () => {
        const clusters = clustersOf(w, A.WALLET_SYBIL_RING, at, 1);
        assert.deepEqual(clusters.map((c) => c.kind), ['shared_funder', 'synchronized_activity', 'circular_flow']);
        const [funded, sync, loop] = clusters as [Extract<WalletCluster, { kind: 'shared_funder' }>, Extract<WalletCluster, { kind: 'synchronized_activity' }>, Extract<WalletCluster, { kind: 'circular_flow' }>];
        assert.equal(funded.funder, A.WALLET_SYBIL_FUNDER);
        assert.deepEqual(funded.members, sorted(SYBIL_RING));
        assert.deepEqual(sync.members, sorted([SYBIL_RING[0]!, SYBIL_RING[3]!, SYBIL_RING[4]!]));
        assert.ok(sync.occasions >= 3);
        assert.deepEqual(loop.members, sorted([SYBIL_RING[0]!, SYBIL_RING[4]!]));
        assert.ok(loop.loops >= 3);
      });

      it(`at depth 2 all five act together and the 4-wallet loop appears (${when})`, () => {
        const clusters = clustersOf(w, A.WALLET_SYBIL_RING, at, 2);
        const sync = clusters.find((c) => c.kind === 'synchronized_activity')!;
        assert.deepEqual(sync.members, sorted(SYBIL_RING));
        const loops = clusters.filter((c) => c.kind === 'circular_flow').map((c) => c.members);
        assert.deepEqual(loops, [sorted(SYBIL_RING.slice(0, 4)), sorted([SYBIL_RING[0]!, SYBIL_RING[4]!])].sort((a, b) => (a.join() < b.join() ? -1 : 1)));
      });

      it(`ordinary cast wallets show no cluster at depth 1 or 2 (${when})`, () => {
        for (const name of ['WALLET_RISK_LOW', 'WALLET_DEFI', 'WALLET_RISK_MODERATE', 'WALLET_NEW', 'WALLET_SYBIL_FUNDER'] as const) {
          for (const depth of [1, 2] as const) assert.deepEqual(clustersOf(w, A[name], at, depth), [], `${name} depth ${depth}`);
        }
      });
    }
  }
});
