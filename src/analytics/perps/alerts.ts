/**
 * Perps wallet alerts for check-alerts: compare a wallet's pool positions at a baseline (`prev`) with
 * now (`curr`). A position's identity is venue + position account (`A:<address>`).
 *
 * Kinds and edges (values as shown: leverage and percents at 2 decimals):
 *  - `perp_position_added` / `perp_position_closed`: a position in `curr` and not in `prev` / the
 *    reverse. None without a baseline (`prev` null: nothing to compare with).
 *    Severity: the position's size as a share of the wallet's total perps notional (now for added, at
 *    the baseline for closed): high ≥ 50 %, medium ≥ 10 %, else low.
 *  - `perp_at_risk`: leverage > perp_max_leverage (strict) or PnL ≤ −50 % of collateral (inclusive).
 *    Severity: high when PnL ≤ −75 % or leverage ≥ 2 × perp_max_leverage, else medium.
 *  - `liquidation_approaching`: collateral buffer < perp_liquidation_buffer_pct (strict). Severity: high
 *    below a third of the threshold, medium below two thirds, else low.
 *    These two are states, reported when they START: the condition holds now and did not hold for the
 *    same position at the baseline (a new position, or no baseline at all, counts as "did not hold"),
 *    so a position that stays at risk is not re-reported at every poll.
 *  - `pnl_swing`: |pnl_pct − baseline pnl_pct| ≥ perp_min_pnl_swing_pts (inclusive; a move of 0 never
 *    fires) for a position present at both moments with both PnLs known. Severity: the swing in
 *    multiples of the threshold (of 25 when it is 0): high ≥ 3×, medium ≥ 2×, else low.
 * Unknown values (null PnL, buffer) never fire their alert.
 */
import { severityOf, type Severity } from '../alert-severity.js';
import type { PoolPositionView } from './pool-position.js';
import {
  DEFAULT_PERP_ALERT_CRITERIA,
  PERP_AT_RISK_HIGH_LEVERAGE_MULTIPLE,
  PERP_AT_RISK_HIGH_PNL_PCT,
  PERP_AT_RISK_PNL_PCT,
} from './thresholds.js';
import { byText, pct } from './units.js';

export type PerpAlertKind = 'perp_position_added' | 'perp_position_closed' | 'perp_at_risk' | 'liquidation_approaching' | 'pnl_swing';

export interface PerpAlertCriteria {
  perp_max_leverage: number;
  perp_min_pnl_swing_pts: number;
  perp_liquidation_buffer_pct: number;
}

/** An alert before the endpoint places it in time and gives it an id and subject. */
export interface PerpAlert {
  kind: PerpAlertKind;
  severity: Severity;
  /** `venue:address` of the position. */
  position_key: string;
  message: string;
  data: Record<string, unknown>;
}

export const positionKey = (v: Pick<PoolPositionView, 'venue' | 'address'>) => `${v.venue}:${v.address}`;

function shareSeverity(sizeUsd: number, totalUsd: number): Severity {
  if (totalUsd <= 0) return 'low';
  const share = (sizeUsd / totalUsd) * 100;
  return share >= 50 ? 'high' : share >= 10 ? 'medium' : 'low';
}

const describe = (v: PoolPositionView) => `${v.side} ${v.asset} on venue ${v.venue} (${v.size_usd} USD)`;

const identity = (v: PoolPositionView) => ({ venue: v.venue, address: v.address, asset: v.asset, side: v.side, size_usd: v.size_usd });

export function isAtRisk(v: PoolPositionView, c: PerpAlertCriteria): boolean {
  return (v.leverage !== null && v.leverage > c.perp_max_leverage) || (v.pnl_pct !== null && v.pnl_pct <= PERP_AT_RISK_PNL_PCT);
}

export function isLiquidationApproaching(v: PoolPositionView, c: PerpAlertCriteria): boolean {
  return v.collateral_buffer_pct !== null && v.collateral_buffer_pct < c.perp_liquidation_buffer_pct;
}

export function perpsWalletAlerts(prev: readonly PoolPositionView[] | null, curr: readonly PoolPositionView[], criteria: Partial<PerpAlertCriteria> = {}): PerpAlert[] {
  const c: PerpAlertCriteria = { ...DEFAULT_PERP_ALERT_CRITERIA, ...criteria };
  const sorted = (list: readonly PoolPositionView[]) => [...list].sort((a, b) => byText(positionKey(a), positionKey(b)));
  const now = sorted(curr);
  const before = prev === null ? null : sorted(prev);
  const beforeByKey = new Map((before ?? []).map((v) => [positionKey(v), v]));
  const nowKeys = new Set(now.map(positionKey));
  const alerts: PerpAlert[] = [];

  if (before !== null) {
    const nowTotal = now.reduce((s, v) => s + v.size_usd, 0);
    const beforeTotal = before.reduce((s, v) => s + v.size_usd, 0);
    for (const v of now.filter((v) => !beforeByKey.has(positionKey(v)))) {
      alerts.push({ kind: 'perp_position_added', severity: shareSeverity(v.size_usd, nowTotal), position_key: positionKey(v), message: `Opened ${describe(v)} at ${v.leverage}× leverage.`, data: { ...identity(v), leverage: v.leverage, entry_price_usd: v.entry_price_usd } });
    }
    for (const v of before.filter((v) => !nowKeys.has(positionKey(v)))) {
      alerts.push({ kind: 'perp_position_closed', severity: shareSeverity(v.size_usd, beforeTotal), position_key: positionKey(v), message: `Closed ${describe(v)}.`, data: { ...identity(v), last_pnl_pct: v.pnl_pct } });
    }
  }

  for (const v of now) {
    const was = beforeByKey.get(positionKey(v));
    if (isAtRisk(v, c) && (was === undefined || !isAtRisk(was, c))) {
      const high = (v.pnl_pct !== null && v.pnl_pct <= PERP_AT_RISK_HIGH_PNL_PCT) || (v.leverage !== null && v.leverage >= PERP_AT_RISK_HIGH_LEVERAGE_MULTIPLE * c.perp_max_leverage);
      const why = [
        v.leverage !== null && v.leverage > c.perp_max_leverage ? `leverage ${v.leverage}× > ${c.perp_max_leverage}×` : null,
        v.pnl_pct !== null && v.pnl_pct <= PERP_AT_RISK_PNL_PCT ? `PnL ${v.pnl_pct} % ≤ ${PERP_AT_RISK_PNL_PCT} %` : null,
      ].filter((s): s is string => s !== null);
      alerts.push({
        kind: 'perp_at_risk',
        severity: high ? 'high' : 'medium',
        position_key: positionKey(v),
        message: `${describe(v)} at risk: ${why.join(', ')}.`,
        data: { ...identity(v), leverage: v.leverage, pnl_pct: v.pnl_pct, max_leverage: c.perp_max_leverage, at_risk_pnl_pct: PERP_AT_RISK_PNL_PCT },
      });
    }
    if (isLiquidationApproaching(v, c) && (was === undefined || !isLiquidationApproaching(was, c))) {
      const buffer = v.collateral_buffer_pct!;
      const t = c.perp_liquidation_buffer_pct;
      const severity: Severity = buffer < t / 3 ? 'high' : buffer < (2 * t) / 3 ? 'medium' : 'low';
      alerts.push({
        kind: 'liquidation_approaching',
        severity,
        position_key: positionKey(v),
        message: `${describe(v)}: collateral buffer ${buffer} % < ${t} %; liquidation at ${v.liquidation_price_usd} USD (${v.distance_to_liquidation_pct} % away).`,
        data: { ...identity(v), collateral_buffer_pct: buffer, liquidation_price_usd: v.liquidation_price_usd, mark_price_usd: v.mark_price_usd, distance_to_liquidation_pct: v.distance_to_liquidation_pct, threshold_pct: t },
      });
    }
    if (was !== undefined && was.pnl_pct !== null && v.pnl_pct !== null) {
      const swing = pct(v.pnl_pct - was.pnl_pct);
      if (swing !== 0 && Math.abs(swing) >= c.perp_min_pnl_swing_pts) {
        alerts.push({
          kind: 'pnl_swing',
          severity: severityOf(swing, c.perp_min_pnl_swing_pts, DEFAULT_PERP_ALERT_CRITERIA.perp_min_pnl_swing_pts),
          position_key: positionKey(v),
          message: `${describe(v)}: PnL ${swing > 0 ? 'rose' : 'fell'} ${Math.abs(swing)} points (${was.pnl_pct} % → ${v.pnl_pct} %; threshold ${c.perp_min_pnl_swing_pts}).`,
          data: { ...identity(v), from_pnl_pct: was.pnl_pct, to_pnl_pct: v.pnl_pct, swing_pts: swing, threshold_pts: c.perp_min_pnl_swing_pts },
        });
      }
    }
  }
  return alerts;
}
