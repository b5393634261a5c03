/**
 * Endpoint checks of the launch-platform family (docs/launchpad.md: yields, health, gems, demand, quotes).
 * Card packs (gacha-ev-scan) are checked by checks-history-discovery.ts's discovery checks.
 */
import { bandOf, GEM_STAGE, HEALTH_LEVEL, QUOTE_VERDICT, YIELD_ANNUALIZE_MIN_DAYS } from './boundaries.js';
import type { Answer, AnswerCheck, SetCheck } from './harness.js';
import type { Json } from './generic.js';
import { agree, near, type Tally } from './tally.js';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** One window of a yield (launchpad-yield, launchpad-yield-batch): its parts recompute, annualized from its own span. */
function yieldWindow(w: Json, at: string, t: Tally): void {
  if (typeof w.yield_pct === 'number' && typeof w.rewards_usd === 'number' && w.avg_market_cap_usd > 0) {
    t.check('sums', near(w.yield_pct, (100 * w.rewards_usd) / w.avg_market_cap_usd, 0.00006, 1e-3), `${at}.yield_pct`, () => `${w.yield_pct} ≠ ${w.rewards_usd} ÷ avg market cap ${w.avg_market_cap_usd}`);
  }
  if (typeof w.annualized_pct === 'number' && typeof w.yield_pct === 'number' && w.history_days > 0) {
    t.check('sums', near(w.annualized_pct, (w.yield_pct * 365) / w.history_days, 0.011, 1e-3), `${at}.annualized_pct`, () => `${w.annualized_pct} ≠ ${w.yield_pct} × 365 ÷ ${w.history_days}`);
  }
  if (typeof w.yield_pct === 'number' && typeof w.history_days === 'number') {
    t.check('annualized', (w.history_days >= YIELD_ANNUALIZE_MIN_DAYS) === (typeof w.annualized_pct === 'number'), `${at}.annualized_pct`,
      () => `annualized ${w.annualized_pct} from ${w.history_days} observed days (documented: from ${YIELD_ANNUALIZE_MIN_DAYS} days on, null below)`);
    t.check('annualized', w.caution === (w.history_days < 7 || w.partial === true), `${at}.caution`, () => `caution ${w.caution} at ${w.history_days} days, partial ${w.partial}`);
  }
}

const launchpadYield: AnswerCheck = ({ json: d }, where, t) => {
  for (const [name, w] of Object.entries((d.yields ?? {}) as Record<string, Json>)) yieldWindow(w, `${where} yields.${name}`, t);
};

const yieldBatch: AnswerCheck = ({ json: d }, where, t) => {
  for (const c of d.coins as Json[]) for (const [name, w] of Object.entries((c.yields ?? {}) as Record<string, Json>)) yieldWindow(w, `${where} ${c.symbol}.yields.${name}`, t);
};

const rewardRisk: AnswerCheck = ({ json: d }, where, t) => {
  if (typeof d.health_score !== 'number') return;
  t.check('sums', near(d.health_score, sum((d.factors as Json[]).map((f) => f.value)), 0.011), `${where} health_score`, () => `${d.health_score} ≠ Σ factors`);
  const hard = (d.hard_failures as unknown[] | undefined)?.length ?? 0;
  const expected = hard > 0 || d.payout_status === 'NOT_REWARD' ? 'BROKEN' : bandOf(HEALTH_LEVEL, d.health_score);
  t.check('verdicts', d.level === expected, `${where} level`, () => `${d.level} at health ${d.health_score} with ${hard} hard failure(s) (documented ${expected})`);
  for (const f of d.factors as Json[]) t.check('ranges', f.value >= 0 && f.value <= f.max, `${where} factors.${f.name}`, () => `${f.value} outside 0–${f.max}`);
};

const quote: AnswerCheck = ({ json: d }, where, t) => {
  if (d.payout_status !== 'PAYING' || !(d.payout_per_day_per_usd > 0)) {
    t.check('verdicts', d.verdict === 'NOT_PAYING', `${where} verdict`, () => `${d.verdict} for a coin ${d.payout_status} paying ${d.payout_per_day_per_usd} per day per USD`);
    return;
  }
  if (typeof d.round_trip_cost_usd === 'number' && d.round_trip_cost_usd > 0) {
    // Both parts are shown rounded to cents: allow what that rounding can move the ratio, plus its own rounding.
    const ratio = d.expected_payout_usd / d.round_trip_cost_usd;
    const slack = ratio * (0.005 / Math.max(d.expected_payout_usd, 0.005) + 0.005 / d.round_trip_cost_usd) + 0.0051;
    t.check('sums', near(d.payout_to_cost_ratio, ratio, slack), `${where} payout_to_cost_ratio`, () => `${d.payout_to_cost_ratio} ≠ ${d.expected_payout_usd} ÷ ${d.round_trip_cost_usd}`);
    t.check('verdicts', d.verdict === bandOf(QUOTE_VERDICT, d.payout_to_cost_ratio), `${where} verdict`, () => `${d.verdict} at ratio ${d.payout_to_cost_ratio}`);
  }
  t.check('sums', near(d.round_trip_cost_usd, d.entry_cost_usd + d.exit_cost_usd, 0.011), `${where} round_trip_cost_usd`, () => `${d.round_trip_cost_usd} ≠ ${d.entry_cost_usd} + ${d.exit_cost_usd}`);
};

const gems: AnswerCheck = ({ json: d }, where, t) => {
  for (const r of d.rows as Json[]) {
    const at = `${where} ${r.symbol}`;
    t.check('sums', near(r.gem_score, sum((r.factors as Json[]).map((f) => f.value)), 0.011), `${at}.gem_score`, () => `${r.gem_score} ≠ Σ factors`);
    const expected = !(r.volume_24h_usd > 0) ? 'DEAD' : bandOf(GEM_STAGE, r.gem_score);
    t.check('verdicts', r.stage === expected, `${at}.stage`, () => `${r.stage} at score ${r.gem_score}, 24 h volume ${r.volume_24h_usd} (documented ${expected})`);
  }
};

const launchIntel: AnswerCheck = ({ json: d }, where, t) => {
  for (const r of d.rows as Json[]) {
    const at = `${where} ${r.quote_symbol}`;
    t.check('sums', near(r.demand_score, Math.max(0, sum((r.factors as Json[]).map((f) => f.value)) - (r.crowding_penalty > 0 && !(r.factors as Json[]).some((f) => f.name === 'crowding_penalty' && f.value !== 0) ? r.crowding_penalty : 0)), 0.011) || (r.is_new && r.demand_score === 80), `${at}.demand_score`,
      () => `${r.demand_score} ≠ Σ factors ${sum((r.factors as Json[]).map((f) => f.value))}`);
    if (r.is_new) t.check('verdicts', r.demand_score <= 80, `${at}.demand_score`, () => `${r.demand_score} above the new-quote cap 80`);
  }
};

/** Preflight: `ok` is exactly "no mismatch" (spec: `{ ok, mismatches, warnings }`). */
const preflight: AnswerCheck = ({ json: d }, where, t) => {
  t.check('label_flags', d.ok === ((d.mismatches as unknown[]).length === 0), `${where} ok`, () => `ok ${d.ok} with ${(d.mismatches as unknown[]).length} mismatch(es)`);
};

export const LAUNCHPAD_CHECKS: Readonly<Record<string, AnswerCheck[]>> = {
  'launchpad-launch-preflight': [preflight],
  'launchpad-yield': [launchpadYield],
  'launchpad-yield-batch': [yieldBatch],
  'launchpad-reward-risk': [rewardRisk],
  'launchpad-quote': [quote],
  'launchpad-gems': [gems],
  'launchpad-launch-intel': [launchIntel],
};


/** The tax-only round trip of a coin (named `tax_round_trip_pct`; `round_trip_pct` in answers before that name). */
const taxRoundTrip = (x: Json): unknown => x.tax_round_trip_pct ?? x.round_trip_pct;

/** A coin's yields, rewards and status from launchpad-yield against the screener, the batch, reward-risk and the quote. */
export const LAUNCHPAD_SET_CHECKS: SetCheck[] = [
  (answers, t) => {
    const yields = new Map(answers.filter((a) => a.key === 'launchpad-yield').map((a) => [a.body.mint as string, a]));
    const risks = new Map(answers.filter((a) => a.key === 'launchpad-reward-risk').map((a) => [a.body.mint as string, a]));
    const screenerRows = answers.filter((a) => a.key === 'launchpad-screener').flatMap((a) => a.json.rows as Json[]);
    const gemRows = answers.filter((a) => a.key === 'launchpad-gems').flatMap((a) => a.json.rows as Json[]);
    const seen = new Set<string>();
    for (const r of screenerRows) {
      const y: Answer | undefined = yields.get(r.mint);
      if (!y || seen.has(r.mint)) continue;
      seen.add(r.mint);
      const w = `launchpad-screener/yield ${r.symbol}`;
      agree(t, `${w} rewards_usd (lifetime)`, r.rewards_usd, y.json.yields.lifetime.rewards_usd, 0.011);
      agree(t, `${w} yield_7d_pct`, r.yield_7d_pct, y.json.yields['7d'].yield_pct, 0.0001);
      agree(t, `${w} yield_30d_pct`, r.yield_30d_pct, y.json.yields['30d'].yield_pct, 0.0001);
      const risk = risks.get(r.mint);
      if (risk) {
        agree(t, `launchpad-screener/reward-risk ${r.symbol} payout_status`, r.payout_status, risk.json.payout_status);
        agree(t, `launchpad-screener/reward-risk ${r.symbol} tax round trip %`, taxRoundTrip(r), taxRoundTrip(risk.json));
      }
    }
    for (const r of gemRows) {
      const risk = risks.get(r.mint);
      if (risk) agree(t, `launchpad-gems/reward-risk ${r.symbol} payout_status`, r.payout_status, risk.json.payout_status);
    }
    for (const b of answers.filter((a) => a.key === 'launchpad-yield-batch')) {
      for (const c of b.json.coins as Json[]) {
        const y = yields.get(c.mint);
        if (!y) continue;
        for (const win of ['7d', '30d', 'lifetime']) {
          for (const k of ['rewards_usd', 'yield_pct', 'annualized_pct', 'history_days']) agree(t, `launchpad-yield-batch/yield ${c.symbol} ${win}.${k}`, c.yields[win]?.[k], y.json.yields[win]?.[k], 0.0001);
        }
      }
    }
    for (const q of answers.filter((a) => a.key === 'launchpad-quote')) {
      const risk = risks.get(q.body.mint as string);
      if (risk) {
        agree(t, `launchpad-quote/reward-risk ${q.subject} payout_status`, q.json.payout_status, risk.json.payout_status);
        // The quote's round trip is the tax plus the price impact: never below the tax alone.
        const tax = taxRoundTrip(risk.json);
        if (typeof tax === 'number' && typeof q.json.round_trip_pct === 'number') {
          t.check('cross_endpoint', q.json.round_trip_pct >= tax - 0.01, `launchpad-quote/reward-risk ${q.subject} round_trip_pct`, () => `quote round trip ${q.json.round_trip_pct} % below the tax alone ${tax} %`);
        }
      }
      const y = yields.get(q.body.mint as string);
      if (y) agree(t, `launchpad-quote/yield ${q.subject} basis`, q.json.basis, y.json.basis);
    }
  },
];
