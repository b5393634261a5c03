/**
 * Suspicious-cluster detection on crafted ledgers: each kind fires exactly at its threshold and not
 * one step below; known entities (non-candidates) never form or fund a cluster; protocol transactions
 * are not transfers between people; loops longer than 4 are not reported.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CYCLE_WINDOW_S,
  RENT_EXEMPT_MIN_SOL,
  SYNC_WINDOW_S,
  circularFlowClusters,
  detectClusters,
  findOccasions,
  sharedFunderClusters,
  synchronizedClusters,
  type ClusterInput,
} from '../../src/analytics/wallet-clusters.js';
import { JUPITER_V6, SYSTEM_PROGRAM } from '../../src/analytics/known-programs.js';
import { NATIVE_SOL, protocolsOf, type GraphTransfer, type LedgerTransaction } from '../../src/analytics/wallet-graph.js';

const T0 = 1_750_000_000;
let n = 0;
function tx(at: number, feePayer: string, transfers: GraphTransfer[], programIds = [SYSTEM_PROGRAM]): LedgerTransaction {
  return { signature: `sig${String(n++).padStart(4, '0')}`, timestamp: at, feePayer, programIds, success: true, transfers, protocols: protocolsOf(programIds) };
}
const sol = (from: string, to: string, amount: number, asset = NATIVE_SOL): GraphTransfer => ({ from, to, asset, amount });
const send = (at: number, from: string, to: string, amount: number, programIds?: string[]) => tx(at, from, [sol(from, to, amount)], programIds);
/** Every candidate's history counts as read completely unless `partial`/`unread` say otherwise. */
const input = (ledger: LedgerTransaction[], candidates: string[], opts: { partial?: string[]; unread?: string[] } = {}): ClusterInput => ({
  ledger: [...ledger].sort((a, b) => a.timestamp - b.timestamp || (a.signature < b.signature ? -1 : 1)),
  candidates: new Set(candidates),
  coverage: new Map(candidates.filter((c) => !opts.unread?.includes(c)).map((c) => [c, opts.partial?.includes(c) ? 'partial' : 'complete'])),
});

describe('shared_funder', () => {
  const wallets = ['W1', 'W2', 'W3', 'W4'];
  const funded = (count: number, funder = 'F') => wallets.slice(0, count).map((w, i) => send(T0 + i * 60, funder, w, 2));

  it('fires at 3 wallets first funded by one wallet, with the funding transactions as evidence', () => {
    const ledger = funded(3);
    const [c, ...rest] = sharedFunderClusters(input(ledger, ['F', ...wallets]));
    assert.equal(rest.length, 0);
    assert.ok(c);
    assert.equal(c.funder, 'F');
    assert.deepEqual(c.members, ['W1', 'W2', 'W3']);
    assert.deepEqual(c.evidence.map((e) => [e.wallet, e.signature, e.at, e.sol]), ledger.map((t, i) => [wallets[i], t.signature, t.timestamp, 2]));
    assert.deepEqual(c.evidence.map((e) => e.basis), ['own_history', 'own_history', 'own_history']);
    // Funded within an hour, equal amounts: 0.4 + 0.3 + 0.1.
    assert.equal(c.score, 0.8);
    assert.equal(c.confidence, 'high');
    assert.deepEqual(c.factors.map((f) => f.name), ['threshold_met', 'extra_wallets', 'funding_burst', 'uniform_amounts']);
  });

  it('does not fire at 2 wallets', () => {
    assert.deepEqual(sharedFunderClusters(input(funded(2), ['F', ...wallets])), []);
  });

  it('a known entity (not a candidate) funding many wallets is no cluster', () => {
    assert.deepEqual(sharedFunderClusters(input(funded(4, 'EXCHANGE'), wallets)), []);
  });

  it('only the earliest funding counts: a wallet first funded elsewhere does not join', () => {
    const ledger = [send(T0 - 10, 'OTHER', 'W3', 1), ...funded(3)];
    assert.deepEqual(sharedFunderClusters(input(ledger, ['F', 'OTHER', ...wallets])), []);
  });

  it('a transfer below the rent-exempt minimum is not a funding; exactly the minimum is', () => {
    const dust = [send(T0 - 10, 'DUSTER', 'W1', RENT_EXEMPT_MIN_SOL - 1e-8), ...funded(3)];
    assert.equal(sharedFunderClusters(input(dust, ['F', 'DUSTER', ...wallets]))[0]?.funder, 'F');
    const minimum = [send(T0 - 10, 'DUSTER', 'W1', RENT_EXEMPT_MIN_SOL), ...funded(3)];
    assert.deepEqual(sharedFunderClusters(input(minimum, ['F', 'DUSTER', ...wallets])), []);
  });

  it('a payment seen only in the payer\'s history is no funding: paying three friends does not make a cluster', () => {
    assert.deepEqual(sharedFunderClusters(input(funded(4, 'ME'), ['ME', ...wallets], { unread: wallets })), []);
  });

  it('a wallet whose history was read only in part has no known first funding', () => {
    assert.deepEqual(sharedFunderClusters(input(funded(3), ['F', ...wallets], { partial: ['W3'] })), []);
    assert.equal(sharedFunderClusters(input(funded(4), ['F', ...wallets], { partial: ['W4'] }))[0]?.members.length, 3);
  });

  it('wallets paid in the same batch as a known first funding are funded by it', () => {
    const batch = tx(T0, 'F', wallets.map((w) => sol('F', w, 2)));
    const [c] = sharedFunderClusters(input([batch], ['F', ...wallets], { unread: ['W2', 'W3', 'W4'] }));
    assert.deepEqual(c!.members, wallets);
    assert.deepEqual(c!.evidence.map((e) => [e.wallet, e.basis, e.signature]), [['W1', 'own_history', batch.signature], ['W2', 'same_batch', batch.signature], ['W3', 'same_batch', batch.signature], ['W4', 'same_batch', batch.signature]]);
    // The batch says nothing when no recipient's first funding is known.
    assert.deepEqual(sharedFunderClusters(input([batch], ['F', ...wallets], { unread: wallets })), []);
  });

  it('value moved inside a protocol transaction is not a funding', () => {
    const ledger = funded(3).map((t, i) => (i === 0 ? { ...t, protocols: protocolsOf([JUPITER_V6]) } : t));
    assert.deepEqual(sharedFunderClusters(input(ledger, ['F', ...wallets])), []);
  });

  it('scores slower, uneven funding lower', () => {
    const ledger = [send(T0, 'F', 'W1', 1), send(T0 + 7200, 'F', 'W2', 3), send(T0 + 7300, 'F', 'W3', 2), send(T0 + 7400, 'F', 'W4', 2)];
    const [c] = sharedFunderClusters(input(ledger, ['F', ...wallets]));
    assert.deepEqual(c!.factors.map((f) => f.value), [0.4, 0.05, 0.15, 0]);
    assert.equal(c!.score, 0.6);
    assert.equal(c!.confidence, 'medium');
  });
});

describe('synchronized_activity', () => {
  /** One occasion: each wallet signs a transaction at start + its offset. */
  const occasion = (start: number, acts: [string, number][]) => acts.map(([w, dt]) => send(start + dt, w, 'SINK', 0.01));
  const three: [string, number][] = [['A', 0], ['B', 20], ['C', SYNC_WINDOW_S]];

  it('fires at 3 wallets within 60 s on 3 occasions, with every action as evidence', () => {
    const ledger = [0, 1, 2].flatMap((k) => occasion(T0 + k * 8 * 3600, three));
    const [c, ...rest] = synchronizedClusters(input(ledger, ['A', 'B', 'C']));
    assert.equal(rest.length, 0);
    assert.ok(c);
    assert.deepEqual(c.members, ['A', 'B', 'C']);
    assert.equal(c.occasions, 3);
    assert.deepEqual(c.evidence.map((o) => [o.started_at, o.span_s, o.actions.length]), [[T0, 60, 3], [T0 + 28_800, 60, 3], [T0 + 57_600, 60, 3]]);
    assert.deepEqual(c.evidence[0]!.actions.map((a) => a.signature), ledger.slice(0, 3).map((t) => t.signature));
    assert.equal(c.score, 0.4);
  });

  it('does not fire on 2 occasions', () => {
    const ledger = [0, 1].flatMap((k) => occasion(T0 + k * 8 * 3600, three));
    assert.deepEqual(synchronizedClusters(input(ledger, ['A', 'B', 'C'])), []);
  });

  it('an action 61 s after the first is outside the window', () => {
    const late: [string, number][] = [['A', 0], ['B', 20], ['C', SYNC_WINDOW_S + 1]];
    const ledger = [0, 1, 2].flatMap((k) => occasion(T0 + k * 8 * 3600, late));
    assert.deepEqual(findOccasions(input(ledger, ['A', 'B', 'C'])), []);
    assert.deepEqual(synchronizedClusters(input(ledger, ['A', 'B', 'C'])), []);
  });

  it('two wallets acting together, however often, are no cluster', () => {
    const ledger = [0, 1, 2, 3, 4].flatMap((k) => occasion(T0 + k * 3600, [['A', 0], ['B', 5]]));
    assert.deepEqual(synchronizedClusters(input(ledger, ['A', 'B', 'C'])), []);
  });

  it('a known entity acting in the same minute does not make the third wallet', () => {
    const ledger = [0, 1, 2].flatMap((k) => occasion(T0 + k * 3600, [['A', 0], ['B', 5], ['EXCHANGE', 10]]));
    assert.deepEqual(synchronizedClusters(input(ledger, ['A', 'B'])), []);
  });

  it('more occasions and more wallets score higher; tight timing adds 0.1', () => {
    const ledger = [0, 1, 2, 3, 4].flatMap((k) => occasion(T0 + k * 3600, [['A', 0], ['B', 3], ['C', 6], ['D', 9]]));
    const [c] = synchronizedClusters(input(ledger, ['A', 'B', 'C', 'D']));
    assert.deepEqual(c!.members, ['A', 'B', 'C', 'D']);
    assert.deepEqual(c!.factors.map((f) => f.value), [0.4, 0.2, 0.05, 0.1]);
    assert.equal(c!.score, 0.75);
  });
});

describe('circular_flow', () => {
  /** A loop through `path` (first wallet repeated at the end is implied), one hop every `gap` seconds. */
  const loop = (start: number, path: string[], amount = 1, gap = 10, lastShare = 0.99) =>
    path.map((from, i) => send(start + i * gap, from, path[(i + 1) % path.length]!, i === path.length - 1 ? amount * lastShare : amount * (1 - 0.001 * i)));
  const W = ['A', 'B', 'C', 'D', 'E'];

  it('fires when the same 2-wallet loop happens twice, with both loops as evidence', () => {
    const ledger = [...loop(T0, ['A', 'B']), ...loop(T0 + 8 * 3600, ['A', 'B'])];
    const [c, ...rest] = circularFlowClusters(input(ledger, W));
    assert.equal(rest.length, 0);
    assert.ok(c);
    assert.deepEqual(c.members, ['A', 'B']);
    assert.equal(c.loops, 2);
    assert.deepEqual(c.evidence[0]!.path, ['A', 'B', 'A']);
    assert.deepEqual(c.evidence[0]!.transfers.map((t) => t.signature), ledger.slice(0, 2).map((t) => t.signature));
    assert.equal(c.evidence[0]!.duration_s, 10);
    assert.equal(c.evidence[0]!.returned_share, 0.99);
    assert.equal(c.score, 0.7); // 0.4 + full return 0.2 + fast loop 0.1
  });

  it('does not fire on a single loop (a payback)', () => {
    assert.deepEqual(circularFlowClusters(input(loop(T0, ['A', 'B']), W)), []);
  });

  it('a loop closing exactly 1 h after it opened counts; 1 h + 1 s does not', () => {
    const within = [...loop(T0, ['A', 'B'], 1, CYCLE_WINDOW_S), ...loop(T0 + 86_400, ['A', 'B'], 1, CYCLE_WINDOW_S)];
    assert.equal(circularFlowClusters(input(within, W)).length, 1);
    const beyond = [...loop(T0, ['A', 'B'], 1, CYCLE_WINDOW_S + 1), ...loop(T0 + 86_400, ['A', 'B'], 1, CYCLE_WINDOW_S + 1)];
    assert.deepEqual(circularFlowClusters(input(beyond, W)), []);
  });

  it('finds 3- and 4-wallet loops; a 5-wallet loop is beyond the maximum', () => {
    const four = [...loop(T0, W.slice(0, 4)), ...loop(T0 + 7200, W.slice(0, 4))];
    const [c] = circularFlowClusters(input(four, W));
    assert.deepEqual(c!.members, ['A', 'B', 'C', 'D']);
    assert.deepEqual(c!.evidence[0]!.path, ['A', 'B', 'C', 'D', 'A']);
    const three = [...loop(T0, W.slice(0, 3)), ...loop(T0 + 7200, W.slice(0, 3))];
    assert.deepEqual(circularFlowClusters(input(three, W))[0]!.members, ['A', 'B', 'C']);
    const five = [...loop(T0, W), ...loop(T0 + 7200, W)];
    assert.deepEqual(circularFlowClusters(input(five, W)), []);
  });

  it('the value must come back: half the first hop counts, less does not', () => {
    const half = [...loop(T0, ['A', 'B'], 1, 10, 0.5), ...loop(T0 + 7200, ['A', 'B'], 1, 10, 0.5)];
    assert.equal(circularFlowClusters(input(half, W))[0]!.evidence[0]!.returned_share, 0.5);
    const less = [...loop(T0, ['A', 'B'], 1, 10, 0.49), ...loop(T0 + 7200, ['A', 'B'], 1, 10, 0.49)];
    assert.deepEqual(circularFlowClusters(input(less, W)), []);
  });

  it('value returning before it left is no loop', () => {
    const backwards = [send(T0, 'B', 'A', 1), send(T0 + 10, 'A', 'B', 1), send(T0 + 7200, 'B', 'A', 1), send(T0 + 7210, 'A', 'B', 1)];
    // B→A then A→B is B's loop (value left B first); A never gets value back after sending it.
    const [c] = circularFlowClusters(input(backwards, W));
    assert.deepEqual(c!.evidence.map((l) => l.path), [['B', 'A', 'B'], ['B', 'A', 'B']]);
  });

  it('loops through an entity, inside protocol transactions or within one transaction are not reported', () => {
    const viaEntity = [...loop(T0, ['A', 'EXCHANGE', 'B']), ...loop(T0 + 7200, ['A', 'EXCHANGE', 'B'])];
    assert.deepEqual(circularFlowClusters(input(viaEntity, W)), []);
    const viaSwap = [send(T0, 'A', 'B', 1, [JUPITER_V6]), send(T0 + 10, 'B', 'A', 1, [JUPITER_V6]), send(T0 + 7200, 'A', 'B', 1, [JUPITER_V6]), send(T0 + 7210, 'B', 'A', 1, [JUPITER_V6])];
    assert.deepEqual(circularFlowClusters(input(viaSwap, W)), []);
    const sameTx = [tx(T0, 'A', [sol('A', 'B', 1), sol('B', 'A', 1)]), tx(T0 + 7200, 'A', [sol('A', 'B', 1), sol('B', 'A', 1)])];
    assert.deepEqual(circularFlowClusters(input(sameTx, W)), []);
  });

  it('one asset per loop: SOL out and a token back is no loop', () => {
    const mixed = [send(T0, 'A', 'B', 1), tx(T0 + 10, 'B', [sol('B', 'A', 1, 'MINT')]), send(T0 + 7200, 'A', 'B', 1), tx(T0 + 7210, 'B', [sol('B', 'A', 1, 'MINT')])];
    assert.deepEqual(circularFlowClusters(input(mixed, W)), []);
  });
});

describe('detectClusters', () => {
  it('reports each kind in order, and nothing for an ordinary wallet', () => {
    const ring = [
      ...['A', 'B', 'C'].map((w, i) => send(T0 + i, 'F', w, 2)),
      ...[0, 1, 2].flatMap((k) => [send(T0 + 3600 * (k + 1), 'A', 'B', 1), send(T0 + 3600 * (k + 1) + 10, 'B', 'C', 1), send(T0 + 3600 * (k + 1) + 20, 'C', 'A', 1)]),
    ];
    assert.deepEqual(detectClusters(input(ring, ['F', 'A', 'B', 'C'])).map((c) => c.kind), ['shared_funder', 'synchronized_activity', 'circular_flow']);
    const ordinary = [send(T0, 'EXCHANGE', 'ME', 5), send(T0 + 86_400, 'ME', 'FRIEND', 1), send(T0 + 2 * 86_400, 'FRIEND', 'ME', 0.5)];
    assert.deepEqual(detectClusters(input(ordinary, ['ME', 'FRIEND'])), []);
  });
});
