/**
 * `protocol-profile` through paid calls on the sandbox at a fixed moment (2025-06-15T12:00Z, 81 days
 * into one of Solend's 90-day seasons, so its TVL drawdown shows; see src/sandbox/world/protocols.ts).
 * Refusals (400 hostile input, 404 unknown protocol) are paid for and must not be charged; hostile
 * input must not cause a single upstream request.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A, programUserAddress } from '../../src/sandbox/world/index.js';
import { upstreamRequestCount } from '../../src/sources/index.js';
import { newPayer, paidInvoke } from '../helpers/payers.js';
import { paidCall, paidSuite } from '../helpers/paid-answers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;

const FIXED_NOW = new Date('2025-06-15T12:00:00Z');
const PRICE = 8000n;
const KAMINO_PROGRAM = 'KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD';
/** A builtin program outside the directory (the sandbox lists no signatures for runtime programs). */
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';

let refusals = 0;
/** A paid call that must be refused: status, error code, nothing settled and the payer's balance unchanged. */
async function refused(service: TestService, body: Record<string, unknown>, status: number, code: string): Promise<Json> {
  const payer = await newPayer(service, refusals++ % 2 === 0 ? 'solana' : 'base');
  const balance = await payer.balance();
  const res = await paidInvoke(payer, service, 'protocol-profile', body);
  const json = (await res.json()) as Json;
  assert.equal(res.status, status, JSON.stringify(json));
  assert.equal(json.error.code, code);
  assert.equal(res.headers.get('payment-response'), null, 'nothing settled');
  assert.equal(await payer.balance(), balance, 'not charged');
  return json;
}

describe('protocol-profile', { concurrency: 4 }, () => {
  const { service, call: paid } = paidSuite({ fixedNow: FIXED_NOW });
  const call = (body: Record<string, unknown>) => paid('protocol-profile', body);


  it('by slug (jupiter): TVL, yields, activity, top signers led by the high-frequency bot, automation with evidence', async () => {
    const { status, json: d, cost } = await paidCall(service, 'base', 'protocol-profile', { protocol: 'jupiter' });
    assert.equal(status, 200);
    assert.equal(cost, PRICE, 'debited exactly the price');
    assert.deepEqual([d.protocol.slug, d.protocol.name, d.protocol.resolved_from, d.protocol.in_directory], ['jupiter', 'Jupiter', 'slug', true]);
    assert.equal(d.protocol.program_ids.length, 4);
    assert.ok(d.tvl.tvl_usd > 1e9);
    assert.equal(typeof d.tvl.change_7d_pct, 'number');
    assert.deepEqual(d.yield_pools.map((p: Json) => p.symbol), ['JLP']);
    assert.equal(d.yield_pools_total, 1);
    // 200 signatures of the v6 program, none of the other three (they have no activity in the sandbox).
    assert.equal(d.activity.sample_size, 200);
    assert.equal(d.activity.truncated, true);
    assert.deepEqual(d.activity.programs.map((p: Json) => p.sample_size), [200, 0, 0, 0]);
    assert.equal(d.activity.failure_rate_pct, 0);
    assert.ok(Math.abs(d.activity.tx_per_hour - 200 / d.activity.window_hours) < 0.01, 'tx/hour = sample / window');
    assert.equal(d.activity.hours_since_last_activity < 1, true);
    assert.equal(d.top_signers.parsed_transactions, 100);
    assert.equal(d.top_signers.signers[0].address, A.WALLET_HIGH_FREQUENCY);
    assert.equal(d.top_signers.signers[0].automated, true);
    // automated_activity_pct = automated / classified × 100, with per-signer evidence.
    const ev = d.automation.evidence;
    assert.equal(ev.length, d.automation.signers_considered);
    assert.ok(ev.length >= 3 && ev.length <= 10);
    const hf = ev.find((e: Json) => e.address === A.WALLET_HIGH_FREQUENCY);
    assert.deepEqual(hf.labels, ['high_frequency']);
    assert.ok(hf.high_frequency.value >= hf.high_frequency.threshold);
    const automated = ev.filter((e: Json) => e.automated).length;
    const classified = ev.filter((e: Json) => e.classified).length;
    assert.equal(d.automation.automated, automated);
    assert.equal(d.automation.classified, classified);
    assert.equal(d.automated_activity_pct, Math.round((automated / classified) * 10000) / 100);
    assert.ok(d.automated_activity_pct > 0);
    // One bot makes most of the volume.
    assert.ok(d.health.signals.some((s: Json) => s.signal === 'activity_concentrated'));
    assert.equal(d.health.level, 'WATCH');
    assert.deepEqual(d.next_steps[0], { endpoint: 'enrich-wallet-full', input: { address: A.WALLET_HIGH_FREQUENCY, depth: 'full' }, reason: d.next_steps[0].reason });
    assert.equal(d.next_steps[1].endpoint, 'parse-transaction');
  });

  it('solend shows a TVL drawdown, a high failure rate and a yield outlier: WARNING', async () => {
    const d = await call({ protocol: 'solend' });
    const signals = Object.fromEntries(d.health.signals.map((s: Json) => [s.signal, s]));
    assert.deepEqual(Object.keys(signals).sort(), ['high_failure_rate', 'tvl_drawdown', 'yield_outlier']);
    assert.ok(d.tvl.change_7d_pct <= -15 && d.tvl.change_7d_pct > -40, String(d.tvl.change_7d_pct));
    assert.equal(signals.tvl_drawdown.data.change_7d_pct, d.tvl.change_7d_pct);
    assert.ok(d.activity.failure_rate_pct >= 20, String(d.activity.failure_rate_pct));
    assert.deepEqual(signals.yield_outlier.data.pools.map((p: Json) => p.symbol), ['USDC']);
    assert.equal(d.health.level, 'WARNING');
    // Human-paced protocol users only: nobody automated, and that is measured (0), not unknown.
    assert.equal(d.automated_activity_pct, 0);
    assert.ok(d.automation.classified >= 3);
  });

  it('kamino is HEALTHY: no signal fires and every check was measured', async () => {
    const d = await call({ protocol: 'kamino' });
    assert.deepEqual(d.health.signals, []);
    assert.equal(d.health.level, 'HEALTHY');
    assert.equal(d.health.data_complete, true);
    assert.equal(d.automated_activity_pct, 0);
    assert.ok(d.top_signers.top3_share_pct < 80);
    assert.ok(d.activity.hours_since_last_activity < 24);
  });

  it('by program id of a directory protocol: the same protocol, activity of that program only', async () => {
    const d = await call({ protocol: KAMINO_PROGRAM });
    assert.deepEqual([d.protocol.resolved_from, d.protocol.slug, d.protocol.in_directory], ['program_id', 'kamino', true]);
    assert.deepEqual(d.protocol.program_ids, [KAMINO_PROGRAM]);
    assert.ok(d.tvl.tvl_usd > 0);
    const users = new Set(Array.from({ length: 10 }, (_, i) => programUserAddress(KAMINO_PROGRAM, i)).concat(A.WALLET_DEFI));
    for (const s of d.top_signers.signers) assert.ok(users.has(s.address), `${s.address} is a Kamino user`);
  });

  it('by a program id outside the directory: on-chain only, TVL and yields null with a caveat', async () => {
    const d = await call({ protocol: COMPUTE_BUDGET });
    assert.equal(d.protocol.resolved_from, 'program_id');
    assert.equal(d.protocol.in_directory, false);
    assert.equal(d.tvl, null);
    assert.equal(d.yield_pools, null);
    assert.ok(d.caveats.some((c: Json) => c.code === 'no_defillama_mapping'));
    // The sandbox gives this program no activity: measured as none, which is a health signal.
    assert.equal(d.activity.sample_size, 0);
    assert.equal(d.automated_activity_pct, null);
    assert.ok(d.health.signals.some((s: Json) => s.signal === 'no_recent_activity' && s.severity === 'high'));
    assert.equal(d.health.level, 'CRITICAL');
  });

  it('include_yields false omits the pools (and suggests the call with them)', async () => {
    const d = await call({ protocol: 'jupiter', include_yields: false });
    assert.equal('yield_pools' in d, false);
    assert.equal('yield_pools_total' in d, false);
    assert.ok(d.health.unknown_checks.includes('max_pool_apy_pct'));
    assert.ok(d.next_steps.some((s: Json) => s.endpoint === 'protocol-profile' && s.input.include_yields === true));
  });

  it('format llm: a briefing with the level and signals', async () => {
    const d = await call({ protocol: 'solend', format: 'llm' });
    assert.match(d.briefing, /Health: WARNING/);
    assert.match(d.briefing, /tvl_drawdown/);
  });

  it('an unknown slug is 404 not_found listing the supported slugs, not charged', async () => {
    const json = await refused(service, { protocol: 'no-such-protocol' }, 404, 'not_found');
    assert.match(json.error.message, /jupiter, raydium, orca/);
    assert.ok(json.error.supported_slugs.includes('kamino'));
  });

  it('an address that is not a program is 404, not charged', async () => {
    await refused(service, { protocol: A.WALLET_DEFI }, 404, 'not_found');
  });
});

/** One at a time on a service of their own: they count upstream requests and inject faults. */
describe('protocol-profile: hostile input and a failing DefiLlama', { concurrency: 1 }, () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ fixedNow: FIXED_NOW });
  });
  after(() => service.close());


  async function call(body: Record<string, unknown>): Promise<Json> {
    const payer = await newPayer(service, 'solana');
    const res = await paidInvoke(payer, service, 'protocol-profile', body);
    assert.equal(res.status, 200);
    return res.json();
  }

  it('hostile input is 400 invalid_input, not charged, and sends nothing upstream', async () => {
    for (const protocol of ['../protocols', 'a/b', '%2e%2e', '..', 'jupiter ', 'jüpiter', 'a?b=1', 'a#b', '\u202ejupiter']) {
      const before = upstreamRequestCount(service.sources);
      const json = await refused(service, { protocol }, 400, 'invalid_input');
      assert.equal(json.error.issues[0].path, '/protocol', protocol);
      assert.equal(upstreamRequestCount(service.sources), before, `${JSON.stringify(protocol)} reached no upstream`);
    }
  });

  it('a degraded DefiLlama leg: caveat, TVL and pools null, on-chain data still present; an unknown slug then fails 502', async () => {
    const faults = service.sandbox!.providers!.faults;
    faults.set('defi_data', { errorRate: 1 });
    try {
      const d = await call({ protocol: 'orca' });
      assert.equal(d.tvl, null);
      assert.equal(d.yield_pools, null);
      assert.ok(d.caveats.some((c: Json) => c.code === 'leg_degraded' && c.leg === 'defi_data'));
      assert.ok(d.activity.sample_size > 0);
      assert.equal(d.top_signers.signers[0].address, A.WALLET_HIGH_FREQUENCY);
      assert.equal(typeof d.automated_activity_pct, 'number');
      await refused(service, { protocol: 'not-in-directory' }, 502, 'upstream_unavailable');
    } finally {
      faults.set('defi_data', undefined);
    }
  });
});
