/**
 * perps-trader-profile's output schema (`data` fields). Units (docs/perps.md, "Units and rounding"): money
 * `*_usd` in cents, prices `*_price_usd` per one unit of the asset, `*_pct` 0–100 (2 decimals), leverage a
 * multiple, ages in hours, times ISO; null = unknown (never zero).
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const VenueTag = Type.String({ enum: ['A', 'B'], description: 'Pool venue A or B' });
const Usd = (description?: string) => Type.Number(description ? { description } : {});
const NullableUsd = (description: string) => Nullable(Type.Number({ description }));

/** One open position (analytics poolPositionView) and its key; also what check-alerts stores per position. */
const PoolPositionViewSchema = Open({
  position_key: Type.String({ description: '`venue:position account`: the position\'s identity (check-alerts\' perps alerts name it)' }),
  venue: VenueTag,
  address: Type.String({ description: 'The position account' }),
  owner: Type.String(),
  asset: Type.String({ enum: ['SOL', 'BTC', 'ETH', 'BONK'] }),
  side: Type.String({ enum: ['long', 'short'] }),
  size_usd: Usd('Position size (notional at entry)'),
  collateral_usd: Usd(),
  collateral_symbol: Type.String({ description: 'The token the collateral is held in (pool venue B: a wrapped token such as jitoSOL or WBTC, or USDC)' }),
  leverage: Nullable(Type.Number({ description: 'size / collateral; null when the collateral is 0' })),
  entry_price_usd: Type.Number(),
  mark_price_usd: Nullable(Type.Number({ description: 'The venue\'s oracle price now; null when it has none' })),
  borrow_fees_usd: NullableUsd('Borrow interest accrued since the position\'s last update, not yet paid'),
  close_fee_usd: NullableUsd('size × the market\'s close fee'),
  max_leverage: Nullable(Type.Number({ description: 'The market\'s maximum leverage (its maintenance margin is size / max leverage)' })),
  unrealized_pnl_usd: NullableUsd('long size × (mark / entry − 1), short size × (1 − mark / entry), minus accrued borrow; null when a mark is missing (pnl_unavailable)'),
  pnl_pct: Nullable(Type.Number({ description: 'Unrealized PnL / collateral × 100' })),
  liquidation_price_usd: Nullable(Type.Number({ description: 'The mark at which collateral + PnL − close fee = size / max leverage' })),
  distance_to_liquidation_pct: Nullable(Type.Number({ description: 'How far the mark may move against the position first, percent of the mark (0 at or past it)' })),
  collateral_buffer_pct: Nullable(Type.Number({ description: '(collateral + PnL − close fee − size / max leverage) / collateral × 100: the share of the collateral still to lose before liquidation' })),
  realised_pnl_usd: Usd('Settled so far (borrow paid at earlier updates is negative)'),
  opened_at: Type.String(),
  position_age_hours: Type.Number(),
  risk_flags: Type.Array(Type.String({ enum: ['high_leverage', 'near_liquidation', 'losing'] }), { description: 'high_leverage: leverage > 10; near_liquidation: buffer < 15 %; losing: PnL < 0' }),
  pnl_unavailable: Nullable(Open({
    reason: Type.String({ enum: ['market_unavailable', 'oracle_price_unavailable', 'collateral_price_unavailable'] }),
    message: Type.String(),
  }, 'Why the PnL, liquidation and buffer fields are null')),
}, 'An open position on a pool venue');

const VenueBreakdownSchema = Open({
  status: Type.String({ enum: ['ok', 'unavailable'], description: 'unavailable: the venue could not be read — its figures are unknown (null), not zero' }),
  positions: Nullable(Type.Integer()),
  notional_usd: NullableUsd('Σ size'),
  collateral_usd: NullableUsd('Σ collateral'),
  unrealized_pnl_usd: NullableUsd('Σ unrealized PnL; null when any position in it has no PnL (a partial sum would read as the whole)'),
  message: Nullable(Type.String({ description: 'Why the venue is unavailable' })),
}, 'One pool venue\'s share of the wallet');

export const TraderProfileSchema = Open({
  address: Type.String(),
  as_of: Type.String({ description: 'The moment the positions were valued (ISO)' }),
  venues_read: Type.Array(VenueTag, { description: 'The venues whose positions are in this answer: totals, classification, bias and multi_venue cover these only' }),
  positions: Type.Array(PoolPositionViewSchema, { description: 'Venue A first, then B; by asset, side, account' }),
  by_venue: Type.Object({ A: VenueBreakdownSchema, B: VenueBreakdownSchema }),
  totals: Open({
    positions: Type.Integer(),
    notional_usd: Usd(),
    collateral_usd: Usd(),
    unrealized_pnl_usd: NullableUsd('null when any position has no PnL'),
    long_notional_usd: Usd(),
    short_notional_usd: Usd(),
    long_pct: Nullable(Type.Number({ description: 'Long share of notional; null without positions' })),
    leverage: Nullable(Type.Number({ description: 'Total notional / total collateral' })),
    pnl_pct: Nullable(Type.Number({ description: 'Total unrealized PnL / total collateral × 100' })),
  }, 'Over the venues read'),
  classification: Nullable(Type.String({ enum: ['scalper', 'swing', 'position'], description: 'By the size-weighted median position age: scalper < 4 h ≤ swing < 168 h ≤ position; null without positions' })),
  weighted_median_age_hours: Nullable(Type.Number()),
  classification_reason: Type.String(),
  directional_bias: Nullable(Type.String({ enum: ['long', 'short', 'neutral'], description: 'Long share of notional ≥ 60 % long, ≤ 40 % short, else neutral; null without positions' })),
  directional_bias_reason: Type.String(),
  multi_venue: Type.Boolean({ description: 'Open positions on both pool venues A and B' }),
  risk_flags: Type.Array(Type.String({ enum: ['high_leverage', 'near_liquidation', 'losing', 'multi_venue'] }), {
    description: 'high_leverage / near_liquidation when any position has it; losing when the total PnL is known and < 0; multi_venue',
  }),
  thresholds: Open({
    high_leverage_above: Type.Number(),
    near_liquidation_buffer_below_pct: Type.Number(),
    scalper_below_hours: Type.Number(),
    swing_below_hours: Type.Number(),
    bias_long_min_pct: Type.Number(),
    bias_short_max_pct: Type.Number(),
  }, 'The rules applied (docs/perps.md)'),
}, 'Perps trader profile (pool venues A and B)');
