/**
 * compare-tokens and compare-wallets through the real stack with paid calls, on cast members whose
 * documented facts fix the expected rankings and picks; degraded and failed members; duplicates refused.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { paidCall } from '../helpers/paid-answers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;
const PRICE = 6_000n;

const order = (ranking: Json) => ranking.entries.map((e: Json) => e.address);

describe('compare-tokens and compare-wallets', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  it('compare-tokens SAFE / CAUTION / RISKY: scores, verdicts, rankings and picks follow the cast facts; exactly 0.006', async () => {
    const mints = [A.TOKEN_RISKY, A.TOKEN_SAFE, A.TOKEN_CAUTION];
    const { status, json, cost } = await paidCall(service, 'solana', 'compare-tokens', { mints });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(cost, PRICE);
    const [risky, safe, caution] = json.tokens;
    assert.deepEqual([risky.symbol, safe.symbol, caution.symbol], ['RUGR', 'ROCK', 'MAYBE']);
    // ROCK: verified, authorities revoked, top holder < 4 %. MAYBE: unverified + mint authority + low liquidity.
    // RUGR: mint + freeze authority, unverified, top1 > 50 %, top5 > 80 %, low liquidity.
    assert.deepEqual([safe.risk.score, safe.risk.verdict], [0, 'SAFE']);
    assert.deepEqual([caution.risk.score, caution.risk.verdict], [0.35, 'CAUTION']);
    assert.deepEqual([risky.risk.score, risky.risk.verdict], [0.7, 'RISKY']);
    for (const t of json.tokens) {
      assert.deepEqual(t.risk.unknown_factors, ['whale_distribution'], 'whale activity is due-diligence\'s job');
      assert.equal(t.risk.is_lower_bound, true);
      assert.equal(t.risk.comparable, true);
    }
    assert.ok(json.caveats.some((c: Json) => c.code === 'whale_activity_not_read'));
    assert.ok(risky.concentration.hhi_raw_supply > 2500 && safe.concentration.hhi_raw_supply < 1500);

    const r = json.rankings;
    assert.deepEqual(order(r.risk_score), [A.TOKEN_SAFE, A.TOKEN_CAUTION, A.TOKEN_RISKY]);
    assert.equal(r.risk_score.first, 'lowest');
    assert.equal(order(r.liquidity_usd)[0], A.TOKEN_SAFE, '$12M against thin pools');
    assert.equal(r.liquidity_usd.first, 'highest');
    assert.equal(order(r.hhi_raw_supply).at(-1), A.TOKEN_RISKY);
    assert.equal(order(r.volatility_daily_std_pct).at(-1), A.TOKEN_RISKY);
    for (const name of ['safest', 'most_liquid', 'least_concentrated', 'least_volatile', 'overall']) {
      assert.equal(json.picks[name].address, A.TOKEN_SAFE, `${name}: ${json.picks[name].reason}`);
    }
    assert.match(json.picks.overall.reason, /ROCK \(SAFE, mean rank 1\), MAYBE \(CAUTION, mean rank [\d.]+\), RUGR \(RISKY/);
    assert.deepEqual(json.next_steps[0], { endpoint: 'due-diligence', input: { mint: A.TOKEN_SAFE }, reason: json.next_steps[0].reason });
  });

  it('compare-tokens: a wallet among the mints is a failed column and a caveat when two tokens remain; with one left → 404, not charged', async () => {
    const degraded = await paidCall(service, 'base', 'compare-tokens', { mints: [A.TOKEN_SAFE, A.WALLET_DEFI, A.TOKEN_CAUTION] });
    assert.equal(degraded.status, 200, JSON.stringify(degraded.json));
    assert.equal(degraded.cost, PRICE);
    const column = degraded.json.tokens[1];
    assert.deepEqual([column.address, column.ok, column.error.code], [A.WALLET_DEFI, false, 'not_found']);
    assert.ok(degraded.json.caveats.some((c: Json) => c.code === 'member_failed' && c.message.includes(A.WALLET_DEFI)));
    assert.deepEqual(order(degraded.json.rankings.risk_score), [A.TOKEN_SAFE, A.TOKEN_CAUTION], 'only comparable members are ranked');

    const failed = await paidCall(service, 'solana', 'compare-tokens', { mints: [A.TOKEN_SAFE, A.WALLET_DEFI] });
    assert.equal(failed.status, 404, JSON.stringify(failed.json));
    assert.equal(failed.json.error.code, 'not_found');
    assert.equal(failed.cost, 0n);
  });

  it('duplicates are refused as invalid_input before anything is charged (both comparisons)', async () => {
    const tokens = await paidCall(service, 'base', 'compare-tokens', { mints: [A.TOKEN_SAFE, A.TOKEN_RISKY, A.TOKEN_SAFE] });
    assert.equal(tokens.status, 400);
    assert.equal(tokens.json.error.code, 'invalid_input');
    assert.deepEqual(tokens.json.error.issues, [{ path: '/mints/2', message: 'duplicate of /mints/0: each mint may appear once' }]);
    assert.equal(tokens.cost, 0n);
    const wallets = await paidCall(service, 'solana', 'compare-wallets', { addresses: [A.WALLET_DEFI, A.WALLET_DEFI] });
    assert.equal(wallets.status, 400);
    assert.equal(wallets.json.error.issues[0].path, '/addresses/1');
    assert.equal(wallets.cost, 0n);
  });

  it('compare-wallets RISK_LOW / RISK_HIGH / DEFI: risk and activity rankings follow the cast; picks agree with the columns', async () => {
    const addresses = [A.WALLET_RISK_LOW, A.WALLET_RISK_HIGH, A.WALLET_DEFI];
    const { status, json, cost } = await paidCall(service, 'base', 'compare-wallets', { addresses, format: 'both' });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(cost, PRICE);
    assert.equal(json.depth, 'light');
    const [low, high, defi] = json.wallets;
    assert.ok(low.risk.risk_score < high.risk.risk_score, 'RISK_LOW (0.10) below RISK_HIGH');
    assert.equal(low.risk.level, 'LOW');
    assert.equal(order(json.rankings.risk_score).at(-1), A.WALLET_RISK_HIGH);
    assert.notEqual(json.picks.lowest_risk.address, A.WALLET_RISK_HIGH);
    // RISK_HIGH trades ≈ 20 times an hour; RISK_LOW about every other day.
    assert.ok(high.activity.tx_per_day > 200, `RISK_HIGH ${high.activity.tx_per_day}/day`);
    assert.ok(low.activity.tx_per_day > 0.2 && low.activity.tx_per_day < 2, `RISK_LOW ${low.activity.tx_per_day}/day`);
    assert.equal(json.picks.most_active.address, A.WALLET_RISK_HIGH);
    assert.ok(high.labels.includes('high_frequency'));
    // The DeFi wallet holds its liquid-staking tokens among its largest holdings.
    assert.ok(defi.top_holdings.some((h: Json) => h.symbol === 'mSOL' || h.symbol === 'JitoSOL'), JSON.stringify(defi.top_holdings));
    const largest = [...json.wallets].sort((a: Json, b: Json) => b.portfolio_value_usd - a.portfolio_value_usd)[0];
    assert.equal(json.picks.largest_portfolio.address, largest.address);
    assert.deepEqual(order(json.rankings.portfolio_value_usd)[0], largest.address);
    assert.match(json.llm_summary, /## Wallet comparison \(light\)/);
    assert.match(json.llm_summary, /most active/);
  });

  it('compare-wallets: a token mint given as a wallet is a not_found column (not an empty wallet); with one wallet left → 404', async () => {
    const three = await paidCall(service, 'solana', 'compare-wallets', { addresses: [A.WALLET_RISK_LOW, A.TOKEN_SAFE, A.WALLET_EMPTY] });
    assert.equal(three.status, 200, JSON.stringify(three.json));
    assert.deepEqual([three.json.wallets[1].ok, three.json.wallets[1].error.code], [false, 'not_found']);
    assert.match(three.json.wallets[1].error.message, /token mint, not a wallet/);
    // The empty wallet has no history: its risk data is incomplete, so it is not ranked as the safest.
    const empty = three.json.wallets[2];
    assert.equal(empty.risk.comparable, false);
    assert.deepEqual(three.json.rankings.risk_score.unknown, [A.WALLET_EMPTY]);
    assert.equal(three.json.picks.lowest_risk.address, A.WALLET_RISK_LOW);

    const two = await paidCall(service, 'base', 'compare-wallets', { addresses: [A.WALLET_RISK_LOW, A.TOKEN_SAFE] });
    assert.equal(two.status, 404);
    assert.equal(two.cost, 0n);
  });
});

describe('compare-tokens with a degraded source', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  it('market data down: every column degrades with a caveat, liquidity is unknown for all (no pick), risk still ranks', async () => {
    service.sandbox!.providers!.faults.set('market_data', { errorRate: 1 });
    try {
      const { status, json, cost } = await paidCall(service, 'base', 'compare-tokens', { mints: [A.TOKEN_SAFE, A.TOKEN_RISKY] });
      assert.equal(status, 200, JSON.stringify(json));
      assert.equal(cost, PRICE);
      for (const t of json.tokens) {
        assert.equal(t.liquidity_usd, null);
        assert.ok(t.caveats.some((c: Json) => c.code === 'leg_degraded' && c.leg === 'market_data'));
      }
      assert.ok(json.caveats.some((c: Json) => c.code === 'members_degraded'));
      assert.deepEqual(json.rankings.liquidity_usd.unknown, [A.TOKEN_SAFE, A.TOKEN_RISKY]);
      assert.deepEqual([json.picks.most_liquid.address, json.picks.most_liquid.tied_with], [null, []]);
      assert.match(json.picks.most_liquid.reason, /unknown for every member/);
      assert.equal(json.picks.safest.address, A.TOKEN_SAFE);
    } finally {
      service.sandbox!.providers!.faults.set('market_data', undefined);
    }
  });
});
