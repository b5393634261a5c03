/**
 * perps-venue-comparison: the pool venues listing the market (asset-markets.ts), the spot slippage of
 * each at the size (entry-slippage.ts, quotes in parallel once the collateral mints are known), then the
 * pure venueEntryCost + rankVenues (analytics/perps/venue-comparison.ts).
 */
import { ELEVATED_BORROW_APR_PCT, HIGH_SLIPPAGE_PCT, rankVenues, venueEntryCost } from '../../../analytics/perps/index.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import type { PerpsAsset, PoolMarket, PositionSide } from '../../../analytics/perps/venue-data.js';
import { named, readAssetMarkets } from '../shared/asset-markets.js';
import { entrySlippage } from './entry-slippage.js';
import { POOL_VENUES } from '../../shared/perps-venues.js';

export async function venueComparison(input: { market: PerpsAsset; size_usd: number; side?: PositionSide }, ctx: HandlerContext): Promise<HandlerResult> {
  const side = input.side ?? 'long';
  const size = input.size_usd;
  const markets = await readAssetMarkets(ctx, input.market, POOL_VENUES);
  const pools = markets.available.flatMap((m): PoolMarket[] => (m.kind === 'pool' ? [m.market] : []));
  const slippages = await Promise.all(pools.map((m) => entrySlippage(ctx, m, side, size)));

  const caveats: Caveat[] = [...markets.caveats];
  const timings: Record<string, number> = { ...markets.timings };
  const costs = pools.map((market, i) => venueEntryCost({ market, sizeUsd: size, side, slippagePct: slippages[i]!.slippagePct }));
  const venues = costs.map((cost, i) => {
    const s = slippages[i]!;
    if (s.caveat !== null) caveats.push(s.caveat);
    if (s.source === 'aggregator_price_impact' || s.caveat !== null) timings[`price_aggregator_${cost.venue.toLowerCase()}`] = Math.round(s.durationMs * 10) / 10;
    // asset, side and size are the answer's own fields: each venue entry keeps only what differs.
    const { venue, asset: _asset, side: _side, size_usd: _size, ...rest } = cost;
    return { ...named({ venue }), collateral_symbol: s.collateralSymbol, collateral_mint: s.collateralMint, slippage_source: s.source, ...rest };
  });
  const ranking = rankVenues(costs);
  const other: PositionSide = side === 'long' ? 'short' : 'long';

  const nextSteps: NextStep[] = [
    { endpoint: 'perps-cross-venue-funding', input: { market: input.market }, reason: 'What holding the position costs per year on every venue, reference venues included' },
    { endpoint: 'perps-venue-comparison', input: { market: input.market, size_usd: size, side: other }, reason: `The same comparison for a ${other}` },
  ];
  if (pools.some((m) => m.venue === 'A')) {
    nextSteps.push({ endpoint: 'perps-market-structure', input: {}, reason: "Pool venue A's markets: utilization, caps, skew and health" });
  }

  return {
    data: {
      market: input.market,
      size_usd: size,
      side,
      venues,
      rankings: { by_total_entry_cost: ranking.by_total_entry_cost, by_borrow_apr: ranking.by_borrow_apr, by_headroom: ranking.by_headroom },
      recommended_venue: ranking.recommended_venue,
      recommendation_reason: ranking.recommendation_reason,
      unavailable: markets.unavailable.map(named),
      thresholds: { elevated_borrow_apr_pct: ELEVATED_BORROW_APR_PCT, high_slippage_pct: HIGH_SLIPPAGE_PCT },
      as_of: ctx.now().toISOString(),
    },
    caveats,
    next_steps: nextSteps,
    timings,
  };
}
