import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRedisClaimGuard, DEFAULT_CLAIM_TTL_S } from '../../src/cache/redis-claim-guard.js';
import { withRedisClaims } from '../../src/cache/redis-guarded-claims.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { connectOrSkip, deletePrefix, uniquePrefix } from './redis-helpers.js';

const claim = (key: string) => ({
  idempotencyKey: key, endpoint: 'test-echo', network: 'eip155:8453', payer: '0xabc', amountAtomic: 2000n, requestId: 'req_1', claimedAt: new Date('2026-11-22T00:00:00Z'),
});

test('redis payment claims', async (t) => {
  const conns = await connectOrSkip(t, 2);
  if (!conns) return;
  const [a, b] = conns as [(typeof conns)[0], (typeof conns)[0]];
  const prefix = uniquePrefix('claims');
  try {
    await t.test('100 concurrent claims of one key over two clients: exactly one wins', async () => {
      const guards = [createRedisClaimGuard({ client: a.client, prefix }), createRedisClaimGuard({ client: b.client, prefix })];
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => guards[i % 2]!.claim('evm:0xabc:0x1')));
      assert.equal(results.filter(Boolean).length, 1);
      assert.equal(await guards[1]!.isClaimed('evm:0xabc:0x1'), true);
      assert.equal(await guards[0]!.isClaimed('evm:0xabc:0x2'), false);
    });

    await t.test('claims carry a TTL: the default week, or the one given', async () => {
      // Redis counts a TTL down in real time: the bounds allow exactly the time measured around the calls.
      assert.equal(DEFAULT_CLAIM_TTL_S, 604_800);
      let started = performance.now();
      await createRedisClaimGuard({ client: a.client, prefix }).claim('ttl-default');
      const ttl = await a.client.ttl(`${prefix}p:ttl-default`);
      let elapsedS = Math.ceil((performance.now() - started) / 1000);
      assert.ok(ttl <= DEFAULT_CLAIM_TTL_S && ttl >= DEFAULT_CLAIM_TTL_S - elapsedS - 1, `ttl ${ttl} after ${elapsedS} s`);
      const short = createRedisClaimGuard({ client: a.client, prefix, ttlS: 120 });
      const before = Date.now();
      started = performance.now();
      await short.claim('ttl-short');
      const shortTtl = await a.client.ttl(`${prefix}p:ttl-short`);
      elapsedS = Math.ceil((performance.now() - started) / 1000);
      assert.ok(shortTtl <= 120 && shortTtl >= 120 - elapsedS - 1, `ttl ${shortTtl} after ${elapsedS} s`);
      const at = await short.claimedAt('ttl-short');
      const after = Date.now();
      // Derived from the remaining TTL (a duration): the moment of the claim, between `before` and `after`.
      assert.ok(at && at.getTime() >= before - 2 && at.getTime() <= after + 2, `${at?.toISOString()} not within [${before}, ${after}]`);
      assert.equal(await short.claimedAt('never'), undefined);
    });

    await t.test('withRedisClaims over SQLite keeps the Store contract for claims', async () => {
      const sqlite = openSqliteStore(':memory:');
      const store = withRedisClaims(sqlite, createRedisClaimGuard({ client: a.client, prefix: prefix + 's1:' }));
      assert.equal(store.kind, 'sqlite', 'everything but claims delegates');
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claimPayment(claim('k1'))));
      assert.equal(results.filter(Boolean).length, 1);
      assert.equal(await store.claimPayment(claim('k2')), true);
      assert.equal((await store.getClaim('k1'))?.status, 'claimed');
      await store.finishClaim('k1', { status: 'settled', transaction: '0xtx', referralCode: 'ref', at: new Date('2026-11-22T00:00:01Z') });
      const stored = await store.getClaim('k1');
      assert.equal(stored?.status, 'settled');
      assert.equal(stored?.transaction, '0xtx');
      assert.equal(stored?.amountAtomic, 2000n);
      assert.equal(await store.claimPayment(claim('k1')), false, 'a key stays claimed whatever the outcome');
      assert.equal(await store.getClaim('missing'), undefined);
      // Delegated methods keep working (and keep `this`).
      await store.putSnapshot({ subjectType: 'token', subject: 'So1', day: '2026-11-22', takenAt: new Date('2026-11-22T01:00:00Z'), data: { x: 1 } });
      assert.equal((await store.getSnapshots('token', 'So1', '2026-11-01', '2026-11-30')).length, 1);
    });

    await t.test('two instances (two stores, one Redis): a key claimed by one is refused and reported claimed by the other', async () => {
      const guardPrefix = prefix + 's2:';
      const one = withRedisClaims(openSqliteStore(':memory:'), createRedisClaimGuard({ client: a.client, prefix: guardPrefix }));
      const two = withRedisClaims(openSqliteStore(':memory:'), createRedisClaimGuard({ client: b.client, prefix: guardPrefix }));
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? one : two).claimPayment(claim('shared'))));
      assert.equal(results.filter(Boolean).length, 1, 'one claim across both instances');
      const winner = results.findIndex(Boolean) % 2 ? one : two;
      const other = winner === one ? two : one;
      assert.equal((await winner.getClaim('shared'))?.payer, '0xabc', 'the winner has the full row');
      const seen = await other.getClaim('shared');
      assert.equal(seen?.status, 'claimed', 'the other instance sees the key as taken (replay detection)');
      assert.equal(seen?.idempotencyKey, 'shared');
    });

    await t.test('the store still refuses a key Redis has forgotten (its claim TTL ran out)', async () => {
      const guardPrefix = prefix + 's3:';
      const store = withRedisClaims(openSqliteStore(':memory:'), createRedisClaimGuard({ client: a.client, prefix: guardPrefix }));
      assert.equal(await store.claimPayment(claim('old')), true);
      await a.client.del(`${guardPrefix}p:old`);
      assert.equal(await store.claimPayment(claim('old')), false);
    });
  } finally {
    await deletePrefix(a.client, prefix);
    for (const c of conns) await c.close();
  }
});
