import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { marketSentiment, tokenLean, trendingSignalScore } from '../../../src/analytics/discovery/sentiment.js';
import { trendingScore } from '../../../src/analytics/trending-score.js';
import { FULL_TRENDING_INPUTS as inputs } from '../trending-inputs.js';

describe('trendingSignalScore', () => {
  test('without the whale leg it is exactly the daily brief score', () => {
    const s = trendingSignalScore(inputs);
    assert.equal(s.score, trendingScore(inputs).score);
    // 0.25 × 0.4 + 0.2 × 0.6 + 0.15 × 0.3333 + 0.15 × 0.6 + 0.15 × 0.5 + 0.1 × 0.75 = 0.509995
    assert.equal(s.score, 0.51);
    assert.equal(s.factors.some((f) => f.name === 'whale_flow'), false);
  });

  test('whale flow adds weight 0.15 to the known factors: accumulation 1, neutral 0.5, distribution 0', () => {
    // (0.509995 + 0.15 × 1) ÷ 1.15 = 0.57390…
    assert.equal(trendingSignalScore(inputs, 'accumulation').score, 0.5739);
    // (0.509995 + 0.15 × 0.5) ÷ 1.15 = 0.50869…
    assert.equal(trendingSignalScore(inputs, 'neutral').score, 0.5087);
    // 0.509995 ÷ 1.15 = 0.44347…
    assert.equal(trendingSignalScore(inputs, 'distribution').score, 0.4435);
  });

  test('a failed whale leg is unknown and left out (score unchanged, data incomplete)', () => {
    for (const w of [null, 'unknown'] as const) {
      const s = trendingSignalScore(inputs, w);
      assert.equal(s.score, 0.51);
      assert.deepEqual([s.data_complete, s.unknown_factors], [false, ['whale_flow']]);
      assert.match(s.reasons.at(-1)!, /unknown, left out: whale_flow/);
    }
  });

  test('reasons list the known factors strongest first', () => {
    const s = trendingSignalScore(inputs, 'accumulation');
    assert.equal(s.reasons[0], 'whale_flow 1 (weight 0.15): strong');
    assert.equal(s.reasons.at(-1), 'liquidity 0.3333 (weight 0.15)');
  });
});

describe('a suspected wash trade is penalised', () => {
  test('volume_24h and buy_pressure count 0; the score stays the weighted mean of the factors as listed', () => {
    const s = trendingSignalScore(inputs, undefined, true);
    // Face value: volume 0.4 and buy pressure 0.6 → 0.51. Washed: 0.51 − 0.25 × 0.4 − 0.15 × 0.6 = 0.319995.
    assert.equal(s.score, 0.32);
    assert.deepEqual(s.factors.filter((f) => f.name === 'volume_24h' || f.name === 'buy_pressure').map((f) => f.value), [0, 0]);
    assert.deepEqual(s.wash_penalty, {
      factors: ['volume_24h', 'buy_pressure'], score_without_penalty: 0.51,
      reason: 'wash trading suspected: volume_24h and buy_pressure count 0 (washed volume and buys are not demand)',
    });
    assert.ok(s.reasons.includes('volume_24h 0 (weight 0.25): wash trading suspected, not counted as demand'));
    // With whale flow: (0.319995 + 0.15 × 1) ÷ 1.15 = 0.40869…
    assert.equal(trendingSignalScore(inputs, 'accumulation', true).score, 0.4087);
    assert.equal(trendingSignalScore(inputs, 'accumulation', true).wash_penalty!.score_without_penalty, 0.5739);
    assert.equal(trendingSignalScore(inputs).wash_penalty, null);
  });
});

describe('market sentiment', () => {
  test('token lean: buy share h24 ≥ 0.55 (+1) or ≤ 0.45 (−1), whales ±1, sign of the sum', () => {
    assert.equal(tokenLean({ mint: 'a', buyShareH24: 0.55 }).lean, 'accumulation');
    assert.equal(tokenLean({ mint: 'a', buyShareH24: 0.5499 }).lean, 'neutral');
    assert.equal(tokenLean({ mint: 'a', buyShareH24: 0.45 }).lean, 'distribution');
    assert.equal(tokenLean({ mint: 'a', buyShareH24: 0.4501 }).lean, 'neutral');
    assert.equal(tokenLean({ mint: 'a', buyShareH24: 0.6, whaleSignal: 'distribution' }).lean, 'neutral');
    assert.equal(tokenLean({ mint: 'a', buyShareH24: 0.5, whaleSignal: 'accumulation' }).lean, 'accumulation');
    assert.equal(tokenLean({ mint: 'a', buyShareH24: null, whaleSignal: 'distribution' }).lean, 'distribution');
    assert.deepEqual(tokenLean({ mint: 'a', buyShareH24: 0.6, whaleSignal: 'accumulation' }).reasons, ['buy share h24 0.6 ≥ 0.55', 'whale signal accumulation']);
  });

  test('the lean never contradicts the row: wash trading caps it at neutral, FADING is distribution', () => {
    // WASH: 75 % buys on washed volume — the buy share does not vote, and it cannot lean to accumulation.
    const wash = tokenLean({ mint: 'w', buyShareH24: 0.75, washTradeSuspected: true, stage: 'IGNITING' });
    assert.equal(wash.lean, 'neutral');
    assert.deepEqual(wash.reasons, ['buy share h24 0.75 not counted: wash trading suspected', 'whale flow not read']);
    assert.equal(tokenLean({ mint: 'w', buyShareH24: 0.75, whaleSignal: 'accumulation', washTradeSuspected: true }).lean, 'neutral');
    assert.equal(tokenLean({ mint: 'w', buyShareH24: 0.75, whaleSignal: 'distribution', washTradeSuspected: true }).lean, 'distribution');
    // RUNR after its run: 63 % buys over the day, but FADING (sellers in control now) → distribution.
    const fading = tokenLean({ mint: 'r', buyShareH24: 0.6347, stage: 'FADING' });
    assert.equal(fading.lean, 'distribution');
    assert.equal(fading.reasons.at(-1), 'runner stage FADING (sellers in control, or liquidity pulled): distribution');
    assert.equal(tokenLean({ mint: 'r', buyShareH24: 0.6, whaleSignal: 'accumulation', stage: 'FADING' }).lean, 'distribution');
    // Other stages keep the votes (buyers over 5 minutes do not deny a day of selling).
    assert.equal(tokenLean({ mint: 'b', buyShareH24: 0.4, stage: 'RUNNING' }).lean, 'distribution');
    assert.equal(tokenLean({ mint: 'b', buyShareH24: 0.4, stage: 'QUIET' }).lean, 'distribution');
    assert.equal(tokenLean({ mint: 'b', buyShareH24: 0.6, stage: 'PARABOLIC_LATE' }).lean, 'accumulation');
  });

  test('accumulation / distribution at ≥ 60 % of the ranked tokens, mixed otherwise', () => {
    const t = (mint: string, buyShareH24: number) => ({ mint, buyShareH24 });
    const three = marketSentiment([t('a', 0.7), t('b', 0.6), t('c', 0.56), t('d', 0.5), t('e', 0.3)]);
    assert.deepEqual([three.sentiment, three.accumulation, three.distribution, three.neutral, three.accumulation_pct], ['accumulation', 3, 1, 1, 60]);
    const two = marketSentiment([t('a', 0.7), t('b', 0.6), t('c', 0.5), t('d', 0.5), t('e', 0.3)]);
    assert.equal(two.sentiment, 'mixed');
    const dist = marketSentiment([t('a', 0.4), t('b', 0.3), t('c', 0.45), t('d', 0.5), t('e', 0.7)]);
    assert.deepEqual([dist.sentiment, dist.distribution_pct], ['distribution', 60]);
    const empty = marketSentiment([]);
    assert.deepEqual([empty.sentiment, empty.tokens, empty.reasoning], ['mixed', 0, 'no ranked tokens: mixed']);
  });
});
