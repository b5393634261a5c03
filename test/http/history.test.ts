/**
 * token-trend, wallet-history and portfolio-history through paid calls on the real stack. The clock
 * starts three days before real time (paid calls may not be in real time's future) and is driven
 * across days with `service.advance`: snapshots recorded by enrichment calls on those days, and crafted
 * series written straight into the store, come back as the series, directions and statistics computed
 * here by hand.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import type { SnapshotRecord } from '../../src/store/types.js';
import { assertMatchesOutputSchema } from '../helpers/output-schema.js';
import { newPayer, paidInvoke, type Payer } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;
const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('history endpoints', () => {
  let service: TestService;
  let payer: Payer;
  // Three days before real time, one minute back so the third advance still lands in the past.
  const start = Date.now() - 3 * DAY - 60_000;
  let now = start;
  const advanceDay = () => {
    service.advance(DAY);
    now += DAY;
  };
  const today = () => dayOf(now);

  before(async () => {
    service = await startTestService({ fixedNow: new Date(start) });
    payer = await newPayer(service, 'solana');
  });
  after(() => service.close());

  async function call(key: string, body: Record<string, unknown>, status = 200): Promise<Json> {
    const res = await paidInvoke(payer, service, key, body);
    const text = await res.text();
    assert.equal(res.status, status, `${key} ${JSON.stringify(body)}: ${text}`);
    const json = JSON.parse(text);
    if (status === 200) assertMatchesOutputSchema(key, json);
    return json;
  }

  /** Today's snapshot as an enrichment records it (what the live point of a history call equals). */
  async function liveSnapshot(type: 'token' | 'wallet', address: string): Promise<SnapshotRecord> {
    if (type === 'token') await call('enrich-token-full', { mint: address });
    else await call('enrich-wallet-light', { address });
    await service.recorder.idle();
    const [snap] = await service.store.getSnapshots(type, address, today(), today());
    assert.ok(snap, `no snapshot of ${address} today`);
    return snap;
  }

  const put = (type: 'token' | 'wallet', subject: string, daysAgo: number, data: Record<string, unknown>) =>
    service.store.putSnapshot({ subjectType: type, subject, day: dayOf(now - daysAgo * DAY), takenAt: new Date(now - daysAgo * DAY), data });

  const codes = (json: Json) => (json.caveats as { code: string }[]).map((c) => c.code);
  const direction = (from: number, to: number, lowerIsBetter = false) => {
    const pct = ((to - from) / Math.abs(from)) * 100;
    const move = pct >= 5 ? 1 : pct <= -5 ? -1 : 0;
    const better = lowerIsBetter ? -move : move;
    return better > 0 ? 'improving' : better < 0 ? 'declining' : 'stable';
  };

  it('series recorded by enrichment calls on three past days plus today\'s live point (clock driven across days)', async () => {
    const mint = A.TOKEN_VOL_EXTREME;
    const wallet = A.WALLET_DEFI;
    const tokenDays: { day: string; price: number; liquidity: number }[] = [];
    const walletDays: { day: string; value: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const token = await call('enrich-token-full', { mint });
      tokenDays.push({ day: today(), price: token.price.price_usd, liquidity: token.liquidity_usd });
      const profile = await call('enrich-wallet-light', { address: wallet });
      walletDays.push({ day: today(), value: profile.portfolio_value_usd });
      await service.recorder.idle();
      advanceDay();
    }
    const live = await call('enrich-token-full', { mint });
    const trend = await call('token-trend', { mint, lookback: '7d' });
    assert.equal(trend.to_day, today());
    assert.equal(trend.from_day, dayOf(now - 7 * DAY));
    assert.deepEqual(trend.points.map((p: Json) => p.day), [...tokenDays.map((d) => d.day), today()]);
    assert.deepEqual(trend.points.map((p: Json) => p.live), [false, false, false, true]);
    assert.deepEqual(trend.points.slice(0, 3).map((p: Json) => p.price_usd), tokenDays.map((d) => d.price));
    assert.equal(trend.points[3].price_usd, live.price.price_usd, 'the live point is what enrich-token-full answers now');
    assert.equal(trend.points[3].hhi, live.concentration.raw_supply.hhi);
    // The volatile token's price moves across days; the direction is first day against today.
    assert.notEqual(tokenDays[0]!.price, live.price.price_usd);
    assert.equal(trend.directions.price.from_day, tokenDays[0]!.day);
    assert.equal(trend.directions.price.direction, direction(tokenDays[0]!.price, live.price.price_usd));
    assert.equal(trend.directions.liquidity.direction, direction(tokenDays[0]!.liquidity, live.liquidity_usd));
    assert.deepEqual(codes(trend).filter((c) => c !== 'sandbox_data'), ['partial_history'], '4 of 8 daily points');

    const portfolio = await call('portfolio-history', { address: wallet, period: '7d' });
    const values = [...walletDays.map((d) => d.value), portfolio.points[3].portfolio_value_usd];
    assert.deepEqual(portfolio.points.slice(0, 3).map((p: Json) => p.portfolio_value_usd), walletDays.map((d) => d.value));
    assert.equal(portfolio.summary.valued_points, 4);
    assert.equal(portfolio.summary.peak.value_usd, Math.round(Math.max(...values) * 100) / 100);
    assert.equal(portfolio.summary.start.day, walletDays[0]!.day);
  });

  it('token-trend over a crafted 7-day series: directions at the exact thresholds and a tie overall', async () => {
    const mint = A.TOKEN_RISKY;
    const L = (await liveSnapshot('token', mint)).data as Json;
    assert.equal(L.risk_score, 0.7);
    // Window start (7 days ago): price +20 % to today (improving), liquidity −20 % (declining), HHI +5 %
    // exactly (concentration up: declining), risk 0.75 → 0.7 = −0.05 exactly (improving). 2 : 2 → stable.
    // Days in between do not change the two-point comparison, whatever they say.
    for (let d = 6; d >= 1; d--) await put('token', mint, d, { ...L, price_usd: L.price_usd * (d % 2 ? 3 : 0.1), risk_score: 0.1 });
    await put('token', mint, 7, { ...L, price_usd: L.price_usd / 1.2, liquidity_usd: L.liquidity_usd * 1.25, hhi: L.hhi / 1.05, risk_score: 0.75 });
    const trend = await call('token-trend', { mint });
    assert.equal(trend.lookback, '7d', 'the default lookback');
    assert.equal(trend.points.length, 8);
    assert.deepEqual(codes(trend).filter((c) => c !== 'sandbox_data'), [], 'a complete window has no coverage caveat');
    assert.equal(trend.directions.price.direction, 'improving');
    assert.equal(trend.directions.price.change_pct, 20);
    assert.equal(trend.directions.liquidity.direction, 'declining');
    assert.equal(trend.directions.liquidity.change_pct, -20);
    assert.equal(trend.directions.holder_concentration.direction, 'declining');
    assert.equal(trend.directions.holder_concentration.change_pct, 5);
    assert.equal(trend.directions.risk_score.direction, 'improving');
    assert.equal(trend.directions.risk_score.from, 0.75);
    assert.equal(trend.overall_direction, 'stable');
    assert.deepEqual(trend.thresholds, { relative_pct: 5, score: 0.05 });
    assert.deepEqual(trend.next_steps.map((s: Json) => s.endpoint), ['due-diligence', 'whale-watch']);
  });

  it('the words follow each metric\'s direction of goodness: a risk score that ROSE is worsening, never "declining — 0.6 → 0.7" read as a fall', async () => {
    const mint = A.TOKEN_CAUTION;
    const L = (await liveSnapshot('token', mint)).data as Json;
    const risk = L.risk_score as number;
    assert.ok(risk >= 0.1, `TOKEN_CAUTION's risk score ${risk}`);
    const before = Math.round((risk - 0.1) * 10_000) / 10_000;
    // 7 days ago: risk 0.1 lower (so today it ROSE by 0.1), HHI 10 % lower (concentration rose), price 10 % higher (price fell).
    await put('token', mint, 7, { ...L, risk_score: before, hhi: L.hhi / 1.1, price_usd: L.price_usd * 1.1 });
    const trend = await call('token-trend', { mint, lookback: '7d', format: 'both' });
    const r = trend.directions.risk_score;
    assert.deepEqual([r.from, r.to, r.movement, r.direction, r.polarity], [before, risk, 'rising', 'declining', 'lower_is_better']);
    const hhi = trend.directions.holder_concentration;
    assert.deepEqual([hhi.movement, hhi.direction, hhi.polarity], ['rising', 'declining', 'lower_is_better']);
    const price = trend.directions.price;
    assert.deepEqual([price.movement, price.direction, price.polarity], ['falling', 'declining', 'higher_is_better']);
    assert.deepEqual([trend.directions.liquidity.polarity, trend.directions.liquidity.movement, trend.directions.liquidity.direction], ['higher_is_better', 'flat', 'stable']);
    const from = dayOf(now - 7 * DAY);
    const summary = trend.llm_summary as string;
    assert.ok(summary.includes(`- Risk score (lower is better): **worsening** — rose from ${before} on ${from} to ${risk} on ${today()} (+0.1)`), summary);
    assert.match(summary, /- Holder concentration \(HHI\) \(lower is better\): \*\*worsening\*\* — rose from /);
    assert.match(summary, /- Price \(higher is better\): \*\*worsening\*\* — fell from .* \(-9\.09 %\)/);
    assert.match(summary, /- Liquidity \(higher is better\): \*\*stable\*\* — moved less than the threshold from /);
    assert.equal(trend.overall_direction, 'declining');
    assert.match(summary, /\*\*Overall: worsening\*\* \(0 improving, 3 worsening, 1 stable\)/);
    assert.doesNotMatch(summary, /declining/, 'the briefing never uses the ambiguous word');

    // wallet-history: the wallet's risk score rose 0.15 → 0.35 (worsening); the token count is neutral: rising/falling only.
    const address = A.WALLET_RISK_MODERATE;
    const W = (await liveSnapshot('wallet', address)).data as Json;
    assert.equal(W.risk_score, 0.35);
    await put('wallet', address, 7, { ...W, risk_score: 0.15, token_count: W.token_count * 2 + 2 });
    const history = await call('wallet-history', { address, lookback: '7d', format: 'both' });
    const wr = history.deltas.risk_score;
    assert.deepEqual([wr.from, wr.to, wr.movement, wr.direction, wr.polarity], [0.15, 0.35, 'rising', 'declining', 'lower_is_better']);
    assert.match(history.llm_summary, /- Risk score \(lower is better\): \*\*worsening\*\* — rose from 0\.15 on .* to 0\.35 on .* \(\+0\.2\)/);
    const count = history.deltas.token_count;
    assert.deepEqual([count.polarity, count.direction, count.movement], ['neutral', null, 'falling']);
    assert.match(history.llm_summary, /- Token count \(no better side\): \*\*falling\*\* — fell from /);
    assert.doesNotMatch(history.llm_summary, /declining/);
  });

  it('portfolio-history over a crafted series: peak, trough, max drawdown 50 %, average and change', async () => {
    const address = A.WALLET_GULP_WHALE;
    const L = (await liveSnapshot('wallet', address)).data as Json;
    const V = L.portfolio_value_usd as number;
    assert.ok(V > 0);
    const factors = [1, 1.2, 0.9, 0.6, 1.1, 0.8, 0.95]; // 7 days ago … yesterday; today = 1
    for (const [i, f] of factors.entries()) await put('wallet', address, 7 - i, { ...L, portfolio_value_usd: V * f });
    const answer = await call('portfolio-history', { address, period: '7d', format: 'both' });
    assert.equal(answer.points.length, 8);
    assert.equal(answer.points[7].live, true);
    assert.equal(answer.points[7].portfolio_value_usd, V);
    const s = answer.summary;
    const r2 = (x: number) => Math.round(x * 100) / 100;
    assert.deepEqual(s.peak, { day: dayOf(now - 6 * DAY), value_usd: r2(V * 1.2) });
    assert.deepEqual(s.trough, { day: dayOf(now - 4 * DAY), value_usd: r2(V * 0.6) });
    assert.deepEqual(s.max_drawdown, { usd: r2(V * 0.6), pct: 50, peak_day: dayOf(now - 6 * DAY), trough_day: dayOf(now - 4 * DAY) });
    assert.ok(Math.abs(s.average_value_usd - (V * 7.55) / 8) <= 0.01, `average ${s.average_value_usd} vs ${(V * 7.55) / 8}`);
    assert.deepEqual(s.start, { day: dayOf(now - 7 * DAY), value_usd: r2(V) });
    assert.equal(s.change_usd, 0);
    assert.equal(s.change_pct, 0);
    assert.match(answer.llm_summary, new RegExp(`Max drawdown \\$[\\d,.]+ \\(50\\.00 %\\) from ${dayOf(now - 6 * DAY)} to ${dayOf(now - 4 * DAY)}`));
  });

  it('wallet-history: two-point deltas and added / removed positions against the window start', async () => {
    const address = A.WALLET_NFT_COLLECTOR;
    const L = (await liveSnapshot('wallet', address)).data as Json;
    const positions = L.positions as { mint: string; value_usd: number | null }[];
    assert.ok(positions.length >= 1);
    const gone = { mint: A.TOKEN_SAFE === positions[0]!.mint ? A.TOKEN_CAUTION : A.TOKEN_SAFE, value_usd: 5 };
    await put('wallet', address, 7, {
      ...L, portfolio_value_usd: L.portfolio_value_usd / 1.1, risk_score: L.risk_score + 0.04, positions: [...positions.slice(1), gone],
    });
    const answer = await call('wallet-history', { address, lookback: '7d' });
    assert.deepEqual(answer.start.day, dayOf(now - 7 * DAY));
    assert.equal(answer.end.day, today());
    assert.equal(answer.deltas.portfolio_value_usd.direction, 'improving');
    assert.equal(answer.deltas.portfolio_value_usd.change_pct, 10);
    assert.equal(answer.deltas.native_sol.direction, 'stable');
    assert.equal(answer.deltas.risk_score.direction, 'stable', 'a 0.04 fall is under the 0.05 threshold');
    assert.equal(answer.deltas.token_count.direction, null, 'a count has no better side');
    assert.deepEqual(answer.positions_added, [positions[0]]);
    assert.deepEqual(answer.positions_removed, [gone]);
    assert.equal(answer.overall_direction, 'improving');
    assert.deepEqual(codes(answer).filter((c) => c !== 'sandbox_data'), []);

    // A 14-day lookback finds no snapshot at its start: it compares from the earliest (7 days ago) and says so.
    const longer = await call('wallet-history', { address, lookback: '14d' });
    assert.equal(longer.start.day, dayOf(now - 7 * DAY));
    assert.ok(codes(longer).includes('partial_history'));
  });

  it('too little history: only today\'s live point, a caveat, unknown directions — nothing invented', async () => {
    const trend = await call('token-trend', { mint: A.TOKEN_HHI_WELL, lookback: '30d', format: 'both' });
    assert.equal(trend.points.length, 1);
    assert.equal(trend.points[0].live, true);
    assert.ok(codes(trend).includes('insufficient_history'));
    for (const d of Object.values(trend.directions) as Json[]) assert.equal(d.direction, null);
    assert.equal(trend.overall_direction, null);
    assert.match(trend.llm_summary, /\*\*Overall: unknown\*\*/);
    assert.match(trend.llm_summary, /Price \(higher is better\): unknown/);

    const history = await call('wallet-history', { address: A.WALLET_HIGH_FREQUENCY });
    assert.equal(history.start, null);
    assert.ok(codes(history).includes('insufficient_history'));
    assert.deepEqual([history.positions_added, history.positions_removed], [[], []]);
    assert.equal(history.deltas.portfolio_value_usd.direction, null);

    const portfolio = await call('portfolio-history', { address: A.WALLET_HIGH_FREQUENCY, period: '14d' });
    assert.equal(portfolio.points.length, 1);
    assert.equal(portfolio.summary.valued_points, 1);
    assert.deepEqual(portfolio.summary.max_drawdown, { usd: 0, pct: 0, peak_day: today(), trough_day: today() });
    assert.ok(codes(portfolio).includes('insufficient_history'));
  });

  it('a token trend of an address that is not a mint is 404, like the enrichment it stands on', async () => {
    const json = await call('token-trend', { mint: A.WALLET_EMPTY }, 404);
    assert.equal(json.error.code, 'not_found');
  });
});
