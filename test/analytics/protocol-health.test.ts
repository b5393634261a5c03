import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HEALTH_THRESHOLDS as T, protocolHealth, tvlChanges, type ProtocolHealthInput } from '../../src/analytics/protocol-health.js';
import { activityMetrics, automationShare, classifySigner, rankSigners } from '../../src/analytics/protocol-activity.js';
import { behaviouralSignals } from '../../src/analytics/behaviour.js';
import { protocolInputIssues, resolveProtocol } from '../../src/endpoints/intelligence/protocol-profile/directory.js';
import { protocolPools } from '../../src/endpoints/intelligence/protocol-profile/profile.js';

const DAY = 86_400;
const NOW = 1_750_000_000;

/** A healthy baseline: every check measured, none fires. */
function base(over: Partial<ProtocolHealthInput> = {}): ProtocolHealthInput {
  return {
    tvl: { tvl_usd: 1e9, change_1d_pct: 0, change_7d_pct: 0, change_30d_pct: 0 },
    activity: { sample_size: 200, failure_rate_pct: 0, hours_since_last_activity: 1 },
    signers: { parsed_transactions: 100, top3_share_pct: 30 },
    automation: { automated_activity_pct: 0, classified: 10 },
    pools: [{ pool: 'p1', symbol: 'USDC', apy_pct: 5 }],
    ...over,
  };
}
const signals = (input: ProtocolHealthInput) => protocolHealth(input).signals.map((s) => s.signal);
const tvl = (c7: number | null, c30: number | null = 0) => ({ tvl_usd: 1, change_1d_pct: 0, change_7d_pct: c7, change_30d_pct: c30 });

describe('protocol health', () => {
  it('the baseline is HEALTHY with every check measured', () => {
    const h = protocolHealth(base());
    assert.deepEqual([h.level, h.signals, h.data_complete, h.unknown_checks], ['HEALTHY', [], true, []]);
    assert.equal(h.factors.length, 7);
  });

  it('tvl_drawdown at 7d ≤ −15 % (inclusive), superseded by tvl_collapse at ≤ −40 % / 30d ≤ −60 %', () => {
    assert.deepEqual(signals(base({ tvl: tvl(-14.99) })), []);
    assert.deepEqual(signals(base({ tvl: tvl(T.tvl_drawdown_7d_pct) })), ['tvl_drawdown']);
    assert.equal(protocolHealth(base({ tvl: tvl(-15) })).level, 'WARNING');
    assert.deepEqual(signals(base({ tvl: tvl(-39.99) })), ['tvl_drawdown']);
    assert.deepEqual(signals(base({ tvl: tvl(-40) })), ['tvl_collapse']);
    assert.deepEqual(signals(base({ tvl: tvl(0, -59.99) })), []);
    assert.deepEqual(signals(base({ tvl: tvl(0, -60) })), ['tvl_collapse']);
    assert.equal(protocolHealth(base({ tvl: tvl(0, -60) })).level, 'CRITICAL');
  });

  it('no_recent_activity at ≥ 24 h since the last transaction, or an empty sample', () => {
    assert.deepEqual(signals(base({ activity: { sample_size: 5, failure_rate_pct: 0, hours_since_last_activity: 23.99 } })), []);
    assert.deepEqual(signals(base({ activity: { sample_size: 5, failure_rate_pct: 0, hours_since_last_activity: 24 } })), ['no_recent_activity']);
    const empty = protocolHealth(base({ activity: { sample_size: 0, failure_rate_pct: null, hours_since_last_activity: null } }));
    assert.deepEqual(empty.signals.map((s) => [s.signal, s.severity]), [['no_recent_activity', 'high']]);
    assert.equal(empty.level, 'CRITICAL');
  });

  it('high_failure_rate at ≥ 20 % over ≥ 20 transactions; a smaller sample is unknown, not healthy', () => {
    const act = (rate: number, n: number) => ({ sample_size: n, failure_rate_pct: rate, hours_since_last_activity: 1 });
    assert.deepEqual(signals(base({ activity: act(19.99, 20) })), []);
    assert.deepEqual(signals(base({ activity: act(20, 20) })), ['high_failure_rate']);
    const small = protocolHealth(base({ activity: act(50, 19) }));
    assert.deepEqual(small.signals, []);
    assert.ok(small.unknown_checks.includes('failure_rate_pct'));
    assert.equal(small.data_complete, false);
  });

  it('activity_concentrated at a top-3 share ≥ 80 % over ≥ 20 parsed transactions (severity low → WATCH)', () => {
    assert.deepEqual(signals(base({ signers: { parsed_transactions: 20, top3_share_pct: 79.99 } })), []);
    assert.deepEqual(signals(base({ signers: { parsed_transactions: 20, top3_share_pct: 80 } })), ['activity_concentrated']);
    assert.equal(protocolHealth(base({ signers: { parsed_transactions: 20, top3_share_pct: 80 } })).level, 'WATCH');
    assert.deepEqual(signals(base({ signers: { parsed_transactions: 19, top3_share_pct: 100 } })), []);
  });

  it('automation_dominant at ≥ 50 % over ≥ 3 classified signers; unknown automation is listed', () => {
    assert.deepEqual(signals(base({ automation: { automated_activity_pct: 49.99, classified: 3 } })), []);
    assert.deepEqual(signals(base({ automation: { automated_activity_pct: 50, classified: 3 } })), ['automation_dominant']);
    assert.deepEqual(signals(base({ automation: { automated_activity_pct: 100, classified: 2 } })), []);
    assert.ok(protocolHealth(base({ automation: { automated_activity_pct: null, classified: 0 } })).unknown_checks.includes('automated_activity_pct'));
  });

  it('yield_outlier at APY ≥ 100 %, one signal listing every outlier pool; null pools are unknown', () => {
    const pools = [{ pool: 'a', symbol: 'A', apy_pct: 99.99 }, { pool: 'b', symbol: 'B', apy_pct: 100 }, { pool: 'c', symbol: 'C', apy_pct: 250 }, { pool: 'd', symbol: 'D', apy_pct: null }];
    const h = protocolHealth(base({ pools }));
    assert.deepEqual(h.signals.map((s) => s.signal), ['yield_outlier']);
    assert.deepEqual((h.signals[0]!.data.pools as { symbol: string }[]).map((p) => p.symbol), ['B', 'C']);
    assert.deepEqual(signals(base({ pools: [{ pool: 'a', symbol: 'A', apy_pct: 99.99 }] })), []);
    assert.ok(protocolHealth(base({ pools: null })).unknown_checks.includes('max_pool_apy_pct'));
  });

  it('UNKNOWN when neither TVL nor activity is known; the worst severity sets the level otherwise', () => {
    assert.equal(protocolHealth({ tvl: null, activity: null, signers: null, automation: null, pools: null }).level, 'UNKNOWN');
    const mixed = protocolHealth(base({ tvl: tvl(-20), signers: { parsed_transactions: 100, top3_share_pct: 90 } }));
    assert.deepEqual([mixed.level, mixed.signals.map((s) => s.severity)], ['WARNING', ['medium', 'low']]);
  });
});

describe('TVL changes', () => {
  const today = Math.floor(NOW / DAY) * DAY;
  const history = Array.from({ length: 31 }, (_, i) => ({ date: today - (30 - i) * DAY, totalLiquidityUSD: 100 + i }));

  it('against the last point at least 1, 7 and 30 days before now; the latest point is current', () => {
    const c = tvlChanges([...history, { date: NOW, totalLiquidityUSD: 200 }], NOW);
    assert.equal(c.tvl_usd, 200);
    assert.equal(c.change_1d_pct, 55.04); // vs today − 1 d (129)
    assert.equal(c.change_7d_pct, 62.6); // vs today − 7 d (123)
    assert.equal(c.change_30d_pct, 100); // vs today − 30 d (100)
  });

  it('a point exactly d days old counts; without one the change is null; future points are ignored', () => {
    const exact = [{ date: NOW - 7 * DAY, totalLiquidityUSD: 50 }, { date: NOW, totalLiquidityUSD: 100 }, { date: NOW + DAY, totalLiquidityUSD: 1 }];
    assert.deepEqual(tvlChanges(exact, NOW), { tvl_usd: 100, change_1d_pct: 100, change_7d_pct: 100, change_30d_pct: null });
    assert.equal(tvlChanges([{ date: NOW - 7 * DAY + 1, totalLiquidityUSD: 50 }, { date: NOW, totalLiquidityUSD: 100 }], NOW).change_7d_pct, null);
    assert.equal(tvlChanges([{ date: NOW - 8 * DAY, totalLiquidityUSD: 0 }, { date: NOW, totalLiquidityUSD: 100 }], NOW).change_7d_pct, null, 'from 0: undefined');
    assert.deepEqual(tvlChanges([], NOW), { tvl_usd: null, change_1d_pct: null, change_7d_pct: null, change_30d_pct: null });
  });
});

describe('protocol activity', () => {
  it('metrics over the sample: window from the oldest signature to now, rate, failures, last activity', () => {
    const m = activityMetrics([
      { signature: 'a', blockTime: NOW - 3600, failed: false },
      { signature: 'b', blockTime: NOW - 7200, failed: true },
      { signature: 'c', blockTime: null, failed: false },
      { signature: 'd', blockTime: NOW - 4 * 3600, failed: false },
    ], NOW);
    assert.deepEqual(m, { sample_size: 4, failed_count: 1, failure_rate_pct: 25, window_start: NOW - 4 * 3600, window_hours: 4, tx_per_hour: 1, last_activity: NOW - 3600, hours_since_last_activity: 1 });
    assert.deepEqual(activityMetrics([], NOW), { sample_size: 0, failed_count: 0, failure_rate_pct: null, window_start: null, window_hours: null, tx_per_hour: null, last_activity: null, hours_since_last_activity: null });
  });

  it('signers ranked by transactions, ties by address; top-3 share', () => {
    const r = rankSigners(['b', 'a', 'c', 'b', 'd', 'a', 'b', 'e', 'e', 'e']);
    assert.deepEqual(r.ranked.map((s) => [s.address, s.tx_count]), [['b', 3], ['e', 3], ['a', 2], ['c', 1], ['d', 1]]);
    assert.equal(r.top3_share_pct, 80);
    assert.equal(r.distinct_signers, 5);
    assert.equal(rankSigners([]).top3_share_pct, null);
  });

  it('automated = regular_intervals or high_frequency; unclassifiable signers are out of the denominator', () => {
    const every = (n: number, gap: number) => Array.from({ length: n }, (_, i) => ({ signature: `s${i}`, timestamp: NOW - i * gap, type: 'SWAP', programIds: [], counterparties: [], success: true }));
    const bot = classifySigner('bot', behaviouralSignals(every(12, 3600)));
    const fast = classifySigner('fast', behaviouralSignals(every(45, 90).map((a, i) => ({ ...a, timestamp: a.timestamp - (i % 2) * 50 }))));
    const human = classifySigner('human', behaviouralSignals([0, 50, 4000, 4100, 20000, 20030, 70000, 90000, 90010].map((t, i) => ({ signature: `h${i}`, timestamp: NOW - t, type: 'SWAP', programIds: [], counterparties: [], success: true }))));
    const short = classifySigner('short', behaviouralSignals(every(5, 3600)));
    const missing = classifySigner('missing', null);
    assert.deepEqual([bot.automated, bot.labels], [true, ['regular_intervals']]);
    assert.deepEqual([fast.automated, fast.labels], [true, ['high_frequency']]);
    assert.deepEqual([human.classified, human.automated], [true, false]);
    assert.deepEqual([short.classified, missing.classified], [false, false]);
    assert.deepEqual(automationShare([bot, fast, human, short, missing]), { signers_considered: 5, classified: 3, automated: 2, automated_activity_pct: 66.67 });
    assert.equal(automationShare([short, missing]).automated_activity_pct, null, 'unknown, not 0');
  });
});

describe('protocol input resolution', () => {
  it('a program id, a directory slug (case-insensitive), any other valid slug', () => {
    assert.deepEqual(resolveProtocol('KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD')?.entry?.slug, 'kamino');
    assert.equal(resolveProtocol('KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD')?.kind, 'program');
    assert.deepEqual(resolveProtocol('Jupiter'), { kind: 'slug', slug: 'jupiter', entry: resolveProtocol('jupiter')!.entry });
    assert.deepEqual(resolveProtocol('aave-v3'), { kind: 'slug', slug: 'aave-v3', entry: null });
    assert.equal(resolveProtocol('11111111111111111111111111111111')?.kind, 'program');
  });

  it('hostile or malformed input resolves to nothing and is an input issue', () => {
    for (const bad of ['../protocols', 'a/b', '%2e%2e', '.', '..', 'jupiter ', ' ', 'jüpiter', 'a?b', 'a#b', 'a\\b', '\u0000', 'x'.repeat(65)]) {
      assert.equal(resolveProtocol(bad), null, JSON.stringify(bad));
      assert.equal(protocolInputIssues({ protocol: bad })[0]?.path, '/protocol');
    }
    assert.deepEqual(protocolInputIssues({ protocol: 'orca' }), []);
  });

  it('yield pools of a protocol: its own project and child projects on Solana only', () => {
    const pool = (project: string, chain = 'Solana') => ({ chain, project, symbol: project, tvlUsd: 1, apy: 1, apyBase: 1, apyReward: null, pool: `${project}-${chain}` });
    const got = protocolPools([pool('kamino'), pool('kamino-lend'), pool('kamino-lend', 'Ethereum'), pool('kaminox'), pool('jupiter')], 'kamino');
    assert.deepEqual(got.map((p) => p.pool), ['kamino-Solana', 'kamino-lend-Solana']);
  });
});
