/**
 * A perps wallet as a snapshot / observation (subject type `perps_wallet`): what check-alerts compares
 * between two moments. Written from perps-trader-profile's own answer — by the recorder after a paid
 * call and by every check-alerts poll — so an observation says exactly what a caller was told.
 *
 * `venues_read` matters: a position missing because its venue could not be read is not a closed
 * position, so alerts compare only the venues read at both moments.
 */
import type { PoolPositionView } from '../../analytics/perps/index.js';
import type { PerpsAsset, PoolVenue, PositionSide } from '../../analytics/perps/venue-data.js';
import { PERPS_ASSETS } from '../../analytics/perps/venue-data.js';
import { asNumber as num, asObject as obj, asString as str, type JsonObject } from '../../lib/read.js';

export interface PerpsWalletObservation {
  venues_read: PoolVenue[];
  /** Position views with their `venue:address` key, as perps-trader-profile answered them. */
  positions: (PoolPositionView & { position_key: string })[];
  totals: { positions: number; notional_usd: number | null; unrealized_pnl_usd: number | null };
  classification: string | null;
  multi_venue: boolean;
}

const venueOf = (x: unknown): PoolVenue | null => (x === 'A' || x === 'B' ? x : null);
const sideOf = (x: unknown): PositionSide | null => (x === 'long' || x === 'short' ? x : null);
const assetOf = (x: unknown): PerpsAsset | null => (PERPS_ASSETS as readonly unknown[]).includes(x) ? (x as PerpsAsset) : null;
const flagsOf = (x: unknown): PoolPositionView['risk_flags'] =>
  Array.isArray(x) ? x.filter((f): f is PoolPositionView['risk_flags'][number] => f === 'high_leverage' || f === 'near_liquidation' || f === 'losing') : [];

function pnlUnavailableOf(x: unknown): PoolPositionView['pnl_unavailable'] {
  const o = obj(x);
  const reason = o?.reason;
  if (reason !== 'market_unavailable' && reason !== 'oracle_price_unavailable' && reason !== 'collateral_price_unavailable') return null;
  return { reason, message: str(o?.message) ?? '' };
}

/** One stored (or answered) position view; null when its identity or a required figure is missing. */
function positionViewOf(x: unknown): (PoolPositionView & { position_key: string }) | null {
  const p = obj(x);
  if (!p) return null;
  const venue = venueOf(p.venue);
  const address = str(p.address);
  const asset = assetOf(p.asset);
  const side = sideOf(p.side);
  const size = num(p.size_usd);
  const collateral = num(p.collateral_usd);
  const entry = num(p.entry_price_usd);
  if (!venue || !address || !asset || !side || size === null || collateral === null || entry === null) return null;
  return {
    position_key: `${venue}:${address}`,
    venue, address, asset, side,
    owner: str(p.owner) ?? '',
    size_usd: size,
    collateral_usd: collateral,
    collateral_symbol: str(p.collateral_symbol) ?? '',
    leverage: num(p.leverage),
    entry_price_usd: entry,
    mark_price_usd: num(p.mark_price_usd),
    borrow_fees_usd: num(p.borrow_fees_usd),
    close_fee_usd: num(p.close_fee_usd),
    max_leverage: num(p.max_leverage),
    unrealized_pnl_usd: num(p.unrealized_pnl_usd),
    pnl_pct: num(p.pnl_pct),
    liquidation_price_usd: num(p.liquidation_price_usd),
    distance_to_liquidation_pct: num(p.distance_to_liquidation_pct),
    collateral_buffer_pct: num(p.collateral_buffer_pct),
    realised_pnl_usd: num(p.realised_pnl_usd) ?? 0,
    opened_at: str(p.opened_at) ?? '',
    position_age_hours: num(p.position_age_hours) ?? 0,
    risk_flags: flagsOf(p.risk_flags),
    pnl_unavailable: pnlUnavailableOf(p.pnl_unavailable),
  };
}

/**
 * The observation of a perps-trader-profile answer (its `data`), or of a stored observation (the same
 * shape): both read the same fields, so a stored one parses back to what was written.
 */
export function perpsWalletObservation(d: JsonObject): PerpsWalletObservation {
  const totals = obj(d.totals);
  const venues = Array.isArray(d.venues_read) ? d.venues_read.map(venueOf).filter((v): v is PoolVenue => v !== null) : [];
  const positions = Array.isArray(d.positions) ? d.positions.map(positionViewOf).filter((p): p is NonNullable<typeof p> => p !== null) : [];
  return {
    venues_read: [...new Set(venues)].sort(),
    positions,
    totals: { positions: num(totals?.positions) ?? positions.length, notional_usd: num(totals?.notional_usd), unrealized_pnl_usd: num(totals?.unrealized_pnl_usd) },
    classification: str(d.classification),
    multi_venue: d.multi_venue === true,
  };
}
