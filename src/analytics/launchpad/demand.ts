/**
 * Launch-intel row per quote asset and its demand score (spec "Demand score"): traded share 40 + survival
 * 40 + paying share 20 − crowding penalty, clamped 0–100. A quote with no coin past day 3 has no survival
 * evidence yet: it is `is_new`, its survival component is credited at the traded share (the only evidence
 * there is) and its score is capped at 80 so an untested quote never tops proven ones.
 */
import { clamp, pct2, round2 } from '../round.js';
import { DAY_MS } from '../../lib/days.js';
import { payoutStatus } from './payout.js';
import {
  DEMAND_CROWDING_FREE,
  DEMAND_CROWDING_MAX_PENALTY,
  DEMAND_CROWDING_PENALTY_PER_UNIT,
  DEMAND_NEW_CAP,
  DEMAND_SURVIVAL_AGE_DAYS,
  DEMAND_WEIGHTS,
} from './thresholds.js';
import type { Factor, RewardCoin } from './types.js';

export interface TaxLevelStats {
  coins: number;
  trading_pct: number | null;
  paying_pct: number | null;
}

export interface LaunchIntelRow {
  quote_mint: string;
  quote_symbol: string;
  coins: number;
  launches_24h: number;
  launches_7d: number;
  trading_today_pct: number | null;
  paying_today_pct: number | null;
  /** Of coins older than 3 days, the share still trading; null when none is that old. */
  survival_pct: number | null;
  volume_24h_usd: number;
  median_holders: number | null;
  median_market_cap_usd: number | null;
  tax_mix: { bps_100: TaxLevelStats; bps_300: TaxLevelStats };
  /** 7 d launches per coin trading today. */
  crowding: number;
  crowding_penalty: number;
  demand_score: number;
  is_new: boolean;
  factors: Factor[];
}

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** 0 up to crowding 1, then 10 points per unit above, capped at 30. */
export function crowdingPenalty(crowding: number): number {
  return round2(clamp((crowding - DEMAND_CROWDING_FREE) * DEMAND_CROWDING_PENALTY_PER_UNIT, 0, DEMAND_CROWDING_MAX_PENALTY));
}

const trades = (c: RewardCoin) => c.volume_24h_usd !== null && c.volume_24h_usd > 0;

/** `coins` are the reward coins of one quote asset. */
export function demandScore(quote: { quote_mint: string; quote_symbol: string }, coins: readonly RewardCoin[], nowMs: number): LaunchIntelRow {
  const n = coins.length;
  const paying = (c: RewardCoin) => payoutStatus(c, nowMs).status === 'PAYING';
  const ageDays = (c: RewardCoin) => (nowMs - c.created_at) / DAY_MS;
  const trading = coins.filter(trades).length;
  const payingN = coins.filter(paying).length;
  const old = coins.filter((c) => ageDays(c) > DEMAND_SURVIVAL_AGE_DAYS);
  const survivalPct = pct2(old.filter(trades).length, old.length);
  const launches24 = coins.filter((c) => c.created_at <= nowMs && nowMs - c.created_at < DAY_MS).length;
  const launches7 = coins.filter((c) => c.created_at <= nowMs && nowMs - c.created_at < 7 * DAY_MS).length;
  const crowding = round2(launches7 / Math.max(1, trading));
  const penalty = crowdingPenalty(crowding);
  const tradedShare = n === 0 ? 0 : trading / n;
  const payingShare = n === 0 ? 0 : payingN / n;
  const isNew = old.length === 0;
  const survivalShare = survivalPct === null ? tradedShare : survivalPct / 100;
  const W = DEMAND_WEIGHTS;
  const factors: Factor[] = [
    { name: 'traded_share', value: round2(W.traded_share * tradedShare), max: W.traded_share, detail: `${trading} of ${n} coins traded in 24 h` },
    { name: 'survival', value: round2(W.survival * survivalShare), max: W.survival, detail: isNew ? `no coin older than ${DEMAND_SURVIVAL_AGE_DAYS} days: credited at the traded share` : `${old.filter(trades).length} of ${old.length} coins older than ${DEMAND_SURVIVAL_AGE_DAYS} days still trade` },
    { name: 'paying_share', value: round2(W.paying_share * payingShare), max: W.paying_share, detail: `${payingN} of ${n} coins paid in 24 h` },
    { name: 'crowding_penalty', value: penalty === 0 ? 0 : -penalty, max: 0, detail: `${launches7} launches in 7 d per ${Math.max(1, trading)} trading coin(s) = ${crowding}` },
  ];
  let score = clamp(factors.reduce((s, f) => s + f.value, 0), 0, 100);
  if (isNew) score = Math.min(score, DEMAND_NEW_CAP);
  const tier = (bps: number): TaxLevelStats => {
    const cs = coins.filter((c) => c.transfer_fee_bps === bps);
    return { coins: cs.length, trading_pct: pct2(cs.filter(trades).length, cs.length), paying_pct: pct2(cs.filter(paying).length, cs.length) };
  };
  const holders = coins.map((c) => c.holders).filter((h): h is number => h !== null);
  const caps = coins.map((c) => c.market_cap_usd).filter((h): h is number => h !== null);
  const med = (xs: number[]) => { const m = median(xs); return m === null ? null : round2(m); };
  return {
    quote_mint: quote.quote_mint,
    quote_symbol: quote.quote_symbol,
    coins: n,
    launches_24h: launches24,
    launches_7d: launches7,
    trading_today_pct: pct2(trading, n),
    paying_today_pct: pct2(payingN, n),
    survival_pct: survivalPct,
    volume_24h_usd: round2(coins.reduce((s, c) => s + (c.volume_24h_usd ?? 0), 0)),
    median_holders: med(holders),
    median_market_cap_usd: med(caps),
    tax_mix: { bps_100: tier(100), bps_300: tier(300) },
    crowding,
    crowding_penalty: penalty,
    demand_score: round2(score),
    is_new: isNew,
    factors,
  };
}

export interface LaunchIntelOverview {
  coins: number;
  /** Of all coins older than 3 days, the share still trading; null when none is that old. */
  survival_pct: number | null;
  tax_levels: { bps_100: TaxLevelStats; bps_300: TaxLevelStats };
  recommendations: string[];
}

/**
 * Platform-wide figures under the per-quote rows: overall survival, the two tax tiers' trading and paying
 * rates, and deterministic recommendations drawn only from those numbers and the rows' demand scores.
 */
export function launchIntelOverview(coins: readonly RewardCoin[], rows: readonly LaunchIntelRow[], nowMs: number): LaunchIntelOverview {
  const old = coins.filter((c) => (nowMs - c.created_at) / DAY_MS > DEMAND_SURVIVAL_AGE_DAYS);
  const tier = (bps: number): TaxLevelStats => {
    const cs = coins.filter((c) => c.transfer_fee_bps === bps);
    return { coins: cs.length, trading_pct: pct2(cs.filter(trades).length, cs.length), paying_pct: pct2(cs.filter((c) => payoutStatus(c, nowMs).status === 'PAYING').length, cs.length) };
  };
  const t100 = tier(100);
  const t300 = tier(300);
  const recommendations: string[] = [];
  const best = [...rows].sort((a, b) => b.demand_score - a.demand_score || a.quote_mint.localeCompare(b.quote_mint))[0];
  if (best !== undefined) recommendations.push(`highest demand: ${best.quote_symbol} (${best.demand_score}/100${best.is_new ? ', new quote: capped' : ''})`);
  const crowded = rows.filter((r) => r.crowding_penalty > 0).map((r) => r.quote_symbol).sort();
  if (crowded.length > 0) recommendations.push(`crowded quotes (more 7 d launches than coins trading): ${crowded.join(', ')}`);
  if (t100.paying_pct !== null && t300.paying_pct !== null && t100.paying_pct !== t300.paying_pct) {
    const [hi, lo] = t100.paying_pct > t300.paying_pct ? [[100, t100.paying_pct], [300, t300.paying_pct]] : [[300, t300.paying_pct], [100, t100.paying_pct]];
    recommendations.push(`${hi[0]} bps coins pay more often (${hi[1]} % paying vs ${lo[1]} % at ${lo[0]} bps)`);
  }
  return { coins: coins.length, survival_pct: pct2(old.filter(trades).length, old.length), tax_levels: { bps_100: t100, bps_300: t300 }, recommendations };
}
