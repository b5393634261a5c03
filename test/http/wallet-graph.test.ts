/**
 * wallet-graph through paid calls on the real stack (sandbox providers on loopback): the sybil ring
 * (docs/sandbox-cast.md, WALLET_SYBIL_RING) shows all three cluster kinds with evidence at depth 1 and the
 * 4-wallet loop at depth 2; ordinary wallets show none; min_interactions filters edges, not detection;
 * each call stays within its documented upstream-request budget; a neighbour's history failing degrades
 * to a caveat; the root's history failing is a 502 that is not charged.
 *
 * Tests run one after another: upstream requests are counted on the service's shared source clients.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { SYBIL_RING, SYBIL_RING_MEMBERS } from '../../src/sandbox/world/cast-clusters.js';
import { SourceError } from '../../src/sources/errors.js';
import { upstreamRequestCount } from '../../src/sources/index.js';
import { newPayer, paidInvoke, type Payer } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;
const PRICE = 10_000n; // 0.010 USDC in atomic units
const sorted = (xs: readonly string[]) => [...xs].sort();

describe('wallet-graph (paid)', () => {
  let service: TestService;
  let payer: Payer;

  before(async () => {
    service = await startTestService();
    payer = await newPayer(service, 'solana');
  });
  after(() => service.close());

  /** A paid call; returns the status, body, what it cost and how many upstream requests it made. */
  async function call(body: Record<string, unknown>, by = payer): Promise<{ status: number; json: Json; charged: bigint; upstream: number }> {
    const balance = await by.balance();
    const requests = upstreamRequestCount(service.sources);
    const res = await paidInvoke(by, service, 'wallet-graph', body);
    const json = await res.json();
    return { status: res.status, json, charged: balance - (await by.balance()), upstream: upstreamRequestCount(service.sources) - requests };
  }
  async function ok(body: Record<string, unknown>): Promise<{ json: Json; upstream: number }> {
    const r = await call(body);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.charged, PRICE, 'debited exactly the price');
    return r;
  }
  const cluster = (d: Json, kind: string) => d.clusters.filter((c: Json) => c.kind === kind);

  it('the sybil ring at depth 1: shared funder, synchronized activity and a loop, each with evidence', async () => {
    const { json: d, upstream } = await ok({ address: A.WALLET_SYBIL_RING });
    assert.equal(d.depth, 1);
    assert.equal(d.summary.suspicious, true);
    assert.deepEqual(d.summary.root_cluster_kinds, ['shared_funder', 'synchronized_activity', 'circular_flow']);
    assert.equal(upstream, 1, 'one page: the ring\'s history is short');
    assert.equal(d.coverage.root_history_complete, true);

    const [funded] = cluster(d, 'shared_funder');
    assert.equal(funded.funder, A.WALLET_SYBIL_FUNDER);
    assert.deepEqual(funded.members, sorted(SYBIL_RING));
    assert.equal(new Set(funded.evidence.map((e: Json) => e.signature)).size, 1, 'one batch transaction funded all five');
    assert.deepEqual(funded.evidence.map((e: Json) => e.basis).sort(), ['own_history', 'same_batch', 'same_batch', 'same_batch', 'same_batch']);
    assert.ok(funded.evidence.every((e: Json) => e.sol === 2 && /Z$/.test(e.at)));
    assert.equal(funded.confidence, 'high');
    assert.ok(Math.abs(funded.factors.reduce((s: number, f: Json) => s + f.value, 0) - funded.score) < 1e-4, 'score is the sum of its factors');

    const [sync] = cluster(d, 'synchronized_activity');
    assert.deepEqual(sync.members, sorted([SYBIL_RING[0]!, SYBIL_RING[3]!, SYBIL_RING[4]!]));
    assert.ok(sync.occasions >= 3);
    for (const o of sync.evidence) {
      assert.ok(o.span_s <= 60);
      assert.ok(new Set(o.actions.map((a: Json) => a.wallet)).size >= 3);
      assert.ok(o.actions.every((a: Json) => typeof a.signature === 'string' && a.signature.length >= 87));
    }

    const [loop] = cluster(d, 'circular_flow');
    assert.deepEqual(loop.members, sorted([SYBIL_RING[0]!, SYBIL_RING[4]!]));
    assert.ok(loop.loops >= 3);
    assert.deepEqual(loop.evidence[0].path, [SYBIL_RING[4], SYBIL_RING[0], SYBIL_RING[4]]);
    assert.ok(loop.evidence[0].returned_share >= 0.99);

    assert.deepEqual(sorted(d.nodes.filter((n: Json) => n.depth === 1).map((n: Json) => n.address)), sorted([...SYBIL_RING_MEMBERS, A.WALLET_SYBIL_FUNDER]));
    assert.ok(d.next_steps.some((s: Json) => s.endpoint === 'enrich-wallet-full' && SYBIL_RING_MEMBERS.includes(s.input.address)));
    assert.ok(d.next_steps.some((s: Json) => s.endpoint === 'wallet-graph' && s.input.depth === 2));
  });

  it('the sybil ring at depth 2: neighbours expanded within budget, all five in sync, the 4-wallet loop', async () => {
    const { json: d, upstream } = await ok({ address: A.WALLET_SYBIL_RING, depth: 2 });
    assert.deepEqual(sorted(d.expansion.expanded), sorted([...SYBIL_RING_MEMBERS, A.WALLET_SYBIL_FUNDER]));
    assert.deepEqual(d.expansion.not_expanded, []);
    assert.equal(upstream, 1 + 5, 'the root page plus one page per expanded neighbour');
    assert.ok(upstream <= d.coverage.upstream_requests_max);
    assert.deepEqual(cluster(d, 'synchronized_activity')[0].members, sorted(SYBIL_RING));
    const loops = cluster(d, 'circular_flow').map((c: Json) => c.members);
    assert.ok(loops.some((m: string[]) => JSON.stringify(m) === JSON.stringify(sorted(SYBIL_RING.slice(0, 4)))), JSON.stringify(loops));
    const four = cluster(d, 'circular_flow').find((c: Json) => c.members.length === 4);
    assert.equal(four.evidence[0].path.length, 5);
    assert.equal(four.evidence[0].path[0], A.WALLET_SYBIL_RING);
    // Neighbours' counterparties are depth 2: the Orca pool of their swaps (a protocol account) and Binance.
    assert.ok(d.nodes.some((n: Json) => n.depth === 2 && n.kind === 'via_protocol'));
    assert.ok(d.nodes.some((n: Json) => n.kind === 'entity' && n.entity.kind === 'cex'));
  });

  it('ordinary wallets show no cluster (WALLET_RISK_LOW at depth 2, WALLET_DEFI at depth 1)', async () => {
    for (const body of [{ address: A.WALLET_RISK_LOW, depth: 2 }, { address: A.WALLET_DEFI }]) {
      const { json: d } = await ok(body);
      assert.deepEqual(d.clusters, [], body.address);
      assert.equal(d.summary.suspicious, false);
      assert.ok(d.nodes.length > 1, 'it has connections');
      // Pools and known entities are labelled and never expanded.
      assert.ok(d.nodes.filter((n: Json) => n.kind !== 'root').every((n: Json) => n.expanded === false || n.kind === 'wallet'));
    }
  });

  it('min_interactions filters edges, not cluster detection', async () => {
    const all = (await ok({ address: A.WALLET_SYBIL_RING, min_interactions: 1 })).json;
    const strong = (await ok({ address: A.WALLET_SYBIL_RING, min_interactions: 3 })).json;
    assert.ok(strong.edges.length < all.edges.length, `${strong.edges.length} < ${all.edges.length}`);
    assert.ok(strong.edges.every((e: Json) => e.interactions >= 3));
    assert.ok(all.edges.some((e: Json) => e.interactions < 3), 'the batch-funding edges have 1 interaction');
    assert.deepEqual(strong.clusters.map((c: Json) => c.kind), all.clusters.map((c: Json) => c.kind));
    assert.ok(strong.nodes.every((n: Json) => n.kind === 'root' || strong.edges.some((e: Json) => e.source === n.address || e.target === n.address)));
  });

  it('a depth-2 call with many neighbours stops at 8 expansions and 10 upstream requests', async () => {
    const { json: d, upstream } = await ok({ address: A.WALLET_AIRDROP_FARMER, depth: 2 });
    assert.equal(d.expansion.expanded.length, 8);
    assert.ok(d.expansion.not_expanded.length > 0);
    assert.ok(d.caveats.some((c: Json) => c.code === 'expansion_capped'));
    const rootPages = d.coverage.root_history_complete ? 1 : 2;
    assert.equal(upstream, rootPages + 8);
    assert.ok(upstream <= d.coverage.upstream_requests_max && d.coverage.upstream_requests_max === 10);
    const depth1 = await ok({ address: A.WALLET_AIRDROP_FARMER, depth: 1, min_interactions: 2 });
    assert.ok(depth1.upstream <= 2);
  });

  it('a neighbour whose history fails is a caveat, not a failure', async () => {
    // The fault controller fails a whole source; to fail ONE neighbour's history, the shared client is wrapped.
    const helius = service.sources.helius;
    const original = helius.getTransactionsByAddress.bind(helius);
    const broken = SYBIL_RING_MEMBERS[1]!;
    // Past the 300 s result cache of the depth-2 answer above (the sandbox ring holds at every moment).
    service.advance(301_000);
    helius.getTransactionsByAddress = (address, options) =>
      address === broken ? Promise.reject(new SourceError('wallet_assets', 'unavailable', 'wallet_assets answered HTTP 503', 503)) : original(address, options);
    try {
      const { json: d } = await ok({ address: A.WALLET_SYBIL_RING, depth: 2 });
      assert.deepEqual(d.expansion.failed.map((f: Json) => f.address), [broken]);
      assert.match(d.expansion.failed[0].reason, /wallet_assets.*unavailable/);
      const caveat = d.caveats.find((c: Json) => c.code === 'leg_degraded');
      assert.equal(caveat.leg, 'wallet_assets');
      assert.ok(caveat.message.includes(broken));
      // Without R2's history the 4-wallet loop cannot be seen; what R0's own history shows still is.
      assert.deepEqual(d.summary.root_cluster_kinds, ['shared_funder', 'synchronized_activity', 'circular_flow']);
      assert.ok(!cluster(d, 'circular_flow').some((c: Json) => c.members.length === 4));
    } finally {
      helius.getTransactionsByAddress = original;
      service.advance(301_000);
    }
  });

  it('the root history failing is a 502 upstream_unavailable, not charged', async () => {
    const faults = service.sandbox!.providers!.faults;
    faults.set('wallet_assets', { errorRate: 1 });
    try {
      const r = await call({ address: A.WALLET_NEW, depth: 2 });
      assert.equal(r.status, 502, JSON.stringify(r.json));
      assert.equal(r.json.error.code, 'upstream_unavailable');
      assert.equal(r.charged, 0n);
    } finally {
      faults.clear();
    }
  });

  it('format llm: a briefing that leads with the verdict', async () => {
    const r = await call({ address: A.WALLET_SYBIL_RING, format: 'llm' });
    assert.equal(r.status, 200);
    assert.match(r.json.briefing, /^## Wallet graph /);
    assert.match(r.json.briefing, /\*\*Suspicious: in shared_funder, synchronized_activity, circular_flow cluster\(s\)\*\*/);
    assert.match(r.json.briefing, /first funded by/);
  });
});
