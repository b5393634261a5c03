/**
 * check-alerts after the sandbox backfill: the backfilled days are baselines. Every backfilled snapshot is
 * also an observation at its noon (as the recorder logs every paid capture), so a first poll compares each
 * watched subject — spot, and the perps positions of a cast perps trader — with the latest backfilled noon
 * instead of answering `no_baseline` while token-trend shows the same subject's days.
 *
 * Bounded by work: 1 backfilled day (the same code per day as the CLI's 30); deadlines on manual time.
 * A fixed past moment: the sandbox world is a function of time, so every run reads the same prices.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { alertId } from '../../src/analytics/alerts.js';
import { round2 } from '../../src/analytics/round.js';
import { backfillSandbox, type BackfillReport } from '../../src/cli/sandbox-backfill.js';
import { loadConfig } from '../../src/config/index.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { pollAlerts, paidOk } from '../helpers/paid-answers.js';
import { newPayer, type Payer } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;
const HOUR = 3_600_000;

describe('check-alerts after npm run backfill', () => {
  let service: TestService;
  let payer: Payer;
  let report: BackfillReport;
  const t = Date.parse('2026-11-20T15:00:00Z');
  const yesterdayNoon = '2026-11-19T12:00:00.000Z';
  const seed = loadConfig({ DATA_MODE: 'sandbox' }).sandboxSeed;

  before(async () => {
    service = await startTestService({ fixedNow: new Date(t) });
    payer = await newPayer(service, 'solana');
    report = await backfillSandbox({ store: service.store, seed, days: 1, now: new Date(t), timers: new ManualTimers() });
  });
  after(() => service.close());

  it('a first poll compares every backfilled subject with the latest backfilled noon: no no_baseline, exact alerts', async () => {
    assert.deepEqual([report.failed, report.errors], [0, []]);
    const mint = A.TOKEN_VOL_EXTREME;
    const trend = await paidOk(payer, service, 'token-trend', { mint, lookback: '7d' });
    assert.deepEqual(trend.points.map((p: Json) => p.day), ['2026-11-19', '2026-11-20'], 'token-trend shows the backfilled days');

    const body = {
      tokens: [mint, A.TOKEN_RISKY], wallets: [A.WALLET_DEFI, A.WALLET_PERP_SWING],
      since: '2026-11-20T14:00Z', criteria: { min_price_change_pct: 0.01, min_whale_volume_usd: 1e12 },
    };
    const polled = await pollAlerts(payer, service, body);
    assert.deepEqual(
      polled.subjects.map((s: Json) => [s.address, s.status, s.baseline_at]),
      [[mint, 'compared', yesterdayNoon], [A.TOKEN_RISKY, 'compared', yesterdayNoon], [A.WALLET_DEFI, 'compared', yesterdayNoon], [A.WALLET_PERP_SWING, 'compared', yesterdayNoon]],
    );
    // The cast's perps traders are backfilled as perps wallets too; a wallet that never trades perps is not.
    const perps = (address: string) => polled.subjects.find((s: Json) => s.address === address).perps;
    assert.deepEqual([perps(A.WALLET_PERP_SWING).status, perps(A.WALLET_PERP_SWING).baseline_at], ['compared', yesterdayNoon]);
    assert.equal(perps(A.WALLET_DEFI).status, 'no_baseline');
    const noBaseline = polled.caveats.filter((c: Json) => c.code === 'no_baseline');
    assert.equal(noBaseline.length, 1, JSON.stringify(noBaseline));
    assert.match(noBaseline[0].message, new RegExp(`perps positions of wallet ${A.WALLET_DEFI}`));

    // The price alert is the move from the backfilled noon to this poll's observation, to the cent of a percent.
    const [base, cur] = await Promise.all([Date.parse(yesterdayNoon), t].map((at) => service.store.observationAtOrBefore('token', mint, new Date(at))));
    assert.equal(base!.observedAt.toISOString(), yesterdayNoon);
    const from = base!.data.price_usd as number;
    const to = cur!.data.price_usd as number;
    const change = round2(((to - from) / from) * 100);
    assert.ok(Math.abs(change) >= 0.01, `${mint} moved ${change} % in 27 h`);
    const price = polled.alerts.filter((a: Json) => a.subject.address === mint && (a.kind === 'price_spike' || a.kind === 'price_drop'));
    assert.equal(price.length, 1);
    assert.deepEqual(
      [price[0].kind, price[0].data.change_pct, price[0].data.from_price_usd, price[0].data.baseline_at, price[0].fired_at],
      [change > 0 ? 'price_spike' : 'price_drop', change, from, yesterdayNoon, polled.checked_at],
    );
    assert.equal(price[0].id, alertId([price[0].kind, 'token', mint, Date.parse(yesterdayNoon), t]));
  });

  it('a since before the backfilled log has no baseline, and the caveat says where the log starts', async () => {
    service.advance(HOUR);
    const polled = await pollAlerts(payer, service, { tokens: [A.TOKEN_SAFE], since: '2026-11-10T00:00Z' });
    assert.deepEqual([polled.subjects[0].status, polled.subjects[0].baseline_at], ['no_baseline', null]);
    const caveat = polled.caveats.find((c: Json) => c.code === 'no_baseline');
    assert.match(caveat.message, /The earliest observation of it is at 2026-11-19T12:00:00\.000Z, after since: a poll with since at or after it compares from it\./);
  });
});
