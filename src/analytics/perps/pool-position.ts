/**
 * One open position on a pool venue (A or B) as the service reports it: leverage, unrealized PnL at
 * the venue's oracle price, liquidation price, distance to it, collateral buffer, age and risk flags.
 *
 * Definitions (S = size, C = collateral, E = entry price, P = mark (oracle) price, B = accrued borrow
 * fees (0 when unknown), F = close fee = S × closeFeeBps / 10⁴, L = the market's max leverage):
 *  - leverage = S / C;
 *  - unrealized PnL = long S × (P/E − 1), short S × (1 − P/E), minus B; pnl_pct = PnL / C × 100;
 *  - maintenance = S / L: a pool venue liquidates when the position's leverage after losses exceeds its
 *    max leverage, i.e. when equity C + PnL − F falls to S / L;
 *  - liquidation price: the P where C + PnL(P) − F = S / L; with M = C − B − F − S / L,
 *    long E × (1 − M/S) (not below 0), short E × (1 + M/S);
 *  - distance to liquidation = how far P may move against the position before it gets there, percent
 *    of P: long (P − liq) / P × 100, short (liq − P) / P × 100, 0 at or past it;
 *  - collateral buffer = (C + PnL − F − S / L) / C × 100: the share of the collateral still to lose
 *    before liquidation (0 at the liquidation price, negative past it; 1 − leverage / L at entry
 *    without fees).
 * PnL, liquidation and buffer fields are null (with `pnl_unavailable` saying why) when the market is
 * not known, its oracle price is missing, or — on venue B — the collateral token's price is missing.
 */
import type { PerpsAsset, PoolMarket, PoolPosition, PoolVenue, PositionSide } from './venue-data.js';
import { NEAR_LIQUIDATION_BUFFER_PCT, POOL_HIGH_LEVERAGE } from './thresholds.js';
import { hours, lev, pct, price, usd } from './units.js';

export type PnlUnavailableReason = 'market_unavailable' | 'oracle_price_unavailable' | 'collateral_price_unavailable';
export type PoolPositionRiskFlag = 'high_leverage' | 'near_liquidation' | 'losing';

export interface PoolPositionView {
  venue: PoolVenue;
  /** The position account: with `venue`, the position's identity. */
  address: string;
  owner: string;
  asset: PerpsAsset;
  side: PositionSide;
  size_usd: number;
  collateral_usd: number;
  collateral_symbol: string;
  /** size / collateral; null when the collateral is 0. */
  leverage: number | null;
  entry_price_usd: number;
  mark_price_usd: number | null;
  borrow_fees_usd: number | null;
  close_fee_usd: number | null;
  max_leverage: number | null;
  unrealized_pnl_usd: number | null;
  pnl_pct: number | null;
  liquidation_price_usd: number | null;
  distance_to_liquidation_pct: number | null;
  collateral_buffer_pct: number | null;
  realised_pnl_usd: number;
  opened_at: string;
  position_age_hours: number;
  risk_flags: PoolPositionRiskFlag[];
  pnl_unavailable: { reason: PnlUnavailableReason; message: string } | null;
}

function unavailable(p: PoolPosition, market: PoolMarket | undefined): PoolPositionView['pnl_unavailable'] {
  if (market === undefined) return { reason: 'market_unavailable', message: `venue ${p.venue}'s ${p.asset} market is not available` };
  if (market.oraclePriceUsd === null || market.oraclePriceUsd <= 0) {
    return { reason: 'oracle_price_unavailable', message: `venue ${p.venue}'s oracle has no usable ${p.asset} price` };
  }
  if (p.venue === 'B' && (market.collateralPriceUsd === null || market.collateralPriceUsd <= 0)) {
    return { reason: 'collateral_price_unavailable', message: `venue B's ${market.collateralSymbol} collateral has no mark price, so its PnL cannot be valued` };
  }
  return null;
}

export function poolPositionView(p: PoolPosition, market: PoolMarket | undefined, now: Date): PoolPositionView {
  const leverage = p.collateralUsd > 0 ? lev(p.sizeUsd / p.collateralUsd) : null;
  const ageHours = hours(Math.max(0, (now.getTime() - Date.parse(p.openedAt)) / 3_600_000));
  const missing = unavailable(p, market);
  const closeFee = market === undefined ? null : (p.sizeUsd * market.closeFeeBps) / 10_000;
  const base = {
    venue: p.venue,
    address: p.address,
    owner: p.owner,
    asset: p.asset,
    side: p.side,
    size_usd: usd(p.sizeUsd),
    collateral_usd: usd(p.collateralUsd),
    collateral_symbol: p.collateralSymbol,
    leverage,
    entry_price_usd: price(p.entryPriceUsd),
    borrow_fees_usd: p.borrowFeesUsd === null ? null : usd(p.borrowFeesUsd),
    close_fee_usd: closeFee === null ? null : usd(closeFee),
    max_leverage: market?.maxLeverage ?? null,
    realised_pnl_usd: usd(p.realisedPnlUsd),
    opened_at: p.openedAt,
    position_age_hours: ageHours,
  };
  const flags = (pnl: number | null, buffer: number | null): PoolPositionRiskFlag[] => {
    const out: PoolPositionRiskFlag[] = [];
    if (leverage !== null && leverage > POOL_HIGH_LEVERAGE) out.push('high_leverage');
    if (buffer !== null && buffer < NEAR_LIQUIDATION_BUFFER_PCT) out.push('near_liquidation');
    if (pnl !== null && pnl < 0) out.push('losing');
    return out;
  };
  if (missing !== null) {
    return {
      ...base,
      mark_price_usd: market?.oraclePriceUsd == null ? null : price(market.oraclePriceUsd),
      unrealized_pnl_usd: null,
      pnl_pct: null,
      liquidation_price_usd: null,
      distance_to_liquidation_pct: null,
      collateral_buffer_pct: null,
      risk_flags: flags(null, null),
      pnl_unavailable: missing,
    };
  }

  // unavailable() found nothing missing: the market, its oracle price and so the close fee are known.
  const m = market!;
  const mark = m.oraclePriceUsd!;
  const fee = closeFee!;
  const size = p.sizeUsd;
  const entry = p.entryPriceUsd;
  const borrow = p.borrowFeesUsd ?? 0;
  const direction = p.side === 'long' ? 1 : -1;
  const grossPnl = direction * size * (mark / entry - 1);
  const pnl = grossPnl - borrow;
  const maintenance = m.maxLeverage > 0 ? size / m.maxLeverage : 0;
  const marginAboveMaintenance = p.collateralUsd - borrow - fee - maintenance;
  const liq = size > 0 ? Math.max(0, entry * (1 - (direction * marginAboveMaintenance) / size)) : null;
  const distance = liq === null ? null : pct(Math.max(0, (direction * (mark - liq)) / mark) * 100);
  const buffer = p.collateralUsd > 0 ? pct(((p.collateralUsd + pnl - fee - maintenance) / p.collateralUsd) * 100) : null;
  const pnlUsd = usd(pnl);
  return {
    ...base,
    mark_price_usd: price(mark),
    unrealized_pnl_usd: pnlUsd,
    pnl_pct: p.collateralUsd > 0 ? pct((pnl / p.collateralUsd) * 100) : null,
    liquidation_price_usd: liq === null ? null : price(liq),
    distance_to_liquidation_pct: distance,
    collateral_buffer_pct: buffer,
    risk_flags: flags(pnlUsd, buffer),
    pnl_unavailable: null,
  };
}
