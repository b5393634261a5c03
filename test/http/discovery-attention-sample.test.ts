/**
 * The attention signal needs a sample (docs/discovery.md "Confluence", "Attention momentum"): a caller's own
 * few paid calls about a token must not make its attention signal true. On a fresh service the query stream
 * holds only what this test pays for; other callers' traffic is seeded into the store (`recordQuery`, hour
 * buckets as the recorder writes them) to reach the minimum sample (10 tokens and 30 calls in the window).
 *
 * Before the rule, three calls about QUIE (and one about RUNR) made trenches-check's attention signal present
 * ("percentile 100 of 2 tokens") and attention-momentum gave QUIE an `early_signal` at percentile 100.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { paidCall } from '../helpers/paid-answers.js';
import { newPayer, paidInvoke } from '../helpers/payers.js';
import { suiteService, type TestService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const HOUR = 3_600_000;
const TRENCHES_CHECK = 30_000n;
const ATTENTION = 20_000n;

async function ok(service: TestService, key: string, body: Record<string, unknown>, price: bigint): Promise<Json> {
  const r = await paidCall(service, 'solana', key, body, { outputSchema: true });
  assert.equal(r.status, 200, `${key}: ${JSON.stringify(r.json).slice(0, 500)}`);
  assert.equal(r.cost, price);
  return r.json;
}

const attention = (d: Json) => d.signals.find((s: Json) => s.name === 'attention');

describe('attention needs a sample: one caller\'s own calls are not a signal', () => {
  // 10:30; the calls below land in hour 10, and attention-momentum reads them an hour later (whole hours).
  const service = suiteService({ fixedNow: new Date('2026-11-19T10:30:00Z') });

  it('trenches-check after a caller\'s own 3 calls about QUIE (and 1 about RUNR): attention unknown (insufficient sample), never present', async () => {
    const payer = await newPayer(service, 'solana');
    for (const mint of [A.TOKEN_LAUNCH_QUIET, A.TOKEN_LAUNCH_QUIET, A.TOKEN_LAUNCH_QUIET, A.TOKEN_LAUNCH_RUNNER]) {
      const res = await paidInvoke(payer, service, 'enrich-token-light', { mint });
      assert.equal(res.status, 200, await res.text());
    }
    await service.recorder.idle();

    const d = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_QUIET }, TRENCHES_CHECK);
    assert.deepEqual([d.attention.calls, d.attention.percentile, d.attention.ranked_entities, d.attention.stream_calls], [3, null, 2, 4]);
    assert.deepEqual([attention(d).present, attention(d).status], [null, 'insufficient_sample']);
    assert.match(attention(d).detail, /only 2 token\(s\) and 4 call\(s\).*below the minimum sample \(10 tokens and 30 calls\).*no percentile/);
    assert.doesNotMatch(attention(d).detail, /percentile 100/, 'no "percentile 100 of 2 tokens"');
    assert.deepEqual([d.attention.score, d.attention.sample_sufficient], [0, false]);
    assert.equal(d.factors.find((f: Json) => f.name === 'attention').value, 0);
    assert.ok(d.caveats.some((c: Json) => c.code === 'attention_insufficient_sample'));
    // The leg answered: it is not a failed leg, and the verdict counts only what is present.
    assert.deepEqual([d.legs_missing, d.degraded], [[], false]);
    assert.equal(d.confluence_count, d.signals.filter((s: Json) => s.present === true).length);
  });

  it('with other callers\' traffic (10 more tokens, 30 more calls) the same 3 calls are a signal', async () => {
    for (let i = 0; i < 10; i++) {
      for (let c = 0; c < 3; c++) await service.store.recordQuery({ entityType: 'token', entity: `other-token-${i}`, endpoint: 'enrich-token-light', at: new Date('2026-11-19T09:15:00Z') });
    }
    await service.recorder.idle();
    service.advance(60_000); // past trenches-check's 30 s cache
    const d = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_QUIET }, TRENCHES_CHECK);
    // QUIE's 3 calls and the trenches-check naming it (4), RUNR's 1, and the 30 seeded: 12 tokens, 35 calls.
    assert.deepEqual([d.attention.calls, d.attention.ranked_entities, d.attention.stream_calls, d.attention.sample_sufficient], [4, 12, 35, true]);
    assert.deepEqual([attention(d).present, attention(d).status], [true, 'present']);
    assert.equal(d.attention.score, Math.min(1, d.attention.calls / 10));
    assert.ok(!d.caveats.some((c: Json) => c.code === 'attention_insufficient_sample'));
  });
});

describe('attention-momentum: a caller\'s own calls', () => {
  const service = suiteService({ fixedNow: new Date('2026-11-19T10:30:00Z') });

  it('3 calls about QUIE in one hour, read the next hour: rising, but low sample — no divergence class, percentile null, with caveats', async () => {
    const payer = await newPayer(service, 'solana');
    for (const mint of [A.TOKEN_LAUNCH_QUIET, A.TOKEN_LAUNCH_QUIET, A.TOKEN_LAUNCH_QUIET, A.TOKEN_LAUNCH_RUNNER]) {
      assert.equal((await paidInvoke(payer, service, 'enrich-token-light', { mint })).status, 200);
    }
    await service.recorder.idle();
    service.advance(HOUR);

    const d = await ok(service, 'attention-momentum', { window: '1h' }, ATTENTION);
    const quie = d.tokens.find((t: Json) => t.mint === A.TOKEN_LAUNCH_QUIET);
    assert.deepEqual([quie.counts, quie.trend, quie.sample_quality, quie.divergence, quie.percentile], [[0, 0, 3], 'rising', 'low', null, null]);
    assert.equal(quie.divergence_reason, 'insufficient sample: 3 call(s) across the three windows (< 10): no divergence class');
    assert.deepEqual([d.candidates, d.total_calls], [2, 4]);
    assert.ok(d.tokens.every((t: Json) => t.percentile === null && t.divergence === null));
    assert.ok(d.caveats.some((c: Json) => c.code === 'attention_insufficient_sample' && /2 token\(s\) and 4 paid call\(s\)/.test(c.message)));
    assert.ok(d.caveats.some((c: Json) => c.code === 'low_sample'));
  });

  it('with 10 tokens and 30 calls in the windows the percentile is given (the rank among them)', async () => {
    for (let i = 0; i < 10; i++) {
      for (let c = 0; c < 3; c++) await service.store.recordQuery({ entityType: 'token', entity: `other-token-${i}`, endpoint: 'enrich-token-light', at: new Date('2026-11-19T10:10:00Z') });
    }
    service.advance(2 * 60_000); // past attention-momentum's 60 s cache
    const d = await ok(service, 'attention-momentum', { window: '1h', limit: 25 }, ATTENTION);
    assert.deepEqual([d.candidates, d.total_calls], [12, 34]);
    const n = d.candidates;
    d.tokens.forEach((t: Json, i: number) => assert.equal(t.percentile, Math.round(((100 * (n - 1 - i)) / (n - 1)) * 100) / 100, t.mint));
    assert.ok(!d.caveats.some((c: Json) => c.code === 'attention_insufficient_sample'));
    // Every token still has under 10 calls: none has a divergence class.
    assert.ok(d.tokens.every((t: Json) => t.sample_quality === 'low' && t.divergence === null));
  });
});
