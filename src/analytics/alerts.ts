/**
 * check-alerts: which alerts fired between a caller's `since` and now, from observations of each watched
 * subject (pure: the endpoint reads the observation log and the whales' transfers; see docs/alerts.md).
 *
 * - **Baseline**: the subject's latest observation at or before `since` that is at least 5 minutes older
 *   than now (the repeat-spacing rule: a delta needs a prior observation ≥ 5 minutes old). The endpoint
 *   picks it; here it is given.
 * - **Crossing**: the observations after the baseline are compared with it oldest first; an alert kind
 *   fires at the FIRST observation whose move crosses its threshold (one alert per kind and baseline).
 *   `fired_at` is that observation's time and the id hashes (kind, subject, baseline time, that time).
 *   So a re-poll with the same `since` finds the same crossing (same id), and a poll whose `since` is
 *   past a crossing no longer reports it: the crossing is either before `since` (filtered out) or the
 *   baseline moved past it.
 * - **Perps positions** (keyedDeltaAlerts): the same, per (kind, position) instead of per kind — the id
 *   also hashes the position key — and states (a position at risk) may fire without a baseline.
 * - **Whale flows** have no baseline: a whale's transfers of the token after `since`, accumulated oldest
 *   first and valued at the current price, fire whale_inflow (or whale_outflow) at the transfer where the
 *   net flow first reaches `min_whale_volume_usd`; the id hashes that transfer's signature.
 * - **Severity** of a thresholded alert: the move in multiples of its threshold (the documented default
 *   when the threshold is 0): high at 3× or more, medium at 2×, else low. Position alerts: the moved
 *   positions' value as a share of the portfolio: high ≥ 50 %, medium ≥ 10 %, else low (unknown → low).
 *
 * Comparisons use the rounded values a caller sees (percent 2 decimals, scores 4 decimals).
 */
import { createHash } from 'node:crypto';
import { severityOf, type Severity } from './alert-severity.js';
import type { PerpAlertKind } from './perps/alerts.js';
import { round2, round4 } from './round.js';

export const REPEAT_SPACING_MS = 5 * 60_000;

/** Thresholds without a default in the spec get these documented ones (0 = every move in that direction). */
export const DEFAULT_ALERT_CRITERIA = {
  min_price_change_pct: 10,
  min_risk_score_delta: 0.1,
  min_whale_volume_usd: 10_000,
  min_portfolio_change_pct: 10,
  min_concentration_shift_pct: 5,
} as const;

export type AlertCriteria = { -readonly [K in keyof typeof DEFAULT_ALERT_CRITERIA]: number };

export type TokenAlertKind = 'price_spike' | 'price_drop' | 'whale_inflow' | 'whale_outflow' | 'concentration_shift' | 'risk_score_change';
export type WalletAlertKind = 'risk_increase' | 'risk_decrease' | 'portfolio_value_change' | 'new_positions' | 'removed_positions';
export type AlertKind = TokenAlertKind | WalletAlertKind | PerpAlertKind;

export interface AlertSubject {
  type: 'token' | 'wallet';
  address: string;
}

export interface Alert {
  id: string;
  kind: AlertKind;
  severity: Severity;
  subject: AlertSubject;
  fired_at: string;
  message: string;
  data: Record<string, unknown>;
}

/** The fields of a token observation that alerts compare (a subset of the token snapshot). */
export interface TokenObservationData {
  price_usd: number | null;
  top5_pct: number | null;
  risk_score: number | null;
}

export interface WalletObservationData {
  portfolio_value_usd: number | null;
  risk_score: number | null;
  positions: { mint: string; value_usd: number | null }[];
}

export interface Observation<D> {
  /** Unix ms. */
  at: number;
  data: D;
}

/** A move that crossed its threshold, before it is placed in time. */
interface Move {
  kind: AlertKind;
  severity: Severity;
  message: string;
  data: Record<string, unknown>;
}

export function alertId(parts: readonly (string | number)[]): string {
  return `alrt_${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)}`;
}

const pctChange = (from: number | null, to: number | null): number | null =>
  from === null || to === null || from <= 0 ? null : round2(((to - from) / from) * 100);

/** A signed move reaches a threshold: at least the threshold, and a real move (0 never fires). */
const reaches = (move: number | null, threshold: number): move is number => move !== null && move !== 0 && Math.abs(move) >= threshold;

export function tokenMoves(base: TokenObservationData, cur: TokenObservationData, c: AlertCriteria): Move[] {
  const moves: Move[] = [];
  const price = pctChange(base.price_usd, cur.price_usd);
  if (reaches(price, c.min_price_change_pct)) {
    const kind = price > 0 ? 'price_spike' : 'price_drop';
    moves.push({
      kind,
      severity: severityOf(price, c.min_price_change_pct, DEFAULT_ALERT_CRITERIA.min_price_change_pct),
      message: `Price ${price > 0 ? 'rose' : 'fell'} ${Math.abs(price)} % (${base.price_usd} → ${cur.price_usd} USD; threshold ${c.min_price_change_pct} %).`,
      data: { from_price_usd: base.price_usd, to_price_usd: cur.price_usd, change_pct: price, threshold_pct: c.min_price_change_pct },
    });
  }
  const shift = base.top5_pct === null || cur.top5_pct === null ? null : round2(cur.top5_pct - base.top5_pct);
  if (reaches(shift, c.min_concentration_shift_pct)) {
    moves.push({
      kind: 'concentration_shift',
      severity: severityOf(shift, c.min_concentration_shift_pct, DEFAULT_ALERT_CRITERIA.min_concentration_shift_pct),
      message: `Top-5 holders' share of supply ${shift > 0 ? 'rose' : 'fell'} ${Math.abs(shift)} points (${base.top5_pct} → ${cur.top5_pct} %; threshold ${c.min_concentration_shift_pct}).`,
      data: { from_top5_pct: base.top5_pct, to_top5_pct: cur.top5_pct, shift_pct_points: shift, threshold_pct_points: c.min_concentration_shift_pct },
    });
  }
  const risk = base.risk_score === null || cur.risk_score === null ? null : round4(cur.risk_score - base.risk_score);
  if (reaches(risk, c.min_risk_score_delta)) {
    moves.push({
      kind: 'risk_score_change',
      severity: severityOf(risk, c.min_risk_score_delta, DEFAULT_ALERT_CRITERIA.min_risk_score_delta),
      message: `Token risk score ${risk > 0 ? 'rose' : 'fell'} by ${Math.abs(risk)} (${base.risk_score} → ${cur.risk_score}; threshold ${c.min_risk_score_delta}).`,
      data: { from_risk_score: base.risk_score, to_risk_score: cur.risk_score, delta: risk, threshold: c.min_risk_score_delta },
    });
  }
  return moves;
}

function positionsSeverity(moved: { value_usd: number | null }[], portfolioUsd: number | null): Severity {
  const value = moved.reduce((s, p) => s + (p.value_usd ?? 0), 0);
  if (portfolioUsd === null || portfolioUsd <= 0) return 'low';
  const share = (value / portfolioUsd) * 100;
  return share >= 50 ? 'high' : share >= 10 ? 'medium' : 'low';
}

export function walletMoves(base: WalletObservationData, cur: WalletObservationData, c: AlertCriteria): Move[] {
  const moves: Move[] = [];
  const risk = base.risk_score === null || cur.risk_score === null ? null : round4(cur.risk_score - base.risk_score);
  if (reaches(risk, c.min_risk_score_delta)) {
    moves.push({
      kind: risk > 0 ? 'risk_increase' : 'risk_decrease',
      severity: severityOf(risk, c.min_risk_score_delta, DEFAULT_ALERT_CRITERIA.min_risk_score_delta),
      message: `Wallet risk score ${risk > 0 ? 'rose' : 'fell'} by ${Math.abs(risk)} (${base.risk_score} → ${cur.risk_score}; threshold ${c.min_risk_score_delta}).`,
      data: { from_risk_score: base.risk_score, to_risk_score: cur.risk_score, delta: risk, threshold: c.min_risk_score_delta },
    });
  }
  const value = pctChange(base.portfolio_value_usd, cur.portfolio_value_usd);
  if (reaches(value, c.min_portfolio_change_pct)) {
    moves.push({
      kind: 'portfolio_value_change',
      severity: severityOf(value, c.min_portfolio_change_pct, DEFAULT_ALERT_CRITERIA.min_portfolio_change_pct),
      message: `Portfolio value ${value > 0 ? 'rose' : 'fell'} ${Math.abs(value)} % (${base.portfolio_value_usd} → ${cur.portfolio_value_usd} USD; threshold ${c.min_portfolio_change_pct} %).`,
      data: { from_value_usd: base.portfolio_value_usd, to_value_usd: cur.portfolio_value_usd, change_pct: value, threshold_pct: c.min_portfolio_change_pct },
    });
  }
  const held = (list: WalletObservationData['positions']) => new Set(list.map((p) => p.mint));
  const before = held(base.positions);
  const now = held(cur.positions);
  const added = cur.positions.filter((p) => !before.has(p.mint)).sort((a, b) => (a.mint < b.mint ? -1 : 1));
  const removed = base.positions.filter((p) => !now.has(p.mint)).sort((a, b) => (a.mint < b.mint ? -1 : 1));
  if (added.length > 0) {
    moves.push({
      kind: 'new_positions',
      severity: positionsSeverity(added, cur.portfolio_value_usd),
      message: `${added.length} new position(s): ${added.map((p) => p.mint).join(', ')}.`,
      data: { positions: added },
    });
  }
  if (removed.length > 0) {
    moves.push({
      kind: 'removed_positions',
      severity: positionsSeverity(removed, base.portfolio_value_usd),
      message: `${removed.length} position(s) closed: ${removed.map((p) => p.mint).join(', ')}.`,
      data: { positions: removed },
    });
  }
  return moves;
}

/**
 * Delta alerts of one subject: each kind at its first crossing after the baseline, kept when it fired
 * after `since` (an earlier crossing was already reported to a poll whose cursor is past it).
 */
export function deltaAlerts<D>(args: {
  subject: AlertSubject;
  baseline: Observation<D>;
  /** The observations after the baseline, oldest first (the current one last). */
  later: readonly Observation<D>[];
  sinceMs: number;
  moves: (base: D, cur: D) => Move[];
}): Alert[] {
  const fired = new Map<AlertKind, Alert>();
  for (const obs of args.later) {
    for (const move of args.moves(args.baseline.data, obs.data)) {
      if (fired.has(move.kind)) continue;
      const firedAt = new Date(obs.at).toISOString();
      fired.set(move.kind, {
        id: alertId([move.kind, args.subject.type, args.subject.address, args.baseline.at, obs.at]),
        kind: move.kind,
        severity: move.severity,
        subject: args.subject,
        fired_at: firedAt,
        message: move.message,
        data: { ...move.data, baseline_at: new Date(args.baseline.at).toISOString(), observed_at: firedAt },
      });
    }
  }
  return [...fired.values()].filter((a) => Date.parse(a.fired_at) > args.sinceMs);
}

/** A crossing of one item of a subject (a perps position): several of one kind may fire, one per key. */
export interface KeyedMove {
  kind: AlertKind;
  /** The item's identity (a perps position's `venue:address`); part of the alert id. */
  key: string;
  severity: Severity;
  message: string;
  data: Record<string, unknown>;
}

/**
 * Per-item delta alerts (perps positions): like deltaAlerts, but one alert per (kind, key) at its first
 * crossing after the baseline; id = hash(kind, subject, key, baseline time, crossing time). Without a
 * baseline (`null`) the moves are asked with `null` as the base — only states that need no comparison
 * (a position at risk now) can fire — over the observations given (the subject's log), first one wins.
 */
export function keyedDeltaAlerts<D>(args: {
  subject: AlertSubject;
  baseline: Observation<D> | null;
  /** The observations after the baseline, oldest first (the current one last). */
  later: readonly Observation<D>[];
  sinceMs: number;
  moves: (base: D | null, cur: D) => KeyedMove[];
}): Alert[] {
  const fired = new Map<string, Alert>();
  const baselineAt = args.baseline === null ? null : new Date(args.baseline.at).toISOString();
  for (const obs of args.later) {
    for (const move of args.moves(args.baseline?.data ?? null, obs.data)) {
      const slot = `${move.kind}|${move.key}`;
      if (fired.has(slot)) continue;
      const firedAt = new Date(obs.at).toISOString();
      fired.set(slot, {
        id: alertId([move.kind, args.subject.type, args.subject.address, move.key, args.baseline?.at ?? 'none', obs.at]),
        kind: move.kind,
        severity: move.severity,
        subject: args.subject,
        fired_at: firedAt,
        message: move.message,
        data: { ...move.data, baseline_at: baselineAt, observed_at: firedAt },
      });
    }
  }
  return [...fired.values()].filter((a) => Date.parse(a.fired_at) > args.sinceMs);
}

export interface WhaleFlows {
  owner: string;
  /** This whale's transfers of the token; `at` in unix ms, `delta_ui` positive = received. */
  flows: { signature: string; at: number; delta_ui: number }[];
}

/** whale_inflow / whale_outflow: per whale, the transfer after `since` where its net flow first reaches the threshold. */
export function whaleAlerts(args: { mint: string; whales: readonly WhaleFlows[]; priceUsd: number; sinceMs: number; minVolumeUsd: number }): Alert[] {
  const alerts: Alert[] = [];
  for (const whale of args.whales) {
    const flows = whale.flows.filter((f) => f.at > args.sinceMs).sort((a, b) => a.at - b.at || (a.signature < b.signature ? -1 : 1));
    let netUi = 0;
    const done = new Set<TokenAlertKind>();
    for (const f of flows) {
      netUi += f.delta_ui;
      const netUsd = round2(netUi * args.priceUsd);
      if (!reaches(netUsd, args.minVolumeUsd)) continue;
      const kind = netUsd > 0 ? 'whale_inflow' : 'whale_outflow';
      if (done.has(kind)) continue;
      done.add(kind);
      alerts.push({
        id: alertId([kind, 'token', args.mint, whale.owner, f.signature]),
        kind,
        severity: severityOf(netUsd, args.minVolumeUsd, DEFAULT_ALERT_CRITERIA.min_whale_volume_usd),
        subject: { type: 'token', address: args.mint },
        fired_at: new Date(f.at).toISOString(),
        message: `Whale ${whale.owner} ${netUsd > 0 ? 'bought' : 'sold'} a net ${round2(Math.abs(netUi))} tokens (≈ ${Math.abs(netUsd)} USD at the current price) since ${new Date(args.sinceMs).toISOString()}; threshold ${args.minVolumeUsd} USD.`,
        data: { whale: whale.owner, net_flow_ui: round2(netUi), net_flow_usd: netUsd, price_usd: args.priceUsd, signature: f.signature, threshold_usd: args.minVolumeUsd },
      });
    }
  }
  return alerts;
}

/** Oldest first (ties by id, so the order is deterministic), at most `cap`. */
export function orderAlerts(alerts: readonly Alert[], cap: number): { alerts: Alert[]; truncated: boolean } {
  const sorted = [...alerts].sort((a, b) => (a.fired_at < b.fired_at ? -1 : a.fired_at > b.fired_at ? 1 : a.id < b.id ? -1 : 1));
  return { alerts: sorted.slice(0, cap), truncated: sorted.length > cap };
}

export interface AlertCounts {
  /** The listed alerts (at most the cap; `truncated` says more fired). */
  total: number;
  by_severity: Record<Severity, number>;
  /** Only the kinds that fired, in `kindOrder`; each count at least 1. */
  by_kind: Partial<Record<AlertKind, number>>;
}

/**
 * Counts of the listed alerts by severity and by kind, recomputed from the very list the answer carries,
 * so each breakdown sums to `total` and to the list's length.
 */
export function alertCounts(alerts: readonly Pick<Alert, 'kind' | 'severity'>[], kindOrder: readonly AlertKind[]): AlertCounts {
  const by_severity: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  const kinds = new Map<AlertKind, number>();
  for (const a of alerts) {
    by_severity[a.severity]++;
    kinds.set(a.kind, (kinds.get(a.kind) ?? 0) + 1);
  }
  const rank = (k: AlertKind) => {
    const i = kindOrder.indexOf(k);
    return i === -1 ? kindOrder.length : i;
  };
  const by_kind = Object.fromEntries([...kinds].sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : 1))) as Partial<Record<AlertKind, number>>;
  return { total: alerts.length, by_severity, by_kind };
}
