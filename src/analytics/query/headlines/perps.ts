/** Headlines of the perps endpoints: markets, venues, traders. */
import { spec, type HeadlineSpec } from './types.js';
import { pct, span, text, usd } from './format.js';
import type { Reader } from '../reader.js';

/** Flags as one comma-separated string (headlines are scalars); null when the list is unknown. */
function flags(r: Reader, path: string): string | null {
  const list = r.list(path);
  return list === null ? null : list.filter((f): f is string => typeof f === 'string').join(', ');
}

export const PERPS_HEADLINES: Record<string, HeadlineSpec> = {
  'perps-market-structure': spec({
    pick: (r) => ({
      venue_name: r.str('venue_name'),
      as_of: r.str('as_of'),
      markets: r.num('summary.markets'),
      total_oi_usd: r.num('summary.total_oi_usd'),
      long_pct_of_oi: r.num('summary.long_pct'),
      stressed_markets: r.count('summary.markets_by_health.stressed'),
      most_utilized_asset: r.str('summary.most_utilized.asset'),
      most_utilized_side: r.str('summary.most_utilized.side'),
      most_utilized_health: r.str('summary.most_utilized.health'),
    }),
    brief: (h) =>
      `${text(h.venue_name)} as of ${text(h.as_of)}: ${text(h.markets)} market(s), open interest ${usd(h.total_oi_usd)} (${pct(h.long_pct_of_oi)} long); ` +
      `${text(h.stressed_markets)} stressed; most utilized: ${text(h.most_utilized_asset)} ${text(h.most_utilized_side)} side (${text(h.most_utilized_health)}).`,
    full: 'each market\'s borrow APR (the pool venue\'s funding cost) by side, utilization, skew, OI caps and headroom, fees and the borrow curve',
  }),
  'perps-market-trend': spec({
    pick: (r) => ({
      venue_name: r.str('venue_name'),
      lookback: r.str('lookback'),
      from_day: r.str('from_day'),
      to_day: r.str('to_day'),
      daily_points: r.count('points'),
      markets: r.count('markets'),
      overall_direction: r.str('overall_direction'),
    }),
    brief: (h) =>
      `${text(h.venue_name)} over ${text(h.lookback)} (${span(h.from_day, h.to_day)}, ${text(h.daily_points)} daily point(s)): ` +
      `${text(h.markets)} market(s), overall ${text(h.overall_direction)}.`,
    full: 'each market\'s change and direction in price, open interest, long share, utilization and borrow APR, and the daily series',
  }),
  'perps-trader-profile': spec({
    pick: (r) => ({
      address: r.str('address'),
      as_of: r.str('as_of'),
      open_positions: r.num('totals.positions'),
      notional_usd: r.num('totals.notional_usd'),
      unrealized_pnl_usd: r.num('totals.unrealized_pnl_usd'),
      leverage: r.num('totals.leverage'),
      classification: r.str('classification'),
      directional_bias: r.str('directional_bias'),
      risk_flags: flags(r, 'risk_flags'),
    }),
    brief: (h) =>
      `Perps trader ${text(h.address)} on pool venues A and B as of ${text(h.as_of)}: ${text(h.open_positions)} open position(s), notional ${usd(h.notional_usd)}, ` +
      `leverage ${text(h.leverage)}×, unrealized PnL ${usd(h.unrealized_pnl_usd)}; ${text(h.classification)}, bias ${text(h.directional_bias)}; risk flags: ${h.risk_flags || 'none'}.`,
    full: 'each position with entry, mark and liquidation prices, distance to liquidation, collateral buffer and PnL, and the per-venue totals',
  }),
  'refvenue-trader-profile': spec({
    pick: (r) => ({
      address: r.str('address'),
      venue_name: r.str('venue_name'),
      account_empty: r.bool('account_empty'),
      account_value_usd: r.num('account_value_usd'),
      open_positions: r.count('positions'),
      directional_bias: r.str('directional_bias'),
      profile: r.str('profile'),
      risk_flags: flags(r, 'risk_flags'),
    }),
    brief: (h) =>
      `Trader ${text(h.address)} on ${text(h.venue_name)}: account ${usd(h.account_value_usd)}${h.account_empty ? ' (empty)' : ''}, ${text(h.open_positions)} open position(s); ` +
      `profile ${text(h.profile)}, bias ${text(h.directional_bias)}; risk flags: ${h.risk_flags || 'none'}.`,
    full: 'each position with size, entry, mark and liquidation prices and PnL, the weekly, monthly and all-time PnL, and the leverage',
  }),
  'refvenue-smart-money': spec({
    pick: (r) => {
      const market = r.str('market');
      return {
        venue_name: r.str('venue_name'),
        market,
        leaderboard_rows: r.num('filter.leaderboard_rows'),
        traders_kept: r.num('filter.kept'),
        top_traders: r.num('top_traders'),
        traders_read: r.num('traders_read'),
        markets_covered: r.count('coins'),
        // The bias is the answer's one verdict only when the question named a market; across markets there is none.
        market_bias: market !== null && r.str('coins.0.coin') === market ? r.str('coins.0.bias') : null,
      };
    },
    brief: (h) =>
      `Smart money on ${text(h.venue_name)}: the top ${text(h.top_traders)} of ${text(h.traders_kept)} kept leaderboard traders (of ${text(h.leaderboard_rows)} rows, ranked by month PnL), ` +
      `${text(h.traders_read)} read; ${text(h.markets_covered)} market(s) covered` +
      `${h.market ? `; ${text(h.market)} bias ${text(h.market_bias)}` : ''}.`,
    full: 'per market the long and short traders and notional, net notional, long share, conviction and the top traders\' positions, and the trader list',
  }),
  'perps-cross-venue-funding': spec({
    pick: (r) => ({
      market: r.str('market'),
      as_of: r.str('as_of'),
      venues_quoted: r.count('quotes'),
      cheapest_long_venue: r.str('best_entry.long.venue_name'),
      cheapest_short_venue: r.str('best_entry.short.venue_name'),
      arbitrage_pairs: r.count('arbitrage'),
      arbitrage_min_net_apr_pts: r.num('thresholds.arbitrage_min_net_apr_pts'),
    }),
    brief: (h) =>
      `${text(h.market)} holding costs across ${text(h.venues_quoted)} venue(s) as of ${text(h.as_of)} (APR): cheapest long on ${text(h.cheapest_long_venue)}, ` +
      `cheapest short on ${text(h.cheapest_short_venue)}; ${text(h.arbitrage_pairs)} arbitrage pair(s) netting ≥ ${text(h.arbitrage_min_net_apr_pts)} APR points.`,
    full: 'every venue\'s long and short cost APR, funding rate, open interest and basis, and each arbitrage pair\'s net APR',
  }),
  'perps-venue-comparison': spec({
    pick: (r) => ({
      market: r.str('market'),
      side: r.str('side'),
      size_usd: r.num('size_usd'),
      as_of: r.str('as_of'),
      venues_compared: r.count('venues'),
      venues_unavailable: r.count('unavailable'),
      recommended_venue: r.str('recommended_venue'),
    }),
    brief: (h) =>
      `Opening a ${usd(h.size_usd)} ${text(h.market)} ${text(h.side)} as of ${text(h.as_of)}: ${text(h.venues_compared)} venue(s) compared ` +
      `(${text(h.venues_unavailable)} unavailable); recommended: venue ${text(h.recommended_venue)}.`,
    full: 'each venue\'s total entry cost with slippage, fee and first-hour borrow, borrow APR, headroom and health, and the rankings',
  }),
  'perps-basis-signal': spec({
    pick: (r) => ({
      asset: r.str('asset'),
      as_of: r.str('as_of'),
      min_yield_apr_pct: r.num('min_yield_apr_pct'),
      hold_days: r.num('assumptions.hold_days'),
      venues_quoted: r.count('venues'),
      viable_trades: r.count('opportunities'),
      best_trade_venue: r.str('best_trade.venue_name'),
    }),
    brief: (h) =>
      `${text(h.asset)} basis trade (long spot, short perp) as of ${text(h.as_of)}, held ${text(h.hold_days)} days: ${text(h.viable_trades)} viable trade(s) of ${text(h.venues_quoted)} venue(s) ` +
      `netting ≥ ${pct(h.min_yield_apr_pct)} APR after fees; best: ${h.viable_trades === 0 ? 'none' : text(h.best_trade_venue)}.`,
    full: 'each venue\'s funding or borrow APR, fee drag and net yield, why the others are not viable, and the assumptions',
  }),
};
