/**
 * The invariant checkers themselves: each, given a crafted answer that breaks its invariant, must report it
 * (and a well-formed answer must pass), so the invariants suite cannot pass by checking nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WALLET_TOKEN_CHECKS, WALLET_TOKEN_SET_CHECKS } from './checks-wallet-token.js';
import { GACHA_CHECKS, HISTORY_DISCOVERY_CHECKS, HISTORY_DISCOVERY_SET_CHECKS } from './checks-history-discovery.js';
import { LAUNCHPAD_CHECKS, LAUNCHPAD_SET_CHECKS } from './checks-launchpad.js';
import { PERPS_CHECKS, PERPS_SET_CHECKS } from './checks-perps.js';
import { checkAnswers, type Answer } from './harness.js';
import { Tally, type Invariant } from './tally.js';

const spec = {
  checks: { ...WALLET_TOKEN_CHECKS, ...HISTORY_DISCOVERY_CHECKS, ...GACHA_CHECKS, ...LAUNCHPAD_CHECKS, ...PERPS_CHECKS },
  setChecks: [...WALLET_TOKEN_SET_CHECKS, ...HISTORY_DISCOVERY_SET_CHECKS, ...LAUNCHPAD_SET_CHECKS, ...PERPS_SET_CHECKS],
};

const answer = (key: string, json: Record<string, unknown>, body: Record<string, unknown> = {}, subject = 'crafted'): Answer => ({ key, body, subject, json });

function run(...answers: Answer[]): Tally {
  const t = new Tally();
  checkAnswers(answers, spec, t);
  return t;
}

/** The crafted answers must break `invariant` at a place naming `where`. */
function reports(t: Tally, invariant: Invariant, where: RegExp): void {
  const v = t.of(invariant);
  assert.ok(v.some((x) => where.test(`${x.where} ${x.detail}`)), `expected a ${invariant} violation matching ${where}; got ${JSON.stringify(t.violations)}`);
}

describe('invariant checkers report crafted violations', () => {
  it('ranges: a percent above 100, a 0–1 score above 1 and a negative share; an exempt signed change passes', () => {
    const t = run(answer('x', { a: { top5_pct: 101.09, price_change_24h_pct: -140, score: 1.2, buy_share: -0.1, health_score: 88 } }));
    reports(t, 'ranges', /top5_pct/);
    reports(t, 'ranges', /\.score/);
    reports(t, 'ranges', /buy_share/);
    assert.equal(t.of('ranges').length, 3, JSON.stringify(t.violations));
  });

  it('annualized: a figure without its span, and one from 0 observed days', () => {
    const t = run(answer('x', { y: { annualized_pct: 170923.74 }, z: { annualized_pct: 31.8, history_days: 0, observed_from: '2026-11-20T12:00:00.000Z' } }));
    reports(t, 'annualized', /y\.annualized_pct/);
    reports(t, 'annualized', /z\.annualized_pct.*0 observed days/);
  });

  it('direction_words: a rising risk score (lower is better) read improving, and a briefing line whose word contradicts the arrow', () => {
    const t = run(answer('token-trend', {
      directions: { risk_score: { direction: 'improving', from: 0.6, to: 0.7, change: 0.1, change_pct: 16.67 } },
      llm_summary: '- Risk score: declining — 0.6 → 0.7',
    }));
    reports(t, 'direction_words', /risk_score\.direction/);
    reports(t, 'direction_words', /llm_summary/);
  });

  it('direction_words: a perps share that fell 2 points read rising, and a market heating while its OI falls', () => {
    const t = run(answer('perps-market-trend', { markets: [{ venue: 'A', asset: 'SOL', direction: 'heating', metrics: {
      total_oi_usd: { from: 100, to: 97, change: -3, change_pct: -3, direction: 'falling' },
      utilization_pct: { from: 50, to: 50.5, change: 0.5, change_pct: 1, direction: 'stable' },
      long_pct: { from: 50, to: 48, change: -2, change_pct: -4, direction: 'rising' },
    } }] }));
    reports(t, 'direction_words', /long_pct\.direction/);
    reports(t, 'direction_words', /SOL\.direction.*heating/);
  });

  it('sums: a composite score off its weighted factors; a drawdown percent of another drawdown', () => {
    const t = run(
      answer('x', { row: { score: 0.9, factors: [{ name: 'a', value: 0.5, weight: 0.5 }, { name: 'b', value: 0.5, weight: 0.5 }] } }),
      answer('copy-trade-signals', {
        pnl: { realized_pnl_usd: 10, gross_profit_usd: 12, gross_loss_usd: 2, closed_trades: 5, wins: 4, losses: 1, breakeven: 0 },
        win_rate: { value_pct: 80, n: 5, wins: 4 }, consistency: { value_pct: null }, profit_factor: { value: 6, gross_profit_usd: 12, gross_loss_usd: 2 },
        max_drawdown: { value_usd: 5.3, value_pct: 0.83, peak_equity_usd: 692.92, trough_equity_usd: 687.62 }, sufficient_data: true, performance: 'profitable',
      }),
    );
    reports(t, 'sums', /row\.score/);
    reports(t, 'sums', /max_drawdown\.value_pct/);
  });

  it('verdicts: a wallet level, a token verdict, a gem stage and a card-pack exit verdict off their documented bands', () => {
    const t = run(
      answer('enrich-wallet-light', { risk_score: { risk_score: 0.25, level: 'LOW', factors: [{ value: 0.15, triggered: true }, { value: 0.1, triggered: true }] }, nft_summary: null, holdings: [], labels: [] }),
      answer('compare-tokens', { tokens: [{ ok: true, risk: { score: 0.6, verdict: 'RISKY', factors: [{ value: 0.6 }] } }] }),
      answer('launchpad-gems', { rows: [{ symbol: 'G', gem_score: 79.99, stage: 'GEM', volume_24h_usd: 10, factors: [{ value: 79.99 }] }] }),
      answer('gacha-ev-scan', { machines: [{ code: 'm', price_usd: 50, exits: { buyback: { value_usd: 42.5, edge_pct: -15, verdict: 'NEGATIVE_EV' } } }] }, { exit_strategy: 'buyback' }),
    );
    reports(t, 'verdicts', /risk_score\.level/);
    reports(t, 'verdicts', /tokens\[0\]\.risk\.verdict/);
    reports(t, 'verdicts', /G\.stage/);
    reports(t, 'verdicts', /exits\.buyback\.verdict/);
  });

  it('label_flags: a wash-traded or FADING row leaning accumulation; a both-exit verdict resting on the marketplace; attention from a tiny sample', () => {
    const t = run(
      answer('trending-signals', { tokens: [
        { symbol: 'WASH', score: 0.8, lean: 'accumulation', runner: { stage: 'RUNNING', wash_trade_suspected: true }, market: { buy_share_24h: 0.75 } },
        { symbol: 'RUNR', score: 0.7, lean: 'accumulation', runner: { stage: 'FADING', wash_trade_suspected: false }, market: { buy_share_24h: 0.6 } },
      ] }),
      answer('gacha-ev-scan', { machines: [{ code: 'pokemon_50', price_usd: 50, verdict: 'POSITIVE_EV', verdict_exit: 'marketplace', exits: {
        buyback: { value_usd: 45.9, edge_pct: -8.2, verdict: 'HOUSE_EDGE' }, marketplace: { value_usd: 52.92, edge_pct: 5.84, verdict: 'POSITIVE_EV' } } }] }, { exit_strategy: 'both' }),
      answer('trenches-check', { verdict: 'SINGLE_SIGNAL', signals: [{ name: 'runner', present: false }, { name: 'smart_money', present: false }, { name: 'attention', present: true }],
        attention: { calls: 2, percentile: 100, ranked_entities: 2 } }),
    );
    reports(t, 'label_flags', /WASH.*wash_trade_suspected/);
    reports(t, 'label_flags', /RUNR.*FADING/);
    reports(t, 'label_flags', /pokemon_50\.verdict/);
    reports(t, 'label_flags', /signals\.attention/);
  });

  it('label_flags: smart money "present" while every buyer has sold (no open lot)', () => {
    const t = run(
      answer('trenches-check', { mint: 'M', symbol: 'RUNR', verdict: 'SINGLE_SIGNAL', signals: [{ name: 'smart_money', present: true }], smart_money: { buyers: [{ wallet: 'W1' }] } }, { mint: 'M' }),
      answer('copy-trade-signals', { pnl: { realized_pnl_usd: 0, gross_profit_usd: 0, gross_loss_usd: 0, closed_trades: 0, wins: 0, losses: 0, breakeven: 0 },
        win_rate: {}, consistency: {}, profit_factor: {}, max_drawdown: {}, open_positions: [] }, { address: 'W1' }),
    );
    reports(t, 'label_flags', /signals\.smart_money/);
  });

  it('cross_endpoint: screener rewards vs launchpad-yield lifetime; light vs full price; no_baseline beside stored days', () => {
    const yieldOf = (rewards: number) => ({ yields: { '7d': { yield_pct: null }, '30d': { yield_pct: null }, lifetime: { rewards_usd: rewards, yield_pct: 1 } } });
    const t = run(
      answer('launchpad-yield', yieldOf(427.55), { mint: 'C' }),
      answer('launchpad-screener', { rows: [{ mint: 'C', symbol: 'SOLRAIN', rewards_usd: 9025.99, yield_7d_pct: null, yield_30d_pct: null }] }),
      answer('enrich-token-light', { price: { price_usd: 1 } }, { mint: 'T' }),
      answer('enrich-token-full', { price: { price_usd: 1.1 } }, { mint: 'T' }),
      answer('token-trend', { points: [{ day: '2026-11-14' }] }, { mint: 'T' }),
      answer('check-alerts', { alerts: [], subjects: [{ type: 'token', address: 'T', status: 'no_baseline' }] }, { since: '2026-11-18T00:00Z' }),
    );
    reports(t, 'cross_endpoint', /SOLRAIN rewards_usd/);
    reports(t, 'cross_endpoint', /price\.price_usd/);
    reports(t, 'cross_endpoint', /no_baseline/);
  });

  it('a well-formed answer passes every check it goes through', () => {
    const t = run(
      answer('enrich-wallet-light', { risk_score: { risk_score: 0.25, level: 'MODERATE', factors: [{ value: 0.15, triggered: true }, { value: 0.1, triggered: true }, { value: 0, triggered: false }] },
        nft_count: 3, nft_summary: { collected: 1, airdropped: 1, suspected_spam: 1 }, native_balance: { usd: 10 }, portfolio_value_usd: 15, holdings_count: 1,
        holdings: [{ ui_amount: 2, price_usd: 2.5, value_usd: 5 }], labels: [] }),
      answer('gacha-ev-scan', { machines: [{ code: 'op_50', price_usd: 50, verdict: 'HOUSE_EDGE', verdict_exit: 'buyback', edge_pct: -15, exits: {
        buyback: { value_usd: 42.5, edge_pct: -15, verdict: 'HOUSE_EDGE' }, marketplace: { value_usd: 49, edge_pct: -2, verdict: 'HOUSE_EDGE' } } }] }, { exit_strategy: 'both' }),
    );
    assert.deepEqual(t.violations, []);
    assert.ok(t.count('verdicts').checked >= 3 && t.count('sums').checked >= 6, JSON.stringify([t.count('verdicts'), t.count('sums')]));
  });
});
