/**
 * due-diligence and whale-watch through paid calls on the sandbox cast: every verdict (SAFE, CAUTION —
 * including a token exactly on the 0.30 boundary —, RISKY) with its exact factors, whale distribution and
 * accumulation with evidence, entity roles that are never whales, degraded legs as caveats, and failures
 * that charge nothing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { newPayer, paidInvoke, type Payer } from '../helpers/payers.js';
import { paidAnswers } from '../helpers/paid-answers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;

describe('due-diligence and whale-watch on the sandbox cast', { concurrency: 4 }, () => {
  let service: TestService;
  let payers: Payer[];

  before(async () => {
    service = await startTestService();
    payers = await Promise.all([newPayer(service, 'solana'), newPayer(service, 'base'), newPayer(service, 'solana'), newPayer(service, 'base')]);
  });
  after(() => service.close());

  const call = paidAnswers(() => service, () => payers);
  const factorNames = (j: Json) => j.token_risk_score.factors.map((f: Json) => `${f.name}+${f.value}`).sort();

  it('TOKEN_SAFE: SAFE, score 0, no factor, nothing unknown', async () => {
    const j = await call('due-diligence', { mint: A.TOKEN_SAFE });
    assert.deepEqual([j.verdict, j.token_risk_score.score, j.token_risk_score.factors, j.token_risk_score.is_lower_bound], ['SAFE', 0, [], false]);
    assert.equal(j.whale_activity.summary.distribution_detected, false);
    assert.equal(j.token_analysis.symbol, 'ROCK');
    assert.equal(j.holder_concentration.raw_supply.band, 'well_distributed');
  });

  it('TOKEN_CAUTION: CAUTION 0.35 = low liquidity flag + unverified + mint authority', async () => {
    const j = await call('due-diligence', { mint: A.TOKEN_CAUTION });
    assert.equal(j.verdict, 'CAUTION');
    assert.equal(j.token_risk_score.score, 0.35);
    assert.deepEqual(factorNames(j), ['mint_authority_active+0.15', 'risk_flag:low_liquidity+0.1', 'unverified+0.1']);
    assert.equal(j.reasons[0], 'mint authority can still create supply (+0.15)');
  });

  it('TOKEN_NO_MARKET: exactly 0.30 is CAUTION (the lower-inclusive boundary, on live data)', async () => {
    const j = await call('due-diligence', { mint: A.TOKEN_NO_MARKET });
    assert.deepEqual([j.verdict, j.token_risk_score.score], ['CAUTION', 0.3]);
    assert.deepEqual(factorNames(j), ['risk_flag:low_liquidity+0.1', 'top5_over_80pct+0.1', 'unverified+0.1']);
  });

  it('TOKEN_RISKY: RISKY 0.75 with every named factor, whale distribution among them', async () => {
    const j = await call('due-diligence', { mint: A.TOKEN_RISKY });
    assert.equal(j.verdict, 'RISKY');
    assert.equal(j.token_risk_score.score, 0.75);
    assert.deepEqual(factorNames(j), [
      'freeze_authority_active+0.1', 'mint_authority_active+0.15', 'risk_flag:low_liquidity+0.1', 'top5_over_80pct+0.1', 'top_holder_over_50pct+0.15', 'unverified+0.1', 'whale_distribution+0.05',
    ]);
    const sellers = j.whale_activity.holders.filter((h: Json) => h.activity?.trend === 'distributing').map((h: Json) => h.owner).sort();
    assert.deepEqual(sellers, [A.WALLET_RUGR_DEV, A.WALLET_RUGR_WHALE].sort());
    assert.ok(j.next_steps.some((s: Json) => s.endpoint === 'enrich-wallet-full' && sellers.includes(s.input.address)));
  });

  it('TOKEN_WHALE_ACCUMULATING: SAFE although a whale moves — accumulation is not a risk factor', async () => {
    const j = await call('due-diligence', { mint: A.TOKEN_WHALE_ACCUMULATING });
    assert.deepEqual([j.verdict, j.token_risk_score.score, j.whale_activity.summary.signal], ['SAFE', 0, 'accumulation']);
  });

  it('whale-watch RUGR: both whales distribute, with evidence transactions inside the window that add up', async () => {
    const j = await call('whale-watch', { mint: A.TOKEN_RISKY });
    assert.equal(j.summary.signal, 'distribution');
    assert.equal(j.summary.distributing, 2);
    const dev = j.holders.find((h: Json) => h.owner === A.WALLET_RUGR_DEV);
    assert.equal(dev.rank, 1);
    assert.equal(dev.role, 'whale');
    assert.ok(dev.supply_pct > 50 && dev.supply_pct < 59, String(dev.supply_pct));
    const a = dev.activity;
    assert.equal(a.coverage, 'complete');
    assert.ok(a.transfers >= 5 && a.transfers <= 9, `the dev sells about 8 times a day, saw ${a.transfers}`);
    assert.equal(a.bought_ui, 0);
    const sum = a.evidence.reduce((s: number, e: Json) => s + e.delta_ui, 0);
    assert.ok(Math.abs(sum - a.net_change_ui) < 1e-3);
    assert.ok(Math.abs(a.balance_start_ui - (dev.balance_ui - a.net_change_ui)) < 1e-3);
    for (const e of a.evidence) assert.ok(e.at >= j.window.from_at && e.at <= j.window.to_at, e.at);
  });

  it('whale-watch GULP: one whale accumulating; the longer the window, the more it bought', async () => {
    const [day, week] = await Promise.all([call('whale-watch', { mint: A.TOKEN_WHALE_ACCUMULATING }), call('whale-watch', { mint: A.TOKEN_WHALE_ACCUMULATING, lookback_hours: 168 })]);
    for (const j of [day, week]) {
      assert.equal(j.summary.signal, 'accumulation');
      assert.equal(j.summary.accumulating, 1);
      assert.equal(j.holders[0].owner, A.WALLET_GULP_WHALE);
    }
    assert.equal(week.window.lookback_hours, 168);
    assert.ok(week.holders[0].activity.bought_ui > 3 * day.holders[0].activity.bought_ui);
  });

  it('whale-watch FLOAT: burn, pool, bonding curve and exchange are marked by role and never whales', async () => {
    const j = await call('whale-watch', { mint: A.TOKEN_FLOAT });
    const byRole = new Map(j.holders.map((h: Json) => [h.role, h]));
    for (const role of ['burn', 'pool', 'bonding_curve', 'exchange']) {
      const h = byRole.get(role) as Json;
      assert.ok(h, `a ${role} holder is marked`);
      assert.equal(h.activity, null, role);
    }
    assert.ok((byRole.get('exchange') as Json).entity, 'the exchange carries its entity name');
    assert.equal(j.holders[0].role, 'burn');
  });

  it('a threshold above every balance leaves no whale and reads no history', async () => {
    const j = await call('whale-watch', { mint: A.TOKEN_RISKY, threshold_usd: 1e12 });
    assert.deepEqual([j.summary.whales, j.summary.signal, j.summary.distribution_detected], [0, 'neutral', false]);
    assert.ok(j.holders.every((h: Json) => h.role !== 'whale'));
  });

  it('format llm briefs the verdict and its reasons', async () => {
    const j = await call('due-diligence', { mint: A.TOKEN_RISKY, format: 'llm' });
    assert.match(j.briefing, /\*\*RISKY\*\* \(risk 0\.75\)/);
    assert.match(j.briefing, /distributing/);
  });
});

describe('due-diligence and whale-watch: failures', () => {
  let service: TestService;
  let payer: Payer;
  before(async () => {
    service = await startTestService();
    payer = await newPayer(service, 'solana');
  });
  after(() => service.close());

  it('a wallet address is not a mint: 404 not_found, nothing charged', async () => {
    for (const key of ['due-diligence', 'whale-watch']) {
      const start = await payer.balance();
      const res = await paidInvoke(payer, service, key, { mint: A.WALLET_RISK_LOW });
      assert.equal(res.status, 404, key);
      assert.equal((await res.json()).error.code, 'not_found');
      assert.equal(await payer.balance(), start);
    }
  });

  it('wallet histories down: whale activity unknown, the score says it is a lower bound, the verdict still stands', async () => {
    service.sandbox!.providers!.faults.set('wallet_assets', { errorRate: 1 });
    try {
      const res = await paidInvoke(payer, service, 'due-diligence', { mint: A.TOKEN_RISKY });
      const j = await res.json();
      assert.equal(res.status, 200, JSON.stringify(j));
      assert.equal(j.whale_activity.summary.signal, 'unknown');
      assert.ok(j.token_risk_score.unknown_factors.includes('whale_distribution'));
      assert.equal(j.token_risk_score.is_lower_bound, true);
      assert.equal(j.verdict, 'RISKY');
      assert.equal(j.token_risk_score.score, 0.7);
      assert.ok(j.caveats.some((c: Json) => c.code === 'leg_degraded' && c.leg === 'wallet_assets'));
      assert.ok(j.caveats.some((c: Json) => c.code === 'score_lower_bound'));
    } finally {
      service.sandbox!.providers!.faults.clear();
    }
  });

  it('whale-watch without its required chain RPC: 502/503, nothing charged', async () => {
    service.sandbox!.providers!.faults.set('chain_rpc', { errorRate: 1 });
    try {
      const start = await payer.balance();
      const res = await paidInvoke(payer, service, 'whale-watch', { mint: A.TOKEN_SAFE, lookback_hours: 2 });
      assert.ok([502, 503].includes(res.status), String(res.status));
      assert.equal((await res.json()).error.code, 'upstream_unavailable');
      assert.equal(await payer.balance(), start);
    } finally {
      service.sandbox!.providers!.faults.clear();
    }
  });
});
