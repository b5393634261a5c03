/**
 * new-tokens and trending-signals over HTTP with real x402 payments on the sandbox (fixed past clocks,
 * moved forward only within the past). Values are the launch cast's design (src/sandbox/world/launches/
 * designs.ts, docs/sandbox-cast.md), worked out by hand. At 2026-11-20T01:00Z every launch-cast life is
 * exactly one hour old (all lives start at 00:00 UTC):
 *
 * - every launch is unverified (+0.1). RUNR and BUYR have revoked authorities and a pool under half the
 *   supply: 0.1. QUIE's pool is $6,000 → $7,500 over its 24 h life, $6,062.50 at one hour, so it carries the
 *   low-liquidity flag (< $10,000): 0.2. RUGL has its mint authority active: 0.25. WASH has its freeze authority
 *   and its pool holds 600M of the 1B supply (> 50 %): 0.35. RUNR and RUGL trade alike for two hours: $18,000 →
 *   $120,000 liquidity from 40 to 176 min, $33,000 at 60 min; BUYR and SELR have $40,000 pools.
 * - at 02:05 RUGL's pool has been pulled to about $650: below new-tokens' default $1,000 minimum.
 * - BUYR and SELR trade the same volume with 85 % and 43 % buyers.
 * Every charge is the exact price once; failures are not charged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { paidCall, type PaidCall } from '../helpers/paid-answers.js';
import { startTestService, suiteService, type TestService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const MIN = 60_000;
/** USDC atomic units (6 decimals). */
const NEW_TOKENS_PRICE = 12_000n;
const TRENDING_PRICE = 50_000n;

async function ok(service: TestService, key: string, body: Record<string, unknown>, price: bigint, network: 'solana' | 'base' = 'solana'): Promise<Json> {
  const r: PaidCall = await paidCall(service, network, key, body, { outputSchema: true });
  assert.equal(r.status, 200, `${key} ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
  assert.equal(r.cost, price, `${key} is charged its exact price once`);
  return r.json;
}

const byMint = (list: Json[], mint: string) => list.find((t: Json) => t.mint === mint);
const mints = (d: Json) => d.tokens.map((t: Json) => t.mint);
/** The weighted mean of the known factors, 4 decimals (how the composite is defined). */
function weightedMean(factors: Json[]): number {
  const known = factors.filter((f) => f.value !== null);
  const w = known.reduce((s, f) => s + f.weight, 0);
  return Math.round((known.reduce((s, f) => s + f.weight * f.value, 0) / w) * 10_000) / 10_000;
}

/** The lean the documented rule gives a row: the 24 h buy share and whale votes, then the wash flag and the runner stage. */
function expectedLean(t: Json): string {
  const wash = t.runner?.wash_trade_suspected === true;
  const bs = t.market.buy_share_24h;
  const votes = (wash || bs === null ? 0 : bs >= 0.55 ? 1 : bs <= 0.45 ? -1 : 0) + (t.whale.signal === 'accumulation' ? 1 : t.whale.signal === 'distribution' ? -1 : 0);
  let lean = votes > 0 ? 'accumulation' : votes < 0 ? 'distribution' : 'neutral';
  if (wash && lean === 'accumulation') lean = 'neutral';
  if (t.runner?.stage === 'FADING') lean = 'distribution';
  return lean;
}

/** No label contradicts a flag in the same row: a wash trade is penalised and never leans to accumulation; the lean follows the stage. */
function assertRowsAgree(tokens: Json[]): void {
  for (const t of tokens) {
    const who = t.symbol ?? t.mint;
    assert.equal(t.score, weightedMean(t.factors), `${who}: the score is the weighted mean of the factors as listed`);
    if (t.runner?.wash_trade_suspected) {
      assert.notEqual(t.lean, 'accumulation', `${who}: wash trading suspected, yet leans to accumulation`);
      assert.ok(t.wash_penalty, `${who}: wash trading suspected, not penalised`);
      for (const name of ['volume_24h', 'buy_pressure']) assert.equal(t.factors.find((f: Json) => f.name === name).value, 0, `${who} ${name}`);
      assert.ok(t.score < t.wash_penalty.score_without_penalty, who);
    } else assert.equal(t.wash_penalty, null, who);
    if (t.runner?.stage === 'FADING') assert.equal(t.lean, 'distribution', `${who}: FADING (sellers in control) leans ${t.lean}`);
    assert.equal(t.lean, expectedLean(t), who);
  }
}

describe('new-tokens', () => {
  const service = suiteService({ fixedNow: new Date('2026-11-20T01:00:00Z') });
  let safest: Json;

  it('the launch cast at one hour: filtered by risk (max 0.25, inclusive), safest first, RUGL\'s mint authority scoring higher', async () => {
    const d = await ok(service, 'new-tokens', { max_risk_score: 0.25, limit: 20, format: 'both' }, NEW_TOKENS_PRICE);
    safest = d;
    const runner = byMint(d.tokens, A.TOKEN_LAUNCH_RUNNER);
    assert.deepEqual([runner.risk_score, runner.verdict, runner.liquidity_usd, runner.age_hours, runner.launched_at], [0.1, 'SAFE', 33_000, 1, '2026-11-20T00:00:00.000Z']);
    assert.deepEqual(runner.risk.factors.map((f: Json) => f.name), ['unverified']);
    assert.deepEqual(runner.risk.unknown_factors, ['whale_distribution']);
    assert.equal(runner.risk.is_lower_bound, true);
    const buyers = byMint(d.tokens, A.TOKEN_LAUNCH_BUYERS);
    assert.deepEqual([buyers.risk_score, buyers.liquidity_usd], [0.1, 40_000]);
    const quiet = byMint(d.tokens, A.TOKEN_LAUNCH_QUIET);
    assert.deepEqual([quiet.risk_score, quiet.liquidity_usd], [0.2, 6_062.5]);
    assert.deepEqual(quiet.risk.factors.map((f: Json) => f.name).sort(), ['risk_flag:low_liquidity', 'unverified']);
    assert.ok(quiet.risk.flags.includes('low_liquidity'));
    // RUGL: the runner's market (same $33,000 pool) with its mint authority active: 0.1 + 0.15, still SAFE (< 0.3).
    const rug = byMint(d.tokens, A.TOKEN_LAUNCH_RUG);
    assert.deepEqual([rug.risk_score, rug.verdict, rug.liquidity_usd], [0.25, 'SAFE', 33_000]);
    assert.deepEqual(rug.risk.factors.map((f: Json) => [f.name, f.value]), [['unverified', 0.1], ['mint_authority_active', 0.15]]);
    assert.ok(rug.risk.flags.includes('mint_authority_active'));

    // Safest first: risk ascending, then liquidity descending (BUYR's $40,000 before RUNR's $33,000 at 0.1).
    const order = mints(d);
    assert.ok(order.indexOf(A.TOKEN_LAUNCH_BUYERS) < order.indexOf(A.TOKEN_LAUNCH_RUNNER));
    assert.ok(order.indexOf(A.TOKEN_LAUNCH_RUNNER) < order.indexOf(A.TOKEN_LAUNCH_QUIET));
    assert.ok(order.indexOf(A.TOKEN_LAUNCH_QUIET) < order.indexOf(A.TOKEN_LAUNCH_RUG));
    d.tokens.forEach((t: Json, i: number) => {
      assert.equal(t.rank, i + 1);
      assert.ok(t.liquidity_usd >= 1000 && t.risk_score <= 0.25, t.mint);
      const next = d.tokens[i + 1];
      if (next) assert.ok(t.risk_score < next.risk_score || (t.risk_score === next.risk_score && t.liquidity_usd >= next.liquidity_usd), `order at ${i}`);
    });

    // Above the maximum: WASH 0.1 + freeze authority 0.1 + its pool's 60 % of supply 0.15; SELR's pool too.
    const wash = byMint(d.excluded, A.TOKEN_LAUNCH_WASH);
    assert.deepEqual([wash.reason, wash.risk_score, wash.liquidity_usd], ['risk_above_max', 0.35, 58_333.33]);
    assert.equal(byMint(d.excluded, A.TOKEN_LAUNCH_SELLERS).reason, 'risk_above_max');
    assert.ok(byMint(d.excluded, A.TOKEN_LAUNCH_SELLERS).risk_score > 0.25);
    assert.equal(d.summary.returned, d.tokens.length);
    assert.equal(d.summary.candidates, d.tokens.length + d.excluded.length);
    assert.equal(d.summary.excluded_by_reason.risk_above_max, d.excluded.filter((e: Json) => e.reason === 'risk_above_max').length);

    const codes = d.caveats.map((c: Json) => c.code);
    assert.ok(codes.includes('candidate_pool') && codes.includes('risk_score_scope'), codes.join());
    assert.match(d.caveats.find((c: Json) => c.code === 'candidate_pool').message, /profile/);
    assert.deepEqual(d.next_steps[0], { endpoint: 'due-diligence', input: { mint: d.tokens[0].mint }, reason: d.next_steps[0].reason });
    assert.match(d.llm_summary, /safest first/);
    assert.match(d.llm_summary, /RUGL/);
  });

  it('the risk maximum is inclusive: at 0.2499 RUGL (0.25) is excluded', async () => {
    const d = await ok(service, 'new-tokens', { max_risk_score: 0.2499, limit: 20 }, NEW_TOKENS_PRICE, 'base');
    assert.deepEqual(mints(d), safest.tokens.filter((t: Json) => t.risk_score <= 0.2499).map((t: Json) => t.mint));
    const rug = byMint(d.excluded, A.TOKEN_LAUNCH_RUG);
    assert.deepEqual([rug.reason, rug.risk_score], ['risk_above_max', 0.25]);
  });

  it('the liquidity minimum is inclusive (QUIE at exactly $6,062.50); limit is honoured, the default is 10', async () => {
    const at = await ok(service, 'new-tokens', { min_liquidity_usd: 6_062.5, max_risk_score: 0.2, limit: 20 }, NEW_TOKENS_PRICE);
    assert.ok(mints(at).includes(A.TOKEN_LAUNCH_QUIET));
    const above = await ok(service, 'new-tokens', { min_liquidity_usd: 6_062.51, max_risk_score: 0.2, limit: 20 }, NEW_TOKENS_PRICE, 'base');
    assert.ok(!mints(above).includes(A.TOKEN_LAUNCH_QUIET));
    const quiet = byMint(above.excluded, A.TOKEN_LAUNCH_QUIET);
    assert.deepEqual([quiet.reason, quiet.liquidity_usd, quiet.risk_score], ['liquidity_below_min', 6_062.5, null]);

    const three = await ok(service, 'new-tokens', { max_risk_score: 0.25, limit: 3 }, NEW_TOKENS_PRICE);
    assert.deepEqual(mints(three), mints(safest).slice(0, 3));
    assert.equal(three.summary.passed_both, safest.tokens.length);
    assert.ok(three.caveats.some((c: Json) => c.code === 'truncated'));
    const byDefault = await ok(service, 'new-tokens', {}, NEW_TOKENS_PRICE, 'base');
    assert.deepEqual(byDefault.filters, { min_liquidity_usd: 1000, max_risk_score: 0.8, limit: 10 });
    assert.equal(byDefault.tokens.length, 10);
  });

  it('at 02:05, after RUGL\'s pull: its ~$650 pool fails the default liquidity filter', async () => {
    service.advance(65 * MIN);
    const d = await ok(service, 'new-tokens', { limit: 20 }, NEW_TOKENS_PRICE);
    assert.ok(!mints(d).includes(A.TOKEN_LAUNCH_RUG));
    const rug = byMint(d.excluded, A.TOKEN_LAUNCH_RUG);
    assert.equal(rug.reason, 'liquidity_below_min');
    assert.ok(rug.liquidity_usd < 1000 && rug.liquidity_usd > 500, String(rug.liquidity_usd));
    assert.equal(rug.risk_score, null, 'no risk read is spent on a token that cannot pass');
    const runner = byMint(d.tokens, A.TOKEN_LAUNCH_RUNNER);
    assert.deepEqual([runner.risk_score, runner.age_hours], [0.1, 2.08]);
  });

  it('the market-data source down: 502, not charged', async () => {
    service.sandbox!.providers!.faults.set('market_data', { errorRate: 1 });
    try {
      const r = await paidCall(service, 'solana', 'new-tokens', { limit: 5 });
      assert.equal(r.status, 502);
      assert.equal(r.json.error.code, 'upstream_unavailable');
      assert.equal(r.cost, 0n);
    } finally {
      service.sandbox!.providers!.faults.set('market_data', undefined);
    }
  });
});

describe('trending-signals', () => {
  const service = suiteService({ fixedNow: new Date('2026-11-20T01:00:00Z') });
  // $39,000 keeps the $40,000 twins BUYR and SELR and drops the $33,000 runner pools.
  const FILTER = { min_liquidity_usd: 39_000, limit: 20 };
  let plain: Json;

  it('without the whale leg: the daily brief\'s score, ranked, with reasoning; BUYR (85 % buys) above SELR (43 %) on equal volume', async () => {
    const d = await ok(service, 'trending-signals', { ...FILTER, include_whale_watch: false, format: 'both' }, TRENDING_PRICE);
    plain = d;
    assert.equal(d.weights.whale_flow, undefined);
    assert.deepEqual(d.summary.whale_watch, { requested: false, top_n: 0, read: 0, failed: 0 });
    assert.ok(d.tokens.length >= 5);
    d.tokens.forEach((t: Json, i: number) => {
      assert.equal(t.rank, i + 1);
      assert.ok(t.market.liquidity_usd >= 39_000 && t.risk.score <= 0.7, t.mint);
      assert.ok(!t.factors.some((f: Json) => f.name === 'whale_flow'));
      assert.equal(t.whale.read, false);
      assert.equal(t.score, weightedMean(t.factors));
      if (i > 0) assert.ok(d.tokens[i - 1].score >= t.score, `descending at ${i}`);
      assert.ok(t.reasoning.length >= 4 && /^composite /.test(t.reasoning[0]));
    });

    const buyers = byMint(d.tokens, A.TOKEN_LAUNCH_BUYERS);
    const sellers = byMint(d.tokens, A.TOKEN_LAUNCH_SELLERS);
    const factor = (t: Json, name: string) => t.factors.find((f: Json) => f.name === name).value;
    assert.equal(factor(buyers, 'volume_24h'), factor(sellers, 'volume_24h'), 'the twins trade the same volume');
    assert.ok(buyers.rank < sellers.rank);
    assert.ok(factor(buyers, 'buy_pressure') >= 0.84 && factor(sellers, 'buy_pressure') <= 0.44);
    assert.deepEqual([buyers.lean, sellers.lean], ['accumulation', 'distribution']);
    // Runner stages at one hour of age: BUYR is IGNITING after 45 min, SELR FADING (sellers in control).
    assert.deepEqual([buyers.runner.stage, sellers.runner.stage], ['IGNITING', 'FADING']);
    assert.ok(sellers.reasoning.some((r: string) => /sellers in control/.test(r)));

    // The sentiment of the list, recounted from the leans: 60 % either way decides, else mixed.
    const acc = d.tokens.filter((t: Json) => t.lean === 'accumulation').length;
    const dist = d.tokens.filter((t: Json) => t.lean === 'distribution').length;
    assert.deepEqual([d.sentiment.tokens, d.sentiment.accumulation, d.sentiment.distribution], [d.tokens.length, acc, dist]);
    const label = acc / d.tokens.length >= 0.6 ? 'accumulation' : dist / d.tokens.length >= 0.6 ? 'distribution' : 'mixed';
    assert.equal(d.sentiment.sentiment, label);
    assertRowsAgree(d.tokens);
    assert.ok(d.caveats.some((c: Json) => c.code === 'candidate_pool' && /boost/.test(c.message)));
    assert.match(d.llm_summary, /sentiment \*\*(mixed|accumulation|distribution)\*\*/);

    // Without the whale leg the score IS the daily brief's (same factors, same weights, same wash penalty) for every
    // token both rank, a suspected wash trade included (the brief penalises it by the same function).
    const brief = await ok(service, 'feed-latest', {}, 5_000n, 'base');
    let compared = 0;
    for (const b of brief.tokens) {
      const t = byMint(d.tokens, b.mint);
      if (!t) continue;
      compared++;
      assert.equal(t.score, b.score, b.symbol);
      assert.deepEqual(t.wash_penalty, b.wash_penalty, b.symbol);
    }
    assert.ok(brief.tokens.some((b: Json) => b.wash_penalty !== null && byMint(d.tokens, b.mint)), 'a washed token (WASH) is compared');
    assert.ok(compared >= 5, `compared ${compared}`);
  });

  it('WASH (wash trading suspected) is penalised: volume and buy pressure count 0, and it does not lean to accumulation on its 75 % washed buys', async () => {
    const wash = byMint(plain.tokens, A.TOKEN_LAUNCH_WASH);
    assert.equal(wash.runner.wash_trade_suspected, true);
    assert.equal(wash.market.buy_share_24h, 0.75);
    assert.equal(wash.lean, 'neutral');
    assert.ok(wash.reasoning.some((r: string) => /buy share h24 0\.75 not counted: wash trading suspected/.test(r)));
    assert.deepEqual(wash.wash_penalty.factors, ['volume_24h', 'buy_pressure']);
    // Its face value would have ranked it above tokens it now ranks below.
    const above = plain.tokens.filter((t: Json) => t.score > wash.score && t.score < wash.wash_penalty.score_without_penalty);
    assert.ok(above.length > 0 && above.every((t: Json) => t.rank < wash.rank));
  });

  it('with the whale leg (default): whale-watch for the top 5 as a 0.15 factor, the rest unknown', async () => {
    const d = await ok(service, 'trending-signals', FILTER, TRENDING_PRICE, 'base');
    assert.equal(d.weights.whale_flow, 0.15);
    assert.deepEqual(d.summary.whale_watch, { requested: true, top_n: 5, read: 5, failed: 0 });
    const read = d.tokens.filter((t: Json) => t.whale.read);
    assert.deepEqual(read.map((t: Json) => t.mint).sort(), mints(plain).slice(0, 5).sort(), 'the top 5 of the ranking without whale flow');
    const value: Record<string, number> = { accumulation: 1, neutral: 0.5, distribution: 0 };
    for (const t of d.tokens) {
      const whale = t.factors.find((f: Json) => f.name === 'whale_flow');
      assert.equal(whale.weight, 0.15);
      assert.equal(whale.value, t.whale.read ? (value[t.whale.signal] ?? null) : null, t.mint);
      assert.equal(t.score, weightedMean(t.factors));
      if (!t.whale.read) assert.ok(t.unknown_factors.includes('whale_flow'));
      // A token not read keeps its score without whale flow (an unknown factor is left out of the mean).
      if (!t.whale.read) assert.equal(t.score, byMint(plain.tokens, t.mint).score);
    }
    assert.deepEqual(mints(d).slice().sort(), mints(plain).slice().sort(), 'same filters, same tokens');
    assert.equal(byMint(d.tokens, A.TOKEN_LAUNCH_SELLERS).lean, 'distribution');
    assertRowsAgree(d.tokens);
  });

  it('a failing whale leg: a leg_degraded caveat, whale flow unknown, the ranking still answers (charged)', async () => {
    service.advance(3 * MIN); // Past whale-watch's 120 s cache: its next reads hit the sources.
    const without = await ok(service, 'trending-signals', { ...FILTER, limit: 5, include_whale_watch: false }, TRENDING_PRICE);
    // The chain RPC down: whale-watch cannot read a mint or holders (its required legs); the risk reads
    // answered a moment ago come from the shared cache.
    service.sandbox!.providers!.faults.set('chain_rpc', { errorRate: 1 });
    try {
      const d = await ok(service, 'trending-signals', { ...FILTER, limit: 5 }, TRENDING_PRICE, 'base');
      assert.deepEqual(d.summary.whale_watch, { requested: true, top_n: 5, read: 0, failed: 5 });
      const caveat = d.caveats.find((c: Json) => c.code === 'leg_degraded' && c.leg === 'whale-watch');
      assert.ok(caveat, JSON.stringify(d.caveats));
      assert.ok(!d.caveats.some((c: Json) => c.leg === 'chain_rpc'), 'the risk reads came from the shared cache');
      assert.deepEqual(d.tokens.map((t: Json) => [t.mint, t.score]), without.tokens.map((t: Json) => [t.mint, t.score]));
      for (const t of d.tokens) {
        assert.equal(t.factors.find((f: Json) => f.name === 'whale_flow').value, null);
        assert.equal(t.data_complete, false);
        assert.match(t.whale.note, /failed/);
      }
    } finally {
      service.sandbox!.providers!.faults.set('chain_rpc', undefined);
    }
  });

  it('06:00, the default call: RUNR is FADING after its run (63 % buys over the day, sellers in control now) and leans to distribution; WASH is penalised', async () => {
    const at6 = await startTestService({ fixedNow: new Date('2026-11-20T06:00:00Z') });
    try {
      const d = await ok(at6, 'trending-signals', {}, TRENDING_PRICE);
      const runr = byMint(d.tokens, A.TOKEN_LAUNCH_RUNNER);
      assert.equal(runr.runner.stage, 'FADING');
      assert.ok(runr.market.buy_share_24h >= 0.55, `${runr.market.buy_share_24h}`);
      assert.equal(runr.lean, 'distribution');
      assert.ok(runr.reasoning.some((r: string) => /runner stage FADING \(sellers in control, or liquidity pulled\): distribution/.test(r)));
      const wash = byMint(d.tokens, A.TOKEN_LAUNCH_WASH);
      assert.ok(wash === undefined || (wash.wash_penalty !== null && wash.lean !== 'accumulation'));
      assert.ok(d.tokens[0].runner?.wash_trade_suspected !== true, 'a suspected wash trade does not top the list');
      assertRowsAgree(d.tokens);
      assert.equal(d.sentiment.accumulation, d.tokens.filter((t: Json) => t.lean === 'accumulation').length);
    } finally {
      await at6.close();
    }
  });

  it('the market-data source down: 502, not charged', async () => {
    service.sandbox!.providers!.faults.set('market_data', { errorRate: 1 });
    try {
      const r = await paidCall(service, 'solana', 'trending-signals', { include_whale_watch: false, limit: 3 });
      assert.equal(r.status, 502);
      assert.equal(r.json.error.code, 'upstream_unavailable');
      assert.equal(r.cost, 0n);
    } finally {
      service.sandbox!.providers!.faults.set('market_data', undefined);
    }
  });
});
