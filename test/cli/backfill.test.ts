/**
 * The sandbox backfill: daily snapshots per cast token and wallet and of pool venue A's perps markets,
 * each equal to what that day's enrichment (or perps-market-structure) answer records; the trend endpoints
 * then show a full series; a second run keeps every observed day instead of replacing it.
 *
 * Bounded by work: 8 days here (a 7-day series plus one more day), not the CLI's default 30 — every day runs
 * the same code, and 30 days cost ~4× the time. Its deadlines run on manual time (docs/testing.md).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config/index.js';
import { backfillSandbox, backfillSubjects, perpsWalletSubjects, type BackfillReport } from '../../src/cli/sandbox-backfill.js';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { assertMatchesOutputSchema } from '../helpers/output-schema.js';
import { newPayer, paidInvoke, type Payer } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;
const DAY = 86_400_000;
const DAYS = 8;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('sandbox backfill', () => {
  let service: TestService;
  let payer: Payer;
  let report: BackfillReport;
  // A minute back from real time: paid calls may not be in real time's future.
  const now = Date.now() - 60_000;
  const seed = loadConfig({ DATA_MODE: 'sandbox' }).sandboxSeed;

  before(async () => {
    service = await startTestService({ fixedNow: new Date(now) });
    payer = await newPayer(service, 'solana');
    report = await backfillSandbox({ store: service.store, seed, days: DAYS, now: new Date(now), timers: new ManualTimers() });
  });
  after(() => service.close());

  async function call(key: string, body: Record<string, unknown>): Promise<Json> {
    const res = await paidInvoke(payer, service, key, body);
    const text = await res.text();
    assert.equal(res.status, 200, `${key}: ${text}`);
    const json = JSON.parse(text);
    assertMatchesOutputSchema(key, json);
    return json;
  }

  it('writes a daily point (today − 8 … yesterday, at noon UTC) for every cast token and wallet, the cast perps traders and perps_market/A, each also an observation', async () => {
    const subjects = backfillSubjects();
    // 29 cast tokens (23 + the 6 fresh launches, each alive at noon of every day: relaunched every 6–24 h) and the
    // JUP and BONK twins the documented examples name, 38 cast wallets (30 + the 8 smart-money wallets), the 6 WALLET_PERP_* traders' perps positions, pool venue A's markets.
    assert.equal(subjects.length, 76);
    assert.deepEqual(perpsWalletSubjects().map((s) => s.address).sort(), [
      A.WALLET_PERP_SCALPER, A.WALLET_PERP_SWING, A.WALLET_PERP_POSITION, A.WALLET_PERP_NEAR_LIQ, A.WALLET_PERP_MULTI_VENUE, A.WALLET_PERP_B_TRADER,
    ].sort());
    assert.deepEqual(report.subjects, { tokens: 31, wallets: 38, perps_wallets: 6, perps_markets: 1 });
    assert.deepEqual({ written: report.written, kept: report.kept, failed: report.failed, errors: report.errors }, { written: 76 * DAYS, kept: 0, failed: 0, errors: [] });
    const expectedDays = Array.from({ length: DAYS }, (_, i) => dayOf(now - (DAYS - i) * DAY));
    for (const s of subjects) {
      const rows = await service.store.getSnapshots(s.type, s.address, dayOf(now - 40 * DAY), dayOf(now));
      assert.deepEqual(rows.map((r) => r.day), expectedDays, `${s.type} ${s.address}`);
      assert.ok(rows.every((r) => r.takenAt.toISOString() === `${r.day}T12:00:00.000Z`));
      // check-alerts reads its baselines from the observation log: the same readings, at the same moments.
      const observations = await service.store.observationsBetween(s.type, s.address, new Date(0), new Date(now), 100);
      assert.deepEqual(observations.map((o) => [o.observedAt.toISOString(), o.data]), rows.map((r) => [r.takenAt.toISOString(), r.data]), `${s.type} ${s.address} observations`);
    }
  });

  it('a backfilled day equals the snapshot a paid enrichment at that moment records', async () => {
    const yesterdayNoon = new Date(`${dayOf(now - DAY)}T12:00:00Z`);
    const past = await startTestService({ fixedNow: yesterdayNoon });
    try {
      const pastPayer = await newPayer(past, 'solana');
      assert.equal((await paidInvoke(pastPayer, past, 'enrich-token-full', { mint: A.TOKEN_RISKY })).status, 200);
      assert.equal((await paidInvoke(pastPayer, past, 'enrich-wallet-light', { address: A.WALLET_DEFI })).status, 200);
      assert.equal((await paidInvoke(pastPayer, past, 'perps-market-structure', {})).status, 200);
      assert.equal((await paidInvoke(pastPayer, past, 'perps-trader-profile', { address: A.WALLET_PERP_SWING })).status, 200);
      await past.recorder.idle();
      const day = dayOf(yesterdayNoon.getTime());
      for (const [type, address] of [['token', A.TOKEN_RISKY], ['wallet', A.WALLET_DEFI], ['perps_market', 'A'], ['perps_wallet', A.WALLET_PERP_SWING]] as const) {
        const [observed] = await past.store.getSnapshots(type, address, day, day);
        const [backfilled] = await service.store.getSnapshots(type, address, day, day);
        assert.ok(observed && backfilled);
        assert.deepEqual(backfilled.data, observed.data, `${type} ${address}`);
      }
    } finally {
      await past.close();
    }
  });

  it('token-trend and portfolio-history then show the full 7-day series plus today\'s live point', async () => {
    const trend = await call('token-trend', { mint: A.TOKEN_VOL_EXTREME, lookback: '7d' });
    assert.equal(trend.points.length, 8);
    assert.equal(trend.points[0].day, dayOf(now - 7 * DAY));
    assert.equal(trend.directions.price.from_day, dayOf(now - 7 * DAY));
    assert.ok(!trend.caveats.some((c: Json) => c.code === 'partial_history' || c.code === 'insufficient_history'));
    assert.ok(new Set(trend.points.map((p: Json) => p.price_usd)).size > 5, 'a volatile token\'s price differs day to day');

    const portfolio = await call('portfolio-history', { address: A.WALLET_DEFI, period: '7d' });
    assert.equal(portfolio.points.length, 8);
    assert.equal(portfolio.summary.valued_points, 8);
    assert.equal(portfolio.summary.start.day, dayOf(now - 7 * DAY));
  });

  it('perps-market-trend then shows a full 7-day series (7 backfilled noons plus today\'s live point)', async () => {
    const trend = await call('perps-market-trend', { lookback: '7d' });
    const days = Array.from({ length: 8 }, (_, i) => dayOf(now - (7 - i) * DAY));
    assert.deepEqual(trend.points.map((p: Json) => p.day), days);
    assert.deepEqual(trend.points.map((p: Json) => p.live), [false, false, false, false, false, false, false, true]);
    assert.ok(trend.points.slice(0, 7).every((p: Json) => p.taken_at === `${p.day}T12:00:00.000Z`));
    assert.ok(!trend.caveats.some((c: Json) => c.code === 'partial_history' || c.code === 'insufficient_history'));
    for (const m of trend.markets) {
      assert.equal(m.points, 8, m.asset);
      assert.equal(m.metrics.total_oi_usd.from_day, days[0]);
      assert.notEqual(m.direction, null, m.asset);
    }
    assert.notEqual(trend.overall_direction, null);
  });

  it('running it again keeps every observed day (nothing replaced, nothing added), and logs a kept day that lacks its observation', async () => {
    const before = await service.store.getSnapshots('token', A.TOKEN_SAFE, dayOf(now - DAYS * DAY), dayOf(now - DAY));
    // A store backfilled before the backfill logged observations: snapshots without them.
    await service.store.deleteObservationsBefore(new Date(now - 60_000));
    assert.deepEqual(await service.store.observationsBetween('token', A.TOKEN_SAFE, new Date(0), new Date(now - 60_000), 100), []);
    const again = await backfillSandbox({ store: service.store, seed, days: DAYS, now: new Date(now), timers: new ManualTimers() });
    assert.deepEqual({ written: again.written, kept: again.kept }, { written: 0, kept: 76 * DAYS });
    assert.deepEqual(await service.store.getSnapshots('token', A.TOKEN_SAFE, dayOf(now - DAYS * DAY), dayOf(now - DAY)), before);
    const logged = await service.store.observationsBetween('token', A.TOKEN_SAFE, new Date(0), new Date(now - 60_000), 100);
    assert.deepEqual(logged.map((o) => [o.observedAt.toISOString(), o.data]), before.map((r) => [r.takenAt.toISOString(), r.data]));
  });

  it('refuses a day count out of range', async () => {
    await assert.rejects(backfillSandbox({ store: service.store, seed, days: 0, now: new Date(now) }), RangeError);
    await assert.rejects(backfillSandbox({ store: service.store, seed, days: 366, now: new Date(now) }), RangeError);
  });
});
