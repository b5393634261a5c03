/**
 * consensus-signal and feed-latest over HTTP with real x402 payments: the query stream is filled by paid
 * calls (recorded after each answer), read back as ranks and trends across the sandbox clock; the daily
 * brief is computed once, served from the cache, compared with `since`, and refused (not charged) when its
 * candidate source is down.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { trendingFactorValues } from '../../src/analytics/trending-score.js';
import { CAST, CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { assertMatchesOutputSchema } from '../helpers/output-schema.js';
import { newPayer, paidInvoke, type Payer } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { newSvmPayer, sandboxUsdcBalance, svmClientScheme } from '../helpers/svm-payer.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const HOUR = 3_600_000;
/** Half past an hour, two days ago: paid calls stay in the past of real time even after advancing. */
const T0 = new Date(Math.floor((Date.now() - 50 * HOUR) / HOUR) * HOUR + 30 * 60_000);

async function call(payer: Payer, service: TestService, key: string, body: unknown): Promise<Json> {
  const res = await paidInvoke(payer, service, key, body);
  const json = await res.json();
  assert.equal(res.status, 200, `${key}: ${JSON.stringify(json)}`);
  return json;
}

const brief = (e: Json) => [e.address, e.rank, e.percentile, e.count, e.trend];

describe('consensus-signal', () => {
  let service: TestService;
  let payer: Payer;
  let excluded: Payer;

  before(async () => {
    const operator = await newSvmPayer();
    service = await startTestService({ fixedNow: T0 }, { CONSENSUS_EXCLUDE_PAYERS: operator.address });
    payer = await newPayer(service, 'solana');
    const rpc = service.sandbox!.solana.url;
    const client = new x402Client().register('solana:*', svmClientScheme(operator, rpc));
    excluded = {
      network: 'solana', address: operator.address, client, fetch: wrapFetchWithPayment(fetch, client),
      balance: () => sandboxUsdcBalance(rpc, operator.address), operatorBalance: () => sandboxUsdcBalance(rpc, service.payTo.solana),
    };
    for (const [mint, times] of [[A.TOKEN_SAFE, 3], [A.TOKEN_RISKY, 2], [A.TOKEN_CAUTION, 1]] as const) {
      for (let i = 0; i < times; i++) await call(payer, service, 'enrich-token-light', { mint });
    }
    // The operator's own test traffic: paid and answered, but never counted.
    await call(excluded, service, 'enrich-token-light', { mint: A.TOKEN_VOL_LOW });
    await call(excluded, service, 'enrich-token-light', { mint: A.TOKEN_VOL_LOW });
    await call(payer, service, 'enrich-wallet-light', { address: A.WALLET_DEFI });
    await service.recorder.idle();
  });
  after(() => service.close());

  it('without address: the top-N most-asked tokens with ranks, percentiles and shares; excluded payers are not counted', async () => {
    const d = await call(payer, service, 'consensus-signal', {});
    assertMatchesOutputSchema('consensus-signal', d);
    // 3 tokens and 6 calls: below the minimum sample (10 and 30), so ranks stand but no percentile is given.
    assert.deepEqual(d.top.map(brief), [
      [A.TOKEN_SAFE, 1, null, 3, 'new'],
      [A.TOKEN_RISKY, 2, null, 2, 'new'],
      [A.TOKEN_CAUTION, 3, null, 1, 'new'],
    ]);
    assert.equal(d.sample_sufficient, false);
    assert.ok(d.caveats.some((c: Json) => c.code === 'insufficient_sample' && /3 token\(s\) asked about and 6 paid call\(s\)/.test(c.message)));
    assert.deepEqual(d.top.map((e: Json) => e.share_pct), [50, 33.33, 16.67]);
    assert.equal(d.total_calls, 6, 'the two excluded calls about VOL_LOW are not in the stream');
    assert.equal(d.ranked_entities, 3);
    assert.equal(d.sample_quality, 'low');
    assert.ok(d.caveats.some((c: Json) => c.code === 'low_sample'));
    assert.equal(d.entity, null);
    assert.equal(d.window_start_at, new Date(T0.getTime() - 30 * 60_000).toISOString());
    assert.deepEqual(d.next_steps[0], { endpoint: 'enrich-token-light', input: { mint: A.TOKEN_SAFE }, reason: d.next_steps[0].reason });
    const limited = await call(payer, service, 'consensus-signal', { limit: 1 });
    assert.deepEqual(limited.top.map((e: Json) => e.address), [A.TOKEN_SAFE]);
  });

  it('with address: that entity\'s rank and percentile; an entity nobody asked about is unranked and inactive', async () => {
    const d = await call(payer, service, 'consensus-signal', { address: A.TOKEN_RISKY });
    assertMatchesOutputSchema('consensus-signal', d);
    assert.deepEqual(brief(d.entity), [A.TOKEN_RISKY, 2, null, 2, 'new']);
    assert.deepEqual(d.top, []);
    const none = await call(payer, service, 'consensus-signal', { address: A.TOKEN_VOL_LOW });
    assert.deepEqual(brief(none.entity), [A.TOKEN_VOL_LOW, null, null, 0, 'inactive']);
    // The only wallet asked about is not "at percentile 100": one call is no crowd.
    const wallets = await call(payer, service, 'consensus-signal', { type: 'wallet', format: 'both' });
    assert.deepEqual(wallets.top.map(brief), [[A.WALLET_DEFI, 1, null, 1, 'new']]);
    assert.match(wallets.llm_summary, /percentile unknown: sample below the minimum/);
  });

  it('consensus-signal calls themselves are not counted (asking for a rank must not move it)', async () => {
    await service.recorder.idle();
    const from = new Date(T0.getTime() - HOUR);
    const to = new Date(T0.getTime() + HOUR);
    assert.deepEqual((await service.store.queryCounts('token', from, to)).map((c) => c.count), [3, 2, 1]);
    assert.deepEqual(await service.store.queryCounts('wallet', from, to), [{ entity: A.WALLET_DEFI, count: 1 }]);
  });

  it('an hour later: the 1h window compares calls per hour with the previous hour; 24h holds both hours', async () => {
    service.advance(HOUR);
    await call(payer, service, 'enrich-token-light', { mint: A.TOKEN_SAFE });
    await call(payer, service, 'enrich-token-light', { mint: A.TOKEN_RISKY });
    await call(payer, service, 'enrich-token-light', { mint: A.TOKEN_RISKY });
    await service.recorder.idle();
    const hour = await call(payer, service, 'consensus-signal', {});
    // Half the hour elapsed: RISKY 2 calls = 4/h against 2/h (×2, rising); SAFE 1 call = 2/h against 3/h
    // (×0.6667, exactly the falling threshold); CAUTION none against 1.
    assert.deepEqual(hour.top.map(brief), [[A.TOKEN_RISKY, 1, null, 2, 'rising'], [A.TOKEN_SAFE, 2, null, 1, 'falling']]);
    assert.deepEqual(hour.top.map((e: Json) => [e.previous_count, e.trend_ratio]), [[2, 2], [3, 0.6667]]);
    assert.equal(hour.previous_total_calls, 6);
    const caution = await call(payer, service, 'consensus-signal', { address: A.TOKEN_CAUTION });
    assert.deepEqual([caution.entity.rank, caution.entity.trend, caution.entity.trend_ratio], [null, 'falling', 0]);
    const day = await call(payer, service, 'consensus-signal', { window: '24h' });
    // RISKY and SAFE tie at 4 calls: both rank 1 (listed by address), CAUTION is third, not second.
    const tied = [A.TOKEN_RISKY, A.TOKEN_SAFE].sort();
    assert.deepEqual(day.top.map(brief), [
      [tied[0], 1, null, 4, 'new'],
      [tied[1], 1, null, 4, 'new'],
      [A.TOKEN_CAUTION, 3, null, 1, 'new'],
    ]);
  });

  it('with the minimum sample (10 tokens, 30 calls in the window) percentiles are given: other callers fill the stream', async () => {
    // Other callers' traffic: 8 more tokens, 3 calls each, in the running hour (with RISKY 2, SAFE 1: 10 tokens, 27 calls).
    const at = new Date(T0.getTime() + HOUR);
    for (let i = 0; i < 8; i++) {
      for (let c = 0; c < 3; c++) await service.store.recordQuery({ entityType: 'token', entity: `other-token-${i}`, endpoint: 'enrich-token-light', at });
    }
    const short = await call(payer, service, 'consensus-signal', { address: A.TOKEN_RISKY });
    assert.deepEqual([short.ranked_entities, short.total_calls, short.sample_sufficient, short.entity.percentile], [10, 27, false, null], '27 calls: still below 30');
    for (let c = 0; c < 3; c++) await service.store.recordQuery({ entityType: 'token', entity: A.TOKEN_SAFE, endpoint: 'enrich-token-light', at });
    const d = await call(payer, service, 'consensus-signal', { limit: 12 });
    assertMatchesOutputSchema('consensus-signal', d);
    assert.deepEqual([d.ranked_entities, d.total_calls, d.sample_sufficient], [10, 30, true]);
    assert.ok(!d.caveats.some((c: Json) => c.code === 'insufficient_sample'));
    // SAFE 4 calls (first: 9 of 9 others below → 100); the eight at 3 tie (RISKY alone below: 1/9 → 11.11); RISKY 0.
    assert.deepEqual(d.top.map((e: Json) => [e.rank, e.percentile]).slice(0, 2), [[1, 100], [2, 11.11]]);
    assert.equal(d.top.find((e: Json) => e.address === A.TOKEN_RISKY).percentile, 0);
  });
});

describe('feed-latest', () => {
  /** A minute after the first brief, minute precision (the spec's timestamp form). */
  const POLL_SINCE = new Date(T0.getTime() + 60_000).toISOString().replace(':00.000Z', 'Z');
  let service: TestService;
  let payer: Payer;
  let first: Json;

  before(async () => {
    service = await startTestService({ fixedNow: T0 });
    payer = await newPayer(service, 'solana');
    // Holder history for ROCK: +10 % over the week (the factor's ceiling).
    const day = (d: number) => new Date(T0.getTime() - d * 86_400_000);
    for (const [d, holders] of [[6, 1000], [3, 1050], [0, 1100]] as const) {
      await service.store.putSnapshot({ subjectType: 'token', subject: A.TOKEN_SAFE, day: day(d).toISOString().slice(0, 10), takenAt: day(d), data: { holder_count: holders } });
    }
    await call(payer, service, 'enrich-token-light', { mint: A.TOKEN_VOL_HIGH });
    await call(payer, service, 'enrich-token-light', { mint: A.TOKEN_VOL_HIGH });
    await service.recorder.idle();
  });
  after(() => service.close());

  it('the brief ranks the cast tokens that have a market by their documented composite score', async () => {
    first = await call(payer, service, 'feed-latest', {});
    assertMatchesOutputSchema('feed-latest', first);
    assert.equal(first.unchanged, false);
    assert.equal(first.generated_at, T0.toISOString());
    assert.equal(first.expires_at, new Date(T0.getTime() + 24 * HOUR).toISOString());
    assert.match(first.brief_id, /^brief_[0-9a-f]{16}$/);
    const mints: string[] = first.tokens.map((t: Json) => t.mint);
    const castTokens = new Set(Object.values(CAST).filter((c) => c.kind === 'token').map((c) => c.address));
    assert.ok(mints.length >= 10 && mints.every((m) => castTokens.has(m)));
    for (const absent of [A.TOKEN_NO_MARKET, A.TOKEN_T22_SOULBOUND, A.TOKEN_USDC, A.TOKEN_WSOL]) assert.ok(!mints.includes(absent), absent);
    assert.deepEqual(first.tokens.map((t: Json) => t.rank), mints.map((_, i) => i + 1));
    for (let i = 1; i < first.tokens.length; i++) assert.ok(first.tokens[i - 1].score >= first.tokens[i].score, 'best first');
    const maxCalls = Math.max(...first.tokens.map((t: Json) => t.attention_calls_24h));
    for (const t of first.tokens) {
      // Every factor is the documented function of the fields reported next to it.
      const expected = trendingFactorValues({
        volume24hUsd: t.volume_24h_usd, liquidityUsd: t.liquidity_usd, priceChange24hPct: t.price_change_24h_pct,
        buys24h: t.buys_24h, sells24h: t.sells_24h, holderGrowthPct: t.holder_growth_pct, attentionCalls: t.attention_calls_24h, maxAttentionCalls: maxCalls,
      });
      // A suspected wash trade's volume and buy pressure are not demand: known, they count 0.
      const zeroed = (name: string) => t.wash_trade_suspected && ['volume_24h', 'buy_pressure'].includes(name) && expected[name as keyof typeof expected] !== null;
      for (const f of t.factors) {
        const face = expected[f.name as keyof typeof expected];
        assert.equal(f.value, face === null ? null : zeroed(f.name) ? 0 : Math.round(face * 1e4) / 1e4, `${t.symbol} ${f.name}`);
      }
      const known = t.factors.filter((f: Json) => f.value !== null);
      const score = known.reduce((s: number, f: Json) => s + f.value * f.weight, 0) / known.reduce((s: number, f: Json) => s + f.weight, 0);
      assert.equal(t.score, Math.round(score * 1e4) / 1e4, t.symbol);
      assert.equal(t.wash_penalty === null, !t.wash_trade_suspected || !t.factors.some((f: Json) => zeroed(f.name)), `${t.symbol} wash_penalty`);
    }
    // WASH churns its thin pool with large round trips (flag from 15 min into each 12 h life): its washed volume
    // and buys count 0, so it ranks below its face-value score, and a caveat names it.
    // T0 is half past an hour, so at least 30 minutes into a life (lives from 00:00 and 12:00 UTC).
    const wash = first.tokens.find((t: Json) => t.mint === A.TOKEN_LAUNCH_WASH);
    assert.equal(wash?.wash_trade_suspected, true, 'WASH is in the brief, flagged');
    assert.deepEqual(wash.wash_penalty.factors, ['volume_24h', 'buy_pressure']);
    assert.ok(wash.score < wash.wash_penalty.score_without_penalty, `${wash.score} < ${wash.wash_penalty.score_without_penalty}`);
    assert.ok(first.caveats.some((c: Json) => c.code === 'wash_trade_suspected' && c.message.includes('WASH')));
    const rock = first.tokens.find((t: Json) => t.mint === A.TOKEN_SAFE);
    assert.equal(rock.holder_growth_pct, 10);
    assert.equal(rock.factors.find((f: Json) => f.name === 'holder_growth').value, 1);
    assert.equal(rock.data_complete, true);
    const storm = first.tokens.find((t: Json) => t.mint === A.TOKEN_VOL_HIGH);
    assert.equal(storm.attention_calls_24h, 2);
    assert.equal(storm.factors.find((f: Json) => f.name === 'attention').value, 1);
    assert.deepEqual(storm.unknown_factors, ['holder_growth']);
    const fresh = first.tokens.find((t: Json) => t.mint === A.TOKEN_BRAND_NEW);
    assert.ok(fresh.unknown_factors.includes('price_momentum'), 'no 24h change for a token under an hour old');
    assert.ok(first.caveats.some((c: Json) => c.code === 'insufficient_history'));
    assert.deepEqual(first.next_steps[0], { endpoint: 'due-diligence', input: { mint: first.tokens[0].mint }, reason: first.next_steps[0].reason });
  });

  it('a second call is a cache hit; `since` at or after generated_at is unchanged with no tokens; an older `since` gets the brief', async () => {
    // An hour on: still the same cached brief (and the polls below are cached from this later moment).
    service.advance(HOUR);
    const again = await call(payer, service, 'feed-latest', {});
    assert.equal(again.meta.cache.hit, true);
    assert.equal(again.meta.cache.age_s, 3600);
    assert.equal(again.meta.cache.ttl_s, 86_400);
    assert.equal(again.brief_id, first.brief_id);
    for (const since of [first.generated_at, POLL_SINCE]) {
      const same = await call(payer, service, 'feed-latest', { since });
      assertMatchesOutputSchema('feed-latest', same);
      assert.equal(same.unchanged, true, since);
      assert.deepEqual(same.tokens, []);
      assert.equal(same.brief_id, first.brief_id);
    }
    const older = await call(payer, service, 'feed-latest', { since: '2024-02-29T23:59Z' });
    assert.equal(older.unchanged, false);
    assert.deepEqual(older.tokens, first.tokens);
    assert.equal(older.brief_id, first.brief_id, 'the poll reads the same cached brief');
  });

  it('after 24 hours a new brief is computed on the first call, and an old `unchanged` poll does not outlive its brief', async () => {
    // The very poll answered `unchanged` above (same input, so the same cache entry) must not outlive its brief.
    const since = POLL_SINCE;
    service.advance(23 * HOUR + 60_000);
    const polled = await call(payer, service, 'feed-latest', { since });
    assert.equal(polled.unchanged, false, 'the new brief is newer than the poll');
    assert.notEqual(polled.brief_id, first.brief_id);
    assert.equal(polled.generated_at, new Date(T0.getTime() + 24 * HOUR + 60_000).toISOString());
    const direct = await call(payer, service, 'feed-latest', {});
    assert.equal(direct.meta.cache.hit, true, 'the poll populated the since-less brief');
    assert.equal(direct.brief_id, polled.brief_id);
  });

  it('the candidate source down: 502, not charged; the next call recovers', async () => {
    service.advance(24 * HOUR + 60_000);
    service.sandbox!.providers!.faults.set('market_data', { errorRate: 1, errorStatus: 503 });
    const before = await payer.balance();
    const res = await paidInvoke(payer, service, 'feed-latest', {});
    const body: Json = await res.json();
    assert.equal(res.status, 502);
    assert.equal(body.error.code, 'upstream_unavailable');
    assert.equal(body.error.leg, 'market_data');
    assert.equal(await payer.balance(), before);
    service.sandbox!.providers!.faults.set('market_data', undefined);
    const recovered = await call(payer, service, 'feed-latest', {});
    assert.equal(recovered.unchanged, false);
    assert.ok(recovered.tokens.length > 0);
  });
});
