/**
 * Health of a DeFi protocol: TVL changes from its daily history and the signals read from TVL,
 * on-chain activity, signer concentration, automation and yields. Pure (no I/O, no clock).
 *
 * TVL changes: the current TVL is the history's last point (DefiLlama appends the latest hourly value);
 * the change over d days compares it with the last point at or before now − d days; null when the
 * history has no such point or that point is 0.
 *
 * Signals and thresholds (inclusive; a check whose input is unknown is listed in `unknown_checks`,
 * never passed as healthy):
 *  | signal               | fires when                                                         | severity |
 *  | tvl_collapse         | 7d change ≤ −40 % or 30d change ≤ −60 %                            | high     |
 *  | tvl_drawdown         | 7d change ≤ −15 % (and not a collapse, which supersedes it)         | medium   |
 *  | no_recent_activity   | no signature in the sample, or the newest is ≥ 24 h old             | high     |
 *  | high_failure_rate    | ≥ 20 % of ≥ 20 sampled transactions failed                          | medium   |
 *  | activity_concentrated| the 3 busiest signers made ≥ 80 % of ≥ 20 parsed transactions       | low      |
 *  | automation_dominant  | automated_activity_pct ≥ 50 over ≥ 3 classified signers             | medium   |
 *  | yield_outlier        | a pool's APY ≥ 100 % (one signal listing every such pool)            | low      |
 * A ±15 % week is ordinary for USD-denominated TVL (SOL itself moves that much); −15 % is where a
 * drawdown stands out, −40 % a week or −60 % a month is an exodus or an exploit. APYs of 100 % and more
 * are paid in incentives or by risk, rarely sustainable.
 *
 * Level: CRITICAL with any high signal, WARNING with any medium, WATCH with any low, HEALTHY with
 * none — UNKNOWN when neither TVL nor activity is known.
 */
import { round2 } from './round.js';

export const HEALTH_THRESHOLDS = {
  tvl_drawdown_7d_pct: -15,
  tvl_collapse_7d_pct: -40,
  tvl_collapse_30d_pct: -60,
  inactive_after_hours: 24,
  failure_rate_pct: 20,
  failure_min_sample: 20,
  concentration_top3_pct: 80,
  concentration_min_sample: 20,
  automation_pct: 50,
  automation_min_classified: 3,
  yield_outlier_apy_pct: 100,
} as const;

const DAY = 86_400;

export interface TvlPoint {
  /** Unix seconds. */
  date: number;
  totalLiquidityUSD: number;
}

export interface TvlChanges {
  tvl_usd: number | null;
  change_1d_pct: number | null;
  change_7d_pct: number | null;
  change_30d_pct: number | null;
}

/** Percent changes of the latest point against the last point at least 1, 7 and 30 days older than now. */
export function tvlChanges(history: readonly TvlPoint[], nowSeconds: number): TvlChanges {
  const points = history.filter((p) => p.date <= nowSeconds && Number.isFinite(p.totalLiquidityUSD)).slice().sort((a, b) => a.date - b.date);
  const current = points.at(-1)?.totalLiquidityUSD ?? null;
  const change = (days: number): number | null => {
    const past = points.filter((p) => p.date <= nowSeconds - days * DAY).at(-1)?.totalLiquidityUSD;
    if (current === null || past === undefined || past === 0) return null;
    return round2(((current - past) / past) * 100);
  };
  return { tvl_usd: current, change_1d_pct: change(1), change_7d_pct: change(7), change_30d_pct: change(30) };
}

export type Severity = 'low' | 'medium' | 'high';
export type HealthLevel = 'HEALTHY' | 'WATCH' | 'WARNING' | 'CRITICAL' | 'UNKNOWN';

export interface HealthSignal {
  signal: string;
  severity: Severity;
  detail: string;
  data: Record<string, unknown>;
}

export interface HealthFactor {
  name: string;
  /** The measured value (null = unknown). */
  value: number | null;
  threshold: number;
  triggered: boolean | null;
}

export interface ProtocolHealthInput {
  tvl: TvlChanges | null;
  activity: { sample_size: number; failure_rate_pct: number | null; hours_since_last_activity: number | null } | null;
  signers: { parsed_transactions: number; top3_share_pct: number | null } | null;
  automation: { automated_activity_pct: number | null; classified: number } | null;
  /** null = yields not fetched or unavailable. */
  pools: readonly { pool: string; symbol: string; apy_pct: number | null }[] | null;
}

export interface ProtocolHealth {
  level: HealthLevel;
  signals: HealthSignal[];
  factors: HealthFactor[];
  data_complete: boolean;
  unknown_checks: string[];
}

const T = HEALTH_THRESHOLDS;

export function protocolHealth(input: ProtocolHealthInput): ProtocolHealth {
  const signals: HealthSignal[] = [];
  const factors: HealthFactor[] = [];
  const unknown: string[] = [];
  const factor = (name: string, value: number | null, threshold: number, triggered: boolean | null) => {
    factors.push({ name, value, threshold, triggered });
    if (triggered === null) unknown.push(name);
  };

  // TVL
  const c7 = input.tvl?.change_7d_pct ?? null;
  const c30 = input.tvl?.change_30d_pct ?? null;
  const collapse7 = c7 === null ? null : c7 <= T.tvl_collapse_7d_pct;
  const collapse30 = c30 === null ? null : c30 <= T.tvl_collapse_30d_pct;
  factor('tvl_change_7d_pct', c7, T.tvl_drawdown_7d_pct, c7 === null ? null : c7 <= T.tvl_drawdown_7d_pct);
  factor('tvl_change_30d_pct', c30, T.tvl_collapse_30d_pct, collapse30);
  if (collapse7 || collapse30) {
    signals.push({ signal: 'tvl_collapse', severity: 'high', detail: `TVL fell ${collapse7 ? `${c7} % in 7 days` : `${c30} % in 30 days`}`, data: { change_7d_pct: c7, change_30d_pct: c30, thresholds: { change_7d_pct: T.tvl_collapse_7d_pct, change_30d_pct: T.tvl_collapse_30d_pct } } });
  } else if (c7 !== null && c7 <= T.tvl_drawdown_7d_pct) {
    signals.push({ signal: 'tvl_drawdown', severity: 'medium', detail: `TVL fell ${c7} % in 7 days`, data: { change_7d_pct: c7, threshold_pct: T.tvl_drawdown_7d_pct } });
  }

  // Activity
  const a = input.activity;
  const idle = a === null ? null : a.sample_size === 0 || (a.hours_since_last_activity !== null && a.hours_since_last_activity >= T.inactive_after_hours);
  factor('hours_since_last_activity', a?.hours_since_last_activity ?? null, T.inactive_after_hours, idle);
  if (idle) {
    signals.push({
      signal: 'no_recent_activity', severity: 'high',
      detail: a!.sample_size === 0 ? 'No transaction invoked its programs in the retained history' : `The last transaction was ${a!.hours_since_last_activity} h ago`,
      data: { sample_size: a!.sample_size, hours_since_last_activity: a!.hours_since_last_activity, threshold_hours: T.inactive_after_hours },
    });
  }
  const failKnown = a !== null && a.failure_rate_pct !== null && a.sample_size >= T.failure_min_sample;
  const failing = failKnown ? a!.failure_rate_pct! >= T.failure_rate_pct : null;
  factor('failure_rate_pct', a?.failure_rate_pct ?? null, T.failure_rate_pct, failing);
  if (failing) signals.push({ signal: 'high_failure_rate', severity: 'medium', detail: `${a!.failure_rate_pct} % of ${a!.sample_size} recent transactions failed`, data: { failure_rate_pct: a!.failure_rate_pct, sample_size: a!.sample_size, threshold_pct: T.failure_rate_pct } });

  // Signers
  const s = input.signers;
  const concKnown = s !== null && s.top3_share_pct !== null && s.parsed_transactions >= T.concentration_min_sample;
  const concentrated = concKnown ? s!.top3_share_pct! >= T.concentration_top3_pct : null;
  factor('top3_signer_share_pct', s?.top3_share_pct ?? null, T.concentration_top3_pct, concentrated);
  if (concentrated) signals.push({ signal: 'activity_concentrated', severity: 'low', detail: `The 3 busiest signers made ${s!.top3_share_pct} % of ${s!.parsed_transactions} recent transactions`, data: { top3_share_pct: s!.top3_share_pct, parsed_transactions: s!.parsed_transactions, threshold_pct: T.concentration_top3_pct } });

  // Automation
  const au = input.automation;
  const autoKnown = au !== null && au.automated_activity_pct !== null && au.classified >= T.automation_min_classified;
  const dominant = autoKnown ? au!.automated_activity_pct! >= T.automation_pct : null;
  factor('automated_activity_pct', au?.automated_activity_pct ?? null, T.automation_pct, dominant);
  if (dominant) signals.push({ signal: 'automation_dominant', severity: 'medium', detail: `${au!.automated_activity_pct} % of ${au!.classified} classified top signers act like bots`, data: { automated_activity_pct: au!.automated_activity_pct, classified: au!.classified, threshold_pct: T.automation_pct } });

  // Yields
  const pools = input.pools;
  const apys = pools?.map((p) => p.apy_pct).filter((v): v is number => v !== null) ?? [];
  const maxApy = apys.length > 0 ? Math.max(...apys) : null;
  const outliers = pools?.filter((p) => p.apy_pct !== null && p.apy_pct >= T.yield_outlier_apy_pct) ?? [];
  factor('max_pool_apy_pct', maxApy, T.yield_outlier_apy_pct, pools === null ? null : outliers.length > 0);
  if (outliers.length > 0) signals.push({ signal: 'yield_outlier', severity: 'low', detail: `${outliers.length} pool(s) pay ${T.yield_outlier_apy_pct} % APY or more: ${outliers.map((p) => `${p.symbol} ${p.apy_pct} %`).join(', ')}`, data: { pools: outliers.map((p) => ({ pool: p.pool, symbol: p.symbol, apy_pct: p.apy_pct })), threshold_pct: T.yield_outlier_apy_pct } });

  const level: HealthLevel =
    input.tvl === null && input.activity === null ? 'UNKNOWN'
      : signals.some((x) => x.severity === 'high') ? 'CRITICAL'
        : signals.some((x) => x.severity === 'medium') ? 'WARNING'
          : signals.length > 0 ? 'WATCH'
            : 'HEALTHY';
  return { level, signals, factors, data_complete: unknown.length === 0, unknown_checks: unknown };
}
