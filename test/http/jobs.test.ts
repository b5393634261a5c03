/**
 * The jobs as the service wires them, over the sandbox: the sweep records today's snapshot for watched
 * subjects only, through the real enrichment handlers (the same numbers a paid call records), skips the
 * subjects already snapshotted today, and retention runs in the same tick; with JOBS_ENABLED the service
 * starts the runner itself.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { addDays } from '../../src/lib/days.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/types.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { until } from '../helpers/measured.js';

const now = new Date();
const today = now.toISOString().slice(0, 10);

async function seed(store: Store, type: 'token' | 'wallet', subject: string, day: string, data: Record<string, unknown> = { seeded: true }) {
  await store.putSnapshot({ subjectType: type, subject, day, takenAt: new Date(`${day}T00:00:00.000Z`), data });
}

describe('service jobs', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ fixedNow: now });
  });
  after(() => service.close());

  it('one tick: retention drops expired snapshots; the sweep snapshots watched subjects, not the others, not twice', async () => {
    const { store } = service;
    await seed(store, 'token', A.TOKEN_RISKY, addDays(today, -1));
    await seed(store, 'wallet', A.WALLET_DEFI, addDays(today, -3));
    await seed(store, 'token', A.TOKEN_SAFE, addDays(today, -2));
    await seed(store, 'token', A.TOKEN_SAFE, today, { marker: 'paid call earlier today' });
    await seed(store, 'token', A.TOKEN_CAUTION, addDays(today, -8)); // no longer watched
    await seed(store, 'token', A.TOKEN_FLOAT, addDays(today, -36)); // past the 35-day retention

    const results = await service.jobs.tick(now);
    assert.equal(results.length, 7);
    const [retention, sweep, launchpad, claims, detection, replay, credits] = results;
    assert.equal(retention!.status, 'ran');
    assert.match((retention as { summary: string }).summary, new RegExp(`^deleted 1 snapshots and 0 observations before ${addDays(today, -35)}`));
    assert.equal(sweep!.status, 'ran', JSON.stringify(sweep));
    // The two watched subjects, and pool venue A's perps markets (swept every day).
    assert.equal((sweep as { summary: string }).summary, '3 due, 3 recorded, 0 degraded (retried next run), 0 failed, 0 timed out, 0 deferred');
    // The launch platform's coin index (src/jobs/launchpad-index.ts): the sandbox's 34 coins in one page.
    assert.equal(launchpad!.status, 'ran', JSON.stringify(launchpad));
    assert.match((launchpad as { summary: string }).summary, /^new refresh, 1 pages \(34 coins\) staged, index published with 34 coins/);
    // batch-settlement claims (src/jobs/batch-settlement-claims.ts): no channel yet, no transaction.
    assert.equal(claims!.status, 'ran', JSON.stringify(claims));
    assert.match((claims as { summary: string }).summary, /^claimed 0 vouchers in 0 transactions, refunded 0 idle channels, nothing to settle$/);
    // Alert streams (docs/streaming.md): no subscription, nothing detected; nothing to expire.
    assert.deepEqual([detection!.job, detection!.status, (detection as { summary: string }).summary], ['stream-detection', 'ran', 'groups 0, events 0 appended to 0 subscriptions, 0 groups failed']);
    assert.deepEqual([replay!.job, replay!.status], ['stream-events-retention', 'ran']);
    assert.deepEqual([credits!.job, credits!.status, (credits as { summary: string }).summary], ['stream-top-up-credits', 'ran', 'credited 0 top-ups, 0 still in flight']);

    const [token] = await store.getSnapshots('token', A.TOKEN_RISKY, today, today);
    assert.ok(token);
    assert.equal(token.takenAt.toISOString(), now.toISOString());
    // The same numbers a paid enrich-token-full records (test/http/recorder.test.ts).
    assert.equal(token.data.risk_score, 0.7);
    assert.equal(token.data.risk_score_lower_bound, false);
    assert.ok((token.data.top1_pct as number) > 50);
    assert.equal(typeof token.data.price_usd, 'number');
    const [wallet] = await store.getSnapshots('wallet', A.WALLET_DEFI, today, today);
    assert.ok(wallet && (wallet.data.portfolio_value_usd as number) > 0);
    assert.ok((wallet.data.positions as unknown[]).length > 0);
    const [perps] = await store.getSnapshots('perps_market', 'A', today, today);
    assert.deepEqual((perps?.data.markets as { asset: string }[]).map((m) => m.asset), ['SOL', 'BTC', 'ETH'], 'as perps-market-structure records it');

    assert.deepEqual((await store.getSnapshots('token', A.TOKEN_SAFE, today, today))[0]?.data, { marker: 'paid call earlier today' });
    assert.deepEqual(await store.getSnapshots('token', A.TOKEN_CAUTION, today, today), []);
    assert.deepEqual(await store.getSnapshots('token', A.TOKEN_FLOAT, '2000-01-01', today), []);

    assert.deepEqual((await service.jobs.tick(now)).map((r) => r.status), ['not_due', 'not_due', 'not_due', 'not_due', 'not_due', 'not_due', 'not_due']);
    // The sweep's queries never count as paid attention in the query stream.
    assert.deepEqual(await store.queryCounts('token', new Date(now.getTime() - 86_400_000), new Date(now.getTime() + 3_600_000)), []);
  });
});

describe('JOBS_ENABLED', () => {
  it('true: the service starts the runner, which sweeps at once', async () => {
    const store = openSqliteStore(':memory:');
    await seed(store, 'token', A.TOKEN_RISKY, addDays(today, -1));
    const service = await startTestService({ fixedNow: now, store }, { JOBS_ENABLED: 'true' });
    try {
      // Polled without a time limit of our own: the runner's hang detector ends a file that never gets there.
      await until(async () => (await store.getSnapshots('token', A.TOKEN_RISKY, today, today)).length > 0);
      // The launchpad index (paced by the platform's rate limit) may still be running: a tick while it runs
      // reports `running` and changes nothing, so wait for it to end.
      const statuses = await until(async () => {
        const ticked = (await service.jobs.tick(now)).map((r) => r.status);
        return !ticked.includes('running') && ticked;
      });
      assert.deepEqual(statuses, ['not_due', 'not_due', 'not_due', 'not_due', 'not_due', 'not_due', 'not_due']);
      assert.equal((await store.launchpadRefreshState()).coins, 34);
    } finally {
      await service.close();
    }
  });

  it('false (the test default): nothing runs by itself', async () => {
    const store = openSqliteStore(':memory:');
    await seed(store, 'token', A.TOKEN_RISKY, addDays(today, -1));
    // A runner's tick asks for each due job's lease synchronously (start() ticks at once, later ticks fire
    // on the service's timers), so the leases asked for show whether anything ran, with no wait for it.
    const leases: string[] = [];
    const watched = new Proxy(store, {
      get(target, prop) {
        if (prop === 'acquireJobLease') return (lease: Parameters<Store['acquireJobLease']>[0]) => (leases.push(lease.name), target.acquireJobLease(lease));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const service = await startTestService({ fixedNow: now, store: watched });
    try {
      assert.deepEqual(leases, [], 'no tick at start-up');
      // An hour of the service's time: a started runner (one tick a minute) would have ticked 60 times.
      service.advance(3_600_000);
      assert.deepEqual(leases, [], 'no tick as time passes');
      assert.deepEqual(await store.getSnapshots('token', A.TOKEN_RISKY, today, today), []);
    } finally {
      await service.close();
    }
  });
});
