/**
 * The wallet graph on crafted histories: programs are never nodes, entities are labelled, accounts met
 * only in protocol transactions are `via_protocol`; a transaction seen from both ends counts once;
 * value is counted by direction; min_interactions filters edges at exactly its value; only wallets are
 * expansion candidates, strongest first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JUPITER_V6, SYSTEM_PROGRAM } from '../../src/analytics/known-programs.js';
import { NATIVE_SOL, buildWalletGraph, expansionCandidates, type AddressClass, type GraphTransaction } from '../../src/analytics/wallet-graph.js';

const EXCHANGE = { name: 'Exchange', kind: 'cex' as const, tags: ['cex'], confidence: 'high' as const };
const classify = (a: string): AddressClass => (a === SYSTEM_PROGRAM || a === JUPITER_V6 ? { kind: 'program' } : a === 'CEX' ? { kind: 'entity', label: EXCHANGE } : { kind: 'wallet' });
let n = 0;
const tx = (at: number, feePayer: string, transfers: [string, string, number, string?][], programIds = [SYSTEM_PROGRAM], success = true): GraphTransaction => ({
  signature: `s${n++}`, timestamp: at, feePayer, programIds, success,
  transfers: transfers.map(([from, to, amount, asset]) => ({ from, to, amount, asset: asset ?? NATIVE_SOL })),
});

describe('buildWalletGraph', () => {
  const shared = tx(100, 'ME', [['ME', 'FRIEND', 2]]);
  const root = [
    shared,
    tx(200, 'FRIEND', [['FRIEND', 'ME', 1], ['FRIEND', 'ME', 50, 'USDC']]),
    tx(300, 'CEX', [['CEX', 'ME', 5]]),
    tx(400, 'ME', [['ME', 'POOL', 10, 'USDC'], ['POOL', 'ME', 0.1]], [JUPITER_V6]),
    tx(500, 'ME', [['ME', 'GHOST', 9]], [SYSTEM_PROGRAM], false),
    tx(600, 'ME', [['ME', SYSTEM_PROGRAM, 1]]),
  ];
  const friend = [shared, tx(700, 'FRIEND', [['FRIEND', 'FAR', 1]])];
  const histories = [{ address: 'ME', transactions: root, complete: true }, { address: 'FRIEND', transactions: friend, complete: true }];

  it('classifies nodes and never lists programs or failed transactions', () => {
    const g = buildWalletGraph('ME', histories.slice(0, 1), classify, { minInteractions: 1 });
    const kinds = Object.fromEntries(g.nodes.map((x) => [x.address, x.kind]));
    assert.deepEqual(kinds, { ME: 'root', FRIEND: 'wallet', CEX: 'entity', POOL: 'via_protocol' });
    assert.deepEqual(g.nodes.find((x) => x.address === 'CEX')!.entity, EXCHANGE);
    assert.equal(g.ledger.length, 5, 'the failed transaction is not in the ledger');
  });

  it('counts value by direction and a transaction seen from both ends once', () => {
    const g = buildWalletGraph('ME', histories, classify, { minInteractions: 1 });
    const e = g.edges.find((x) => x.target === 'FRIEND')!;
    assert.deepEqual([e.source, e.interactions, e.direction, e.sol_sent, e.sol_received, e.tokens], ['ME', 2, 'both', 2, 1, [{ mint: 'USDC', sent: 0, received: 50 }]]);
    assert.deepEqual(g.edges.find((x) => x.target === 'POOL')!.via_protocols, ['Jupiter']);
    const far = g.nodes.find((x) => x.address === 'FAR')!;
    assert.deepEqual([far.depth, far.kind], [2, 'wallet']);
    assert.equal(g.nodes.find((x) => x.address === 'FRIEND')!.expanded, true);
  });

  it('min_interactions keeps edges with exactly that many and drops nodes left unlinked', () => {
    const two = buildWalletGraph('ME', histories, classify, { minInteractions: 2 });
    assert.deepEqual(two.edges.map((e) => e.target), ['FRIEND']);
    assert.deepEqual(two.nodes.map((x) => x.address), ['ME', 'FRIEND']);
    assert.deepEqual(buildWalletGraph('ME', histories, classify, { minInteractions: 3 }).nodes.map((x) => x.address), ['ME']);
  });

  it('bounds the answer and says how much was left out', () => {
    const g = buildWalletGraph('ME', histories, classify, { minInteractions: 1, maxNodes: 2, maxEdges: 0 });
    assert.equal(g.nodes.length, 2);
    assert.deepEqual(g.omitted, { nodes: 3, edges: 4 });
  });

  it('expansion candidates: wallets only, by interactions, then SOL moved, then address', () => {
    const many = [tx(1, 'ME', [['ME', 'B', 5]]), tx(2, 'ME', [['ME', 'A', 1]]), tx(3, 'ME', [['ME', 'C', 1]]), tx(4, 'ME', [['ME', 'C', 1]]), tx(5, 'CEX', [['CEX', 'ME', 1]]), tx(6, 'CEX', [['CEX', 'ME', 1]])];
    const g = buildWalletGraph('ME', [{ address: 'ME', transactions: many, complete: true }], classify, { minInteractions: 1 });
    assert.deepEqual(expansionCandidates(g, 1), ['C', 'B', 'A']);
    assert.deepEqual(expansionCandidates(g, 2), ['C']);
  });
});
